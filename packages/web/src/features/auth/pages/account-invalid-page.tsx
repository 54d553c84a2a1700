import { commonMessages } from '@testbed/contract';
import { Text } from '@mantine/core';
import { BackToSignInPage } from '../../../shared/components/back-to-sign-in';
import { SentenceLines } from '../../../shared/components/sentence-lines';

export function AccountInvalidPage() {
  return (
    <BackToSignInPage title={commonMessages.WELCOME}>
      <Text>{commonMessages.WELCOME_TEXT}</Text>
      <SentenceLines text={commonMessages.ACCOUNT_INVALID} fw={600} c="red.9" />
    </BackToSignInPage>
  );
}

export { AccountInvalidPage as Component };
