import { Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n';
import { BackToSignInPage } from '../../../shared/components/back-to-sign-in';
import { SentenceLines } from '../../../shared/components/sentence-lines';

export function AccountInvalidPage() {
  const { t } = useTranslation();
  return (
    <BackToSignInPage title={t('WELCOME')}>
      <Text>{t('WELCOME_TEXT')}</Text>
      <SentenceLines text={t('ACCOUNT_INVALID')} fw={600} c="red.9" />
    </BackToSignInPage>
  );
}

export { AccountInvalidPage as Component };
