// statistics (administrators): usage of the testbed over a date range, as charts and tables, each table
// exported as CSV. Loaded only on this page, with its charts (visx).
import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { messages } from '@testbed/contract';
import { useState } from 'react';
import { QueryPlaceholder } from '../../../shared/components/query-placeholder';
import { fill } from '../../../shared/fill';
import { displayTimeZone, fromInputDateTime } from '../../../shared/time';
import { statisticsOptions } from '../api/insight-api';
import { StatisticsRangeFilter } from '../components/statistics-range-filter';
import { StatisticsSections } from '../components/statistics-sections';

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

export function StatisticsPage() {
  useDocumentTitle(`${messages.STATISTICS} | Testbed Portal`);
  const timeZone = displayTimeZone();
  const [range, setRange] = useState(defaultRange);
  const query = { from: startOfDay(range.from), to: startOfDay(range.to), timeZone };
  const stats = useQuery(statisticsOptions(query));

  return (
    <Stack gap="lg">
      <Title order={1}>{messages.STATISTICS}</Title>
      <StatisticsRangeFilter initial={range} onApply={setRange} />
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

export { StatisticsPage as Component };
