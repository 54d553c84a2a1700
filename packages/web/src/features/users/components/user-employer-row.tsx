// One employment in a user's employers table: the current one in green with a note, and its details link and
// delete button (disabled, saying why, when the rules keep it).
import { Anchor, Badge, Button, Group, Table } from '@mantine/core';
import { employerMessages, userMessages, type UserEmployer } from '@testbed/contract';
import { Link } from 'react-router';
import { DisabledWithReason } from '../../../shared/components/disabled-with-reason';
import { paths } from '../../../shared/paths';
import { formatDateTime } from '../../../shared/time';
import { DARK_GREEN } from './validation-badge';

export interface UserEmployerRowProps {
  userId: number;
  row: UserEmployer;
  /** Why the row cannot be deleted, if it cannot. */
  reason: string | null;
  deleting: boolean;
  onDelete: (row: UserEmployer) => void;
}

export function UserEmployerRow({ userId, row, reason, deleting, onDelete }: UserEmployerRowProps) {
  const name = row.employer.instituteName;
  return (
    <Table.Tr
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
              loading={deleting}
              onClick={() => onDelete(row)}
            >
              {employerMessages.DELETE}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
