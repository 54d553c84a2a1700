// Shown when a user opens their update link again after sending their updated account.
import { Text } from '@mantine/core';
import { accountValidationMessages as text, commonMessages } from '@testbed/contract';
import { BackToSignInPage } from '../../../shared/components/back-to-sign-in';

export function AccountAlreadyUpdatedPage() {
  return <BackToSignInPage title={text.ACCOUNT_ALREADY_UPDATED_TITLE}><Text>{commonMessages.ACCOUNT_ALREADY_UPDATED}</Text></BackToSignInPage>;
}

export { AccountAlreadyUpdatedPage as Component };
