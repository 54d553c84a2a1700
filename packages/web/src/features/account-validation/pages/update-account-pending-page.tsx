// Shown once a user has sent their updated account: an administrator validates it next.
import { Button, Text } from '@mantine/core';
import { accountValidationMessages as text, messages } from '@testbed/contract';
import { Link } from 'react-router';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';

export function UpdateAccountPendingPage() {
  return (
    <MessagePage
      title={text.UPDATE_ACCOUNT_PENDING_TITLE}
      actions={
        <Button component={Link} to={paths.signin.href()} w="fit-content">
          {messages.BACK_TO_SIGN_IN}
        </Button>
      }
    >
      <Text>{text.UPDATE_ACCOUNT_PENDING_TEXT}</Text>
    </MessagePage>
  );
}

export { UpdateAccountPendingPage as Component };
