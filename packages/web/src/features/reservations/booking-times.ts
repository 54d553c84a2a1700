// The linked start / duration / end fields of the booking form. Dates and
// hours are wall-clock values in the display time zone (the profile's, else the browser's; shared/time):
// 'YYYY-MM-DD' (the calendar's value) and 'HH:mm'.
// Arithmetic goes through instants so that a duration crossing a daylight-saving change stays exact, the
// way the server reads the fields, in the time zone the form sends with them.
import type { CalendarDate } from '@testbed/contract';
import { displayTimeZone, instantOf, toDateString, toHourString } from '../../shared/time';

export { toDateString, toHourString };

export interface TimeFields {
  startDate: string | null;
  startHour: string;
  durationHour: string;
  durationMinute: string;
  endDate: string | null;
  endHour: string;
}

export const emptyTimeFields: TimeFields = {
  startDate: null,
  startHour: '',
  durationHour: '',
  durationMinute: '',
  endDate: null,
  endHour: '',
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HOUR = /^(\d{1,2}):(\d{1,2})(?::\d{1,2})?$/;
export const DURATION_HOUR_PATTERN = /^\d{0,5}$/;
export const DURATION_MINUTE_PATTERN = /^([0-5]?\d)?$/;

const pad = (value: number) => String(value).padStart(2, '0');

/** Normalises 'H:M' or 'HH:mm:ss' to 'HH:mm'; '' when it is not a 24-hour time. */
export function normaliseHour(value: string): string {
  const match = HOUR.exec(value.trim());
  if (!match) return '';
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return '';
  return `${pad(hours)}:${pad(minutes)}`;
}

export function parseCalendarDate(value: string | null): CalendarDate | null {
  const match = value ? DATE.exec(value) : null;
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** The instant of a wall-clock date and hour, or null while either is missing. */
export function toInstant(date: string | null, hour: string): Date | null {
  const day = parseCalendarDate(date);
  const time = normaliseHour(hour);
  if (!day || !time) return null;
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return instantOf(day.year, day.month, day.day, hours, minutes);
}

/** Duration in seconds: hours times 3600 plus minutes times 60; empty fields count 0. */
export function durationSeconds(durationHour: string, durationMinute: string): number | null {
  const hourText = durationHour.trim();
  const minuteText = durationMinute.trim();
  if (!DURATION_HOUR_PATTERN.test(hourText) || !DURATION_MINUTE_PATTERN.test(minuteText)) return null;
  return Number(hourText || 0) * 3600 + Number(minuteText || 0) * 60;
}

export function splitDuration(seconds: number): { durationHour: string; durationMinute: string } {
  const totalMinutes = Math.max(0, Math.round(seconds / 60));
  return { durationHour: String(Math.floor(totalMinutes / 60)), durationMinute: String(totalMinutes % 60) };
}

function withEnd(fields: TimeFields, end: Date): TimeFields {
  return { ...fields, endDate: toDateString(end), endHour: toHourString(end) };
}

/** Start plus duration gives the end (called when the start or the duration changes). */
export function linkFromStartOrDuration(fields: TimeFields): TimeFields {
  const start = toInstant(fields.startDate, fields.startHour);
  const duration = durationSeconds(fields.durationHour, fields.durationMinute);
  if (!start || duration === null) return fields;
  return withEnd(fields, new Date(start.getTime() + duration * 1000));
}

/**
 * End plus start gives the duration; end plus duration with no start gives the start (called when the
 * end changes). An end before the start leaves the duration as it is: the form shows the end error.
 */
export function linkFromEnd(fields: TimeFields): TimeFields {
  const end = toInstant(fields.endDate, fields.endHour);
  if (!end) return fields;
  const start = toInstant(fields.startDate, fields.startHour);
  if (start) {
    const seconds = (end.getTime() - start.getTime()) / 1000;
    return seconds > 0 ? { ...fields, ...splitDuration(seconds) } : fields;
  }
  const duration = durationSeconds(fields.durationHour, fields.durationMinute);
  if (duration === null) return fields;
  const derived = new Date(end.getTime() - duration * 1000);
  return { ...fields, startDate: toDateString(derived), startHour: toHourString(derived) };
}

export type TimeField = keyof TimeFields;

/** Applies one field change and the links it triggers. */
export function changeTimeField(fields: TimeFields, field: TimeField, value: string | null): TimeFields {
  const next: TimeFields = { ...fields, [field]: field === 'startDate' || field === 'endDate' ? value : (value ?? '') };
  if (field === 'endDate' || field === 'endHour') return linkFromEnd(next);
  return linkFromStartOrDuration(next);
}

/**
 * The earliest hour the start hour picker offers: the current time when the start date is today,
 * otherwise midnight.
 */
export function minimumStartHour(startDate: string | null, now: Date): string {
  return startDate === toDateString(now) ? toHourString(now) : '00:00';
}

export interface TimeRules {
  /** Start is later than now; null while the start is incomplete. */
  startLaterThanNow: boolean | null;
  /** End is later than start; null while either is incomplete. */
  endLaterThanStart: boolean | null;
}

export function timeRules(fields: TimeFields, now: Date): TimeRules {
  const start = toInstant(fields.startDate, fields.startHour);
  const end = toInstant(fields.endDate, fields.endHour);
  return {
    startLaterThanNow: start ? start.getTime() > now.getTime() : null,
    endLaterThanStart: start && end ? end.getTime() > start.getTime() : null,
  };
}

/** The first quarter hour strictly after now: a sensible default start that is already valid. */
export function nextQuarterHour(now: Date): Date {
  // Every zone's offset is a whole number of quarter hours, so UTC's quarters are the zone's too.
  const quarter = 15 * 60_000;
  return new Date(Math.floor(now.getTime() / quarter) * quarter + quarter);
}

/** Fields for a start at the given instant, with the current duration and the linked end. */
export function startAt(fields: TimeFields, start: Date): TimeFields {
  return linkFromStartOrDuration({ ...fields, startDate: toDateString(start), startHour: toHourString(start) });
}

/** The form's initial times: the next quarter hour, one hour long. */
export function initialTimeFields(now: Date): TimeFields {
  return startAt({ ...emptyTimeFields, durationHour: '1', durationMinute: '0' }, nextQuarterHour(now));
}

/** The IANA zone the wall-clock fields are written in. */
export const formTimeZone = displayTimeZone;
