// Shown once a user has sent their updated account: an administrator validates it next.
import { Text } from '@mantine/core';
import { accountValidationMessages as text } from '@testbed/contract';
import { BackToSignInButton } from '../../../shared/components/back-to-sign-in-button';
import { MessagePage } from '../../../shared/components/message-page';

export function UpdateAccountPendingPage() {
  return (
    <MessagePage
      title={text.UPDATE_ACCOUNT_PENDING_TITLE}
      actions={<BackToSignInButton />}
    >
      <Text>{text.UPDATE_ACCOUNT_PENDING_TEXT}</Text>
    </MessagePage>
  );
}

export { UpdateAccountPendingPage as Component };
