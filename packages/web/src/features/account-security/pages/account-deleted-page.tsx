// The confirmation that ends a deletion (accountDeleted). The person is signed out: the session is cleared
// before the page renders, as on sign-out.
import { Text } from '@mantine/core';
import { accountSecurityMessages as text } from '@testbed/contract';
import { BackToSignInButton } from '../../../shared/components/back-to-sign-in-button';
import { MessagePage } from '../../../shared/components/message-page';
import { clearSession } from '../../../shared/session';

export function loader() {
  clearSession();
  return null;
}

export function AccountDeletedPage() {
  return (
    <MessagePage
      title={text.ACCOUNT_DELETED_TITLE}
      actions={<BackToSignInButton />}
    >
      <Text>{text.ACCOUNT_DELETED_TEXT}</Text>
    </MessagePage>
  );
}

export { AccountDeletedPage as Component };
