// confirmUserAccount/{token}: the administrators' link. It shows the account request to a signed-in
// administrator (the route's guard leads through sign-in first) and decides nothing by itself: a mail scanner
// that opens links must not approve accounts. The administrator approves, or refuses with a reason that is
// mailed to the applicant; a link decided on before says who decided.
import { Alert, Button, Group, Text } from '@mantine/core';
import { registrationMessages, type AccountRequest, commonMessages } from '@testbed/contract';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { MessagePage } from '../../../shared/components/message-page';
import { QueryPlaceholder } from '../../../shared/components/query-placeholder';
import { paths } from '../../../shared/paths';
import { fill } from '../../../shared/fill';
import { useAccountRequest, useApproveAccount, useRefuseAccount } from '../api/registration';
import { Applicant } from '../components/account-request-details';
import { RefuseDialog } from '../components/refuse-dialog';

const withName = (template: string, name: string) => fill(template, { name });

/** The sentence of a request decided before this page was opened. */
function decidedBefore(request: AccountRequest): string {
  if (request.status === 'approved') {
    return request.decidedBy ? withName(registrationMessages.DECIDED_APPROVED, request.decidedBy) : registrationMessages.DECIDED_APPROVED_UNKNOWN;
  }
  return request.decidedBy ? withName(registrationMessages.DECIDED_REFUSED, request.decidedBy) : registrationMessages.DECIDED_REFUSED_UNKNOWN;
}

export function ConfirmUserAccountPage() {
  const { token = '' } = useParams();
  const request = useAccountRequest(token);
  const approve = useApproveAccount();
  const refuse = useRefuseAccount();
  const [refusing, setRefusing] = useState(false);
  const title = registrationMessages.CONFIRM_ACCOUNT_TITLE;

  if (request.error instanceof ApiError && request.error.status === 404) return <Navigate to={paths.invalidToken.href()} replace />;
  if (!request.data) {
    return (
      <MessagePage title={title}>
        <QueryPlaceholder failure={request.error?.message} />
      </MessagePage>
    );
  }

  const wayOn = (
    <Group>
      <Button component={Link} to={paths.users.href()}>
        {commonMessages.USERS}
      </Button>
    </Group>
  );
  const failure = approve.error ?? refuse.error;
  let outcome: string | null = null;
  if (approve.data) outcome = approve.data.alreadyValidated ? commonMessages.ACCOUNT_VALIDATED_BY_OTHER : registrationMessages.ACCOUNT_VALIDATED;
  else if (refuse.data) outcome = refuse.data.alreadyRefused ? registrationMessages.ALREADY_REFUSED : registrationMessages.ACCOUNT_REFUSED;
  else if (request.data.status !== 'pending') outcome = decidedBefore(request.data);

  return (
    <MessagePage title={title} actions={outcome ? wayOn : undefined}>
      {outcome ? null : <Text>{registrationMessages.REVIEW_INTRO}</Text>}
      <Applicant request={request.data} />
      {failure ? (
        <Alert color="red" variant="light" role="alert">
          {failure.message}
        </Alert>
      ) : null}
      {outcome ? (
        <Text fw={600} data-testid="confirm-account-result" role="status">
          {outcome}
        </Text>
      ) : (
        <Group>
          <Button onClick={() => approve.mutate(token)} loading={approve.isPending} disabled={refuse.isPending}>
            {registrationMessages.APPROVE}
          </Button>
          <Button color="red" variant="outline" onClick={() => setRefusing(true)} disabled={approve.isPending}>
            {registrationMessages.REFUSE}
          </Button>
        </Group>
      )}
      <RefuseDialog
        opened={refusing && !refuse.data}
        onClose={() => setRefusing(false)}
        pending={refuse.isPending}
        token={token}
        onRefuse={(body) => refuse.mutate(body, { onSettled: () => setRefusing(false) })}
      />
    </MessagePage>
  );
}

export { ConfirmUserAccountPage as Component };
