// The confirmation that ends a deletion (accountDeleted). The person is signed out: the session is cleared
// before the page renders, as on sign-out.
import { Button, Text } from '@mantine/core';
import { accountSecurityMessages as text, messages } from '@testbed/contract';
import { Link } from 'react-router';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';
import { clearSession } from '../../../shared/session';

export function loader() {
  clearSession();
  return null;
}

export function AccountDeletedPage() {
  return (
    <MessagePage
      title={text.ACCOUNT_DELETED_TITLE}
      actions={
        <Button component={Link} to={paths.signin.href()} w="fit-content">
          {messages.BACK_TO_SIGN_IN}
        </Button>
      }
    >
      <Text>{text.ACCOUNT_DELETED_TEXT}</Text>
    </MessagePage>
  );
}

export { AccountDeletedPage as Component };
