// confirmUserAccount/{token}: the administrators' link. It shows the account request to a signed-in
// administrator (the route's guard leads through sign-in first) and decides nothing by itself: a mail scanner
// that opens links must not approve accounts. The administrator approves, or refuses with a reason that is
// mailed to the applicant; a link decided on before says who decided.
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { registrationMessages, type AccountRequest, commonMessages } from '@testbed/contract';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { Dialog } from '../../../shared/components/dialog';
import { FieldList } from '../../../shared/components/field-list';
import { MessagePage } from '../../../shared/components/message-page';
import { QueryPlaceholder } from '../../../shared/components/query-placeholder';
import { formatDateTime } from '../../../shared/time';
import { paths } from '../../../shared/paths';
import { fill } from '../../../shared/fill';
import { useAccountRequest, useApproveAccount, useRefuseAccount } from '../api/registration';

const withName = (template: string, name: string) => fill(template, { name });

/** The sentence of a request decided before this page was opened. */
function decidedBefore(request: AccountRequest): string {
  if (request.status === 'approved') {
    return request.decidedBy ? withName(registrationMessages.DECIDED_APPROVED, request.decidedBy) : registrationMessages.DECIDED_APPROVED_UNKNOWN;
  }
  return request.decidedBy ? withName(registrationMessages.DECIDED_REFUSED, request.decidedBy) : registrationMessages.DECIDED_REFUSED_UNKNOWN;
}

function Applicant({ request }: { request: AccountRequest }) {
  const notGiven = registrationMessages.NOT_GIVEN;
  const typeAndStatus = [request.employerType, request.professionalStatus].filter(Boolean).join(', ');
  return (
    <Stack gap="xs" data-testid="account-request">
      <Text fw={600}>
        {request.firstname} {request.lastname}
      </Text>
      <FieldList
        fields={[
          [registrationMessages.USERNAME, request.username],
          [registrationMessages.EMAIL, request.email],
          [registrationMessages.EMPLOYER, request.employer ?? notGiven],
          [registrationMessages.EMPLOYER_TYPE_AND_STATUS, typeAndStatus || notGiven],
          [registrationMessages.SIGN_UP_DATE, formatDateTime(request.signUpDate)],
        ]}
      />
      <Text size="sm" fw={700}>
        {registrationMessages.INTENDED_USAGE}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="account-request-usage">
        {request.intendedUsage ?? notGiven}
      </Text>
    </Stack>
  );
}

function RefuseDialog({ opened, onClose, onRefuse, pending }: { opened: boolean; onClose: () => void; onRefuse: (reason: string) => void; pending: boolean }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(registrationMessages.REFUSAL_REASON_REQUIRED);
      return;
    }
    onRefuse(reason.trim());
  };
  return (
    <Dialog opened={opened} onClose={onClose} title={registrationMessages.REFUSE_TITLE}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Textarea
            label={registrationMessages.REFUSAL_REASON}
            description={registrationMessages.REFUSAL_REASON_HELP}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            required
            rows={4}
            maxLength={2000}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {registrationMessages.CANCEL}
            </Button>
            <Button type="submit" color="red" loading={pending}>
              {registrationMessages.CONFIRM_REFUSAL}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
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
        onRefuse={(reason) => refuse.mutate({ token, reason }, { onSettled: () => setRefusing(false) })}
      />
    </MessagePage>
  );
}

export { ConfirmUserAccountPage as Component };
