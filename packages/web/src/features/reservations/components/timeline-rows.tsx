// The reservation timeline's devices: a row per device, its address (and whether it is down), and a bar
// per reservation or maintenance window with its details as the bar's title.
import { messages } from '@testbed/contract';
import { formatDateTime } from '../../../shared/time';
import type { TimelineRow, TimelineWindow } from '../timeline-model';
import { BAR_COLORS, BAR_INSET, HEADER_HEIGHT, LABEL_WIDTH, ROW_HEIGHT, SELECTION_COLOR } from './timeline-geometry';

export function TimelineRows({
  rows,
  width,
  plotWidth,
  xOf,
  patternId,
}: {
  rows: readonly TimelineRow[];
  width: number;
  plotWidth: number;
  xOf: (instant: Date) => number;
  patternId: string;
}) {
  return (
    <>
      {rows.map((row, rowIndex) => {
        const y = HEADER_HEIGHT + rowIndex * ROW_HEIGHT;
        return (
          <g key={row.macAddress} data-device={row.ipAddress}>
            <line x1={0} x2={width} y1={y} y2={y} stroke="#e9ecef" />
            <text x={6} y={y + ROW_HEIGHT / 2 + 4} fontSize={12} fontFamily="monospace" fill={row.up ? '#212529' : '#495057'}>
              {row.ipAddress}
              {row.up ? '' : ` (${messages.DEVICE_DOWN})`}
            </text>
            {!row.up && (
              <rect x={LABEL_WIDTH} y={y + 1} width={plotWidth} height={ROW_HEIGHT - 2} fill="#ced4da" opacity={0.6} />
            )}
            {row.bars.map((bar) => {
              const x = xOf(bar.start);
              const barWidth = Math.max(2, xOf(bar.end) - x);
              const colors = BAR_COLORS[bar.kind];
              return (
                <rect
                  key={bar.reservationId}
                  x={x}
                  y={y + BAR_INSET}
                  width={barWidth}
                  height={ROW_HEIGHT - 2 * BAR_INSET}
                  rx={3}
                  fill={bar.kind === 'shared' ? `url(#${patternId}-shared)` : colors.fill}
                  stroke={colors.stroke}
                  data-kind={bar.kind}
                  data-reservation={bar.kind === 'maintenance' ? undefined : bar.reservationId}
                  data-maintenance={bar.kind === 'maintenance' ? bar.reservationId : undefined}
                >
                  <title>
                    {bar.kind === 'maintenance'
                      ? `${messages.TIMELINE_MAINTENANCE}: ${formatDateTime(bar.start.toISOString())} → ${formatDateTime(bar.end.toISOString())} (${bar.description})`
                      : `#${bar.reservationId} ${bar.reservationType}: ${formatDateTime(bar.start.toISOString())} → ${formatDateTime(bar.end.toISOString())}, ${bar.responsible}${bar.description ? ` (${bar.description})` : ''}`}
                  </title>
                </rect>
              );
            })}
          </g>
        );
      })}
    </>
  );
}

/** The window being booked, drawn over the checked devices (over every row while none is checked). */
export function TimelineSelection({
  rows,
  window,
  selection,
  xOf,
}: {
  rows: readonly TimelineRow[];
  window: TimelineWindow;
  selection: { start: Date; end: Date; devices: ReadonlySet<string> };
  xOf: (instant: Date) => number;
}) {
  if (selection.end <= window.from || selection.start >= window.to) return null;
  return (
    <>
      {rows.map((row, rowIndex) =>
        selection.devices.size === 0 || selection.devices.has(row.macAddress) ? (
          <rect
            key={`selection-${row.macAddress}`}
            x={xOf(selection.start)}
            y={HEADER_HEIGHT + rowIndex * ROW_HEIGHT + 2}
            width={Math.max(2, xOf(selection.end) - xOf(selection.start))}
            height={ROW_HEIGHT - 4}
            fill={SELECTION_COLOR}
            fillOpacity={selection.devices.size === 0 ? 0.08 : 0.22}
            stroke={SELECTION_COLOR}
            strokeDasharray="4 2"
            pointerEvents="none"
            data-selection
          />
        ) : null,
      )}
    </>
  );
}
