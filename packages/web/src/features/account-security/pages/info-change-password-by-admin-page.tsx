// The confirmation after an administrator set a user's password, with ways back to the user's account and
// to the users list.
import { Button, Group, Text } from '@mantine/core';
import { accountSecurityMessages as text } from '@testbed/contract';
import { Link } from 'react-router';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';
import { useAccountSummary } from '../api/account-security';
import { useAccountAccess } from '../components/account-access';
import { userLine } from '../components/user-line';

export function InfoChangePasswordByAdminPage() {
  const { userId, validId } = useAccountAccess();
  const account = useAccountSummary(userId, validId);
  return (
    <MessagePage
      title={text.PASSWORD_CHANGED_BY_ADMIN_TITLE}
      actions={
        <Group>
          <Button component={Link} to={paths.user.href(userId)}>
            {text.BACK_TO_USER_ACCOUNT}
          </Button>
          <Button variant="default" component={Link} to={paths.users.href()}>
            {text.BACK_TO_USERS}
          </Button>
        </Group>
      }
    >
      {account.data && <Text fw={600}>{userLine(account.data)}</Text>}
      <Text>{text.PASSWORD_CHANGED_BY_ADMIN_TEXT}</Text>
    </MessagePage>
  );
}

export { InfoChangePasswordByAdminPage as Component };
