// A plain striped table of rows whose columns the page gives (the users holding a role, the members of a
// group, the groups of a type), for lists too short to need the administrators' list page, and its
// titled section.
import { Stack, Table, Text, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { paths } from '../paths';
import { HeaderRow, hiddenHeader } from './header-row';
import { RowLink } from './row-links';

export interface RowsTableColumn<Row> {
  /** The column's header; also its key, so it must be unique in the table. */
  header: string;
  /** The header is for screen readers only (a column of buttons). */
  hideHeader?: boolean;
  cell: (row: Row) => ReactNode;
  align?: 'right';
}

export interface RowsTableProps<Row> {
  columns: RowsTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  rowTestId?: string;
  testId?: string;
}

export function RowsTable<Row>({ columns, rows, rowKey, rowTestId, testId }: RowsTableProps<Row>) {
  return (
    <Table striped verticalSpacing="xs" data-testid={testId}>
      <HeaderRow headers={columns.map((column) => (column.hideHeader ? hiddenHeader(column.header) : column.header))} />
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)} data-testid={rowTestId}>
            {columns.map((column) => (
              <Table.Td key={column.header} ta={column.align}>
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export interface RowsSectionProps<Row> extends RowsTableProps<Row> {
  title: string;
  /** The number shown after the title: all the rows, of which the table may show only the first. */
  count: number;
  empty: string;
  /** A line between the title and the table. */
  note?: ReactNode;
  gap?: MantineSpacing;
}

/** A titled section of rows: the title with the count, then a sentence when there are none, else the table. */
export function RowsSection<Row>({ title, count, empty, note, gap = 'xs', ...table }: RowsSectionProps<Row>) {
  return (
    <Stack gap={gap}>
      <Title order={2} size="h3">
        {title} ({count})
      </Title>
      {note}
      {table.rows.length === 0 ? <Text>{empty}</Text> : <RowsTable {...table} />}
    </Stack>
  );
}

interface NamedUser {
  userId: number;
  lastname: string;
  firstname: string;
  username: string;
}

/** The columns that name a user: the last name (a link to the user's page), the first name, the username. */
export function userColumns<Row extends NamedUser>(headers: { lastName: string; firstName: string; username: string }): RowsTableColumn<Row>[] {
  return [
    {
      header: headers.lastName,
      cell: (user) => <RowLink to={paths.user.href(user.userId)}>{user.lastname}</RowLink>,
    },
    { header: headers.firstName, cell: (user) => user.firstname },
    { header: headers.username, cell: (user) => user.username },
  ];
}
