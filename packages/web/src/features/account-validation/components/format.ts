// The table dates, the picker's days (the shared time module: the profile's zone, else the browser's) and the
// catalogue's {{placeholders}}.
import { formatDay as formatInstantDay, instantOf } from '../../../shared/time';

const pad = (value: number) => String(value).padStart(2, '0');

export function formatDay(iso: string | null, never: string): string {
  return iso ? formatInstantDay(iso) : never;
}

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** 'YYYY-MM-DD' of the first day of a month; months past either end of the year roll into the next or last year. */
export function monthStart(year: number, month: number): string {
  const index = year * 12 + (month - 1);
  return `${Math.floor(index / 12)}-${pad((((index % 12) + 12) % 12) + 1)}-01`;
}

/**
 * The start of a 'YYYY-MM-DD' day in the zone the app shows (the profile's, else the browser's), in milliseconds;
 * in a zone whose clocks skip midnight that day, the first hour that exists.
 */
export function dayStartMs(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return (instantOf(year, month, date, 0, 0) ?? instantOf(year, month, date, 1, 0))!.getTime();
}
