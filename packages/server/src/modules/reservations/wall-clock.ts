// Wall-clock times of the booking form (a calendar date and 'H:M' read in the browser's IANA time zone)
// turned into instants, and instants shown back in a zone. The zone arithmetic is @date-fns/tz's,
// which reads the offsets from the time-zone database of Node's own ICU.
import { TZDate } from '@date-fns/tz';
import type { CalendarDate } from '@testbed/contract';

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export function wallClock(date: CalendarDate, hour: string): WallClock {
  const [h, m] = hour.split(':').map(Number);
  return { ...date, hour: h!, minute: m! };
}

function wallClockOf(instant: number, timeZone: string): WallClock {
  const zoned = new TZDate(instant, timeZone);
  return {
    year: zoned.getFullYear(),
    month: zoned.getMonth() + 1,
    day: zoned.getDate(),
    hour: zoned.getHours(),
    minute: zoned.getMinutes(),
  };
}

const sameClock = (a: WallClock, b: WallClock) =>
  a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute;

/**
 * The instant shown as `clock` in `timeZone`, or null when no instant is (the hour skipped when the
 * clocks go forward). When the clocks go back an hour is shown twice: the earlier instant is taken.
 */
export function toInstant(clock: WallClock, timeZone: string): Date | null {
  const guess = new TZDate(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, timeZone).getTime();
  if (Number.isNaN(guess)) return null;
  // Offsets change by at most a few hours; the earliest matching candidate settles a repeated hour.
  const candidates = [-3, -2, -1.5, -1, -0.5, 0].map((hours) => guess + hours * 3_600_000);
  const match = candidates.find((candidate) => sameClock(wallClockOf(candidate, timeZone), clock));
  return match === undefined ? null : new Date(match);
}

/** The wall-clock difference in milliseconds, as if the zone never changed its offset. */
export function wallClockSpan(from: WallClock, to: WallClock): number {
  const utc = (c: WallClock) => Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute);
  return utc(to) - utc(from);
}

/** The zone of the times in a mail to a person who chose none on their profile. */
export const MAIL_TIME_ZONE = 'UTC';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'yyyy-MM-dd HH:mm' in the zone, as the reservations screen shows dates. */
export function formatInZone(instant: Date, timeZone: string): string {
  const c = wallClockOf(instant.getTime(), timeZone);
  return `${c.year}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}`;
}
