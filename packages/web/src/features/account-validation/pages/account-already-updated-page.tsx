// Shown when a user opens their update link again after sending their updated account.
import { Button, Text } from '@mantine/core';
import { accountValidationMessages as text, messages } from '@testbed/contract';
import { Link } from 'react-router';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';

export function AccountAlreadyUpdatedPage() {
  return (
    <MessagePage
      title={text.ACCOUNT_ALREADY_UPDATED_TITLE}
      actions={
        <Button component={Link} to={paths.signin.href()} w="fit-content">
          {messages.BACK_TO_SIGN_IN}
        </Button>
      }
    >
      <Text>{messages.ACCOUNT_ALREADY_UPDATED}</Text>
    </MessagePage>
  );
}

export { AccountAlreadyUpdatedPage as Component };
