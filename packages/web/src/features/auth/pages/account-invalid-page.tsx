import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessagePage } from '../../../shared/components/message-page';
import { SentenceLines } from '../../../shared/components/sentence-lines';
import { paths } from '../../../shared/paths';

export function AccountInvalidPage() {
  const { t } = useTranslation();
  return (
    <MessagePage
      title={t('WELCOME')}
      actions={
        <Button component={Link} to={paths.signin.href()} w="fit-content">
          {t('BACK_TO_SIGN_IN')}
        </Button>
      }
    >
      <Text>{t('WELCOME_TEXT')}</Text>
      <SentenceLines text={t('ACCOUNT_INVALID')} fw={600} c="red.9" />
    </MessagePage>
  );
}

export { AccountInvalidPage as Component };
