import { afterEach, describe, expect, it } from 'vitest';
import { saveSession, clearSession } from './session';
import { signinReply } from '../test/app';
import { browserTimeZone, displayTimeZone, formatDateTime, formatDay, fromInputDateTime, toInputDateTime, zoneLabel } from './time';

afterEach(() => clearSession());

describe('one way to show time', () => {
  const instant = new Date(2026, 0, 5, 9, 7).toISOString();

  it("shows days and times in the reader's locale and the browser's zone, and typed dates as yyyy-MM-dd HH:mm", () => {
    const locale = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    expect(formatDateTime(instant)).toBe(locale.format(new Date(instant)));
    expect(formatDay(instant)).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(instant)));
    expect(toInputDateTime(instant)).toBe('2026-01-05 09:07');
    expect(formatDay(null)).toBe('');
    expect(displayTimeZone()).toBe(browserTimeZone());
  });

  it("follows the profile's time zone once the session carries one, for showing and for reading typed dates", () => {
    saveSession(signinReply({ timeZone: 'Asia/Kolkata' }));
    expect(displayTimeZone()).toBe('Asia/Kolkata');
    expect(toInputDateTime('2026-01-05T00:00:00.000Z')).toBe('2026-01-05 05:30');
    expect(fromInputDateTime('2026-01-05 05:30')).toBe('2026-01-05T00:00:00.000Z');
    expect(formatDateTime('2026-01-05T00:00:00.000Z')).toContain('5:30');
    expect(zoneLabel(Date.parse('2026-01-05T00:00:00.000Z'))).toBe('Asia/Kolkata (UTC+05:30)');
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
