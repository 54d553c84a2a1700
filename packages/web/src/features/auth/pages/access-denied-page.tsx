import { commonMessages } from '@testbed/contract';
import { Text } from '@mantine/core';
import { BackHomeButton } from '../../../shared/components/back-home-button';
import { MessagePage } from '../../../shared/components/message-page';

export function AccessDeniedPage() {
  return (
    <MessagePage title={commonMessages.ACCESS_DENIED} actions={<BackHomeButton />}>
      <Text>{commonMessages.ACCESS_DENIED_TEXT}</Text>
    </MessagePage>
  );
}

export { AccessDeniedPage as Component };
