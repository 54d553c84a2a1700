// After an e-mail change request: the link went to the new address, which the account takes once it is
// opened. The user's variant leads back to their account; the administrator's also to the users list.
import { Button, Group, Text } from '@mantine/core';
import { accountSecurityMessages as text } from '@testbed/contract';
import { Link } from 'react-router';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';
import { useAccountSummary } from '../api/account-security';
import { useAccountAccess } from '../components/account-access';
import { fill } from '../../../shared/fill';

function InfoChangeEmail({ byAdmin }: { byAdmin: boolean }) {
  const { userId, validId } = useAccountAccess();
  const account = useAccountSummary(userId, validId);
  const data = account.data;
  const email = data?.pendingEmail ?? data?.email ?? '';
  return (
    <MessagePage
      title={byAdmin ? text.INFO_CHANGE_EMAIL_BY_ADMIN_TITLE : text.INFO_CHANGE_EMAIL_TITLE}
      actions={
        <Group>
          <Button component={Link} to={paths.user.href(userId)}>
            {byAdmin ? text.BACK_TO_USER_ACCOUNT : text.BACK_TO_MY_ACCOUNT}
          </Button>
          {byAdmin && (
            <Button variant="default" component={Link} to={paths.users.href()}>
              {text.BACK_TO_USERS}
            </Button>
          )}
        </Group>
      }
    >
      {data && (
        <Text data-testid="info-change-email">
          {byAdmin
            ? fill(text.INFO_CHANGE_EMAIL_BY_ADMIN_TEXT, { email, name: `${data.firstname} ${data.lastname}`, username: data.username })
            : fill(text.INFO_CHANGE_EMAIL_TEXT, { email })}
        </Text>
      )}
    </MessagePage>
  );
}

export const InfoChangeEmailPage = () => <InfoChangeEmail byAdmin={false} />;
export const InfoChangeEmailByAdminPage = () => <InfoChangeEmail byAdmin />;

export { InfoChangeEmailPage as Component };
