// An account request as the administrators review it: the applicant, their employer and intended usage.
import { Stack, Text } from '@mantine/core';
import { registrationMessages, type AccountRequest } from '@testbed/contract';
import { FieldList } from '../../../shared/components/field-list';
import { formatDateTime } from '../../../shared/time';

export function Applicant({ request }: { request: AccountRequest }) {
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
