// noSshkeyValid/{id}: where booking and flashing lead a user who has no valid SSH key yet.
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n-devices';
import { Link, useParams } from 'react-router';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session';

export function NoSshKeyPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { user } = useSession();
  const userId = id ?? String(user?.userId ?? '');

  return (
    <MessagePage
      title={t('WELCOME')}
      actions={
        <Group gap="sm">
          <Button component={Link} to={paths.reservations.href(userId)}>
            {t('GO_BACK_RESERVATION_LIST')}
          </Button>
          <Button component={Link} to={paths.userCredentialNew.href(userId)} variant="default">
            {t('ADD_AN_SSH_KEY')}
          </Button>
        </Group>
      }
    >
      <Text>{t('WELCOME_TEXT')}</Text>
      <Text fw={600} c="red.9">
        {t('NO_SSH_KEY_VALID')}
      </Text>
      <Text>{t('ADD_OR_CHANGE_SSH_KEY')}</Text>
    </MessagePage>
  );
}

export { NoSshKeyPage as Component };
