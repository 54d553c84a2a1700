// The data behind the booking timeline: one row per device of the chosen type over the coming days, each
// reservation of the device a bar, coloured by whose it is, so that free slots show at a glance.
import type { MaintenanceWindow, Reservation } from '@testbed/contract';
import { wallClockIn } from '@testbed/contract';
import { displayTimeZone, instantOf } from '../../shared/time';
import { nextQuarterHour } from './booking-times';
import { involves } from './reservation-display';

export const TIMELINE_DAYS = 7;

/**
 * mine: the user takes part; shared: someone else's booking that a Shared booking may overlap; others: someone
 * else's exclusive booking; maintenance: the device is blocked by an administrator (reservationId is then the
 * maintenance's id and description its reason).
 */
export type BarKind = 'mine' | 'shared' | 'others' | 'maintenance';

export interface DeviceRow {
  macAddress: string;
  ipAddress: string;
  up: boolean;
}

export interface TimelineBar {
  reservationId: number;
  kind: BarKind;
  start: Date;
  end: Date;
  reservationType: string;
  responsible: string;
  description: string;
}

export interface TimelineRow extends DeviceRow {
  bars: TimelineBar[];
}

export interface TimelineWindow {
  from: Date;
  to: Date;
}

/** The midnight `days` calendar days after the day of `instant` in the display zone. */
function midnightAfter(instant: Date, days: number): Date {
  const zone = displayTimeZone();
  const clock = wallClockIn(instant, zone);
  const day = new Date(Date.UTC(clock.year, clock.month - 1, clock.day + days));
  // A zone whose clocks skip midnight starts that day at 01:00.
  return (
    instantOf(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), 0, 0, zone) ??
    instantOf(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), 1, 0, zone)!
  );
}

/** From today's midnight to the midnight seven calendar days later, in the display zone (shared/time). */
export function timelineWindow(now: Date, days = TIMELINE_DAYS): TimelineWindow {
  return { from: midnightAfter(now, 0), to: midnightAfter(now, days) };
}

/** The midnights of the window, one per day. */
export function windowDays(window: TimelineWindow): Date[] {
  const days: Date[] = [];
  for (let day = new Date(window.from); day < window.to; day = midnightAfter(day, 1)) {
    days.push(day);
  }
  return days;
}

function isExclusive(reservationType: string, exclusiveTypes: ReadonlySet<string> | undefined): boolean {
  return exclusiveTypes ? exclusiveTypes.has(reservationType) : reservationType === 'Exclusive';
}

export function barKind(
  reservation: Pick<Reservation, 'responsibleUser' | 'users' | 'reservationType'>,
  currentUserId: number,
  exclusiveTypes?: ReadonlySet<string>,
): BarKind {
  if (involves(reservation, currentUserId)) return 'mine';
  return isExclusive(reservation.reservationType, exclusiveTypes) ? 'others' : 'shared';
}

/**
 * Rows of the given devices (sorted by IP as the device list is) with the bars of the reservations that
 * hold them within the window. Reservations may come from several lists: each id counts once.
 */
export function buildTimeline(
  devices: readonly DeviceRow[],
  reservations: readonly Reservation[],
  currentUserId: number,
  window: TimelineWindow,
  exclusiveTypes?: ReadonlySet<string>,
  maintenance: readonly MaintenanceWindow[] = [],
): TimelineRow[] {
  const seen = new Set<number>();
  const byDevice = new Map<string, TimelineBar[]>();
  for (const blocked of maintenance) {
    const start = new Date(blocked.start);
    const end = new Date(blocked.end);
    if (end <= window.from || start >= window.to) continue;
    const bar: TimelineBar = { reservationId: blocked.id, kind: 'maintenance', start, end, reservationType: '', responsible: '', description: blocked.reason };
    for (const mac of blocked.devices) byDevice.set(mac, [...(byDevice.get(mac) ?? []), bar]);
  }
  for (const reservation of reservations) {
    if (seen.has(reservation.reservationId)) continue;
    seen.add(reservation.reservationId);
    const start = new Date(reservation.startDate);
    const end = new Date(reservation.endDate);
    if (end <= window.from || start >= window.to) continue;
    const bar: TimelineBar = {
      reservationId: reservation.reservationId,
      kind: barKind(reservation, currentUserId, exclusiveTypes),
      start,
      end,
      reservationType: reservation.reservationType,
      responsible: `${reservation.responsibleUser.firstname} ${reservation.responsibleUser.lastName}`.trim(),
      description: reservation.description,
    };
    const macs = new Set(reservation.deviceReservations.map(({ device }) => device.macAddress.toLowerCase()));
    for (const mac of macs) {
      const bars = byDevice.get(mac) ?? [];
      bars.push(bar);
      byDevice.set(mac, bars);
    }
  }
  return devices.map((device) => ({
    ...device,
    bars: (byDevice.get(device.macAddress.toLowerCase()) ?? []).sort((a, b) => a.start.getTime() - b.start.getTime()),
  }));
}

/** Position of an instant along the window, from 0 to 1 (clamped). */
export function fractionOf(instant: Date, window: TimelineWindow): number {
  const span = window.to.getTime() - window.from.getTime();
  return Math.min(1, Math.max(0, (instant.getTime() - window.from.getTime()) / span));
}

/** The instant at a position along the window. */
export function instantAt(fraction: number, window: TimelineWindow): Date {
  const span = window.to.getTime() - window.from.getTime();
  return new Date(window.from.getTime() + Math.min(1, Math.max(0, fraction)) * span);
}

export function barAt(row: Pick<TimelineRow, 'bars'>, instant: Date): TimelineBar | undefined {
  return row.bars.find((bar) => bar.start <= instant && instant < bar.end);
}

/**
 * The start a click proposes: the beginning of the clicked hour, or the next quarter hour when that is
 * already past; null when the device is taken there (by a bar the user could not overlap) or is down.
 */
export function startForClick(
  row: Pick<TimelineRow, 'bars' | 'up'>,
  clicked: Date,
  now: Date,
): Date | null {
  if (!row.up) return null;
  const hour = new Date(clicked.getTime());
  hour.setMinutes(0, 0, 0);
  const start = hour.getTime() > now.getTime() ? hour : nextQuarterHour(now);
  const taken = barAt(row, start) ?? barAt(row, clicked);
  if (taken && taken.kind !== 'shared') return null;
  return start;
}

/** The free windows of a row within [from, to): what the text alternative reads out. */
export function freeWindows(row: Pick<TimelineRow, 'bars'>, from: Date, to: Date): Array<{ start: Date; end: Date }> {
  const free: Array<{ start: Date; end: Date }> = [];
  let cursor = from.getTime();
  for (const bar of row.bars) {
    const barStart = Math.max(bar.start.getTime(), from.getTime());
    const barEnd = Math.min(bar.end.getTime(), to.getTime());
    if (barEnd <= cursor) continue;
    if (barStart > cursor) free.push({ start: new Date(cursor), end: new Date(barStart) });
    cursor = Math.max(cursor, barEnd);
  }
  if (cursor < to.getTime()) free.push({ start: new Date(cursor), end: to });
  return free;
}
