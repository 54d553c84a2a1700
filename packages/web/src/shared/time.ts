// One way to show time: every date and time of the web app goes through here. Instants are shown in the
// reader's locale (the browser's language) and time zone: the one chosen on their profile, else the browser's.
// Typed dates (the administrators' date fields) are written yyyy-MM-dd HH:mm in the same zone.
import { formatWallClock, instantOfWallClock, wallClockIn, zoneOffsetLabel } from '@testbed/contract';
import { getSession } from './session';

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The zone the app shows times in: the profile's, else the browser's. */
export function displayTimeZone(): string {
  return getSession().user?.timeZone ?? browserTimeZone();
}

type Instant = string | Date | number | null | undefined;
const toDate = (value: Instant): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

// Formats cost to build: one per zone and style, kept.
const formats = new Map<string, Intl.DateTimeFormat>();
function format(style: 'day' | 'dayTime' | 'dayTimeSeconds' | 'time' | 'weekday', timeZone: string): Intl.DateTimeFormat {
  const key = `${style} ${timeZone}`;
  let found = formats.get(key);
  if (!found) {
    const options: Intl.DateTimeFormatOptions =
      style === 'day'
        ? { dateStyle: 'medium' }
        : style === 'dayTime'
          ? { dateStyle: 'medium', timeStyle: 'short' }
          : style === 'dayTimeSeconds'
            ? { dateStyle: 'medium', timeStyle: 'medium' }
            : style === 'time'
              ? { timeStyle: 'short' }
              : { weekday: 'short' };
    found = new Intl.DateTimeFormat(undefined, { ...options, timeZone });
    formats.set(key, found);
  }
  return found;
}

/** The day of an instant ('26 Nov 2026', 'Nov 26, 2026' ... as the locale writes it); '' for none. */
export function formatDay(value: Instant, timeZone = displayTimeZone()): string {
  const date = toDate(value);
  return date ? format('day', timeZone).format(date) : '';
}

/** The day and time of an instant, with seconds when asked; '' for none. */
export function formatDateTime(value: Instant, options: { seconds?: boolean; timeZone?: string } = {}): string {
  const date = toDate(value);
  return date ? format(options.seconds ? 'dayTimeSeconds' : 'dayTime', options.timeZone ?? displayTimeZone()).format(date) : '';
}

/** The time of day of an instant; '' for none. */
export function formatTime(value: Instant, timeZone = displayTimeZone()): string {
  const date = toDate(value);
  return date ? format('time', timeZone).format(date) : '';
}

/** The short weekday name of an instant. */
export function formatWeekday(value: Date, timeZone = displayTimeZone()): string {
  return format('weekday', timeZone).format(value);
}

/** The zone as shown beside times where it matters: 'Europe/Paris (UTC+01:00)'. */
export function zoneLabel(at: Date | number = Date.now(), timeZone = displayTimeZone()): string {
  return `${timeZone} (${zoneOffsetLabel(at, timeZone)})`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM-DD' of an instant in the zone, as the date pickers speak. */
export function toDateString(instant: Date, timeZone = displayTimeZone()): string {
  const clock = wallClockIn(instant, timeZone);
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`;
}

/** 'HH:mm' of an instant in the zone. */
export function toHourString(instant: Date, timeZone = displayTimeZone()): string {
  const clock = wallClockIn(instant, timeZone);
  return `${pad(clock.hour)}:${pad(clock.minute)}`;
}

/** The instant of a calendar day and time in the zone; null when the zone skips it. */
export function instantOf(year: number, month: number, day: number, hour: number, minute: number, timeZone = displayTimeZone()): Date | null {
  return instantOfWallClock({ year, month, day, hour, minute }, timeZone);
}

/** The form format of an instant typed by hand: yyyy-MM-dd HH:mm. */
export const FORM_DATE_PLACEHOLDER = 'yyyy-MM-dd HH:mm';

export function toInputDateTime(value: Instant): string {
  const date = toDate(value);
  return date ? formatWallClock(date, displayTimeZone()) : '';
}

/**
 * Reads a form date typed as yyyy-MM-dd, optionally followed by HH:mm, in the display zone: the ISO instant,
 * null for an empty field, or 'invalid' when it is not a real calendar date and time there.
 */
export function fromInputDateTime(value: string): string | null | 'invalid' {
  const text = value.trim();
  if (!text) return null;
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2}))?$/.exec(text);
  if (!match) return 'invalid';
  const [year, month, day, hour, minute] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return 'invalid';
  const instant = instantOf(year, month, day, hour, minute);
  return instant ? instant.toISOString() : 'invalid';
}
