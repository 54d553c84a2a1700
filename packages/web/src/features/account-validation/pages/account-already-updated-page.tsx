// Shown when a user opens their update link again after sending their updated account.
import { Text } from '@mantine/core';
import { accountValidationMessages as accountValidationMessagesEn } from '@testbed/contract';
import { BackToSignInPage } from '../../../shared/components/back-to-sign-in';
import { catalogue, useTranslation } from '../../../shared/i18n';

const text = catalogue(accountValidationMessagesEn);

export function AccountAlreadyUpdatedPage() {
  const { t } = useTranslation();
  return <BackToSignInPage title={text.ACCOUNT_ALREADY_UPDATED_TITLE}><Text>{t('ACCOUNT_ALREADY_UPDATED')}</Text></BackToSignInPage>;
}

export { AccountAlreadyUpdatedPage as Component };
