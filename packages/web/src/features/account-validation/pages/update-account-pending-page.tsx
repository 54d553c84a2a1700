// Shown once a user has sent their updated account: an administrator validates it next.
import { Text } from '@mantine/core';
import { accountValidationMessages as text } from '@testbed/contract';
import { BackToSignInPage } from '../../../shared/components/back-to-sign-in';

export function UpdateAccountPendingPage() {
  return <BackToSignInPage title={text.UPDATE_ACCOUNT_PENDING_TITLE}><Text>{text.UPDATE_ACCOUNT_PENDING_TEXT}</Text></BackToSignInPage>;
}

export { UpdateAccountPendingPage as Component };
