// Wall-clock times of the booking form (a calendar date and 'H:M' read in the browser's IANA time zone)
// turned into instants, and instants shown back in a zone. The zone arithmetic is the contract's (time.ts),
// the same the web app and the command-line client use.
import type { CalendarDate, WallClock } from '@testbed/contract';

export { formatWallClock as formatInZone, instantOfWallClock as toInstant } from '@testbed/contract';

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export type BookingClock = Omit<WallClock, 'second'>;

export function wallClock(date: CalendarDate, hour: string): BookingClock {
  const [h, m] = hour.split(':').map(Number);
  return { ...date, hour: h!, minute: m! };
}

/** The wall-clock difference in milliseconds, as if the zone never changed its offset. */
export function wallClockSpan(from: BookingClock, to: BookingClock): number {
  const utc = (c: BookingClock) => Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute);
  return utc(to) - utc(from);
}

/** The zone of the times in a mail to a person who chose none on their profile. */
export const MAIL_TIME_ZONE = 'UTC';
