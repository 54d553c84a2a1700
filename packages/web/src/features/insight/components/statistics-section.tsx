// One table of the statistics page: its title, its CSV export over the same range, an optional chart and
// the table itself.
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { messages, type MessageKey, type StatisticsTable } from '@testbed/contract';
import { statisticsEndpoints } from '@testbed/contract/endpoints/statistics';
import type { ReactNode } from 'react';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { downloadFile } from '../../../shared/download';
import { fill } from '../../../shared/fill';
import { notifyFailure } from '../../../shared/notify';

export type StatisticsRange = { from: string; to: string; timeZone: string };

export interface Column<Row> {
  label: MessageKey;
  value: (row: Row) => ReactNode;
  numeric?: boolean;
}

const hours = (value: number) => value.toLocaleString(undefined, { maximumFractionDigits: 2 });
/** The last two columns of every device-hours table. */
export const BOOKED_AND_USED: Column<{ bookedHours: number; usedHours: number }>[] = [
  { label: 'BOOKED_HOURS', value: (row) => hours(row.bookedHours), numeric: true },
  { label: 'USED_HOURS', value: (row) => hours(row.usedHours), numeric: true },
];

function DataTable<Row>({ label, rows, columns }: { label: string; rows: readonly Row[]; columns: Column<Row>[] }) {
  if (rows.length === 0) return <Text size="sm">{messages.NO_DATA}</Text>;
  const align = (column: Column<Row>) => (column.numeric ? 'right' : undefined);
  return (
    <ScrollTable label={label} landmark={false} headers={columns.map((column) => ({ content: messages[column.label], props: { ta: align(column) } }))}>
      {rows.map((row, index) => (
        <Table.Tr key={index}>
          {columns.map((column) => (
            <Table.Td key={column.label} ta={align(column)}>
              {column.value(row)}
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}

interface SectionProps<Row> {
  title: MessageKey;
  table: StatisticsTable;
  range: StatisticsRange;
  /** A chart shown above the table. */
  chart?: ReactNode;
  /** The table's rows and columns; the table bears the section's title. */
  data?: { rows: readonly Row[]; columns: Column<Row>[] };
}

export function Section<Row>({ title, table, range, chart, data }: SectionProps<Row>) {
  const id = `stat-${table}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id={id}>
            {messages[title]}
          </Title>
          <Button
            size="xs"
            variant="default"
            aria-label={fill(messages.EXPORT_TABLE_CSV, { table: messages[title] })}
            onClick={() => downloadFile(statisticsEndpoints.csv, { params: { table }, query: range }, `${table}.csv`).catch((error: Error) => notifyFailure(error.message))}
          >
            {messages.EXPORT_CSV}
          </Button>
        </Group>
        {chart}
        {data && <DataTable label={messages[title]} rows={data.rows} columns={data.columns} />}
      </Stack>
    </Paper>
  );
}
