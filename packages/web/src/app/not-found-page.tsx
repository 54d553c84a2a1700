import { commonMessages } from '@testbed/contract';
import { BackHomeButton } from '../shared/components/back-home-button';
import { MessagePage } from '../shared/components/message-page';

export function NotFoundPage() {
  return <MessagePage title={commonMessages.PAGE_NOT_FOUND} actions={<BackHomeButton />} />;
}

export { NotFoundPage as Component };
