import { Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n';
import { BackToSignInButton } from '../../../shared/components/back-to-sign-in';
import { MessagePage } from '../../../shared/components/message-page';

/** The session is cleared by the route (EndSession in app/guards.tsx) before this page paints, so the signed-in navigation never shows on it. */
export function SignoutPage() {
  const { t } = useTranslation();
  return (
    <MessagePage title={t('DISCONNECTED_TITLE')} actions={<BackToSignInButton label={t('RECONNECT')} />}>
      <Text>{t('DISCONNECTED')}</Text>
    </MessagePage>
  );
}

export { SignoutPage as Component };
