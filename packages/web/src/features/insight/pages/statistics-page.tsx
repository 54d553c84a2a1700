// statistics (administrators): usage of the testbed over a date range, as charts and tables, each table
// exported as CSV. Loaded only on this page, with its charts (visx).
import { messages } from '@testbed/contract';
import { Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { MessageKey, Statistics, StatisticsTable } from '@testbed/contract';
import { statisticsEndpoints } from '@testbed/contract/endpoints/statistics';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { fill } from '../../../shared/fill';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { QueryPlaceholder } from '../../../shared/components/query-placeholder';
import { downloadFile } from '../../../shared/download';
import { notifyFailure } from '../../../shared/notify';
import { displayTimeZone, fromInputDateTime } from '../../../shared/time';
import { statisticsOptions } from '../api/insight-api';
import { BarChart } from '../components/bar-chart';
import { HeatMap } from '../components/heat-map';

const PALETTE = ['#1971c2', '#0c8599', '#9c36b5', '#e8590c', '#3b5bdb', '#c2255c', '#2b8a3e', '#5f3dc4'];
const pad = (n: number) => String(n).padStart(2, '0');
const dayInput = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
/** Local midnight of a yyyy-MM-dd, as an ISO instant. */
const startOfDay = (day: string) => {
  const instant = fromInputDateTime(day);
  return instant && instant !== 'invalid' ? instant : new Date(`${day}T00:00:00`).toISOString();
};

/** The last twelve months, this one included. */
function defaultRange() {
  const now = new Date();
  return { from: dayInput(new Date(now.getFullYear(), now.getMonth() - 11, 1)), to: dayInput(new Date(now.getFullYear(), now.getMonth() + 1, 1)) };
}

interface Column<Row> {
  label: MessageKey;
  value: (row: Row) => ReactNode;
  numeric?: boolean;
}

const hours = (value: number) => value.toLocaleString(undefined, { maximumFractionDigits: 2 });
/** The last two columns of every device-hours table. */
const BOOKED_AND_USED: Column<{ bookedHours: number; usedHours: number }>[] = [
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
  range: { from: string; to: string; timeZone: string };
  /** A chart shown above the table. */
  chart?: ReactNode;
  /** The table's rows and columns; the table bears the section's title. */
  data?: { rows: readonly Row[]; columns: Column<Row>[] };
}

function Section<Row>({ title, table, range, chart, data }: SectionProps<Row>) {
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

export function StatisticsPage() {
  useDocumentTitle(`${messages.STATISTICS} | Testbed Portal`);
  const timeZone = displayTimeZone();
  const [draft, setDraft] = useState(defaultRange);
  const [range, setRange] = useState(defaultRange);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const query = { from: startOfDay(range.from), to: startOfDay(range.to), timeZone };
  const stats = useQuery(statisticsOptions(query));

  const onApply = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.from || !draft.to || draft.to <= draft.from) {
      setRangeError(messages.RANGE_INVALID);
      return;
    }
    setRangeError(null);
    setRange(draft);
  };

  return (
    <Stack gap="lg">
      <Title order={1}>{messages.STATISTICS}</Title>
      <form onSubmit={onApply} aria-label={messages.STATISTICS}>
        <Group align="flex-end" wrap="wrap">
          <TextInput type="date" label={messages.DATE_FROM} value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })} />
          <TextInput
            type="date"
            label={messages.DATE_TO}
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
            error={rangeError}
          />
          <Button type="submit">{messages.APPLY}</Button>
        </Group>
      </form>
      <Text size="sm" c="dimmed">
        {fill(messages.STAT_ZONE, { zone: timeZone })} {messages.STAT_USED_HINT}
      </Text>
      {stats.isError || !stats.data ? (
        <QueryPlaceholder failure={stats.error?.message} />
      ) : (
        <StatisticsSections stats={stats.data} range={query} />
      )}
    </Stack>
  );
}

function StatisticsSections({ stats, range }: { stats: Statistics; range: { from: string; to: string; timeZone: string } }) {
  // Booked device-hours pivoted to one bar per month, one stacked series per device type.
  const byMonth = useMemo(() => {
    const types = [...new Set(stats.deviceHoursByTypeMonth.map((row) => row.deviceType))];
    const months = new Map<string, Record<string, string | number>>();
    for (const row of stats.deviceHoursByTypeMonth) {
      const entry = months.get(row.month) ?? { month: row.month };
      entry[row.deviceType] = row.bookedHours;
      months.set(row.month, entry);
    }
    return { types, data: [...months.values()] };
  }, [stats]);
  return (
    <Stack gap="lg">
      <Section
        title="STAT_DEVICE_HOURS_BY_TYPE_MONTH"
        table="deviceHoursByTypeMonth"
        range={range}
        chart={
          <BarChart
            height={260}
            data={byMonth.data}
            xKey="month"
            stacked
            series={byMonth.types.map((name, index) => ({ key: name, label: name, color: PALETTE[index % PALETTE.length]! }))}
          />
        }
        data={{
          rows: stats.deviceHoursByTypeMonth,
          columns: [{ label: 'MONTH', value: (row) => row.month }, { label: 'DEVICE_TYPE_COLUMN', value: (row) => row.deviceType }, ...BOOKED_AND_USED],
        }}
      />
      <Section
        title="STAT_DEVICE_HOURS_BY_GROUP"
        table="deviceHoursByGroup"
        range={range}
        data={{ rows: stats.deviceHoursByGroup, columns: [{ label: 'GROUP_COLUMN', value: (row) => row.group }, ...BOOKED_AND_USED] }}
      />
      <Section
        title="STAT_DEVICE_HOURS_BY_EMPLOYER"
        table="deviceHoursByEmployer"
        range={range}
        data={{ rows: stats.deviceHoursByEmployer, columns: [{ label: 'EMPLOYER_COLUMN', value: (row) => row.employer }, ...BOOKED_AND_USED] }}
      />
      <Section
        title="STAT_ACTIVE_USERS"
        table="activeUsersByMonth"
        range={range}
        chart={<BarChart data={stats.activeUsersByMonth} xKey="month" series={[{ key: 'activeUsers', label: messages.ACTIVE_USERS, color: '#0c8599' }]} />}
        data={{
          rows: stats.activeUsersByMonth,
          columns: [
            { label: 'MONTH', value: (row) => row.month },
            { label: 'ACTIVE_USERS', value: (row) => row.activeUsers, numeric: true },
          ],
        }}
      />
      <Section
        title="STAT_SIGN_UPS"
        table="signUpsByMonth"
        range={range}
        chart={
          <BarChart
            data={stats.signUpsByMonth}
            xKey="month"
            series={[
              { key: 'signUps', label: messages.SIGN_UPS, color: '#1971c2' },
              { key: 'approvals', label: messages.APPROVALS, color: '#0c8599' },
            ]}
          />
        }
        data={{
          rows: stats.signUpsByMonth,
          columns: [
            { label: 'MONTH', value: (row) => row.month },
            { label: 'SIGN_UPS', value: (row) => row.signUps, numeric: true },
            { label: 'APPROVALS', value: (row) => row.approvals, numeric: true },
          ],
        }}
      />
      <Section
        title="STAT_FLASHES"
        table="flashesByTypeMonth"
        range={range}
        data={{
          rows: stats.flashesByTypeMonth,
          columns: [
            { label: 'MONTH', value: (row) => row.month },
            { label: 'DEVICE_TYPE_COLUMN', value: (row) => row.deviceType },
            { label: 'FLASHES', value: (row) => row.flashes, numeric: true },
            { label: 'SUCCEEDED', value: (row) => row.succeeded, numeric: true },
            { label: 'SUCCESS_RATE', value: (row) => (row.successRate === null ? '' : `${Math.round(row.successRate * 100)} %`), numeric: true },
          ],
        }}
      />
      <Section title="STAT_OCCUPANCY" table="occupancyByHourOfWeek" range={range} chart={<HeatMap cells={stats.occupancyByHourOfWeek} />} />
    </Stack>
  );
}

export { StatisticsPage as Component };
