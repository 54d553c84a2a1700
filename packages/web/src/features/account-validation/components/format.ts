// The table dates (the shared time format) and the catalogue's {{placeholders}}.
import { formatDay as formatInstantDay } from '../../../shared/time';

const pad = (value: number) => String(value).padStart(2, '0');

export function formatDay(iso: string | null, never: string): string {
  return iso ? formatInstantDay(iso) : never;
}

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** 'YYYY-MM-DD' of a local day, as Mantine's pickers speak. */
export function dayString(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The timestamp in milliseconds of the start of a 'YYYY-MM-DD' day in the browser's zone. */
export function dayStartMs(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date).getTime();
}
