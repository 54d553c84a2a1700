// Every table of the statistics page, with the charts of those that have one.
import { Stack } from '@mantine/core';
import { messages, type Statistics } from '@testbed/contract';
import { useMemo } from 'react';
import { BarChart } from './bar-chart';
import { HeatMap } from './heat-map';
import { BOOKED_AND_USED, Section, type StatisticsRange } from './statistics-section';

const PALETTE = ['#1971c2', '#0c8599', '#9c36b5', '#e8590c', '#3b5bdb', '#c2255c', '#2b8a3e', '#5f3dc4'];

export function StatisticsSections({ stats, range }: { stats: Statistics; range: StatisticsRange }) {
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
