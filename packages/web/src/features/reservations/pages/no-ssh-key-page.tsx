// noSshkeyValid/{id}: where booking and flashing lead a user who has no valid SSH key yet.
import { messages } from '@testbed/contract';
import { Button, Group, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session';

export function NoSshKeyPage() {
  const { id } = useParams();
  const { user } = useSession();
  const userId = id ?? String(user?.userId ?? '');

  return (
    <MessagePage
      title={messages.WELCOME}
      actions={
        <Group gap="sm">
          <Button component={Link} to={paths.reservations.href(userId)}>
            {messages.GO_BACK_RESERVATION_LIST}
          </Button>
          <Button component={Link} to={paths.userCredentialNew.href(userId)} variant="default">
            {messages.ADD_AN_SSH_KEY}
          </Button>
        </Group>
      }
    >
      <Text>{messages.WELCOME_TEXT}</Text>
      <Text fw={600} c="red.9">
        {messages.NO_SSH_KEY_VALID}
      </Text>
      <Text>{messages.ADD_OR_CHANGE_SSH_KEY}</Text>
    </MessagePage>
  );
}

export { NoSshKeyPage as Component };
