// What the two validation links show while their call runs and when it fails: an unknown or expired token
// leads to invalidToken (accounts document, section 2); any other failure is said on the page.
import { Alert, Loader, Text } from '@mantine/core';
import { registrationMessages } from '@testbed/contract';
import { Navigate } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';

export function TokenPending({ title }: { title: string }) {
  return (
    <MessagePage title={title}>
      <Text role="status">
        <Loader size="xs" mr="xs" />
        {registrationMessages.VALIDATING}
      </Text>
    </MessagePage>
  );
}

export function TokenFailure({ title, error }: { title: string; error: Error }) {
  if (error instanceof ApiError && error.status === 404) return <Navigate to={paths.invalidToken.href()} replace />;
  return (
    <MessagePage title={title}>
      <Alert color="red" variant="light">
        {error.message}
      </Alert>
    </MessagePage>
  );
}
