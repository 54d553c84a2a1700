// Usage statistics against a seeded data set whose answer is worked out by hand in the comments.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Statistics } from '@testbed/contract';
import { syncBuiltInTestbed } from '../../../test/booking.js';
import { buildTestApp, loginAs, type TestContext } from '../../../test/helper.js';
import { insertReservation } from '../reservations/repo.js';

type Caller = Awaited<ReturnType<typeof loginAs>>;
let ctx: TestContext;
let admin: Caller;
let ada: Caller; // in group "Radio lab", employed by "Inria"
let bob: Caller; // in no group, no employer
const PI1 = '02:00:00:01:00:01';
const PI2 = '02:00:00:01:00:02';
const ROUTER = '02:00:00:02:00:01';
const FROM = '2026-01-01T00:00:00Z';
const TO = '2026-03-01T00:00:00Z';

beforeAll(async () => {
  ctx = await buildTestApp();
  await syncBuiltInTestbed(ctx.database.db);
  admin = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
  ada = await loginAs(ctx);
  bob = await loginAs(ctx);
  const db = ctx.database.db;
  const deviceId = async (mac: string) => (await db.selectFrom('devices').select('id').where('mac_address', '=', mac).executeTakeFirstOrThrow()).id;
  const exclusive = (await db.selectFrom('reservation_types').select('id').where('label', '=', 'Exclusive').executeTakeFirstOrThrow()).id;
  const book = async (userId: number, macs: string[], start: string, end: string, userIds: number[] = []) =>
    insertReservation(db, {
      responsibleUserId: userId,
      reservationTypeId: exclusive,
      exclusive: true,
      start: new Date(start),
      end: new Date(end),
      description: '',
      userIds,
      deviceIds: await Promise.all(macs.map(deviceId)),
    });
  const flash = async (userId: number, mac: string, startedAt: string, state: 'done' | 'failed') =>
    db
      .insertInto('flash_jobs')
      .values({ handle: randomUUID(), user_id: userId, device_id: await deviceId(mac), image_name: 'img', state, started_at: startedAt, finished_at: startedAt, deadline_at: startedAt })
      .execute();

  const group = await db.insertInto('groups').values({ name: 'Radio lab' }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('group_members').values({ group_id: group.id, user_id: ada.id }).execute();
  const employer = await db.insertInto('employers').values({ institute_name: 'Inria', country_name: 'France' }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('user_employers').values({ user_id: ada.id, employer_id: employer.id, is_current: true }).execute();
  await db.updateTable('users').set({ sign_up_date: '2026-01-15T10:00:00Z', approved_date: '2026-02-02T10:00:00Z' }).where('id', '=', ada.id).execute();

  // A: Ada, two Raspberry Pis, Sat 31 Jan 22:00 to Sun 1 Feb 02:00 UTC: 2 h of each in January, 2 h in February.
  //    PI1 is flashed during it, so its 4 h are "used".
  await book(ada.id, [PI1, PI2], '2026-01-31T22:00:00Z', '2026-02-01T02:00:00Z');
  await flash(ada.id, PI1, '2026-01-31T23:00:00Z', 'done');
  // B: Bob with Ada as colleague, the router, Tue 10 Feb 10:00 to 12:00 (2 h).
  await book(bob.id, [ROUTER], '2026-02-10T10:00:00Z', '2026-02-10T12:00:00Z', [ada.id]);
  // E: Bob, the router, Wed 11 Feb 09:30 to 10:00 (half an hour).
  await book(bob.id, [ROUTER], '2026-02-11T09:30:00Z', '2026-02-11T10:00:00Z');
  // D: Bob, the router, Sat 28 Feb 23:00 to Sun 1 Mar 03:00: 1 h inside the range.
  await book(bob.id, [ROUTER], '2026-02-28T23:00:00Z', '2026-03-01T03:00:00Z');
  // C: outside the range.
  await book(bob.id, [ROUTER], '2025-12-01T10:00:00Z', '2025-12-01T12:00:00Z');
  // A failed flash of PI2 in February, outside any reservation.
  await flash(bob.id, PI2, '2026-02-20T08:00:00Z', 'failed');
});
afterAll(() => ctx.close());

const statistics = async (query: Record<string, string>) => {
  const reply = await admin.inject({ method: 'GET', url: '/api/statistics', query });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as Statistics;
};

describe('GET /api/statistics', () => {
  it('counts device-hours booked and used per type and month, per group and per employer', async () => {
    const stats = await statistics({ from: FROM, to: TO });
    expect(stats.deviceHoursByTypeMonth).toEqual([
      { month: '2026-01', deviceType: 'raspberry-pi-4', bookedHours: 4, usedHours: 2 },
      { month: '2026-02', deviceType: 'openwrt-router', bookedHours: 3.5, usedHours: 0 },
      { month: '2026-02', deviceType: 'raspberry-pi-4', bookedHours: 4, usedHours: 2 },
    ]);
    expect(stats.deviceHoursByGroup).toEqual([
      { group: 'Radio lab', bookedHours: 8, usedHours: 4 },
      { group: '(no group)', bookedHours: 3.5, usedHours: 0 },
    ]);
    expect(stats.deviceHoursByEmployer).toEqual([
      { employer: 'Inria', bookedHours: 8, usedHours: 4 },
      { employer: '(no employer)', bookedHours: 3.5, usedHours: 0 },
    ]);
  });

  it('counts active users, sign-ups and approvals, and flashes with their success rate, per month', async () => {
    const stats = await statistics({ from: FROM, to: TO });
    // January: Ada booked and flashed. February: Bob booked (and flashed), Ada was his colleague.
    expect(stats.activeUsersByMonth).toEqual([
      { month: '2026-01', activeUsers: 1 },
      { month: '2026-02', activeUsers: 2 },
    ]);
    expect(stats.signUpsByMonth).toEqual([
      { month: '2026-01', signUps: 1, approvals: 0 },
      { month: '2026-02', signUps: 0, approvals: 1 },
    ]);
    expect(stats.flashesByTypeMonth).toEqual([
      { month: '2026-01', deviceType: 'raspberry-pi-4', flashes: 1, succeeded: 1, successRate: 1 },
      { month: '2026-02', deviceType: 'raspberry-pi-4', flashes: 1, succeeded: 0, successRate: 0 },
    ]);
  });

  it('spreads the booked device-hours over the hours of the week, a part hour by its part', async () => {
    const stats = await statistics({ from: FROM, to: TO });
    expect(stats.occupancyByHourOfWeek).toEqual([
      { day: 2, hour: 10, deviceHours: 1 },
      { day: 2, hour: 11, deviceHours: 1 },
      { day: 3, hour: 9, deviceHours: 0.5 },
      { day: 6, hour: 22, deviceHours: 2 },
      { day: 6, hour: 23, deviceHours: 3 },
      { day: 7, hour: 0, deviceHours: 2 },
      { day: 7, hour: 1, deviceHours: 2 },
    ]);
  });

  it("counts months and hours in the asked time zone", async () => {
    // In Paris (UTC+1) reservation A runs 23:00 to 03:00: 1 h of each Pi in January, 3 h in February.
    const stats = await statistics({ from: '2025-12-31T23:00:00Z', to: '2026-02-28T23:00:00Z', timeZone: 'Europe/Paris' });
    expect(stats.deviceHoursByTypeMonth.filter((row) => row.deviceType === 'raspberry-pi-4')).toEqual([
      { month: '2026-01', deviceType: 'raspberry-pi-4', bookedHours: 2, usedHours: 1 },
      { month: '2026-02', deviceType: 'raspberry-pi-4', bookedHours: 6, usedHours: 3 },
    ]);
    expect(stats.occupancyByHourOfWeek.find((cell) => cell.day === 6 && cell.hour === 23)).toEqual({ day: 6, hour: 23, deviceHours: 2 });
  });

  it('exports each table as CSV', async () => {
    const reply = await admin.inject({ method: 'GET', url: '/api/statistics/deviceHoursByGroup.csv', query: { from: FROM, to: TO } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/csv/);
    expect(reply.body).toBe('group,bookedHours,usedHours\r\nRadio lab,8,4\r\n(no group),3.5,0\r\n');
    const empty = await admin.inject({ method: 'GET', url: '/api/statistics/flashesByTypeMonth.csv', query: { from: '2020-01-01T00:00:00Z', to: '2020-02-01T00:00:00Z' } });
    expect(empty.body).toBe('month,deviceType,flashes,succeeded,successRate\r\n');
    expect((await admin.inject({ method: 'GET', url: '/api/statistics/nothing.csv', query: { from: FROM, to: TO } })).statusCode).toBe(400);
  });

  it('refuses a bad range or zone naming the field, and everyone but administrators', async () => {
    for (const [query, field] of [
      [{ from: TO, to: FROM }, 'to'],
      [{ from: FROM }, 'to'],
      [{ from: '2020-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }, 'to'],
      [{ from: FROM, to: TO, timeZone: 'Mars/Olympus' }, 'timeZone'],
    ] as const) {
      const reply = await admin.inject({ method: 'GET', url: '/api/statistics', query });
      expect(reply.statusCode, JSON.stringify(query)).toBe(400);
      expect(reply.json().message).toContain(field);
    }
    expect((await ada.inject({ method: 'GET', url: '/api/statistics', query: { from: FROM, to: TO } })).statusCode).toBe(403);
  });
});
