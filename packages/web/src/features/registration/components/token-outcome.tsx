// The page of the two validation links: what it shows while the link's call runs, when it fails (an unknown
// or expired token leads to invalidToken; any other failure is said on the
// page), and otherwise whether the link validated now or had been used before, with the ways on.
import { Alert, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { registrationMessages } from '@testbed/contract';
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';

export interface TokenOutcomeProps {
  title: string;
  /** The page's query hook that uses the link's token once. */
  useConfirmation: (token: string) => UseQueryResult<{ alreadyValidated: boolean }>;
  /** What the page says when the link validated now, and when it had been validated before. */
  validatedNow: string;
  validatedBefore: string;
  testId: string;
  actions: ReactNode;
  children?: ReactNode;
}

export function TokenOutcome({ title, useConfirmation, validatedNow, validatedBefore, testId, actions, children }: TokenOutcomeProps) {
  const { token = '' } = useParams();
  const confirmation = useConfirmation(token);
  if (confirmation.isPending) {
    return (
      <MessagePage title={title}>
        <Text role="status">
          <Loader size="xs" mr="xs" />
          {registrationMessages.VALIDATING}
        </Text>
      </MessagePage>
    );
  }
  if (confirmation.isError) {
    if (confirmation.error instanceof ApiError && confirmation.error.status === 404) return <Navigate to={paths.invalidToken.href()} replace />;
    return (
      <MessagePage title={title}>
        <Alert color="red" variant="light">
          {confirmation.error.message}
        </Alert>
      </MessagePage>
    );
  }
  return (
    <MessagePage title={title} actions={actions}>
      <Text fw={600} data-testid={testId}>
        {confirmation.data.alreadyValidated ? validatedBefore : validatedNow}
      </Text>
      {children}
    </MessagePage>
  );
}
