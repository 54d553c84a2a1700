// confirmUserAccount/{token}: the administrators' link. Opening it validates the account; the link itself
// is the authority (it is only mailed to administrators), as the spec lists it among the open token
// routes. A second opening says that another administrator validated the account.
import { Button, Group, Text } from '@mantine/core';
import { registrationMessages } from '@testbed/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';
import { isAdmin, useSession } from '../../../shared/session';
import { useConfirmUserAccount } from '../api/registration';
import { TokenFailure, TokenPending } from '../components/token-outcome';

export function ConfirmUserAccountPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const confirmation = useConfirmUserAccount(token);
  const me = useSession().user;
  const title = registrationMessages.CONFIRM_ACCOUNT_TITLE;
  if (confirmation.isPending) return <TokenPending title={title} />;
  if (confirmation.isError) return <TokenFailure title={title} error={confirmation.error} />;
  return (
    <MessagePage
      title={title}
      actions={
        <Group>
          {me && isAdmin(me) ? (
            <Button component={Link} to={paths.users.href()}>
              {t('USERS')}
            </Button>
          ) : (
            <Button component={Link} to={paths.signin.href()}>
              {t('SIGN_IN')}
            </Button>
          )}
        </Group>
      }
    >
      <Text fw={600} data-testid="confirm-account-result">
        {confirmation.data.alreadyValidated ? t('ACCOUNT_VALIDATED_BY_OTHER') : registrationMessages.ACCOUNT_VALIDATED}
      </Text>
    </MessagePage>
  );
}

export { ConfirmUserAccountPage as Component };
