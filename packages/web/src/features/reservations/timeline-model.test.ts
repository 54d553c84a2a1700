import { describe, expect, it } from 'vitest';
import type { Reservation } from '@testbed/contract';
import { buildTimeline, fractionOf, freeWindows, instantAt, startForClick, timelineWindow, windowDays } from './timeline-model';

const person = (userId: number, lastName = `Last${userId}`) => ({ userId, firstname: `First${userId}`, lastName });

function reservation(overrides: Partial<Reservation> & Pick<Reservation, 'reservationId' | 'startDate' | 'endDate'>): Reservation {
  return {
    responsibleUser: person(2),
    users: [],
    submissionDate: new Date(2030, 0, 1).toISOString(),
    description: '',
    reservationType: 'Exclusive',
    deviceReservations: [{ device: { ipAddress: '10.0.1.11', macAddress: '02:00:00:01:00:01', deviceType: 'pi' } }],
    ...overrides,
  };
}

const devices = [
  { macAddress: '02:00:00:01:00:01', ipAddress: '10.0.1.11', up: true },
  { macAddress: '02:00:00:01:00:02', ipAddress: '10.0.1.12', up: true },
  { macAddress: '02:00:00:01:00:03', ipAddress: '10.0.1.13', up: false },
];

const now = new Date(2030, 5, 15, 14, 7);
const window = timelineWindow(now);

describe('booking timeline', () => {
  it('covers seven days from today midnight', () => {
    expect(window.from).toEqual(new Date(2030, 5, 15));
    expect(window.to).toEqual(new Date(2030, 5, 22));
    expect(windowDays(window)).toHaveLength(7);
  });

  it('puts each reservation on the rows of its devices, coloured by whose it is', () => {
    const rows = buildTimeline(
      devices,
      [
        reservation({ reservationId: 1, startDate: new Date(2030, 5, 15, 16).toISOString(), endDate: new Date(2030, 5, 15, 18).toISOString(), users: [person(7)] }),
        reservation({
          reservationId: 2,
          startDate: new Date(2030, 5, 16, 9).toISOString(),
          endDate: new Date(2030, 5, 16, 12).toISOString(),
          reservationType: 'Shared',
          deviceReservations: [
            { device: { ipAddress: '10.0.1.11', macAddress: '02:00:00:01:00:01', deviceType: 'pi' } },
            { device: { ipAddress: '10.0.1.12', macAddress: '02:00:00:01:00:02', deviceType: 'pi' } },
          ],
        }),
        reservation({ reservationId: 3, startDate: new Date(2030, 5, 17, 9).toISOString(), endDate: new Date(2030, 5, 17, 10).toISOString() }),
        // Outside the window: not drawn.
        reservation({ reservationId: 4, startDate: new Date(2030, 6, 1).toISOString(), endDate: new Date(2030, 6, 2).toISOString() }),
      ],
      7,
      window,
    );
    expect(rows.map((row) => row.bars.map((bar) => [bar.reservationId, bar.kind]))).toEqual([
      [
        [1, 'mine'],
        [2, 'shared'],
        [3, 'others'],
      ],
      [[2, 'shared']],
      [],
    ]);
  });

  it('counts a reservation present in two lists once', () => {
    const booked = reservation({ reservationId: 9, startDate: new Date(2030, 5, 15, 16).toISOString(), endDate: new Date(2030, 5, 15, 17).toISOString() });
    const rows = buildTimeline(devices, [booked, booked], 7, window);
    expect(rows[0]?.bars).toHaveLength(1);
  });

  it('maps positions and instants both ways', () => {
    const noon = new Date(2030, 5, 18, 12);
    expect(instantAt(fractionOf(noon, window), window)).toEqual(noon);
    expect(fractionOf(new Date(2029, 0, 1), window)).toBe(0);
  });

  it('proposes the clicked hour as start, or the next quarter hour when it is past', () => {
    const row = { up: true, bars: [] };
    expect(startForClick(row, new Date(2030, 5, 16, 10, 40), now)).toEqual(new Date(2030, 5, 16, 10));
    expect(startForClick(row, new Date(2030, 5, 15, 9, 0), now)).toEqual(new Date(2030, 5, 15, 14, 15));
    expect(startForClick(row, new Date(2030, 5, 15, 14, 50), now)).toEqual(new Date(2030, 5, 15, 14, 15));
  });

  it('proposes nothing on a taken slot or a down device', () => {
    const rows = buildTimeline(
      devices,
      [reservation({ reservationId: 1, startDate: new Date(2030, 5, 16, 9).toISOString(), endDate: new Date(2030, 5, 16, 12).toISOString() })],
      7,
      window,
    );
    expect(startForClick(rows[0]!, new Date(2030, 5, 16, 10, 30), now)).toBeNull();
    expect(startForClick(rows[0]!, new Date(2030, 5, 16, 12, 30), now)).toEqual(new Date(2030, 5, 16, 12));
    expect(startForClick(rows[2]!, new Date(2030, 5, 16, 10), now)).toBeNull();
  });

  it('lists the free windows of a row', () => {
    const rows = buildTimeline(
      devices,
      [
        reservation({ reservationId: 1, startDate: new Date(2030, 5, 16, 9).toISOString(), endDate: new Date(2030, 5, 16, 12).toISOString() }),
        reservation({ reservationId: 2, startDate: new Date(2030, 5, 16, 11).toISOString(), endDate: new Date(2030, 5, 16, 13).toISOString() }),
      ],
      7,
      window,
    );
    expect(freeWindows(rows[0]!, now, window.to)).toEqual([
      { start: now, end: new Date(2030, 5, 16, 9) },
      { start: new Date(2030, 5, 16, 13), end: window.to },
    ]);
    expect(freeWindows(rows[1]!, now, window.to)).toEqual([{ start: now, end: window.to }]);
  });
});
