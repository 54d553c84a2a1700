import { describe, expect, it } from 'vitest';
import { formatDay, formatDayTime, fromInputDateTime, toInputDateTime } from './date-format';

describe('the spec date formats', () => {
  const instant = new Date(2026, 0, 5, 9, 7).toISOString();

  it('shows tables as dd/MM/yyyy, employer dates as dd/MM/yyyy HH:mm and forms as yyyy-MM-dd HH:mm', () => {
    expect(formatDay(instant)).toBe('05/01/2026');
    expect(formatDayTime(instant)).toBe('05/01/2026 09:07');
    expect(toInputDateTime(instant)).toBe('2026-01-05 09:07');
    expect(formatDay(null)).toBe('');
  });

  it('reads a typed year-month-day, with or without a time, and refuses dates that do not exist', () => {
    expect(fromInputDateTime('2026-01-05 09:07')).toBe(instant);
    expect(fromInputDateTime('2026-1-5')).toBe(new Date(2026, 0, 5).toISOString());
    expect(fromInputDateTime('  ')).toBeNull();
    for (const wrong of ['2026-02-30', '2026-13-01', '2026-01-05 24:00', '05/01/2026', 'soon']) {
      expect(fromInputDateTime(wrong), wrong).toBe('invalid');
    }
  });
});
