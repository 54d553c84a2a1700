import { Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n';
import { BackHomeButton } from '../../../shared/components/back-home-button';
import { MessagePage } from '../../../shared/components/message-page';

export function AccessDeniedPage() {
  const { t } = useTranslation();
  return (
    <MessagePage title={t('ACCESS_DENIED')} actions={<BackHomeButton />}>
      <Text>{t('ACCESS_DENIED_TEXT')}</Text>
    </MessagePage>
  );
}

export { AccessDeniedPage as Component };
