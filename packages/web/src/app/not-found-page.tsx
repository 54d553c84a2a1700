import { useTranslation } from '../shared/i18n';
import { BackHomeButton } from '../shared/components/back-home-button';
import { MessagePage } from '../shared/components/message-page';

export function NotFoundPage() {
  const { t } = useTranslation();
  return <MessagePage title={t('PAGE_NOT_FOUND')} actions={<BackHomeButton />} />;
}

export { NotFoundPage as Component };
