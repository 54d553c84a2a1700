import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BackToSignInButton } from '../../../shared/components/back-to-sign-in';
import { MessagePage } from '../../../shared/components/message-page';
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
    <MessagePage title={t('DISCONNECTED_TITLE')} actions={<BackToSignInButton label={t('RECONNECT')} />}>
      <Text>{t('DISCONNECTED')}</Text>
    </MessagePage>
  );
}

export { SignoutPage as Component };
