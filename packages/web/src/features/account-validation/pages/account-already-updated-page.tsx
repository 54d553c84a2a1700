// Shown when a user opens their update link again after sending their updated account.
import { Text } from '@mantine/core';
import { accountValidationMessages as text } from '@testbed/contract';
import { useTranslation } from 'react-i18next';
import { BackToSignInButton } from '../../../shared/components/back-to-sign-in-button';
import { MessagePage } from '../../../shared/components/message-page';

export function AccountAlreadyUpdatedPage() {
  const { t } = useTranslation();
  return (
    <MessagePage
      title={text.ACCOUNT_ALREADY_UPDATED_TITLE}
      actions={<BackToSignInButton />}
    >
      <Text>{t('ACCOUNT_ALREADY_UPDATED')}</Text>
    </MessagePage>
  );
}

export { AccountAlreadyUpdatedPage as Component };
