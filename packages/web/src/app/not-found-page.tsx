import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessagePage } from '../shared/components/message-page';
import { paths } from '../shared/paths';
import { useSession } from '../shared/session';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { status, user } = useSession();
  const home = status === 'signedIn' && user ? user.redirectURL : paths.signin.href();

  return (
    <MessagePage
      title={t('PAGE_NOT_FOUND')}
      actions={
        <Button component={Link} to={home} w="fit-content">
          {t('GO_BACK_RESERVATION_LIST')}
        </Button>
      }
    />
  );
}

export { NotFoundPage as Component };
