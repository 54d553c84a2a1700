// The employers table of a user's details: the current employer first,
// highlighted in green with a note, then the others newest start first; dates as dd/MM/yyyy HH:mm; a
// details and a delete button per row. The deletion rules are shown before a click and enforced by the server.
import { Alert, Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { employerMessages, userMessages, type UserEmployer } from '@testbed/contract';
import { Link } from 'react-router';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { FieldList } from '../../../shared/components/field-list';
import { DisabledWithReason } from '../../../shared/components/disabled-with-reason';
import { formatDateTime } from '../../../shared/time';
import { paths } from '../../../shared/paths';
import { useDeleteFromUser } from '../api/users-api';
import { DARK_GREEN } from './validation-badge';
import { notifySuccess } from '../../../shared/notify';
import { HeaderRow } from '../../../shared/components/header-row';

const HEADERS = [
  employerMessages.INSTITUTE,
  employerMessages.ENTITY,
  employerMessages.TEAM,
  employerMessages.LOCATION,
  employerMessages.COUNTRY,
  employerMessages.EMPLOYER_TYPE,
  employerMessages.PROFESSIONAL_STATUS,
  employerMessages.START_DATE,
  employerMessages.END_DATE,
  userMessages.ACTIONS,
];

function EmployerFields({ row }: { row: UserEmployer }) {
  const e = row.employer;
  // The table's short labels, which the employer-deletion confirmation does not use: two lists kept.
  const fields: [string, string | null][] = [
    [employerMessages.INSTITUTE, e.instituteName],
    [employerMessages.ENTITY, e.laboratoryName],
    [employerMessages.TEAM, e.teamName],
    [employerMessages.LOCATION, e.location],
    [employerMessages.COUNTRY, e.countryName],
    [employerMessages.URL, e.employerURL],
    [employerMessages.EMPLOYER_TYPE, row.employerType?.label ?? null],
    [employerMessages.PROFESSIONAL_STATUS, row.professionalStatus?.label ?? null],
    [employerMessages.START_DATE, formatDateTime(row.startDate)],
    [employerMessages.END_DATE, formatDateTime(row.endDate)],
  ];
  return <FieldList fields={fields.filter(([, value]) => value)} />;
}

export function UserEmployersPanel({ userId, rows }: { userId: number; rows: UserEmployer[] }) {
  const { confirm, dialog } = useConfirmModal();
  const remove = useDeleteFromUser(userId).employer;

  const onDelete = async (row: UserEmployer) => {
    const ok = await confirm({
      title: employerMessages.DELETE_EMPLOYMENT_TITLE,
      message: employerMessages.DELETE_EMPLOYMENT_TEXT,
      content: <EmployerFields row={row} />,
      confirmLabel: employerMessages.DELETE,
      danger: true,
    });
    if (!ok) return;
    remove.mutate(row.userEmployerId, {
      onSuccess: () => notifySuccess(employerMessages.DELETED),
    });
  };

  const reasonNotToDelete = (row: UserEmployer) => {
    if (rows.length <= 1) return employerMessages.KEEP_ONE;
    if (row.currentForUser) return employerMessages.NOT_CURRENT;
    return null;
  };

  return (
    <>
      <Group justify="space-between" mb="xs">
        <Text fw={700} component="h2" size="lg">
          {userMessages.EMPLOYERS}
        </Text>
        <Button size="xs" variant="light" component={Link} to={paths.userEmployerNew.href(userId)}>
          {userMessages.ADD_EMPLOYER}
        </Button>
      </Group>
      {remove.error && (
        <Alert color="red" variant="light" mb="xs" withCloseButton onClose={() => remove.reset()} closeButtonLabel={employerMessages.CANCEL}>
          {remove.error.message}
        </Alert>
      )}
      {rows.length === 0 ? (
        <Text size="sm">{userMessages.NO_EMPLOYER}</Text>
      ) : (
        <Table.ScrollContainer minWidth={1000}>
          <Table verticalSpacing="xs" data-testid="user-employers">
            <HeaderRow headers={HEADERS} />
            <Table.Tbody>
              {rows.map((row) => {
                const reason = reasonNotToDelete(row);
                const name = row.employer.instituteName;
                return (
                  <Table.Tr
                    key={row.userEmployerId}
                    data-testid="user-employer-row"
                    data-current={row.currentForUser || undefined}
                    bg={row.currentForUser ? 'var(--mantine-color-green-0)' : undefined}
                  >
                    <Table.Td>
                      {name}
                      {row.currentForUser && (
                        <Badge ml="xs" size="sm" variant="filled" color={DARK_GREEN}>
                          {userMessages.CURRENT_EMPLOYER_NOTE}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{row.employer.laboratoryName}</Table.Td>
                    <Table.Td>{row.employer.teamName}</Table.Td>
                    <Table.Td>{row.employer.location}</Table.Td>
                    <Table.Td>{row.employer.countryName}</Table.Td>
                    <Table.Td>{row.employerType?.label}</Table.Td>
                    <Table.Td>{row.professionalStatus?.label}</Table.Td>
                    <Table.Td>{formatDateTime(row.startDate)}</Table.Td>
                    <Table.Td>{formatDateTime(row.endDate)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Anchor component={Link} to={paths.userEmployer.href(userId, row.userEmployerId)} size="sm" c="blue.9" aria-label={`${userMessages.DETAILS} ${name}`}>
                          {userMessages.DETAILS}
                        </Anchor>
                        {reason ? (
                          <DisabledWithReason reason={reason} size="xs" variant="outline" color="gray" aria-label={`${employerMessages.DELETE} ${name}`}>
                            {employerMessages.DELETE}
                          </DisabledWithReason>
                        ) : (
                          <Button
                            size="xs"
                            variant="outline"
                            color="red.9"
                            aria-label={`${employerMessages.DELETE} ${name}`}
                            loading={remove.isPending && remove.variables === row.userEmployerId}
                            onClick={() => void onDelete(row)}
                          >
                            {employerMessages.DELETE}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {dialog}
    </>
  );
}
