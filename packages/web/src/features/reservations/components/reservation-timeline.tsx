// A picture of a set of devices over the coming days: one row per device, hours along the x axis, each
// reservation a bar coloured by whose it is. Clicking a free hour proposes it as the start of a booking.
// The picture is an image for assistive technology (role="img" with a summary); the same facts are
// offered as a list below it.
import { Box, Text } from '@mantine/core';
import { messages } from '@testbed/contract';
import { memo, useDeferredValue, useId, useMemo, useState, type MouseEvent } from 'react';
import { fill } from '../../../shared/fill';
import { toDateString } from '../booking-times';
import { fractionOf, instantAt, startForClick, windowDays, type TimelineRow, type TimelineWindow } from '../timeline-model';
import { TimelineAsText } from './timeline-as-text';
import { BAR_COLORS, DAY_WIDTH, HEADER_HEIGHT, LABEL_WIDTH, ROW_HEIGHT } from './timeline-geometry';
import { TimelineDays } from './timeline-grid';
import { TimelineLegend } from './timeline-legend';
import { TimelineRows, TimelineSelection } from './timeline-rows';

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

const NO_ROWS: readonly TimelineRow[] = [];

// Memoised: the booking form re-renders as the user types, and the timeline of a whole type need not follow.
export const ReservationTimeline = memo(function ReservationTimeline({
  rows: givenRows,
  window,
  now,
  subject,
  onPickStart,
  complete = true,
  selection,
}: ReservationTimelineProps) {
  const patternId = useId().replace(/:/g, '');
  const [hover, setHover] = useState<Hover | null>(null);
  // The rows (a device's line, its label and its bars: hundreds of elements for a large type) are drawn in a
  // render of their own, after the picture's frame: as the booking form first shows, they made the task
  // that shows it twice as long; later, new reservations are drawn in slices rather than in one long task.
  // The picture takes its final height at once, and says what it shows once it shows it.
  const rows = useDeferredValue(givenRows, NO_ROWS);
  const days = useMemo(() => windowDays(window), [window]);
  const width = LABEL_WIDTH + days.length * DAY_WIDTH;
  const height = HEADER_HEIGHT + Math.max(givenRows.length, 1) * ROW_HEIGHT + 4;
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
          <TimelineDays days={days} height={height} />
          <TimelineRows rows={rows} width={width} plotWidth={plotWidth} xOf={xOf} patternId={patternId} />
          {givenRows.length === 0 && (
            <text x={LABEL_WIDTH + 8} y={HEADER_HEIGHT + 17} fontSize={12} fill="#495057">
              {messages.TIMELINE_NO_DEVICE}
            </text>
          )}
          {selection && <TimelineSelection rows={rows} window={window} selection={selection} xOf={xOf} />}
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
      <TimelineLegend selection={Boolean(selection)} interactive={interactive} />
      {!complete && (
        <Text size="sm" c="dimmed" mt={4}>
          {messages.TIMELINE_INCOMPLETE}
        </Text>
      )}
      <TimelineAsText rows={rows} now={now} />
    </Box>
  );
});
