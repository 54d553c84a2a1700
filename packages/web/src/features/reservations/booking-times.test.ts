import { afterEach, describe, expect, it } from 'vitest';
import {
  changeTimeField,
  durationSeconds,
  emptyTimeFields,
  initialTimeFields,
  minimumStartHour,
  nextQuarterHour,
  normaliseHour,
  timeRules,
  toInstant,
  type TimeFields,
} from './booking-times';

const fields = (overrides: Partial<TimeFields>): TimeFields => ({ ...emptyTimeFields, ...overrides });

describe('linked start, duration and end', () => {
  it('gives the end from the start plus the duration', () => {
    const next = changeTimeField(
      fields({ startDate: '2030-03-10', durationHour: '2', durationMinute: '30' }),
      'startHour',
      '22:00',
    );
    expect(next).toMatchObject({ endDate: '2030-03-11', endHour: '00:30' });
  });

  it('recomputes the end when the duration changes', () => {
    const start = fields({ startDate: '2030-03-10', startHour: '09:00', durationHour: '1', durationMinute: '0' });
    expect(changeTimeField(start, 'durationMinute', '45')).toMatchObject({ endDate: '2030-03-10', endHour: '10:45' });
    expect(changeTimeField(start, 'durationHour', '26')).toMatchObject({ endDate: '2030-03-11', endHour: '11:00' });
  });

  it('counts empty duration fields as 0', () => {
    expect(durationSeconds('', '')).toBe(0);
    expect(durationSeconds('3', '')).toBe(3 * 3600);
    expect(durationSeconds('', '5')).toBe(300);
    const next = changeTimeField(fields({ startDate: '2030-03-10', durationMinute: '15' }), 'startHour', '08:00');
    expect(next).toMatchObject({ endDate: '2030-03-10', endHour: '08:15' });
  });

  it('rejects durations that do not match the patterns', () => {
    expect(durationSeconds('1.5', '0')).toBeNull();
    expect(durationSeconds('1', '60')).toBeNull();
    expect(durationSeconds('1', '123')).toBeNull();
    const start = fields({ startDate: '2030-03-10', startHour: '09:00', endDate: '2030-03-10', endHour: '10:00' });
    // An invalid duration leaves the end untouched rather than guessing.
    expect(changeTimeField(start, 'durationMinute', '75')).toMatchObject({ endHour: '10:00', durationMinute: '75' });
  });

  it('gives the duration from the end and the start', () => {
    const start = fields({ startDate: '2030-03-10', startHour: '09:00', durationHour: '1', durationMinute: '0' });
    const moved = changeTimeField(changeTimeField(start, 'endDate', '2030-03-12'), 'endHour', '10:20');
    expect(moved).toMatchObject({ durationHour: '49', durationMinute: '20', endDate: '2030-03-12', endHour: '10:20' });
  });

  it('gives the start from the end minus the duration when there is no start', () => {
    const next = changeTimeField(
      fields({ durationHour: '3', durationMinute: '0', endDate: '2030-03-10' }),
      'endHour',
      '02:00',
    );
    expect(next).toMatchObject({ startDate: '2030-03-09', startHour: '23:00' });
  });

  it('keeps the duration when the end is moved before the start', () => {
    const start = fields({ startDate: '2030-03-10', startHour: '09:00', durationHour: '1', durationMinute: '0', endDate: '2030-03-10', endHour: '10:00' });
    const next = changeTimeField(start, 'endHour', '08:00');
    expect(next).toMatchObject({ durationHour: '1', durationMinute: '0', endHour: '08:00' });
    expect(timeRules(next, new Date(2030, 0, 1)).endLaterThanStart).toBe(false);
  });

  it('accepts the time picker value with seconds', () => {
    expect(normaliseHour('07:05:00')).toBe('07:05');
    expect(normaliseHour('7:5')).toBe('07:05');
    expect(normaliseHour('24:00')).toBe('');
    expect(normaliseHour('')).toBe('');
  });
});

describe('daylight-saving changes', () => {
  const originalZone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalZone;
  });

  it('adds the duration as elapsed time across the spring change', () => {
    process.env.TZ = 'Europe/Paris';
    // 2030-03-31 02:00 does not exist in Paris: 4 hours after 00:00 is 05:00 on the wall clock.
    const next = changeTimeField(
      fields({ startDate: '2030-03-31', durationHour: '4', durationMinute: '0' }),
      'startHour',
      '00:00',
    );
    expect(next).toMatchObject({ endDate: '2030-03-31', endHour: '05:00' });
  });
});

describe('time rules', () => {
  const now = new Date(2030, 5, 15, 14, 7, 30);

  it('offers the current time as the minimum hour today, midnight on other days', () => {
    expect(minimumStartHour('2030-06-15', now)).toBe('14:07');
    expect(minimumStartHour('2030-06-16', now)).toBe('00:00');
    expect(minimumStartHour(null, now)).toBe('00:00');
  });

  it('flags a start that is not later than now', () => {
    const past = fields({ startDate: '2030-06-15', startHour: '14:07', endDate: '2030-06-15', endHour: '15:00' });
    expect(timeRules(past, now)).toEqual({ startLaterThanNow: false, endLaterThanStart: true });
    const future = { ...past, startHour: '14:08' };
    expect(timeRules(future, now).startLaterThanNow).toBe(true);
  });

  it('flags an end that is not after the start', () => {
    const same = fields({ startDate: '2030-06-16', startHour: '10:00', endDate: '2030-06-16', endHour: '10:00' });
    expect(timeRules(same, now)).toEqual({ startLaterThanNow: true, endLaterThanStart: false });
  });

  it('says nothing while the start is incomplete', () => {
    expect(timeRules(fields({ startDate: '2030-06-16' }), now)).toEqual({ startLaterThanNow: null, endLaterThanStart: null });
  });

  it('starts a new form at the next quarter hour for one hour', () => {
    expect(nextQuarterHour(new Date(2030, 5, 15, 14, 0, 0))).toEqual(new Date(2030, 5, 15, 14, 15));
    expect(nextQuarterHour(new Date(2030, 5, 15, 23, 50, 0))).toEqual(new Date(2030, 5, 16, 0, 0));
    const initial = initialTimeFields(now);
    expect(initial).toEqual({
      startDate: '2030-06-15',
      startHour: '14:15',
      durationHour: '1',
      durationMinute: '0',
      endDate: '2030-06-15',
      endHour: '15:15',
    });
    expect(timeRules(initial, now)).toEqual({ startLaterThanNow: true, endLaterThanStart: true });
    expect(toInstant(initial.startDate, initial.startHour)).toEqual(new Date(2030, 5, 15, 14, 15));
  });
});
