// A picture of a set of devices over the coming days: one row per device, hours along the x axis, each
// reservation a bar coloured by whose it is. Clicking a free hour proposes it as the start of a booking.
// The picture is an image for assistive technology (role="img" with a summary); the same facts are
// offered as a list below it.
import { messages } from '@testbed/contract';
import { Box, Group, List, Text, UnstyledButton } from '@mantine/core';
import { memo, useId, useMemo, useState, type MouseEvent } from 'react';
import { fill } from '../../../shared/fill';
import { toDateString } from '../booking-times';
import { formatDateTime, formatTime, formatWeekday } from '../../../shared/time';
import {
  fractionOf,
  instantAt,
  startForClick,
  windowDays,
  type BarKind,
  type TimelineRow,
  type TimelineWindow,
} from '../timeline-model';

const LABEL_WIDTH = 128;
const DAY_WIDTH = 132;
const HEADER_HEIGHT = 38;
const ROW_HEIGHT = 26;
const BAR_INSET = 4;

export const BAR_COLORS: Record<BarKind, { fill: string; stroke: string }> = {
  mine: { fill: '#1c7ed6', stroke: '#1864ab' },
  shared: { fill: '#fab005', stroke: '#e67700' },
  others: { fill: '#e03131', stroke: '#a51111' },
  maintenance: { fill: '#495057', stroke: '#212529' },
};

const SELECTION_COLOR = '#1864ab';


export interface ReservationTimelineProps {
  rows: readonly TimelineRow[];
  window: TimelineWindow;
  now: Date;
  /** What the rows are, for the picture's summary: e.g. 'the raspberry-pi-4 devices'. */
  subject: string;
  /** Called with the start a click on a free hour proposes; no click handling when absent. */
  onPickStart?: (start: Date) => void;
  /** False when the reservations read were cut short: the picture then says it may miss some. */
  complete?: boolean;
  /** The window being booked, drawn over the checked devices (over every row while none is checked). */
  selection?: { start: Date; end: Date; devices: ReadonlySet<string> } | null;
}

interface Hover {
  rowIndex: number;
  start: Date;
}

// Memoised: the booking form re-renders as the user types, and the timeline of a whole type need not follow.
export const ReservationTimeline = memo(function ReservationTimeline({
  rows,
  window,
  now,
  subject,
  onPickStart,
  complete = true,
  selection,
}: ReservationTimelineProps) {
  const patternId = useId().replace(/:/g, '');
  const [hover, setHover] = useState<Hover | null>(null);
  const days = useMemo(() => windowDays(window), [window]);
  const width = LABEL_WIDTH + days.length * DAY_WIDTH;
  const height = HEADER_HEIGHT + Math.max(rows.length, 1) * ROW_HEIGHT + 4;
  const plotWidth = days.length * DAY_WIDTH;
  const xOf = (instant: Date) => LABEL_WIDTH + fractionOf(instant, window) * plotWidth;
  const barCount = new Set(rows.flatMap((row) => row.bars.map((bar) => bar.reservationId))).size;

  const summary = fill(messages.TIMELINE_SUMMARY, {
    subject,
    from: toDateString(window.from),
    to: toDateString(new Date(window.to.getTime() - 1)),
    devices: rows.length,
    reservations: barCount,
  });

  const locate = (event: MouseEvent<SVGSVGElement>): Hover | null => {
    // The picture keeps the proportions of its viewBox, so a uniform scale maps the screen onto it.
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0) return null;
    const scale = width / box.width;
    const point = { x: (event.clientX - box.left) * scale, y: (event.clientY - box.top) * scale };
    const rowIndex = Math.floor((point.y - HEADER_HEIGHT) / ROW_HEIGHT);
    const row = rows[rowIndex];
    if (!row || point.x < LABEL_WIDTH || point.x > width) return null;
    const start = startForClick(row, instantAt((point.x - LABEL_WIDTH) / plotWidth, window), now);
    return start ? { rowIndex, start } : null;
  };

  const interactive = onPickStart !== undefined;
  const hourWidth = plotWidth / ((window.to.getTime() - window.from.getTime()) / 3_600_000);

  return (
    <Box>
      {/* On a narrow screen the picture scrolls sideways: the keyboard can scroll it too. */}
      <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={messages.TIMELINE_TITLE}>
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${width} ${height}`}
          width="100%"
          style={{ minWidth: 720, display: 'block', cursor: interactive && hover ? 'pointer' : 'default' }}
          onMouseMove={interactive ? (event) => setHover(locate(event)) : undefined}
          onMouseLeave={interactive ? () => setHover(null) : undefined}
          onClick={
            interactive
              ? (event) => {
                  const picked = locate(event);
                  if (picked) onPickStart(picked.start);
                }
              : undefined
          }
          data-testid="reservation-timeline"
        >
          <defs>
            <pattern id={`${patternId}-shared`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <rect width="6" height="6" fill={BAR_COLORS.shared.fill} />
              <rect width="2" height="6" fill={BAR_COLORS.shared.stroke} />
            </pattern>
          </defs>
          {days.map((day, index) => (
            <g key={day.getTime()}>
              <rect
                x={LABEL_WIDTH + index * DAY_WIDTH}
                y={0}
                width={DAY_WIDTH}
                height={height}
                fill={index % 2 === 0 ? '#f8f9fa' : '#ffffff'}
              />
              <text x={LABEL_WIDTH + index * DAY_WIDTH + 6} y={15} fontSize={12} fontWeight={600} fill="#212529">
                {formatWeekday(day)} {toDateString(day).slice(5)}
              </text>
              {[6, 12, 18].map((hour) => (
                <g key={hour}>
                  <line
                    x1={LABEL_WIDTH + index * DAY_WIDTH + (hour / 24) * DAY_WIDTH}
                    x2={LABEL_WIDTH + index * DAY_WIDTH + (hour / 24) * DAY_WIDTH}
                    y1={HEADER_HEIGHT - 6}
                    y2={height}
                    stroke="#dee2e6"
                    strokeDasharray="2 3"
                  />
                  <text
                    x={LABEL_WIDTH + index * DAY_WIDTH + (hour / 24) * DAY_WIDTH}
                    y={HEADER_HEIGHT - 9}
                    fontSize={10}
                    textAnchor="middle"
                    fill="#495057"
                  >
                    {String(hour).padStart(2, '0')}
                  </text>
                </g>
              ))}
              <line
                x1={LABEL_WIDTH + index * DAY_WIDTH}
                x2={LABEL_WIDTH + index * DAY_WIDTH}
                y1={0}
                y2={height}
                stroke="#adb5bd"
              />
            </g>
          ))}
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
          {rows.length === 0 && (
            <text x={LABEL_WIDTH + 8} y={HEADER_HEIGHT + 17} fontSize={12} fill="#495057">
              {messages.TIMELINE_NO_DEVICE}
            </text>
          )}
          {selection &&
            selection.end > window.from &&
            selection.start < window.to &&
            rows.map((row, rowIndex) =>
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
          {/* What is past cannot be booked any more. */}
          <rect x={LABEL_WIDTH} y={HEADER_HEIGHT} width={Math.max(0, xOf(now) - LABEL_WIDTH)} height={height - HEADER_HEIGHT} fill="#868e96" opacity={0.18} />
          <line x1={xOf(now)} x2={xOf(now)} y1={HEADER_HEIGHT - 4} y2={height} stroke="#c92a2a" strokeWidth={1.5} />
          {hover && (
            <rect
              x={xOf(hover.start)}
              y={HEADER_HEIGHT + hover.rowIndex * ROW_HEIGHT + 2}
              width={hourWidth}
              height={ROW_HEIGHT - 4}
              fill="none"
              stroke="#1864ab"
              strokeWidth={2}
              strokeDasharray="4 2"
              pointerEvents="none"
            />
          )}
        </svg>
      </Box>
      <Group gap="lg" mt="xs" wrap="wrap" aria-label={messages.TIMELINE_LEGEND} role="group">
        <LegendItem swatch={BAR_COLORS.mine.fill} label={messages.TIMELINE_MINE} />
        <LegendItem swatch={BAR_COLORS.shared.fill} stripe={BAR_COLORS.shared.stroke} label={messages.TIMELINE_SHARED} />
        <LegendItem swatch={BAR_COLORS.others.fill} label={messages.TIMELINE_OTHERS} />
        <LegendItem swatch={BAR_COLORS.maintenance.fill} label={messages.TIMELINE_MAINTENANCE} />
        <LegendItem swatch="#ced4da" label={messages.TIMELINE_PAST_OR_DOWN} />
        {selection && <LegendItem swatch="#d1e0ee" outline={SELECTION_COLOR} label={messages.TIMELINE_YOUR_CHOICE} />}
        {interactive && (
          <Text size="sm" c="dimmed">
            {messages.TIMELINE_CLICK_HINT}
          </Text>
        )}
      </Group>
      {!complete && (
        <Text size="sm" c="dimmed" mt={4}>
          {messages.TIMELINE_INCOMPLETE}
        </Text>
      )}
      <TimelineAsText rows={rows} now={now} />
    </Box>
  );
});

function LegendItem({ swatch, stripe, outline, label }: { swatch: string; stripe?: string; outline?: string; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box
        aria-hidden
        w={14}
        h={14}
        style={{
          borderRadius: 3,
          background: stripe ? `repeating-linear-gradient(45deg, ${swatch} 0 4px, ${stripe} 4px 6px)` : swatch,
          border: outline ? `1px dashed ${outline}` : '1px solid #495057',
        }}
      />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

function TimelineAsText({ rows, now }: { rows: readonly TimelineRow[]; now: Date }) {
  const [open, setOpen] = useState(false);
  const kindLabel: Record<BarKind, string> = {
    mine: messages.TIMELINE_MINE,
    shared: messages.TIMELINE_SHARED,
    others: messages.TIMELINE_OTHERS,
    maintenance: messages.TIMELINE_MAINTENANCE,
  };
  return (
    <Box mt="xs">
      <UnstyledButton
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        fz="sm"
        c="var(--mantine-color-anchor)"
        td="underline"
      >
        {open ? messages.TIMELINE_HIDE_TEXT : messages.TIMELINE_SHOW_TEXT}
      </UnstyledButton>
      {open && (
        <List size="sm" mt={4} spacing={2}>
          {rows.map((row) => {
            const upcoming = row.bars.filter((bar) => bar.end > now);
            return (
              <List.Item key={row.macAddress}>
                <Text span ff="monospace" size="sm">
                  {row.ipAddress}
                </Text>
                {row.up ? '' : ` (${messages.DEVICE_DOWN})`}:{' '}
                {upcoming.length === 0
                  ? messages.TIMELINE_FREE_ALL_WEEK
                  : upcoming
                      .map(
                        (bar) =>
                          `${formatDateTime(bar.start.toISOString())} → ${toDateString(bar.end) === toDateString(bar.start) ? formatTime(bar.end) : formatDateTime(bar.end.toISOString())} (${bar.kind === 'maintenance' ? `${kindLabel.maintenance}: ${bar.description}` : `${kindLabel[bar.kind]}, #${bar.reservationId}`})`,
                      )
                      .join('; ')}
              </List.Item>
            );
          })}
        </List>
      )}
    </Box>
  );
}
