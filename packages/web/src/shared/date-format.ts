// The spec's date formats: tables dd/MM/yyyy, employer dates
// dd/MM/yyyy HH:mm, forms yyyy-MM-dd HH:mm; all in the browser's time zone.
const pad = (value: number) => String(value).padStart(2, '0');

function parts(value: string | Date) {
  const date = new Date(value);
  return { y: date.getFullYear(), M: pad(date.getMonth() + 1), d: pad(date.getDate()), h: pad(date.getHours()), m: pad(date.getMinutes()) };
}

/** dd/MM/yyyy, or an empty text for no date. */
export function formatDay(value: string | Date | null | undefined): string {
  if (!value) return '';
  const { y, M, d } = parts(value);
  return `${d}/${M}/${y}`;
}

/** dd/MM/yyyy HH:mm, or an empty text for no date. */
export function formatDayTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const { y, M, d, h, m } = parts(value);
  return `${d}/${M}/${y} ${h}:${m}`;
}

/** The spec's form format of an instant: yyyy-MM-dd HH:mm. */
export const FORM_DATE_PLACEHOLDER = 'yyyy-MM-dd HH:mm';

export function toInputDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const { y, M, d, h, m } = parts(value);
  return `${y}-${M}-${d} ${h}:${m}`;
}

/**
 * Reads a form date typed as yyyy-MM-dd, optionally followed by HH:mm: the ISO instant, null for an empty
 * field, or 'invalid' when it is not a real calendar date and time.
 */
export function fromInputDateTime(value: string): string | null | 'invalid' {
  const text = value.trim();
  if (!text) return null;
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2}))?$/.exec(text);
  if (!match) return 'invalid';
  const [year, month, day, hour, minute] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number];
  const date = new Date(year, month - 1, day, hour, minute);
  const real =
    date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day && hour < 24 && minute < 60;
  return real ? date.toISOString() : 'invalid';
}
