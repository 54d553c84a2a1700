// A bar chart of the statistics page, drawn with visx (scales, axes and bars as plain SVG: a few tens of KB,
// loaded with this page only). Several series side by side, or stacked. The SVG scales to its box; the
// page gives the same figures in a table beside it, so the chart is hidden from screen readers.
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { Group as Row, Text } from '@mantine/core';

export interface Series {
  key: string;
  label: string;
  /** A CSS colour. */
  color: string;
}

const WIDTH = 800;
const MARGIN = { top: 10, right: 10, bottom: 30, left: 48 };

export function BarChart({ data, xKey, series, stacked = false, height = 220 }: { data: Array<Record<string, string | number>>; xKey: string; series: Series[]; stacked?: boolean; height?: number }) {
  // An empty range draws nothing: the table beside it says there is no data.
  if (data.length === 0) return null;
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const value = (row: Record<string, string | number>, key: string) => Number(row[key] ?? 0);
  const max = Math.max(1, ...data.map((row) => (stacked ? series.reduce((sum, s) => sum + value(row, s.key), 0) : Math.max(...series.map((s) => value(row, s.key))))));
  const x = scaleBand<string>({ domain: data.map((row) => String(row[xKey])), range: [0, innerWidth], padding: 0.2 });
  const y = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: true });
  const inner = scaleBand<string>({ domain: series.map((s) => s.key), range: [0, x.bandwidth()], padding: 0.05 });

  return (
    <div aria-hidden="true">
      <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" role="presentation">
        <Group left={MARGIN.left} top={MARGIN.top}>
          {data.map((row) => {
            const left = x(String(row[xKey])) ?? 0;
            let base = 0;
            return series.map((s) => {
              const amount = value(row, s.key);
              const top = y(base + amount);
              const bar = stacked ? (
                <Bar key={s.key} x={left} y={top} width={x.bandwidth()} height={y(base) - top} fill={s.color} />
              ) : (
                <Bar key={s.key} x={left + (inner(s.key) ?? 0)} y={y(amount)} width={inner.bandwidth()} height={innerHeight - y(amount)} fill={s.color} />
              );
              if (stacked) base += amount;
              return bar;
            });
          })}
          <AxisLeft scale={y} numTicks={4} tickLabelProps={{ fontSize: 11, fill: '#495057' }} stroke="#adb5bd" tickStroke="#adb5bd" />
          <AxisBottom top={innerHeight} scale={x} tickLabelProps={{ fontSize: 11, fill: '#495057' }} stroke="#adb5bd" tickStroke="#adb5bd" />
        </Group>
      </svg>
      {(series.length > 1 || stacked) && (
        <Row gap="md" justify="flex-end">
          {series.map((s) => (
            <Row key={s.key} gap={6}>
              <span style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 5, background: s.color }} />
              <Text size="sm">{s.label}</Text>
            </Row>
          ))}
        </Row>
      )}
    </div>
  );
}
