// The employers list (administrators): institute, laboratory/entity, team, location, country, URL, number of
// users and a delete button, disabled with the spec's tooltip while the employer has users.
import { Anchor, Button, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { employerMessages } from '@testbed/contract';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { DisabledWithReason } from '../../../shared/components/disabled-with-reason';
import { paths } from '../../../shared/paths';
import { useEmployers } from '../api/employers-api';
import { useDeleteEmployerFlow } from '../components/delete-employer';
import { reportFailure } from '../../../shared/report-failure';

export function EmployersPage() {
  useDocumentTitle(`${employerMessages.EMPLOYERS} | Testbed Portal`);
  const employers = useEmployers();
  const remove = useDeleteEmployerFlow();
  useEffect(() => {
    if (employers.error) reportFailure('Loading the employers failed', employers.error);
  }, [employers.error]);
  const rows = employers.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {employerMessages.EMPLOYERS}
        </Title>
        <Button component={Link} to={paths.employerNew.href()}>
          {employerMessages.CREATE_EMPLOYER}
        </Button>
      </Group>
      {employers.isPending && <Progress value={80} animated striped aria-label={employerMessages.EMPLOYERS} />}
      {!employers.isPending && rows.length === 0 && <Text>{employerMessages.NO_EMPLOYER}</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{employerMessages.INSTITUTE_NAME}</Table.Th>
                <Table.Th>{employerMessages.LABORATORY_NAME}</Table.Th>
                <Table.Th>{employerMessages.TEAM_NAME}</Table.Th>
                <Table.Th>{employerMessages.LOCATION}</Table.Th>
                <Table.Th>{employerMessages.COUNTRY}</Table.Th>
                <Table.Th>{employerMessages.URL}</Table.Th>
                <Table.Th>{employerMessages.USER_COUNT}</Table.Th>
                <Table.Th>{employerMessages.DELETE}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((employer) => {
                const label = `${employerMessages.DELETE} ${employer.instituteName}`;
                return (
                  <Table.Tr key={employer.employerId} data-testid="employer-row">
                    <Table.Td>
                      <Anchor component={Link} to={paths.employer.href(employer.employerId)}>
                        {employer.instituteName}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{employer.laboratoryName}</Table.Td>
                    <Table.Td>{employer.teamName}</Table.Td>
                    <Table.Td>{employer.location}</Table.Td>
                    <Table.Td>{employer.countryName}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{employer.employerURL}</Table.Td>
                    <Table.Td>{employer.userCount}</Table.Td>
                    <Table.Td>
                      {employer.userCount > 0 ? (
                        <DisabledWithReason reason={employerMessages.HAS_USERS} size="xs" variant="outline" color="gray" aria-label={label}>
                          {employerMessages.DELETE}
                        </DisabledWithReason>
                      ) : (
                        <Button
                          size="xs"
                          variant="outline"
                          color="red.9"
                          aria-label={label}
                          loading={remove.pendingId === employer.employerId}
                          onClick={() => void remove.start(employer)}
                        >
                          {employerMessages.DELETE}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {remove.dialog}
    </Stack>
  );
}

export { EmployersPage as Component };
