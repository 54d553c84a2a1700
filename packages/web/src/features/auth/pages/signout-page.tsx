import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';
import { clearSession } from '../../../shared/session';

/**
 * Runs before the page renders, so the signed-in navigation never shows on this page. The app drops its
 * cached server data when the session ends.
 */
export function loader() {
  clearSession();
  return null;
}

export function SignoutPage() {
  const { t } = useTranslation();

  return (
    <MessagePage
      title={t('DISCONNECTED_TITLE')}
      actions={
        <Button component={Link} to={paths.signin.href()} w="fit-content">
          {t('RECONNECT')}
        </Button>
      }
    >
      <Text>{t('DISCONNECTED')}</Text>
    </MessagePage>
  );
}

export { SignoutPage as Component };
