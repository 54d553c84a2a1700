// statistics (administrators): usage of the testbed over a date range, as charts and tables, each table
// exported as CSV. Loaded only on this page, with its charts (visx).
import { Alert, Box, Button, Center, Group, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { MessageKey, Statistics, StatisticsTable } from '@testbed/contract';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../shared/download';
import { notifyFailure } from '../../../shared/notify';
import { statisticsOptions } from '../api/insight-api';
import { BarChart } from '../components/bar-chart';
import { HeatMap } from '../components/heat-map';

const PALETTE = ['#1971c2', '#0c8599', '#9c36b5', '#e8590c', '#3b5bdb', '#c2255c', '#2b8a3e', '#5f3dc4'];
const pad = (n: number) => String(n).padStart(2, '0');
const dayInput = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
/** Local midnight of a yyyy-MM-dd, as an ISO instant. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00`).toISOString();

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

function DataTable<Row>({ label, rows, columns }: { label: string; rows: Row[]; columns: Column<Row>[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Text size="sm">{t('NO_DATA')}</Text>;
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Table striped withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label} ta={column.numeric ? 'right' : undefined}>
                {t(column.label)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={index}>
              {columns.map((column) => (
                <Table.Td key={column.label} ta={column.numeric ? 'right' : undefined}>
                  {column.value(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

function Section({ title, table, range, children }: { title: MessageKey; table: StatisticsTable; range: { from: string; to: string; timeZone: string }; children: ReactNode }) {
  const { t } = useTranslation();
  const id = `stat-${table}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id={id}>
            {t(title)}
          </Title>
          <Button
            size="xs"
            variant="default"
            aria-label={t('EXPORT_TABLE_CSV', { table: t(title) })}
            onClick={() => downloadFile(`/api/statistics/${table}.csv`, `${table}.csv`, range).catch((error: Error) => notifyFailure(error.message))}
          >
            {t('EXPORT_CSV')}
          </Button>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

export function StatisticsPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('STATISTICS')} | Testbed Portal`);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [draft, setDraft] = useState(defaultRange);
  const [range, setRange] = useState(defaultRange);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const query = { from: startOfDay(range.from), to: startOfDay(range.to), timeZone };
  const stats = useQuery(statisticsOptions(query));

  const onApply = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.from || !draft.to || draft.to <= draft.from) {
      setRangeError(t('RANGE_INVALID'));
      return;
    }
    setRangeError(null);
    setRange(draft);
  };

  return (
    <Stack gap="lg">
      <Title order={1}>{t('STATISTICS')}</Title>
      <form onSubmit={onApply} aria-label={t('STATISTICS')}>
        <Group align="flex-end" wrap="wrap">
          <TextInput type="date" label={t('DATE_FROM')} value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })} />
          <TextInput
            type="date"
            label={t('DATE_TO')}
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
            error={rangeError}
          />
          <Button type="submit">{t('APPLY')}</Button>
        </Group>
      </form>
      <Text size="sm" c="dimmed">
        {t('STAT_ZONE', { zone: timeZone })} {t('STAT_USED_HINT')}
      </Text>
      {stats.isError ? (
        <Alert color="red" variant="light" title={t('LOADING_FAILED')} role="alert">
          {stats.error.message}
        </Alert>
      ) : !stats.data ? (
        <Center py="xl">
          <Loader aria-label={t('LOADING')} />
        </Center>
      ) : (
        <StatisticsSections stats={stats.data} range={query} />
      )}
    </Stack>
  );
}

function StatisticsSections({ stats, range }: { stats: Statistics; range: { from: string; to: string; timeZone: string } }) {
  const { t } = useTranslation();
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
  const hours = (value: number) => value.toLocaleString(undefined, { maximumFractionDigits: 2 });

  return (
    <Stack gap="lg">
      <Section title="STAT_DEVICE_HOURS_BY_TYPE_MONTH" table="deviceHoursByTypeMonth" range={range}>
        {byMonth.data.length > 0 && (
          <BarChart
            height={260}
            data={byMonth.data}
            xKey="month"
            stacked
            series={byMonth.types.map((name, index) => ({ key: name, label: name, color: PALETTE[index % PALETTE.length]! }))}
          />
        )}
        <DataTable
          label={t('STAT_DEVICE_HOURS_BY_TYPE_MONTH')}
          rows={stats.deviceHoursByTypeMonth}
          columns={[
            { label: 'MONTH', value: (row) => row.month },
            { label: 'DEVICE_TYPE_COLUMN', value: (row) => row.deviceType },
            { label: 'BOOKED_HOURS', value: (row) => hours(row.bookedHours), numeric: true },
            { label: 'USED_HOURS', value: (row) => hours(row.usedHours), numeric: true },
          ]}
        />
      </Section>
      <Section title="STAT_DEVICE_HOURS_BY_GROUP" table="deviceHoursByGroup" range={range}>
        <DataTable
          label={t('STAT_DEVICE_HOURS_BY_GROUP')}
          rows={stats.deviceHoursByGroup}
          columns={[
            { label: 'GROUP_COLUMN', value: (row) => row.group },
            { label: 'BOOKED_HOURS', value: (row) => hours(row.bookedHours), numeric: true },
            { label: 'USED_HOURS', value: (row) => hours(row.usedHours), numeric: true },
          ]}
        />
      </Section>
      <Section title="STAT_DEVICE_HOURS_BY_EMPLOYER" table="deviceHoursByEmployer" range={range}>
        <DataTable
          label={t('STAT_DEVICE_HOURS_BY_EMPLOYER')}
          rows={stats.deviceHoursByEmployer}
          columns={[
            { label: 'EMPLOYER_COLUMN', value: (row) => row.employer },
            { label: 'BOOKED_HOURS', value: (row) => hours(row.bookedHours), numeric: true },
            { label: 'USED_HOURS', value: (row) => hours(row.usedHours), numeric: true },
          ]}
        />
      </Section>
      <Section title="STAT_ACTIVE_USERS" table="activeUsersByMonth" range={range}>
        {stats.activeUsersByMonth.length > 0 && (
          <BarChart data={stats.activeUsersByMonth} xKey="month" series={[{ key: 'activeUsers', label: t('ACTIVE_USERS'), color: '#0c8599' }]} />
        )}
        <DataTable
          label={t('STAT_ACTIVE_USERS')}
          rows={stats.activeUsersByMonth}
          columns={[
            { label: 'MONTH', value: (row) => row.month },
            { label: 'ACTIVE_USERS', value: (row) => row.activeUsers, numeric: true },
          ]}
        />
      </Section>
      <Section title="STAT_SIGN_UPS" table="signUpsByMonth" range={range}>
        {stats.signUpsByMonth.length > 0 && (
          <BarChart
            data={stats.signUpsByMonth}
            xKey="month"
            series={[
              { key: 'signUps', label: t('SIGN_UPS'), color: '#1971c2' },
              { key: 'approvals', label: t('APPROVALS'), color: '#0c8599' },
            ]}
          />
        )}
        <DataTable
          label={t('STAT_SIGN_UPS')}
          rows={stats.signUpsByMonth}
          columns={[
            { label: 'MONTH', value: (row) => row.month },
            { label: 'SIGN_UPS', value: (row) => row.signUps, numeric: true },
            { label: 'APPROVALS', value: (row) => row.approvals, numeric: true },
          ]}
        />
      </Section>
      <Section title="STAT_FLASHES" table="flashesByTypeMonth" range={range}>
        <DataTable
          label={t('STAT_FLASHES')}
          rows={stats.flashesByTypeMonth}
          columns={[
            { label: 'MONTH', value: (row) => row.month },
            { label: 'DEVICE_TYPE_COLUMN', value: (row) => row.deviceType },
            { label: 'FLASHES', value: (row) => row.flashes, numeric: true },
            { label: 'SUCCEEDED', value: (row) => row.succeeded, numeric: true },
            { label: 'SUCCESS_RATE', value: (row) => (row.successRate === null ? '' : `${Math.round(row.successRate * 100)} %`), numeric: true },
          ]}
        />
      </Section>
      <Section title="STAT_OCCUPANCY" table="occupancyByHourOfWeek" range={range}>
        <HeatMap cells={stats.occupancyByHourOfWeek} />
      </Section>
    </Stack>
  );
}

export { StatisticsPage as Component };
