import { commonMessages } from '@testbed/contract';
import { Text } from '@mantine/core';
import { BackToSignInButton } from '../../../shared/components/back-to-sign-in';
import { MessagePage } from '../../../shared/components/message-page';

/** The session is cleared by the route (EndSession in app/guards.tsx) before this page paints, so the signed-in navigation never shows on it. */
export function SignoutPage() {
  return (
    <MessagePage title={commonMessages.DISCONNECTED_TITLE} actions={<BackToSignInButton label={commonMessages.RECONNECT} />}>
      <Text>{commonMessages.DISCONNECTED}</Text>
    </MessagePage>
  );
}

export { SignoutPage as Component };
