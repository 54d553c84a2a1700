// The timeline cut from the days kept in memory answers the very bytes that the database's
// reservation_window_json answers for the same window, whatever the window, and forgets a booking's day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { RESERVATION_TIMELINE_MAX } from '@testbed/contract';
import { buildTestApp, createUser, loginAs, type TestContext } from '../../../test/helper.js';
import { addSshKey, bookingBody, DAY, HOUR, syncBuiltInTestbed } from '../../../test/booking.js';
import { insertReservation, reservationTimelineRows, reservationWindowJson } from './repo.js';
import { ReservationListCache, type TimelineWindow } from './list-cache.js';

let ctx: TestContext;
/** A UTC midnight well ahead, the first day of the seeded reservations. */
const firstDay = Math.ceil(Date.now() / DAY) * DAY + 200 * DAY;
const TYPES = ['raspberry-pi-4', 'openwrt-router', 'nrf52840-dk', 'no-such-type'];
/** Instants the windows start and end at: midnights, reservations' starts and ends, and odd times between. */
const instants: number[] = [];

/** A repeatable sequence of pseudo-random integers in [0, n). */
function randomSource(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return Math.floor((state / 2 ** 31) * n);
  };
}

beforeAll(async () => {
  ctx = await buildTestApp();
  const { db } = ctx.database;
  await syncBuiltInTestbed(db);
  const piType = await db.selectFrom('device_types').select('id').where('name', '=', 'raspberry-pi-4').executeTakeFirstOrThrow();
  // A device of the type that has left the inventory: its bookings are not on the timeline.
  await db.insertInto('devices').values({ device_type_id: piType.id, mac_address: '02:00:00:01:00:99', ip_address: '10.0.1.99', in_inventory: false }).execute();
  const devices = await db
    .selectFrom('devices')
    .innerJoin('device_types', 'device_types.id', 'devices.device_type_id')
    .select(['devices.id', 'device_types.name'])
    .where('device_types.name', 'in', ['raspberry-pi-4', 'openwrt-router'])
    .orderBy('devices.id')
    .execute();
  const people = [];
  for (let n = 0; n < 4; n += 1) people.push((await createUser(ctx)).id);
  const shared = await db.selectFrom('reservation_types').select('id').where('label', '=', 'Shared').executeTakeFirstOrThrow();
  const random = randomSource(7);
  const hour = HOUR;
  for (let n = 0; n < 260; n += 1) {
    // Starts on midnights, on hours, on odd milliseconds, and some at the same instant as others.
    const day = firstDay + random(8) * DAY;
    const start = [day, day + random(24) * hour, day + random(DAY), firstDay + 2 * DAY + 12 * hour][random(4)]!;
    // Ends on the next midnight, within hours, across several days.
    const length = [DAY - (start % DAY), (1 + random(30)) * hour, 1 + random(4 * DAY), 3 * DAY][random(4)]!;
    const first = devices[random(devices.length)]!;
    const second = devices[random(devices.length)]!;
    const id = await insertReservation(db, {
      responsibleUserId: people[random(people.length)]!,
      reservationTypeId: shared.id,
      exclusive: false,
      start: new Date(start),
      end: new Date(start + length),
      description: `seeded ${n}`,
      userIds: random(3) === 0 ? [people[random(people.length)]!] : [],
      deviceIds: random(4) === 0 && second.id !== first.id ? [first.id, second.id] : [first.id],
    });
    instants.push(start, start + length);
    // Some end half a millisecond after a millisecond, as a release "now" does: a window from that
    // millisecond still holds them.
    if (n % 7 === 0) {
      await sql`UPDATE reservations SET end_date = end_date + interval '500 microseconds' WHERE id = ${id}`.execute(db);
      await sql`UPDATE reservation_devices SET during = tstzrange(lower(during), upper(during) + interval '500 microseconds', '[)')
        WHERE reservation_id = ${id}`.execute(db);
    }
  }
  for (let day = -1; day <= 12; day += 1) instants.push(firstDay + day * DAY);
  for (let n = 0; n < 40; n += 1) instants.push(firstDay - DAY + random(12 * DAY));
});
afterAll(() => ctx.close());

const shuffle = randomSource(5);
function shuffled<T>(items: T[]): T[] {
  for (let n = items.length - 1; n > 0; n -= 1) {
    const other = shuffle(n + 1);
    [items[n], items[other]] = [items[other]!, items[n]!];
  }
  return items;
}

/** The windows to compare: between two of the instants, at most 31 days long. */
function windows(count: number, seed: number): Array<{ from: number; to: number }> {
  const random = randomSource(seed);
  const found: Array<{ from: number; to: number }> = [];
  while (found.length < count) {
    const a = instants[random(instants.length)]!;
    const b = random(3) === 0 ? a + 1 + random(3 * DAY) : instants[random(instants.length)]!;
    const [from, to] = a < b ? [a, b] : [b, a];
    if (from < to && to - from <= 31 * DAY) found.push({ from, to });
  }
  return found;
}

describe('the timeline cut from days kept in memory', () => {
  it('answers byte for byte what reservation_window_json answers, for many windows, types and limits', async () => {
    const { db, subscribe } = ctx.database;
    const cache = new ReservationListCache();
    await cache.listen(subscribe);
    try {
      let wholeReads = 0;
      let compared = 0;
      let incomplete = 0;
      for (const [n, { from, to }] of windows(120, 11).entries()) {
        // Now and then everything is forgotten, so that windows meet days read by different queries.
        if (n % 25 === 0) cache.forgetAll();
        for (const deviceType of TYPES) {
          for (const limit of [3, 17, RESERVATION_TIMELINE_MAX]) {
            const window: TimelineWindow = { deviceType, from: new Date(from), to: new Date(to), limit };
            const expected = await reservationWindowJson(db, window);
            const answered = await cache.timeline(window, {
              window: () => {
                wholeReads += 1;
                return reservationWindowJson(db, window);
              },
              // The rows come in no promised order: shuffled, the order must come from the cut alone.
              rows: async (range) => shuffled(await reservationTimelineRows(db, { deviceType, ...range })),
            });
            expect(answered.toString(), `${deviceType} ${new Date(from).toISOString()} ${new Date(to).toISOString()} ${limit}`).toBe(expected);
            compared += 1;
            if (expected.endsWith('"complete":false}')) incomplete += 1;
          }
        }
      }
      // Every answer was cut from days, most days came from memory, and the limit was met often.
      expect(wholeReads).toBe(0);
      expect(cache.timelineStats.hits).toBeGreaterThan(cache.timelineStats.misses);
      expect(compared).toBe(120 * TYPES.length * 3);
      expect(incomplete).toBeGreaterThan(50);
    } finally {
      await cache.close();
    }
  });

  it('lists a reservation that holds two devices of the type once, and one that ends where the window starts not at all', async () => {
    const { db, subscribe } = ctx.database;
    const cache = new ReservationListCache();
    await cache.listen(subscribe);
    try {
      const window = { deviceType: 'raspberry-pi-4', from: new Date(firstDay - 10 * DAY), to: new Date(firstDay + 20 * DAY), limit: RESERVATION_TIMELINE_MAX };
      const sources = { window: () => reservationWindowJson(db, window), rows: (range: { from: Date; to: Date; limit: number }) => reservationTimelineRows(db, { deviceType: window.deviceType, ...range }) };
      const ids = (JSON.parse((await cache.timeline(window, sources)).toString()) as { reservations: { reservationId: number }[] }).reservations.map((r) => r.reservationId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBeGreaterThan(50);
    } finally {
      await cache.close();
    }
  });
});

describe('the timeline replies kept by window', () => {
  it('keeps a reply from the second time its window is asked, not the first', async () => {
    const cache = new ReservationListCache();
    await cache.listen(ctx.database.subscribe);
    try {
      const { db } = ctx.database;
      const window = { deviceType: 'raspberry-pi-4', from: new Date(firstDay), to: new Date(firstDay + 7 * DAY), limit: RESERVATION_TIMELINE_MAX };
      const sources = { window: () => reservationWindowJson(db, window), rows: (range: { from: Date; to: Date; limit: number }) => reservationTimelineRows(db, { deviceType: window.deviceType, ...range }) };
      const first = await cache.timeline(window, sources);
      const second = await cache.timeline(window, sources);
      const third = await cache.timeline(window, sources);
      expect(second.equals(first)).toBe(true);
      expect(second).not.toBe(first);
      expect(third).toBe(second);
    } finally {
      await cache.close();
    }
  });
});

describe('the timeline read whole from the database', () => {
  it('when a day holds too many reservations to keep, or the window spans too many days', async () => {
    const cache = new ReservationListCache();
    await cache.listen(ctx.database.subscribe);
    try {
      let ranges = 0;
      const crowded = (count: number) => ({
        window: async () => 'whole',
        rows: async () => {
          ranges += 1;
          return Array.from({ length: count }, (_, n) => ({ id: n + 1, start: firstDay * 1000, spans: [firstDay * 1000, (firstDay + HOUR) * 1000], json: `{"n":${n}}` }));
        },
      });
      const window = (days: number, limit = 2): TimelineWindow => ({ deviceType: 'crowded', from: new Date(firstDay), to: new Date(firstDay + days * DAY), limit });
      expect((await cache.timeline(window(1), crowded(3))).toString()).toBe('{"reservations":[{"n":0}, {"n":1}],"complete":false}');
      cache.forgetAll();
      expect((await cache.timeline(window(1, 3), crowded(5_001))).toString()).toBe('whole');
      // The crowded day is remembered as such: another window over it is read whole without reading the day again.
      expect((await cache.timeline(window(1, 4), crowded(5_001))).toString()).toBe('whole');
      expect(ranges).toBe(2);
      expect((await cache.timeline({ ...window(63), deviceType: 'wide' }, crowded(1))).toString()).toBe('whole');
      expect(ranges).toBe(2);
    } finally {
      await cache.close();
    }
  });
});

describe('GET /api/reservationTimeline/{id} and bookings', () => {
  it('shows a booking made through the API in the next read of a window, and in the windows over its days', async () => {
    const caller = await loginAs(ctx);
    await addSshKey(ctx.database.db, caller.id);
    const monday = firstDay + 30 * DAY;
    const read = async (from: number, to: number) => {
      const reply = await caller.inject({
        method: 'GET',
        url: `/api/reservationTimeline/${caller.id}?deviceType=raspberry-pi-4&from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`,
      });
      expect(reply.statusCode, reply.body).toBe(200);
      return (reply.json() as { reservations: { reservationId: number }[] }).reservations.map((r) => r.reservationId);
    };
    // The week, and another window over the same days, are now kept in memory.
    expect(await read(monday, monday + 7 * DAY)).toEqual([]);
    expect(await read(monday + 3 * HOUR, monday + 2 * DAY)).toEqual([]);
    const start = new Date(monday + DAY + 10 * HOUR);
    const booked = await caller.inject({
      method: 'POST',
      url: '/api/reserveNodes',
      payload: bookingBody({ userId: caller.id, macs: ['02:00:00:01:00:02'], start, end: new Date(start.getTime() + 2 * HOUR) }),
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const id = booked.json().value1 as number;
    expect(await read(monday, monday + 7 * DAY)).toEqual([id]);
    expect(await read(monday + 3 * HOUR, monday + 2 * DAY)).toEqual([id]);
    // A window never read before, over days read before.
    expect(await read(monday + DAY, monday + DAY + 10 * HOUR)).toEqual([]);
    expect(await read(monday + DAY, monday + DAY + 10 * HOUR + 1)).toEqual([id]);

    // Written behind the API (another instance, a script): the database's announcement forgets the days.
    const device = await ctx.database.db.selectFrom('devices').select('id').where('mac_address', '=', '02:00:00:01:00:03').executeTakeFirstOrThrow();
    const type = await ctx.database.db.selectFrom('reservation_types').select('id').where('label', '=', 'Exclusive').executeTakeFirstOrThrow();
    const written = await insertReservation(ctx.database.db, {
      responsibleUserId: caller.id,
      reservationTypeId: type.id,
      exclusive: true,
      start: new Date(monday + 3 * DAY),
      end: new Date(monday + 3 * DAY + HOUR),
      description: 'written behind the API',
      userIds: [],
      deviceIds: [device.id],
    });
    const poll = { timeout: 2_000, interval: 20 };
    await expect.poll(() => read(monday, monday + 7 * DAY), poll).toEqual([id, written]);
    expect(await read(monday + 2 * DAY, monday + 4 * DAY)).toEqual([written]);
  });
});
