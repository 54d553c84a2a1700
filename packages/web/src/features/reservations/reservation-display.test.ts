import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../shared/time';
import { deviceList, durationOf, involves } from './reservation-display';

const device = (ipAddress: string, macAddress: string) => ({ device: { ipAddress, macAddress, deviceType: 'pi' } });

describe('reservation display', () => {
  const originalZone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalZone;
  });

  it('writes dates in the browser’s zone when the profile names none', () => {
    process.env.TZ = 'Asia/Tokyo';
    expect(formatDateTime('2030-06-15T22:05:00.000Z')).toMatch(/16.*7:05/);
    process.env.TZ = 'America/New_York';
    expect(formatDateTime('2030-06-15T22:05:00.000Z')).toMatch(/15.*(6:05 PM|18:05)/);
    expect(formatDateTime('not a date')).toBe('');
  });

  it('writes the duration as people write it', () => {
    expect(durationOf({ startDate: '2030-06-15T08:00:00Z', endDate: '2030-06-16T09:45:00Z' })).toBe('1 day 1 h 45 min');
    expect(durationOf({ startDate: '2030-06-15T08:00:00Z', endDate: '2030-06-15T08:30:00Z' })).toBe('30 min');
    expect(durationOf({ startDate: '2030-06-15T08:00:00Z', endDate: '2030-06-15T09:00:00Z' })).toBe('1 h');
    expect(durationOf({ startDate: '2030-06-15T08:00:00Z', endDate: '2030-06-15T09:30:00Z' })).toBe('1 h 30 min');
    expect(durationOf({ startDate: '2030-06-15T08:00:00Z', endDate: '2030-06-17T11:00:00Z' })).toBe('2 days 3 h');
  });

  it('takes its words from the catalogue of the reader', () => {
    const french = { day: (n: number) => (n === 1 ? 'jour' : 'jours'), hour: 'h', minute: 'min' };
    expect(durationOf({ startDate: '2030-06-15T08:00:00Z', endDate: '2030-06-17T11:00:00Z' }, french)).toBe('2 jours 3 h');
  });

  it('lists each device IP once, joined by " / "', () => {
    expect(
      deviceList({
        deviceReservations: [device('10.0.1.11', '02:00:00:01:00:01'), device('10.0.1.12', '02:00:00:01:00:02'), device('10.0.1.11', '02:00:00:01:00:01')],
      }),
    ).toBe('10.0.1.11 / 10.0.1.12');
    expect(deviceList({ deviceReservations: [] })).toBe('');
  });

  it('knows who takes part', () => {
    const reservation = { responsibleUser: { userId: 1, firstname: 'A', lastName: 'B' }, users: [{ userId: 2, firstname: 'C', lastName: 'D' }] };
    expect(involves(reservation, 1)).toBe(true);
    expect(involves(reservation, 2)).toBe(true);
    expect(involves(reservation, 3)).toBe(false);
  });
});
