// Scheduling beyond the booking form: the earliest free slots, moving the end of a reservation, releasing
// it, booking from now, and the usage policies that bind all of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type FreeSlotsReply, type Reservation } from '@testbed/contract';
import { addSshKey, at, bookingBody, HOUR, syncBuiltInTestbed } from '../../../test/booking.js';
import { buildTestApp, loginAs, type TestContext } from '../../../test/helper.js';
import { insertMaintenance } from '../maintenance/repo.js';
import { insertReservation } from './repo.js';

type Caller = Awaited<ReturnType<typeof loginAs>>;
let ctx: TestContext;
let user: Caller;
let other: Caller;
let admin: Caller;
const MINUTE = 60_000;

beforeAll(async () => {
  ctx = await buildTestApp();
  await syncBuiltInTestbed(ctx.database.db);
  user = await loginAs(ctx);
  other = await loginAs(ctx);
  admin = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
  for (const caller of [user, other, admin]) await addSshKey(ctx.database.db, caller.id);
});
afterAll(() => ctx.close());

const router = (n: number) => `02:00:00:02:00:0${n}`;
const pi = (n: number) => `02:00:00:01:00:0${n}`;
const nrf = (n: number) => `02:00:00:03:00:0${n}`;

async function book(caller: Caller, macs: string[], start: Date, end: Date, type = 'Exclusive') {
  const reply = await caller.inject({ method: 'POST', url: '/api/reserveNodes', payload: bookingBody({ userId: caller.id, macs, start, end, type }) });
  return { status: reply.statusCode, body: reply.json() as { value0: boolean; value1: number | string[] } };
}

async function bookOk(caller: Caller, macs: string[], start: Date, end: Date, type = 'Exclusive'): Promise<number> {
  const reply = await book(caller, macs, start, end, type);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.value1 as number;
}

const freeSlots = (caller: Caller, query: Record<string, string | number>) =>
  caller.inject({ method: 'GET', url: '/api/freeSlots', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });

const changeEnd = (caller: Caller, id: number, endDate: Date) =>
  caller.inject({ method: 'POST', url: `/api/reservations/${id}/end`, payload: { endDate: endDate.toISOString() } });

describe('GET /api/freeSlots', () => {
  it('answers the first window where count devices are free, which can be booked at once', async () => {
    const from = at(10);
    // Six of the seven routers that are up are busy for three hours; the seventh is free.
    await bookOk(other, [1, 2, 3, 4, 5, 7].map(router), from, new Date(from.getTime() + 3 * HOUR));
    const one = await freeSlots(user, { deviceType: 'openwrt-router', count: 1, durationMinutes: 60, from: from.toISOString() });
    expect(one.statusCode).toBe(200);
    const first = (one.json() as FreeSlotsReply).slots[0]!;
    expect(first.start).toBe(from.toISOString());
    expect(first.devices.map((device) => device.macAddress)).toEqual([router(8)]);

    const two = (await freeSlots(user, { deviceType: 'openwrt-router', count: 2, durationMinutes: 60, from: from.toISOString() })).json() as FreeSlotsReply;
    expect(two.slots.length).toBeGreaterThan(0);
    expect(two.slots.length).toBeLessThanOrEqual(5);
    expect(two.slots[0]!.start).toBe(new Date(from.getTime() + 3 * HOUR).toISOString());
    expect(two.slots[0]!.end).toBe(new Date(from.getTime() + 4 * HOUR).toISOString());
    expect(two.slots[0]!.devices).toHaveLength(2);
    // Down devices (router 6) are never offered.
    expect(two.slots.flatMap((slot) => slot.devices.map((device) => device.macAddress))).not.toContain(router(6));

    const slot = two.slots[0]!;
    await bookOk(user, slot.devices.map((device) => device.macAddress), new Date(slot.start), new Date(slot.end));
  });

  it('lets a Shared search overlap Shared bookings but not Exclusive ones', async () => {
    const from = at(12);
    await bookOk(other, [nrf(1)], from, new Date(from.getTime() + 2 * HOUR), 'Shared');
    const shared = (await freeSlots(user, { deviceType: 'nrf52840-dk', count: 6, durationMinutes: 60, from: from.toISOString(), mode: 'Shared' })).json() as FreeSlotsReply;
    expect(shared.slots[0]!.start).toBe(from.toISOString());
    const exclusive = (await freeSlots(user, { deviceType: 'nrf52840-dk', count: 6, durationMinutes: 60, from: from.toISOString() })).json() as FreeSlotsReply;
    expect(exclusive.slots[0]!.start).toBe(new Date(from.getTime() + 2 * HOUR).toISOString());
  });

  it('answers the windows soonest first, one per end of a booking in the way, however far ahead they are', async () => {
    // Every nRF board that is up is busy from `from`, the k-th for k days: one board frees up each day, so the
    // search has to read beyond its first day to find five windows.
    const nodes = (await user.inject({ method: 'GET', url: '/api/getNodesToReserve' })).json() as Record<string, Record<string, { up: boolean }>>;
    const up = Object.entries(nodes['nrf52840-dk']!).filter(([, node]) => node.up).map(([mac]) => mac).sort();
    expect(up.length).toBeGreaterThanOrEqual(5);
    const from = at(20);
    for (const [index, mac] of up.entries()) await bookOk(other, [mac], from, new Date(from.getTime() + (index + 1) * 24 * HOUR));
    const reply = (await freeSlots(user, { deviceType: 'nrf52840-dk', count: 1, durationMinutes: 60, from: from.toISOString() })).json() as FreeSlotsReply;
    expect(reply.slots.map((slot) => slot.start)).toEqual([1, 2, 3, 4, 5].map((days) => new Date(from.getTime() + days * 24 * HOUR).toISOString()));
    // Each window offers a board already freed at its start.
    reply.slots.forEach((slot, index) => expect(up.slice(0, index + 1)).toContain(slot.devices[0]!.macAddress));
  });

  it('sees at once a booking, a maintenance or a usage policy written behind the API', async () => {
    const { db } = ctx.database;
    const from = at(30);
    const firstStart = async (durationMinutes = 60) => {
      const reply = await freeSlots(user, { deviceType: 'openwrt-router', count: 7, durationMinutes, from: from.toISOString() });
      return reply.statusCode === 200 ? (reply.json() as FreeSlotsReply).slots[0]!.start : reply.json().message;
    };
    const hours = (n: number) => new Date(from.getTime() + n * HOUR).toISOString();
    expect(await firstStart()).toBe(hours(0));
    const deviceId = async (mac: string) => (await db.selectFrom('devices').select('id').where('mac_address', '=', mac).executeTakeFirstOrThrow()).id;
    const exclusive = await db.selectFrom('reservation_types').select('id').where('label', '=', 'Exclusive').executeTakeFirstOrThrow();
    // Written as another instance or a script would.
    const [first, second] = [await deviceId(router(1)), await deviceId(router(2))];
    await db.transaction().execute((tx) =>
      insertReservation(tx, {
        responsibleUserId: other.id,
        reservationTypeId: exclusive.id,
        exclusive: true,
        start: from,
        end: new Date(from.getTime() + 2 * HOUR),
        description: 'written behind the API',
        userIds: [],
        deviceIds: [first],
      }),
    );
    expect(await firstStart()).toBe(hours(2));
    await db.transaction().execute((tx) =>
      insertMaintenance(tx, { reason: 'new antennas', start: new Date(from.getTime() + 2 * HOUR), end: new Date(from.getTime() + 3 * HOUR), deviceTypeId: null, createdBy: admin.id, deviceIds: [second] }),
    );
    expect(await firstStart()).toBe(hours(3));

    const type = await db.selectFrom('device_types').select('id').where('name', '=', 'openwrt-router').executeTakeFirstOrThrow();
    await db.insertInto('usage_policies').values({ device_type_id: type.id, group_id: null, max_duration_minutes: 30 }).execute();
    expect(await firstStart()).toBe('durationMinutes: Usage policy of openwrt-router: a reservation lasts at most 30 min.');
    const mine = await user.inject({ method: 'GET', url: `/api/usagePolicies/mine?userId=${user.id}` });
    expect(mine.json()).toMatchObject({ 'openwrt-router': { maxDurationMinutes: 30 } });
    await db.deleteFrom('usage_policies').where('device_type_id', '=', type.id).execute();
    expect(await firstStart()).toBe(hours(3));
  });

  it('answers no window when fewer devices are up than asked', async () => {
    const reply = await freeSlots(user, { deviceType: 'raspberry-pi-4', count: 8, durationMinutes: 30 });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ slots: [] });
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ deviceType: 'openwrt-router', count: 0, durationMinutes: 60 }, 'count'],
      [{ deviceType: 'openwrt-router', count: 9, durationMinutes: 60 }, 'count'],
      [{ deviceType: 'no-such-type', count: 1, durationMinutes: 60 }, 'deviceType'],
      [{ deviceType: 'openwrt-router', count: 1, durationMinutes: 0 }, 'durationMinutes'],
      [{ deviceType: 'openwrt-router', count: 1, durationMinutes: 60, from: at(3).toISOString(), to: at(2).toISOString() }, 'to'],
      [{ deviceType: 'openwrt-router', count: 1, durationMinutes: 60, mode: 'Sometimes' }, 'mode'],
    ];
    for (const [query, field] of cases) {
      const reply = await freeSlots(user, query);
      expect(reply.statusCode, JSON.stringify(query)).toBe(400);
      expect(Object.keys(reply.json().fieldErrors ?? {}), JSON.stringify(query)).toContain(field);
    }
  });
});

describe('POST /api/reservations/{id}/end', () => {
  it('extends while the devices stay free, names the booking in the way, and shortens', async () => {
    const start = at(20);
    const id = await bookOk(user, [pi(1)], start, new Date(start.getTime() + HOUR));
    const blocker = await bookOk(other, [pi(1)], new Date(start.getTime() + 2 * HOUR), new Date(start.getTime() + 3 * HOUR));

    const extended = await changeEnd(user, id, new Date(start.getTime() + 2 * HOUR));
    expect(extended.statusCode).toBe(200);
    expect((extended.json() as Reservation).endDate).toBe(new Date(start.getTime() + 2 * HOUR).toISOString());

    const refused = await changeEnd(user, id, new Date(start.getTime() + 2 * HOUR + 30 * MINUTE));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(pi(1));
    expect(refused.json().message).toContain(`reservation ${blocker}`);

    const shortened = await changeEnd(user, id, new Date(start.getTime() + 30 * MINUTE));
    expect(shortened.statusCode).toBe(200);
    const beforeStart = await changeEnd(user, id, new Date(start.getTime() - MINUTE));
    expect(beforeStart.statusCode).toBe(400);
    expect(beforeStart.json().fieldErrors).toHaveProperty('endDate');
  });

  it('is for the holder or an administrator', async () => {
    const start = at(21);
    const id = await bookOk(user, [pi(2)], start, new Date(start.getTime() + HOUR));
    expect((await changeEnd(other, id, new Date(start.getTime() + 2 * HOUR))).statusCode).toBe(403);
    expect((await changeEnd(admin, id, new Date(start.getTime() + 2 * HOUR))).statusCode).toBe(200);
    expect((await changeEnd(user, 2_000_000, new Date(start.getTime() + 2 * HOUR))).statusCode).toBe(404);
  });

  it('lets the database decide a race for a free window: one of 20 parallel claims wins and nothing overlaps', async () => {
    const start = at(22);
    const id = await bookOk(user, [pi(3)], start, new Date(start.getTime() + HOUR));
    const gapEnd = new Date(start.getTime() + 2 * HOUR);
    // One extension of the reservation before the window and nineteen bookings of the window itself.
    const claims = await Promise.all([
      changeEnd(user, id, gapEnd).then((reply) => reply.statusCode),
      ...Array.from({ length: 19 }, () => book(other, [pi(3)], new Date(start.getTime() + HOUR), gapEnd).then((reply) => reply.status)),
    ]);
    expect(claims.filter((status) => status === 200)).toHaveLength(1);
    expect(claims.filter((status) => status === 409)).toHaveLength(19);
    const rows = await ctx.database.db
      .selectFrom('reservation_devices')
      .innerJoin('devices', 'devices.id', 'reservation_devices.device_id')
      .select(['reservation_devices.reservation_id'])
      .where('devices.mac_address', '=', pi(3))
      .execute();
    expect(rows.length).toBeLessThanOrEqual(2);
  });
});

describe('booking from now and releasing', () => {
  it('starts a "Now" booking at once, so that the device can be flashed straight away, then releases it', async () => {
    const body = bookingBody({ userId: user.id, macs: [pi(4)], start: at(1), end: at(1, 1) });
    body.nodesBookingForm.startNow = true;
    const booked = await user.inject({ method: 'POST', url: '/api/reserveNodes', payload: body });
    expect(booked.statusCode).toBe(200);
    const id = booked.json().value1 as number;
    const row = await ctx.database.db.selectFrom('reservations').select(['start_date', 'end_date']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(Math.abs(new Date(row.start_date).getTime() - Date.now())).toBeLessThan(5_000);
    expect(new Date(row.end_date).getTime() - new Date(row.start_date).getTime()).toBe(HOUR);

    const flash = await user.inject({ method: 'POST', url: '/api/flashNodes', payload: { deviceType: 'raspberry-pi-4', device: pi(4), image: 'raspios-bookworm-lite' } });
    expect(flash.statusCode, flash.body).toBe(200);

    expect((await other.inject({ method: 'POST', url: `/api/reservations/${id}/release` })).statusCode).toBe(403);
    const released = await user.inject({ method: 'POST', url: `/api/reservations/${id}/release` });
    expect(released.statusCode).toBe(200);
    expect(new Date((released.json() as Reservation).endDate).getTime()).toBeLessThanOrEqual(Date.now());
    // It stays in the history.
    const history = await user.inject({ method: 'GET', url: `/api/userReservations/${user.id}?all=true` });
    expect((history.json() as Reservation[]).some((reservation) => reservation.reservationId === id)).toBe(true);
    expect((await user.inject({ method: 'POST', url: `/api/reservations/${id}/release` })).statusCode).toBe(400);
  });

  it('refuses to release a reservation that has not started', async () => {
    const id = await bookOk(user, [pi(5)], at(30), at(30, 1));
    const reply = await user.inject({ method: 'POST', url: `/api/reservations/${id}/release` });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toMatch(/not started/);
  });
});

describe('usage policies', () => {
  const setPolicy = (policy: Record<string, unknown>) =>
    admin.inject({
      method: 'PUT',
      url: '/api/usagePolicies',
      payload: { groupId: null, maxDurationMinutes: null, maxDaysAhead: null, maxDevicesAtOnce: null, maxDeviceHoursPerWeek: null, ...policy },
    });

  beforeAll(async () => {
    expect((await setPolicy({ deviceType: 'raspberry-pi-4', maxDurationMinutes: 120, maxDaysAhead: 60, maxDevicesAtOnce: 2 })).statusCode).toBe(200);
    expect((await setPolicy({ deviceType: 'nrf52840-dk', maxDeviceHoursPerWeek: 4 })).statusCode).toBe(200);
  });

  it('shows the user the limits that bind them, and only administrators set them', async () => {
    const mine = await user.inject({ method: 'GET', url: `/api/usagePolicies/mine?userId=${user.id}` });
    expect(mine.json()).toMatchObject({ 'raspberry-pi-4': { maxDurationMinutes: 120, maxDaysAhead: 60, maxDevicesAtOnce: 2 } });
    expect((await user.inject({ method: 'GET', url: '/api/usagePolicies' })).statusCode).toBe(403);
    expect((await user.inject({ method: 'PUT', url: '/api/usagePolicies', payload: { deviceType: 'raspberry-pi-4', groupId: null, maxDurationMinutes: 9999, maxDaysAhead: null, maxDevicesAtOnce: null, maxDeviceHoursPerWeek: null } })).statusCode).toBe(403);
    expect((await setPolicy({ deviceType: 'no-such-type', maxDurationMinutes: 1 })).json().fieldErrors).toHaveProperty('deviceType');
  });

  it('refuses a limit out of its bounds with a 400 naming the field as the form labels it', async () => {
    const reply = await setPolicy({ deviceType: 'raspberry-pi-4', maxDurationMinutes: 0 });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().fieldErrors).toEqual({ maxDurationMinutes: [`${messages.MAX_DURATION_MINUTES} is a whole number from 1 to 527040, or empty for no limit`] });
  });

  it('allows the longest reservation and refuses one minute more, naming the rule and its limit', async () => {
    const start = at(40);
    await bookOk(user, [pi(1)], start, new Date(start.getTime() + 2 * HOUR));
    const over = await book(user, [pi(2)], start, new Date(start.getTime() + 2 * HOUR + MINUTE));
    expect(over.status).toBe(400);
    expect(over.body.value1).toEqual(['Usage policy of raspberry-pi-4: a reservation lasts at most 2 h.']);
  });

  it('allows booking as far ahead as the policy says and refuses a day more', async () => {
    await bookOk(user, [pi(7)], at(59, 20), at(59, 21));
    const over = await book(user, [pi(7)], at(61), at(61, 1));
    expect(over.status).toBe(400);
    expect((over.body.value1 as string[])[0]).toContain('at most 60 days ahead');
  });

  it('counts the devices held at once with the other reservations of that time', async () => {
    const start = at(45);
    await bookOk(user, [pi(1), pi(2)], start, new Date(start.getTime() + HOUR));
    const third = await book(user, [pi(3)], new Date(start.getTime() + 30 * MINUTE), new Date(start.getTime() + 90 * MINUTE));
    expect(third.status).toBe(400);
    expect((third.body.value1 as string[])[0]).toContain('at most 2 device(s) held at once');
    // Administrators are not bound.
    await bookOk(admin, [pi(3), pi(5), pi(8)], start, new Date(start.getTime() + 3 * HOUR));
  });

  it('counts device-hours per week: up to the limit, not one more', async () => {
    // A Monday far enough ahead that nothing else of the user's falls in its week.
    const monday = new Date(at(70));
    monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7));
    monday.setUTCHours(8, 0, 0, 0);
    await bookOk(user, [nrf(2), nrf(3)], monday, new Date(monday.getTime() + 2 * HOUR));
    const more = await book(user, [nrf(4)], new Date(monday.getTime() + 24 * HOUR), new Date(monday.getTime() + 25 * HOUR));
    expect(more.status).toBe(400);
    expect((more.body.value1 as string[])[0]).toContain('at most 4 device-hours a week');
  });

  it('binds extensions and free-slot searches too, and a group policy grants more', async () => {
    const start = at(48);
    const id = await bookOk(user, [pi(7)], start, new Date(start.getTime() + HOUR));
    const longer = await changeEnd(user, id, new Date(start.getTime() + 3 * HOUR));
    expect(longer.statusCode).toBe(400);
    expect(longer.json().message).toContain('at most 2 h');
    const search = await freeSlots(user, { deviceType: 'raspberry-pi-4', count: 1, durationMinutes: 180 });
    expect(search.statusCode).toBe(400);
    expect(search.json().fieldErrors).toHaveProperty('durationMinutes');

    const group = await ctx.database.db.insertInto('groups').values({ name: `Long runs ${user.id}` }).returning('id').executeTakeFirstOrThrow();
    await ctx.database.db.insertInto('group_members').values({ group_id: group.id, user_id: user.id }).execute();
    expect((await setPolicy({ deviceType: 'raspberry-pi-4', groupId: group.id, maxDurationMinutes: 240, maxDevicesAtOnce: 2 })).statusCode).toBe(200);
    expect((await changeEnd(user, id, new Date(start.getTime() + 3 * HOUR))).statusCode).toBe(200);
  });
});
