// confirmUserAccount/{token}: the administrators' link. Opening it validates the account; the link itself
// is the authority (it is only mailed to administrators), as the spec lists it among the open token
// routes. A second opening says that another administrator validated the account.
import { Button, Group } from '@mantine/core';
import { registrationMessages as registrationMessagesEn } from '@testbed/contract';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { isAdmin, useSession } from '../../../shared/session';
import { useConfirmUserAccount } from '../api/registration';
import { TokenOutcome } from '../components/token-outcome';
import { catalogue, useTranslation } from '../../../shared/i18n';

const registrationMessages = catalogue(registrationMessagesEn);

export function ConfirmUserAccountPage() {
  const { t } = useTranslation();
  const me = useSession().user;
  const wayOn = (
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
  );
  // Kept alike the e-mail link's page on purpose: TokenOutcome holds the logic, these props are this link's words.
  return (
    <TokenOutcome
      title={registrationMessages.CONFIRM_ACCOUNT_TITLE}
      useConfirmation={useConfirmUserAccount}
      validatedNow={registrationMessages.ACCOUNT_VALIDATED}
      validatedBefore={t('ACCOUNT_VALIDATED_BY_OTHER')}
      testId="confirm-account-result"
      actions={wayOn}
    />
  );
}

export { ConfirmUserAccountPage as Component };
