// The employers table of a user's details: the current employer first,
// highlighted in green with a note, then the others newest start first; dates as dd/MM/yyyy HH:mm; a
// details and a delete button per row. The deletion rules are shown before a click and enforced by the server.
import { Alert, Table, Text } from '@mantine/core';
import { employerMessages, userMessages, type UserEmployer } from '@testbed/contract';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { FieldList } from '../../../shared/components/field-list';
import { formatDateTime } from '../../../shared/time';
import { paths } from '../../../shared/paths';
import { useDeleteFromUser } from '../api/users-api';
import { SectionTitle } from './section-title';
import { UserEmployerRow } from './user-employer-row';
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
      <SectionTitle add={{ label: userMessages.ADD_EMPLOYER, to: paths.userEmployerNew.href(userId) }}>{userMessages.EMPLOYERS}</SectionTitle>
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
              {rows.map((row) => (
                <UserEmployerRow
                  key={row.userEmployerId}
                  userId={userId}
                  row={row}
                  reason={reasonNotToDelete(row)}
                  deleting={remove.isPending && remove.variables === row.userEmployerId}
                  onDelete={(chosen) => void onDelete(chosen)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {dialog}
    </>
  );
}
