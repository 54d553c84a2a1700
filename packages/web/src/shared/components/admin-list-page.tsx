// The administrators' list pages (roles, groups, group types, employers, credentials, intended usages): a title
// with its buttons, the progress bar while loading, a sentence when the list is empty, and a table
// whose columns the page gives, with an optional delete button per row behind the confirmation dialog.
import { Button, Group, Stack, Table, Text, Title, type MantineSpacing, type TableTdProps } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { commonMessages } from '@testbed/contract';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { reportFailure } from '../report-failure';
import { RowActions, type AdminListDelete } from './admin-list-actions';
import { HeaderRow, hiddenHeader, type TableHeader } from './header-row';
import { LoadingBar } from './loading-bar';
import { PageControls, usePage } from './paged';

export interface AdminListColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Width limits and word breaking of a column holding long text. */
  cellProps?: TableTdProps;
}

export interface AdminListPageProps<Row, Id> {
  title: string;
  /** The header's buttons: the "new" link, and any link to a related list. */
  actions?: ReactNode;
  /** Header links as buttons, in order: a related list's (default variant), then the "new" one (filled, last). */
  links?: { label: string; to: string; related?: boolean }[];
  /** The list's query; a failed read is only logged, under the title, and the list shows as empty (docs/web-app.md). */
  query: { data: readonly Row[] | undefined; isPending: boolean; error: Error | null };
  /** The progress bar's name; "Loading" unless told. */
  loadingLabel?: string;
  emptyText: string;
  columns: AdminListColumn<Row>[];
  rowId: (row: Row) => Id;
  rowTestId: string;
  tableMinWidth: number;
  verticalSpacing?: MantineSpacing;
  /** Shows the list that many rows at a time, with page buttons under it. */
  pageSize?: number;
  remove?: AdminListDelete<Row, Id>;
}

export function AdminListPage<Row, Id extends string | number>({
  title,
  actions,
  links = [],
  query,
  loadingLabel = commonMessages.LOADING,
  emptyText,
  columns,
  rowId,
  rowTestId,
  tableMinWidth,
  verticalSpacing = 'sm',
  pageSize,
  remove,
}: AdminListPageProps<Row, Id>) {
  useDocumentTitle(`${title} | Testbed Portal`);
  useEffect(() => {
    if (query.error) reportFailure(`Loading the ${title.toLowerCase()} failed`, query.error);
  }, [query.error, title]);
  const all = query.data ?? [];
  // A list without a page size is one page of everything.
  const pager = usePage(all, pageSize ?? Math.max(all.length, 1));
  const headers: TableHeader[] = columns.map((column) => column.header);
  if (remove) headers.push(remove.hideHeader ? hiddenHeader(remove.header) : remove.header);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions}
        {links.length > 0 && (
          <Group gap="sm">
            {links.map((link) => (
              <Button key={link.to} component={Link} to={link.to} variant={link.related ? 'default' : 'filled'}>
                {link.label}
              </Button>
            ))}
          </Group>
        )}
      </Group>
      {query.isPending && <LoadingBar aria-label={loadingLabel} />}
      {!query.isPending && all.length === 0 && <Text>{emptyText}</Text>}
      {all.length > 0 && (
        <Table.ScrollContainer minWidth={tableMinWidth}>
          <Table striped highlightOnHover verticalSpacing={verticalSpacing}>
            <HeaderRow headers={headers} />
            <Table.Tbody>
              {pager.rows.map((row) => (
                <Table.Tr key={rowId(row)} data-testid={rowTestId}>
                  {columns.map((column) => (
                    <Table.Td key={column.header} {...column.cellProps}>
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                  {remove && (
                    <Table.Td>
                      <RowActions row={row} remove={remove} pending={remove.flow.pendingId === rowId(row)} />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pageSize !== undefined && <PageControls pager={pager} label={title} />}
      {remove?.flow.dialog}
    </Stack>
  );
}
