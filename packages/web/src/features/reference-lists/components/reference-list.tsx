// A read-only reference list, 50 to a page; its create and delete buttons are future functionality,
// so they are shown disabled and say so.
import { Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { REFERENCE_PAGE_SIZE, referenceListMessages, commonMessages } from '@testbed/contract';
import { useEffect } from 'react';
import { ComingSoonButton } from '../../../shared/components/coming-soon-button';
import { HeaderRow } from '../../../shared/components/header-row';
import { PageControls, usePage } from '../../../shared/components/paged';
import { reportFailure } from '../../../shared/report-failure';
import { LoadingBar } from '../../../shared/components/loading-bar';

export interface ReferenceListProps<Row extends { label: string }> {
  title: string;
  empty: string;
  query: { data: Row[] | undefined; isPending: boolean; error: Error | null };
  idOf: (row: Row) => number;
}

export function ReferenceList<Row extends { label: string }>({ title, empty, query, idOf }: ReferenceListProps<Row>) {
  const { data, isPending: pending, error } = query;
  useDocumentTitle(`${title} | Testbed Portal`);
  // These reads fall back to an empty list on failure and are only logged (docs/web-app.md).
  useEffect(() => {
    if (error) reportFailure(`Loading ${title} failed`, error);
  }, [error, title]);
  const rows = data ?? [];
  const pager = usePage(rows, REFERENCE_PAGE_SIZE);

  return (
    <Stack gap="md" maw={760}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {title}
        </Title>
        <ComingSoonButton label={referenceListMessages.CREATE} />
      </Group>
      {pending && <LoadingBar />}
      {!pending && rows.length === 0 && <Text>{empty}</Text>}
      {rows.length > 0 && (
        <Table striped verticalSpacing="sm" data-testid="reference-list">
          <HeaderRow headers={[referenceListMessages.LABEL, { content: commonMessages.ACTIONS, props: { ta: 'right' } }]} />
          <Table.Tbody>
            {pager.rows.map((item) => (
              <Table.Tr key={idOf(item)} data-testid="reference-row">
                <Table.Td>{item.label}</Table.Td>
                <Table.Td ta="right">
                  <ComingSoonButton label={referenceListMessages.DELETE} size="xs" variant="outline" aria-label={`${referenceListMessages.DELETE} ${item.label} (${commonMessages.COMING_SOON})`} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <PageControls pager={pager} label={title} />
    </Stack>
  );
}

/** A reference list's page: its read hook and texts; each page stays its own lazily loaded route. */
export function referenceListPage<Row extends { label: string }>(
  useList: () => ReferenceListProps<Row>['query'],
  texts: Omit<ReferenceListProps<Row>, 'query'>,
) {
  return function ReferenceListPage() {
    return <ReferenceList {...texts} query={useList()} />;
  };
}
