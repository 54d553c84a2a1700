import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { messages, RESERVATION_TIMELINE_MAX, reservationListSchema, reservationSchema, reservationTimelineSchema } from '@testbed/contract';
import { buildTestApp, createUser, loginAs, type TestContext } from '../../../test/helper.js';
import { addSshKey, at, bookingBody, clockIn, DAY, HOUR, syncBuiltInTestbed, type BookingOptions } from '../../../test/booking.js';
import { loadTestbed } from '../../testbed/testbed-file.js';
import { SimulatorDriver } from '../../testbed/simulator.js';
import { insertReservation, listReservationsJson, reservationJson, reservationWindowEntries, reservationWindowJson } from './repo.js';
import { ReservationReplyCache } from './reply-cache.js';
import { ReservationService } from './service.js';

// Devices of the built-in simulated testbed (src/testbed/simulated-testbed.json).
const PI = (n: number) => `02:00:00:01:00:0${n}`;
const ROUTER = (n: number) => `02:00:00:02:00:0${n}`;
const PI_DOWN = PI(6);

let ctx: TestContext;
type Caller = Awaited<ReturnType<typeof loginAs>>;
let alice: Caller;
let bob: Caller;
let admin: Caller;

async function booker(options: Parameters<typeof loginAs>[1] = {}) {
  const caller = await loginAs(ctx, options);
  await addSshKey(ctx.database.db, caller.id);
  return caller;
}

function book(caller: Caller, options: Omit<BookingOptions, 'userId'> & { userId?: number }) {
  return caller.inject({ method: 'POST', url: '/api/reserveNodes', payload: bookingBody({ userId: caller.id, ...options }) });
}

async function reservationCount() {
  const row = await ctx.database.db.selectFrom('reservations').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}

async function list(caller: Caller, path: string) {
  const reply = await caller.inject({ method: 'GET', url: path });
  expect(reply.statusCode, reply.body).toBe(200);
  return reservationListSchema.parse(reply.json());
}

beforeAll(async () => {
  ctx = await buildTestApp();
  await syncBuiltInTestbed(ctx.database.db);
  alice = await booker();
  bob = await booker();
  admin = await booker({ roles: ['ADMIN', 'USER'] });
});
afterAll(() => ctx.close());

describe('GET /api/getNodesToReserve', () => {
  it('answers device type → MAC → {ip, up}, types by name and devices by IP, with the driver up flags', async () => {
    const reply = await alice.inject({ method: 'GET', url: '/api/getNodesToReserve' });
    expect(reply.statusCode).toBe(200);
    const nodes = reply.json();
    expect(Object.keys(nodes)).toEqual(['nrf52840-dk', 'openwrt-router', 'raspberry-pi-4']);
    expect(Object.entries(nodes['raspberry-pi-4'])).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => [PI(n), { ip: `10.0.1.1${n}`, up: n !== 6 }]),
    );
    expect(nodes['nrf52840-dk']['02:00:00:03:00:08']).toEqual({ ip: '10.0.3.18', up: false });
  });

  it('lists only the devices of the testbed file', async () => {
    const type = await ctx.database.db.selectFrom('device_types').select('id').where('name', '=', 'openwrt-router').executeTakeFirstOrThrow();
    await ctx.database.db
      .insertInto('devices')
      .values({ device_type_id: type.id, mac_address: '02:00:00:09:00:01', ip_address: '10.0.9.11', in_inventory: false })
      .execute();
    const nodes = (await alice.inject({ method: 'GET', url: '/api/getNodesToReserve' })).json();
    expect(Object.keys(nodes['openwrt-router'])).toHaveLength(8);
    expect(nodes['openwrt-router']).not.toHaveProperty('02:00:00:09:00:01');
  });

  it('is closed to anonymous callers', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/getNodesToReserve' })).statusCode).toBe(401);
  });

  it('follows the driver: a device going down or coming back shows at once', async () => {
    const driver = new SimulatorDriver(await loadTestbed(undefined));
    const service = new ReservationService(ctx.database.db, driver);
    const upOf = async () => JSON.parse((await service.nodesToReserveJson()).toString())['raspberry-pi-4'][PI(3)].up;
    expect(await upOf()).toBe(true);
    driver.setUp(PI(3), false);
    expect(await upOf()).toBe(false);
    driver.setUp(PI(3), true);
    expect(await upOf()).toBe(true);
    // Nobody signed in never reaches the service: the authentication hook answers first.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/getNodesToReserve' })).statusCode).toBe(401);
  });
});

describe('GET /api/reservationTypes', () => {
  it('answers the seeded Exclusive and Shared types', async () => {
    const reply = await alice.inject({ method: 'GET', url: '/api/reservationTypes' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().map((type: { label: string; exclusive: boolean }) => [type.label, type.exclusive])).toEqual([
      ['Exclusive', true],
      ['Shared', false],
    ]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/reservationTypes' })).statusCode).toBe(401);
  });
});

describe('POST /api/reserveNodes', () => {
  it('books the devices and answers value0 true with the new id and the stored window; the booking is stored and audited', async () => {
    const start = at(1);
    const reply = await book(alice, { macs: [PI(1), PI(2)], start, end: new Date(start.getTime() + 2 * HOUR), description: 'Ada’s first run (antenna test): 2/3, “café”?' });
    expect(reply.statusCode, reply.body).toBe(200);
    const { value0, value1 } = reply.json();
    expect(value0).toBe(true);
    expect(typeof value1).toBe('number');

    const mine = await list(alice, `/api/userReservations/${alice.id}`);
    const booked = mine.find((reservation) => reservation.reservationId === value1)!;
    // The reply gives the window as stored.
    expect(reply.json()).toMatchObject({ startDate: booked.startDate, endDate: booked.endDate });
    expect(booked).toMatchObject({
      responsibleUser: { userId: alice.id },
      users: [],
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 2 * HOUR).toISOString(),
      description: 'Ada’s first run (antenna test): 2/3, “café”?',
      reservationType: 'Exclusive',
      deviceReservations: [
        { device: { ipAddress: '10.0.1.11', macAddress: PI(1), deviceType: 'raspberry-pi-4' } },
        { device: { ipAddress: '10.0.1.12', macAddress: PI(2), deviceType: 'raspberry-pi-4' } },
      ],
    });
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'reservation.book')
      .where('target_id', '=', String(value1))
      .executeTakeFirstOrThrow();
    expect(audit.actor_user_id).toBe(alice.id);
  });

  it('refuses an overlapping booking with 409, naming each device in the way and its window', async () => {
    const start = at(2);
    const first = await book(alice, { macs: [PI(1), PI(2)], start, end: new Date(start.getTime() + 3 * HOUR) });
    expect(first.statusCode).toBe(200);
    const id = first.json().value1;
    const before = await reservationCount();

    const overlap = await book(bob, { macs: [PI(2), PI(1), PI(3)], start: new Date(start.getTime() + HOUR), end: new Date(start.getTime() + 5 * HOUR) });
    expect(overlap.statusCode).toBe(409);
    const window = `from ${clockIn(start, 'UTC').date.year}`;
    expect(overlap.json().value0).toBe(false);
    const reasons: string[] = overlap.json().value1;
    expect(reasons).toHaveLength(2);
    const from = (instant: Date) => {
      const c = clockIn(instant, 'UTC');
      const pad = (n: number) => String(n).padStart(2, '0');
      const [h, m] = c.hour.split(':').map(Number);
      return `${c.date.year}-${pad(c.date.month)}-${pad(c.date.day)} ${pad(h!)}:${pad(m!)}`;
    };
    expect(reasons[0]).toBe(
      `Device raspberry-pi-4 ${PI(1)} (10.0.1.11) is already booked from ${from(start)} to ${from(new Date(start.getTime() + 3 * HOUR))} (UTC) by reservation ${id} (Exclusive).`,
    );
    expect(reasons[1]).toContain(`raspberry-pi-4 ${PI(2)} (10.0.1.12)`);
    expect(reasons[1]).toContain(window);
    // All or nothing: the free device of the refused booking was not booked either.
    expect(await reservationCount()).toBe(before);
    const free = await book(bob, { macs: [PI(3)], start: new Date(start.getTime() + HOUR), end: new Date(start.getTime() + 5 * HOUR) });
    expect(free.statusCode).toBe(200);
  });

  it('accepts back-to-back bookings: an end equal to the next start is no overlap', async () => {
    const start = at(3);
    const middle = new Date(start.getTime() + 2 * HOUR);
    expect((await book(alice, { macs: [PI(4)], start, end: middle })).statusCode).toBe(200);
    const next = await book(bob, { macs: [PI(4)], start: middle, end: new Date(middle.getTime() + 2 * HOUR) });
    expect(next.statusCode, next.body).toBe(200);
    const before = await book(bob, { macs: [PI(4)], start: new Date(start.getTime() - HOUR), end: start });
    expect(before.statusCode, before.body).toBe(200);
  });

  it('lets Shared bookings overlap each other, and keeps Exclusive and Shared apart both ways', async () => {
    const start = at(4);
    const end = new Date(start.getTime() + 4 * HOUR);
    expect((await book(alice, { macs: [ROUTER(1)], start, end, type: 'Shared' })).statusCode).toBe(200);
    expect((await book(bob, { macs: [ROUTER(1)], start: new Date(start.getTime() + HOUR), end, type: 'Shared' })).statusCode).toBe(200);
    const exclusive = await book(bob, { macs: [ROUTER(1)], start: new Date(start.getTime() + 2 * HOUR), end, type: 'Exclusive' });
    expect(exclusive.statusCode).toBe(409);
    expect(exclusive.json().value1).toHaveLength(2);
    expect(exclusive.json().value1[0]).toMatch(/\(Shared\)\.$/);

    expect((await book(alice, { macs: [ROUTER(2)], start, end, type: 'Exclusive' })).statusCode).toBe(200);
    const shared = await book(bob, { macs: [ROUTER(2)], start, end, type: 'Shared' });
    expect(shared.statusCode).toBe(409);
    expect(shared.json().value1[0]).toMatch(/\(Exclusive\)\.$/);
  });

  it('refuses a start in the past and an end before the start with the messages of the catalogue (400)', async () => {
    const past = await book(alice, { macs: [PI(5)], start: new Date(Date.now() - 2 * HOUR), end: new Date(Date.now() + HOUR) });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ value0: false, value1: [messages.EARLIER_TIME_ERROR] });

    const start = at(5);
    const body = bookingBody({ userId: alice.id, macs: [PI(5)], start, end: new Date(start.getTime() - HOUR) });
    body.nodesBookingForm.durationHour = 0;
    body.nodesBookingForm.durationMinute = 0;
    const backwards = await alice.inject({ method: 'POST', url: '/api/reserveNodes', payload: body });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ value0: false, value1: [messages.END_DATE_HOUR_EARLIER_TIME_ERROR] });
  });

  it('accepts a start in the current minute (clock skew grace)', async () => {
    const start = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const reply = await book(alice, { macs: [PI(8)], start, end: new Date(start.getTime() + 30 * 60_000) });
    expect(reply.statusCode, reply.body).toBe(200);
  });

  it('refuses a duration that disagrees with start and end, naming it', async () => {
    const start = at(6);
    const body = bookingBody({ userId: alice.id, macs: [PI(5)], start, end: new Date(start.getTime() + 2 * HOUR) });
    body.nodesBookingForm.durationHour = 3;
    const reply = await alice.inject({ method: 'POST', url: '/api/reserveNodes', payload: body });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().value1).toEqual([
      'The duration (3 h) does not match the time between start and end (2 h).',
    ]);
  });

  it('refuses a device that is down and a MAC address not in the testbed, naming them', async () => {
    const start = at(7);
    const end = new Date(start.getTime() + HOUR);
    const before = await reservationCount();
    const down = await book(alice, { macs: [PI(5), PI_DOWN], start, end });
    expect(down.statusCode).toBe(400);
    expect(down.json().value1).toEqual([`Device raspberry-pi-4 ${PI_DOWN} (10.0.1.16) is down and cannot be booked.`]);
    const unknown = await book(alice, { macs: ['02:00:00:0A:0B:0C'], start, end });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().value1).toEqual(['Unknown device 02:00:00:0a:0b:0c: it is not in the testbed.']);
    const gone = await book(alice, { macs: ['02:00:00:09:00:01'], start, end });
    expect(gone.json().value1).toEqual(['Unknown device 02:00:00:09:00:01: it is not in the testbed.']);
    expect(await reservationCount()).toBe(before);
  });

  it('refuses an unknown reservation type', async () => {
    const start = at(7, 2);
    const reply = await book(alice, { macs: [PI(5)], start, end: new Date(start.getTime() + HOUR), type: 'Private' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().value1).toEqual(["Unknown reservation type 'Private'."]);
  });

  it('forbids booking for another user (403), and lets an administrator book for someone', async () => {
    const start = at(8);
    const end = new Date(start.getTime() + HOUR);
    const foreign = await book(alice, { userId: bob.id, macs: [PI(5)], start, end });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBeTruthy();

    const forBob = await book(admin, { userId: bob.id, macs: [PI(5)], start, end });
    expect(forBob.statusCode, forBob.body).toBe(200);
    const bobs = await list(bob, `/api/userReservations/${bob.id}`);
    expect(bobs.find((r) => r.reservationId === forBob.json().value1)?.responsibleUser.userId).toBe(bob.id);
  });

  it('refuses a responsible user without SSH key with the NO_SSH_KEY message', async () => {
    const keyless = await loginAs(ctx);
    const start = at(9);
    const reply = await book(keyless, { macs: [PI(5)], start, end: new Date(start.getTime() + HOUR) });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ value0: false, value1: [messages.NO_SSH_KEY] });
  });

  it('books with colleagues, and refuses unknown, disabled and anonymised ones', async () => {
    const start = at(10);
    const end = new Date(start.getTime() + HOUR);
    const colleague = await createUser(ctx);
    const disabled = await createUser(ctx, { enabled: false });
    const anonymised = await createUser(ctx);
    await ctx.database.db.updateTable('users').set({ anonymised_at: new Date() }).where('id', '=', anonymised.id).execute();

    const refused = await book(alice, { macs: [PI(5)], start, end, users: [colleague.id, disabled.id, anonymised.id, 99_999_999] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().value1).toEqual(
      [disabled.id, anonymised.id, 99_999_999].map((id) => `User ${id} cannot take part in a reservation: the account does not exist or is not active.`),
    );

    const ok = await book(alice, { macs: [PI(5)], start, end, users: [colleague.id, colleague.id, alice.id] });
    expect(ok.statusCode, ok.body).toBe(200);
    const stored = await ctx.database.db.selectFrom('reservation_users').select('user_id').where('reservation_id', '=', ok.json().value1).execute();
    expect(stored.map((row) => row.user_id)).toEqual([colleague.id]);
  });

  it('answers a malformed body with 400 and field errors, never 500, and stores nothing', async () => {
    const start = at(11);
    const good = bookingBody({ userId: alice.id, macs: [PI(5)], start, end: new Date(start.getTime() + HOUR) });
    const before = await reservationCount();
    const cases: [unknown, string][] = [
      [{}, 'nodesBookingForm'],
      [{ ...good, nodesBookingForm: { ...good.nodesBookingForm, startHour: '25:00' } }, 'nodesBookingForm.startHour'],
      [{ ...good, nodesBookingForm: { ...good.nodesBookingForm, durationMinute: '75' } }, 'nodesBookingForm.durationMinute'],
      [{ ...good, nodesBookingForm: { ...good.nodesBookingForm, reservationDescription: ' two  spaces' } }, 'nodesBookingForm.reservationDescription'],
      [{ ...good, nodesBookingForm: { ...good.nodesBookingForm, startDate: { year: 2030, month: 2, day: 30 } } }, 'nodesBookingForm.startDate'],
      [{ ...good, nodesBookingForm: { ...good.nodesBookingForm, selectedDevices: [{ macAddress: 'not-a-mac' }] } }, 'nodesBookingForm.selectedDevices.0.macAddress'],
      [{ ...good, nodesBookingForm: { ...good.nodesBookingForm, selectedDevices: [] } }, 'nodesBookingForm.selectedDevices'],
      [{ ...good, nodesBookingForm: { ...good.nodesBookingForm, timeZone: 'Mars/Olympus' } }, 'nodesBookingForm.timeZone'],
      [{ ...good, selectedUsers: [{ userId: 'x' }] }, 'selectedUsers.0.userId'],
    ];
    for (const [payload, field] of cases) {
      const reply = await alice.inject({ method: 'POST', url: '/api/reserveNodes', payload: payload as object });
      expect(reply.statusCode, `${field}: ${reply.body}`).toBe(400);
      expect(Object.keys(reply.json().fieldErrors ?? {}), field).toContain(field);
    }
    const notJson = await alice.inject({ method: 'POST', url: '/api/reserveNodes', headers: { 'content-type': 'application/json' }, payload: '{"nodesBookingForm":' });
    expect(notJson.statusCode).toBe(400);
    expect(await reservationCount()).toBe(before);
  });

  it('lets exactly one of 20 parallel identical bookings through; the others get the conflict reply', async () => {
    const start = at(12);
    const body = bookingBody({ userId: alice.id, macs: [PI(7), ROUTER(7)], start, end: new Date(start.getTime() + 2 * HOUR) });
    const before = await reservationCount();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => alice.inject({ method: 'POST', url: '/api/reserveNodes', payload: body })),
    );
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    const winner = replies.find((reply) => reply.statusCode === 200)!.json().value1;
    for (const reply of replies.filter((r) => r.statusCode === 409)) {
      expect(reply.json().value0).toBe(false);
      expect(reply.json().value1).toEqual([
        expect.stringContaining(`raspberry-pi-4 ${PI(7)} (10.0.1.17) is already booked from`),
        expect.stringContaining(`openwrt-router ${ROUTER(7)} (10.0.2.17) is already booked from`),
      ]);
      expect(reply.json().value1[0]).toContain(`by reservation ${winner} (Exclusive)`);
    }
    expect(await reservationCount()).toBe(before + 1);
  });

  it('reads the wall clock in the given time zone and answers UTC instants that read alike in any zone', async () => {
    // 10:00 in UTC+2 is 08:00 UTC; Etc/GMT-2 is UTC+2 (the POSIX sign is inverted).
    const day = clockIn(at(13), 'UTC').date;
    const body = bookingBody({ userId: bob.id, macs: [ROUTER(3)], start: at(13), end: at(13, 1) });
    body.nodesBookingForm = {
      ...body.nodesBookingForm,
      timeZone: 'Etc/GMT-2',
      startDate: day,
      startHour: '10:00',
      endDate: day,
      endHour: '12:30',
      durationHour: 2,
      durationMinute: 30,
    };
    const reply = await bob.inject({ method: 'POST', url: '/api/reserveNodes', payload: body });
    expect(reply.statusCode, reply.body).toBe(200);
    const expectedStart = new Date(Date.UTC(day.year, day.month - 1, day.day, 8, 0));
    const expectedEnd = new Date(Date.UTC(day.year, day.month - 1, day.day, 10, 30));

    const own = (await list(bob, `/api/userReservations/${bob.id}`)).find((r) => r.reservationId === reply.json().value1)!;
    expect(own.startDate).toBe(expectedStart.toISOString());
    expect(own.endDate).toBe(expectedEnd.toISOString());
    expect(own.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T08:00:00\.000Z$/);

    // Another caller, whose browser is in UTC-5, lists the same instants and reads 03:00 to 05:30.
    const other = (await list(alice, `/api/otherReservations/${alice.id}`)).find((r) => r.reservationId === reply.json().value1)!;
    expect([other.startDate, other.endDate]).toEqual([own.startDate, own.endDate]);
    expect(clockIn(new Date(other.startDate), 'Etc/GMT+5').hour).toBe('3:00');
    expect(clockIn(new Date(other.endDate), 'Etc/GMT+5').hour).toBe('5:30');

    // The same window given in UTC-5 wall-clock time is the same window: it collides, and the message
    // shows the window in the caller's zone.
    const fromNewYork = bookingBody({ userId: alice.id, macs: [ROUTER(3)], start: expectedStart, end: expectedEnd, timeZone: 'Etc/GMT+5' });
    expect(fromNewYork.nodesBookingForm.startHour).toBe('3:00');
    const clash = await alice.inject({ method: 'POST', url: '/api/reserveNodes', payload: fromNewYork });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().value1[0]).toContain(' 03:00 to ');
    expect(clash.json().value1[0]).toContain(' 05:30 (Etc/GMT+5)');
  });

  it('refuses a wall-clock time that a clock change skips', async () => {
    // Europe/Paris skips 02:00-03:00 on the last Sunday of March.
    const year = new Date().getUTCFullYear() + 1;
    const lastSunday = 31 - new Date(Date.UTC(year, 2, 31)).getUTCDay();
    const body = bookingBody({ userId: alice.id, macs: [PI(5)], start: at(14), end: at(14, 1) });
    body.nodesBookingForm = {
      ...body.nodesBookingForm,
      timeZone: 'Europe/Paris',
      startDate: { year, month: 3, day: lastSunday },
      startHour: '2:30',
      endDate: { year, month: 3, day: lastSunday },
      endHour: '4:30',
      durationHour: 1,
      durationMinute: 0,
    };
    const reply = await alice.inject({ method: 'POST', url: '/api/reserveNodes', payload: body });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().value1).toEqual(['The start 2:30 does not exist on that day in Europe/Paris (the clocks go forward).']);
  });

  it('is closed to anonymous callers', async () => {
    const start = at(15);
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/reserveNodes',
      payload: bookingBody({ userId: alice.id, macs: [PI(5)], start, end: new Date(start.getTime() + HOUR) }),
    });
    expect(reply.statusCode).toBe(401);
  });
});

describe('reservation lists', () => {
  let carol: Caller;
  let dave: Caller;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    carol = await booker();
    dave = await booker();
    const start = at(40);
    const book2 = async (caller: Caller, name: string, offsetDays: number, users: number[] = [], mac = PI(1)) => {
      const from = new Date(start.getTime() + offsetDays * DAY);
      const reply = await book(caller, { macs: [mac], start: from, end: new Date(from.getTime() + HOUR), users });
      expect(reply.statusCode, reply.body).toBe(200);
      ids[name] = reply.json().value1;
    };
    await book2(carol, 'carolLater', 3);
    await book2(dave, 'daveWithCarol', 1, [carol.id]);
    await book2(carol, 'carolFirst', 0);
    await book2(dave, 'daveAlone', 2);
    // One that has ended, written directly: the API refuses past windows.
    const device = await ctx.database.db.selectFrom('devices').select('id').where('mac_address', '=', PI(2)).executeTakeFirstOrThrow();
    const type = await ctx.database.db.selectFrom('reservation_types').select('id').where('label', '=', 'Exclusive').executeTakeFirstOrThrow();
    ids.carolEnded = await insertReservation(ctx.database.db, {
      responsibleUserId: carol.id,
      reservationTypeId: type.id,
      exclusive: true,
      start: new Date(Date.now() - 10 * DAY),
      end: new Date(Date.now() - 9 * DAY),
      description: '',
      userIds: [],
      deviceIds: [device.id],
    });
  });

  it('GET /api/userReservations/{id}: those the user is responsible for or among the users of, by start date', async () => {
    const mine = await list(carol, `/api/userReservations/${carol.id}`);
    expect(mine.map((r) => r.reservationId)).toEqual([ids.carolFirst, ids.daveWithCarol, ids.carolLater]);
    const shared = mine[1]!;
    expect(shared.responsibleUser.userId).toBe(dave.id);
    expect(shared.users).toEqual([{ userId: carol.id, firstname: 'Ada', lastName: expect.stringMatching(/^Tester/) }]);
    for (const reservation of mine) reservationSchema.parse(reservation);
  });

  it('?all=true adds the reservations that have ended, newest first', async () => {
    const all = await list(carol, `/api/userReservations/${carol.id}?all=true`);
    expect(all.map((r) => r.reservationId)).toEqual([ids.carolLater, ids.daveWithCarol, ids.carolFirst, ids.carolEnded]);
    const current = await list(carol, `/api/userReservations/${carol.id}?all=false`);
    expect(current.map((r) => r.reservationId)).not.toContain(ids.carolEnded);
  });

  it('GET /api/otherReservations/{id}: the reservations the user has no part in', async () => {
    const others = await list(carol, `/api/otherReservations/${carol.id}`);
    const otherIds = others.map((r) => r.reservationId);
    expect(otherIds).toContain(ids.daveAlone);
    for (const id of [ids.carolFirst, ids.daveWithCarol, ids.carolLater]) expect(otherIds).not.toContain(id);
    const starts = others.map((r) => r.startDate);
    expect(starts).toEqual([...starts].sort());
  });

  it("answers each user's lists, current and all, page by page, the first time and from memory, as the database's function builds them", async () => {
    for (const [kind, route] of [['others', 'otherReservations'], ['mine', 'userReservations']] as const) {
      for (const caller of [carol, dave, alice, bob]) {
        for (const all of [false, true]) {
          for (const page of [{ limit: 100, offset: 0 }, { limit: 2, offset: 1 }, { limit: 1, offset: 3 }]) {
            const fromDatabase = JSON.parse(await listReservationsJson(ctx.database.db, { kind, userId: caller.id, all, ...page })) as unknown[];
            for (const time of ['first', 'again']) {
              const answered = await list(caller, `/api/${route}/${caller.id}?all=${all}&limit=${page.limit}&offset=${page.offset}`);
              expect(answered, `${route} of ${caller.id}, all ${all}, ${time}`).toEqual(reservationListSchema.parse(fromDatabase));
            }
          }
        }
      }
    }
  });

  it('GET /api/currentUserReservations/{id}: the user’s reservations that have not ended', async () => {
    const current = await list(carol, `/api/currentUserReservations/${carol.id}?all=true`);
    expect(current.map((r) => r.reservationId)).toEqual([ids.carolFirst, ids.daveWithCarol, ids.carolLater]);
  });

  it('pages with limit and offset', async () => {
    const page = await list(carol, `/api/userReservations/${carol.id}?limit=2&offset=1`);
    expect(page.map((r) => r.reservationId)).toEqual([ids.daveWithCarol, ids.carolLater]);
    const tooMany = await carol.inject({ method: 'GET', url: `/api/userReservations/${carol.id}?limit=100000` });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fieldErrors).toHaveProperty('limit');
  });

  it('GET /api/reservationTimeline/{id}: the reservations of a device type within a window, soonest first', async () => {
    const start = at(40);
    const window = (fromDays: number, toDays: number, deviceType = 'raspberry-pi-4') =>
      `/api/reservationTimeline/${carol.id}?deviceType=${deviceType}` +
      `&from=${new Date(start.getTime() + fromDays * DAY).toISOString()}&to=${new Date(start.getTime() + toDays * DAY).toISOString()}`;
    const read = async (path: string) => {
      const reply = await carol.inject({ method: 'GET', url: path });
      expect(reply.statusCode, reply.body).toBe(200);
      return reservationTimelineSchema.parse(reply.json());
    };
    // Everybody's bookings, the user's and the others', as the picture shows them all.
    const week = await read(window(-1, 6));
    expect(week.complete).toBe(true);
    expect(week.reservations.map((r) => r.reservationId)).toEqual([ids.carolFirst, ids.daveWithCarol, ids.daveAlone, ids.carolLater]);
    // A reservation counts when it overlaps the window; [from, to) is half-open.
    const middle = await read(window(1.5, 3));
    expect(middle.reservations.map((r) => r.reservationId)).toEqual([ids.daveAlone]);
    expect((await read(window(-1, 6, 'openwrt-router'))).reservations).toEqual([]);
    expect((await read(window(-1, 6, 'no-such-type'))).reservations).toEqual([]);
    // The first time and from memory, as the database's function builds it.
    // A window over days already read (shifted by hours, or inside them) is joined from the days kept; one that
    // reaches past them reads only the days it adds.
    for (const [from, to] of [[-1, 6], [1.5, 3], [-0.75, 6.25], [2.9, 3.1], [-15, 15], [5.5, 20]] as const) {
      const deviceType = 'raspberry-pi-4';
      const fromDatabase = JSON.parse(
        await reservationWindowJson(ctx.database.db, { deviceType, from: new Date(start.getTime() + from * DAY), to: new Date(start.getTime() + to * DAY), limit: RESERVATION_TIMELINE_MAX }),
      ) as unknown;
      for (const time of ['first', 'again']) expect(await read(window(from, to)), `${from} to ${to}, ${time}`).toEqual(reservationTimelineSchema.parse(fromDatabase));
    }

    for (const bad of [window(3, 1), window(0, 40), `/api/reservationTimeline/${carol.id}?deviceType=raspberry-pi-4&from=yesterday&to=now`]) {
      const reply = await carol.inject({ method: 'GET', url: bad });
      expect(reply.statusCode, bad).toBe(400);
      expect(reply.json().message).toBeTruthy();
    }
    expect((await dave.inject({ method: 'GET', url: window(0, 1) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: window(0, 1) })).statusCode).toBe(401);
    expect((await admin.inject({ method: 'GET', url: window(0, 1) })).statusCode).toBe(200);
  });

  it('keeps the timeline by UTC day: reads only the days not kept, and a run of days past the limit not at all', async () => {
    const db = ctx.database.db;
    const cache = new ReservationReplyCache();
    await cache.listen(ctx.database.subscribe);
    try {
      const deviceType = 'raspberry-pi-4';
      const start = at(40);
      const window = (fromDays: number, toDays: number, limit = RESERVATION_TIMELINE_MAX) => ({
        deviceType,
        from: new Date(start.getTime() + fromDays * DAY),
        to: new Date(start.getTime() + toDays * DAY),
        limit,
      });
      const spans: Array<{ from: Date; to: Date; limit: number }> = [];
      const read = (span: { from: Date; to: Date; limit: number }) => {
        spans.push(span);
        return reservationWindowEntries(db, { deviceType, ...span });
      };
      const fromDatabase = (asked: ReturnType<typeof window>) => reservationWindowEntries(db, { ...asked, limit: asked.limit + 1 });
      const utcDay = (date: Date) => Math.floor(date.getTime() / DAY) * DAY;

      const week = window(-1, 6);
      expect(await cache.timelineWindow(week, read)).toEqual(await fromDatabase(week));
      // One statement for the whole days the week touches.
      expect(spans.map((span) => [span.from.getTime(), span.to.getTime()])).toEqual([[utcDay(week.from), utcDay(new Date(week.to.getTime() - 1)) + DAY]]);
      spans.length = 0;
      const shifted = window(-0.9, 6.1);
      expect(await cache.timelineWindow(shifted, read)).toEqual(await fromDatabase(shifted));
      // An hour or two later, within the last day already kept or one more.
      expect(spans.length).toBeLessThanOrEqual(1);
      expect(spans.every((span) => span.to.getTime() - span.from.getTime() === DAY)).toBe(true);
      spans.length = 0;
      expect(await cache.timelineWindow(window(1.5, 3), read)).toEqual(await fromDatabase(window(1.5, 3)));
      expect(spans).toEqual([]);

      // With a limit of one, the week's days hold more: the window is read as it is, and no day is kept.
      const small = new ReservationReplyCache();
      await small.listen(ctx.database.subscribe);
      try {
        const limited = window(-1, 6, 1);
        for (const time of ['first', 'again']) {
          spans.length = 0;
          expect(await small.timelineWindow(limited, read), time).toEqual(await fromDatabase(limited));
          expect(spans.at(-1), time).toEqual({ from: limited.from, to: limited.to, limit: 2 });
        }
      } finally {
        await small.close();
      }
    } finally {
      await cache.close();
    }
  });

  it('keeps a timeline reply asked again within the minute, and not one asked once', async () => {
    const cache = new ReservationReplyCache();
    await cache.listen(ctx.database.subscribe);
    try {
      let reads = 0;
      const read = async () => {
        reads += 1;
        return Buffer.from(`{"read":${reads}}`);
      };
      const ask = (key: string) => cache.reply(key, read, { keepWhenAskedAgain: true });
      expect((await ask('week')).toString()).toBe('{"read":1}');
      expect((await ask('week')).toString()).toBe('{"read":2}');
      expect((await ask('week')).toString()).toBe('{"read":2}');
      expect((await ask('another week')).toString()).toBe('{"read":3}');
      // A change announced: the reply asked twice is read again, and kept at once (its key was asked before).
      cache.forget();
      expect((await ask('week')).toString()).toBe('{"read":4}');
      expect((await ask('week')).toString()).toBe('{"read":4}');
      expect(reads).toBe(4);
    } finally {
      await cache.close();
    }
  });

  it('moves the bookings of a device the testbed file moves to another type to that type’s timeline', async () => {
    const db = ctx.database.db;
    const start = at(40);
    const window = (deviceType: string) =>
      `/api/reservationTimeline/${carol.id}?deviceType=${deviceType}` +
      `&from=${new Date(start.getTime() - DAY).toISOString()}&to=${new Date(start.getTime() + 6 * DAY).toISOString()}`;
    const shown = async (deviceType: string) => {
      const reply = await carol.inject({ method: 'GET', url: window(deviceType) });
      expect(reply.statusCode, reply.body).toBe(200);
      return reservationTimelineSchema.parse(reply.json()).reservations.map((r) => r.reservationId);
    };
    const booked = [ids.carolFirst, ids.daveWithCarol, ids.daveAlone, ids.carolLater];
    expect(await shown('raspberry-pi-4')).toEqual(booked);
    const device = await db.selectFrom('devices').select(['id', 'device_type_id']).where('mac_address', '=', PI(1)).executeTakeFirstOrThrow();
    const router = await db.selectFrom('device_types').select('id').where('name', '=', 'openwrt-router').executeTakeFirstOrThrow();
    // As the inventory's sync writes a device whose type changed in the testbed file.
    await db.updateTable('devices').set({ device_type_id: router.id }).where('id', '=', device.id).execute();
    try {
      const poll = { timeout: 2_000, interval: 20 };
      await expect.poll(() => shown('openwrt-router'), poll).toEqual(booked);
      expect(await shown('raspberry-pi-4')).toEqual([]);
    } finally {
      await db.updateTable('devices').set({ device_type_id: device.device_type_id }).where('id', '=', device.id).execute();
    }
    await expect.poll(() => shown('raspberry-pi-4'), { timeout: 2_000, interval: 20 }).toEqual(booked);
  });

  it('shows what changed behind the API as soon as the database announces it, names included', async () => {
    const erin = await booker();
    const path = `/api/otherReservations/${dave.id}`;
    await list(dave, path); // now kept in memory
    const device = await ctx.database.db.selectFrom('devices').select('id').where('mac_address', '=', PI(3)).executeTakeFirstOrThrow();
    const type = await ctx.database.db.selectFrom('reservation_types').select('id').where('label', '=', 'Exclusive').executeTakeFirstOrThrow();
    const written = await insertReservation(ctx.database.db, {
      responsibleUserId: erin.id,
      reservationTypeId: type.id,
      exclusive: true,
      start: new Date(Date.now() + 50 * DAY),
      end: new Date(Date.now() + 50 * DAY + HOUR),
      description: 'written behind the API',
      userIds: [],
      deviceIds: [device.id],
    });
    // PGlite announces it as the change commits; PostgreSQL's LISTEN connection hears it a moment later.
    const poll = { timeout: 2_000, interval: 20 };
    await expect.poll(async () => (await list(dave, path)).map((r) => r.reservationId), poll).toContain(written);
    await ctx.database.db.updateTable('users').set({ lastname: 'Renamed' }).where('id', '=', erin.id).execute();
    await expect
      .poll(async () => (await list(dave, path)).find((r) => r.reservationId === written)?.responsibleUser.lastName, poll)
      .toBe('Renamed');
  });

  it("keeps each reservation's JSON in step with every change of what it shows, made behind the API", async () => {
    const db = ctx.database.db;
    const erin = await booker();
    const frank = await booker();
    const device = await db.selectFrom('devices').select(['id', 'device_type_id', 'ip_address']).where('mac_address', '=', PI(4)).executeTakeFirstOrThrow();
    const deviceType = await db.selectFrom('device_types').select('name').where('id', '=', device.device_type_id).executeTakeFirstOrThrow();
    const type = await db.selectFrom('reservation_types').select('id').where('label', '=', 'Shared').executeTakeFirstOrThrow();
    const start = new Date(Date.now() + 60 * DAY);
    const id = await insertReservation(db, {
      responsibleUserId: erin.id,
      reservationTypeId: type.id,
      exclusive: false,
      start,
      end: new Date(start.getTime() + HOUR),
      description: 'before',
      userIds: [frank.id],
      deviceIds: [device.id],
    });
    const shown = async () => reservationSchema.parse(JSON.parse((await reservationJson(db, id))!));
    expect((await shown()).users.map((user) => user.userId)).toEqual([frank.id]);

    await db.updateTable('users').set({ firstname: 'Frankie', lastname: 'Moved' }).where('id', '=', frank.id).execute();
    await db.updateTable('reservations').set({ description: 'after', end_date: new Date(start.getTime() + 2 * HOUR) }).where('id', '=', id).execute();
    await db.updateTable('reservation_types').set({ label: 'Shared, renamed' }).where('id', '=', type.id).execute();
    await db.updateTable('device_types').set({ name: 'renamed-type' }).where('id', '=', device.device_type_id).execute();
    await db.updateTable('devices').set({ ip_address: '10.9.9.9' }).where('id', '=', device.id).execute();
    try {
      const after = await shown();
      expect(after.users).toEqual([{ userId: frank.id, firstname: 'Frankie', lastName: 'Moved' }]);
      expect(after.description).toBe('after');
      expect(after.endDate).toBe(new Date(start.getTime() + 2 * HOUR).toISOString());
      expect(after.reservationType).toBe('Shared, renamed');
      expect(after.deviceReservations).toEqual([{ device: { ipAddress: '10.9.9.9', macAddress: PI(4), deviceType: 'renamed-type' } }]);
      // The lists and the single reservation's reply show the same text.
      const others = JSON.parse(await listReservationsJson(db, { kind: 'others', userId: alice.id, all: true, limit: 1000, offset: 0 })) as unknown[];
      expect(others).toContainEqual(after);
    } finally {
      await db.deleteFrom('reservations').where('id', '=', id).execute();
      await db.updateTable('reservation_types').set({ label: 'Shared' }).where('id', '=', type.id).execute();
      await db.updateTable('device_types').set({ name: deviceType.name }).where('id', '=', device.device_type_id).execute();
      await db.updateTable('devices').set({ ip_address: device.ip_address }).where('id', '=', device.id).execute();
    }
  });

  it('drops a reservation from the current lists as it ends, and moves the pages after it', async () => {
    const device = await ctx.database.db.selectFrom('devices').select('id').where('mac_address', '=', PI(4)).executeTakeFirstOrThrow();
    const type = await ctx.database.db.selectFrom('reservation_types').select('id').where('label', '=', 'Exclusive').executeTakeFirstOrThrow();
    const ending = await insertReservation(ctx.database.db, {
      responsibleUserId: dave.id,
      reservationTypeId: type.id,
      exclusive: true,
      start: new Date(Date.now() - HOUR),
      end: new Date(Date.now() + 1_500),
      description: 'ending now',
      userIds: [],
      deviceIds: [device.id],
    });
    // A later one, so that the page after the ending one holds something.
    await insertReservation(ctx.database.db, {
      responsibleUserId: dave.id,
      reservationTypeId: type.id,
      exclusive: true,
      start: new Date(Date.now() + 300 * 24 * HOUR),
      end: new Date(Date.now() + 300 * 24 * HOUR + HOUR),
      description: 'much later',
      userIds: [],
      deviceIds: [device.id],
    });
    const current = async (query = '') => (await list(dave, `/api/currentUserReservations/${dave.id}${query}`)).map((r) => r.reservationId);
    const before = await current();
    const position = before.indexOf(ending);
    expect(position).toBeGreaterThanOrEqual(0);
    const pageAfterIt = `?offset=${position + 1}&limit=1`;
    expect(await current(pageAfterIt)).toEqual(before.slice(position + 1, position + 2));
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(await current()).not.toContain(ending);
    // The ending one was before the page: the page now starts one further.
    expect(await current(pageAfterIt)).toEqual(before.slice(position + 2, position + 3));
    expect((await list(dave, `/api/userReservations/${dave.id}?all=true`)).map((r) => r.reservationId)).toContain(ending);
  });

  it('lets a user read only their own lists (403) and an administrator any', async () => {
    for (const path of ['userReservations', 'otherReservations', 'currentUserReservations']) {
      expect((await dave.inject({ method: 'GET', url: `/api/${path}/${carol.id}` })).statusCode).toBe(403);
      expect((await admin.inject({ method: 'GET', url: `/api/${path}/${carol.id}` })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/${path}/${carol.id}` })).statusCode).toBe(401);
      expect((await carol.inject({ method: 'GET', url: `/api/${path}/abc` })).statusCode).toBe(400);
    }
    const asAdmin = await list(admin, `/api/userReservations/${carol.id}`);
    expect(asAdmin.map((r) => r.reservationId)).toEqual([ids.carolFirst, ids.daveWithCarol, ids.carolLater]);
  });
});

describe('DELETE /api/deleteReservation/{id}', () => {
  const remove = (caller: Caller, id: number) => caller.inject({ method: 'DELETE', url: `/api/deleteReservation/${id}` });

  it('removes a future reservation of its responsible user and frees its devices', async () => {
    const start = at(60);
    const end = new Date(start.getTime() + HOUR);
    const id = (await book(alice, { macs: [PI(3)], start, end })).json().value1;
    const reply = await remove(alice, id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ value0: true, value1: [`Reservation ${id} deleted.`] });
    const all = await list(alice, `/api/userReservations/${alice.id}?all=true`);
    expect(all.map((r) => r.reservationId)).not.toContain(id);
    expect((await book(bob, { macs: [PI(3)], start, end })).statusCode).toBe(200);
    const audit = await ctx.database.db.selectFrom('audit_log').select('actor_user_id').where('action', '=', 'reservation.delete').where('target_id', '=', String(id)).execute();
    expect(audit).toEqual([{ actor_user_id: alice.id }]);
  });

  it('ends a running reservation now and keeps it in the history; its devices are free from now on', async () => {
    const start = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const plannedEnd = new Date(start.getTime() + 3 * HOUR);
    const booked = await book(alice, { macs: [ROUTER(4)], start, end: plannedEnd });
    expect(booked.statusCode, booked.body).toBe(200);
    const id = booked.json().value1;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const reply = await remove(alice, id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().value1).toEqual([`Reservation ${id} was running: it ends now and stays in the history.`]);

    const ended = (await list(alice, `/api/userReservations/${alice.id}?all=true`)).find((r) => r.reservationId === id)!;
    expect(new Date(ended.endDate).getTime()).toBeLessThanOrEqual(Date.now());
    expect(new Date(ended.endDate).getTime()).toBeGreaterThan(start.getTime());
    expect((await list(alice, `/api/userReservations/${alice.id}`)).map((r) => r.reservationId)).not.toContain(id);
    const rows = await sql<{ upper: Date }>`SELECT upper(during) AS upper FROM reservation_devices WHERE reservation_id = ${id}`.execute(ctx.database.db);
    expect(rows.rows[0]!.upper.toISOString()).toBe(ended.endDate);
    const soon = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000);
    const next = await book(bob, { macs: [ROUTER(4)], start: soon, end: plannedEnd });
    expect(next.statusCode, next.body).toBe(200);

    const again = await remove(alice, id);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ value0: false, value1: [`Reservation ${id} has already ended and cannot be deleted.`] });
  });

  it('forbids others, even a colleague on the reservation, and lets an administrator delete any', async () => {
    const start = at(61);
    const id = (await book(alice, { macs: [PI(3)], start, end: new Date(start.getTime() + HOUR), users: [bob.id] })).json().value1;
    expect((await remove(bob, id)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/deleteReservation/${id}` })).statusCode).toBe(401);
    const byAdmin = await remove(admin, id);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().value0).toBe(true);
  });

  it('answers 404 with the tuple for an unknown reservation and 400 for a malformed id', async () => {
    const missing = await remove(alice, 987_654_321);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ value0: false, value1: ['Reservation 987654321 does not exist.'] });
    expect((await alice.inject({ method: 'DELETE', url: '/api/deleteReservation/-3' })).statusCode).toBe(400);
  });
});
