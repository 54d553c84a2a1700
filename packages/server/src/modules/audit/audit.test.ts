// The audit log as administrators read it (filters, keyset pages, CSV) and a user's own sign-in history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogPage, SignInHistory } from '@testbed/contract';
import { addSshKey, at, bookingBody, syncBuiltInTestbed } from '../../../test/booking.js';
import { buildTestApp, loginAs, signIn, type TestContext } from '../../../test/helper.js';
import { recordAudit } from '../../db/audit-writer.js';

type Caller = Awaited<ReturnType<typeof loginAs>>;
let ctx: TestContext;
let user: Caller;
let other: Caller;
let admin: Caller;
const PI1 = '02:00:00:01:00:01';
const PI2 = '02:00:00:01:00:02';

beforeAll(async () => {
  ctx = await buildTestApp();
  await syncBuiltInTestbed(ctx.database.db);
  user = await loginAs(ctx);
  other = await loginAs(ctx);
  admin = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
  await addSshKey(ctx.database.db, user.id);
});
afterAll(() => ctx.close());

const auditLog = (caller: Caller, query: Record<string, string | number>) =>
  caller.inject({ method: 'GET', url: '/api/auditLog', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });

describe('GET /api/auditLog', () => {
  it('finds a booking and its deletion by device, and not by another device', async () => {
    const booked = await user.inject({ method: 'POST', url: '/api/reserveNodes', payload: bookingBody({ userId: user.id, macs: [PI1], start: at(3), end: at(3, 1) }) });
    expect(booked.statusCode).toBe(200);
    const id = booked.json().value1 as number;
    expect((await user.inject({ method: 'DELETE', url: `/api/deleteReservation/${id}` })).statusCode).toBe(200);

    const page = (await auditLog(admin, { device: PI1.toUpperCase() })).json() as AuditLogPage;
    expect(page.entries.map((entry) => entry.action)).toEqual(['reservation.delete', 'reservation.book']);
    expect(page.entries[0]).toMatchObject({ targetType: 'reservation', targetId: String(id), devices: [PI1], actor: { userId: user.id, username: user.username } });
    expect(((await auditLog(admin, { device: PI2 })).json() as AuditLogPage).entries).toEqual([]);
  });

  it('filters by user (as actor or as the user acted on), by action or action prefix, and by time', async () => {
    await recordAudit(ctx.database.db, { actorUserId: admin.id, action: 'admin.password_change', targetType: 'user', targetId: other.id });
    const ofOther = (await auditLog(admin, { userId: other.id })).json() as AuditLogPage;
    expect(ofOther.entries.map((entry) => entry.action)).toEqual(['admin.password_change', 'auth.signin.success']);

    const signIns = (await auditLog(admin, { action: 'auth.' })).json() as AuditLogPage;
    expect(signIns.entries.length).toBe(3);
    expect(signIns.entries.every((entry) => entry.action.startsWith('auth.'))).toBe(true);
    const exact = (await auditLog(admin, { action: 'reservation.book' })).json() as AuditLogPage;
    expect(exact.entries.map((entry) => entry.action)).toEqual(['reservation.book']);

    const future = new Date(Date.now() + 60_000).toISOString();
    expect(((await auditLog(admin, { from: future })).json() as AuditLogPage).entries).toEqual([]);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect(((await auditLog(admin, { to: past })).json() as AuditLogPage).entries).toEqual([]);
  });

  it('pages by keyset: no row twice or missed while new rows arrive between pages', async () => {
    for (let n = 0; n < 7; n += 1) await recordAudit(ctx.database.db, { actorUserId: null, action: 'test.page', details: { n } });
    const first = (await auditLog(admin, { action: 'test.page', limit: 3 })).json() as AuditLogPage;
    expect(first.entries.map((entry) => entry.details.n)).toEqual([6, 5, 4]);
    await recordAudit(ctx.database.db, { actorUserId: null, action: 'test.page', details: { n: 7 } });
    const second = (await auditLog(admin, { action: 'test.page', limit: 3, before: first.nextBefore! })).json() as AuditLogPage;
    expect(second.entries.map((entry) => entry.details.n)).toEqual([3, 2, 1]);
    const last = (await auditLog(admin, { action: 'test.page', limit: 3, before: second.nextBefore! })).json() as AuditLogPage;
    expect(last.entries.map((entry) => entry.details.n)).toEqual([0]);
    expect(last.nextBefore).toBeNull();
  });

  it('refuses bad filters with a 400 naming the field, and everyone but administrators', async () => {
    for (const [field, value] of [['device', 'not-a-mac'], ['userId', '0'], ['limit', '201'], ['action', 'DROP TABLE'], ['before', '-1'], ['from', 'yesterday']]) {
      const reply = await auditLog(admin, { [field!]: value! });
      expect(reply.statusCode, field).toBe(400);
      expect(reply.json().message).toContain(field);
    }
    expect((await auditLog(user, {})).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auditLog' })).statusCode).toBe(401);
  });
});

describe('GET /api/auditLog.csv', () => {
  it('exports the filtered rows newest first, with formula-looking text neutralised', async () => {
    await recordAudit(ctx.database.db, { actorUserId: null, action: 'test.csv', targetType: 'note', targetId: '=HYPERLINK("x")' });
    await recordAudit(ctx.database.db, { actorUserId: admin.id, action: 'test.csv', details: { note: 'a, "quoted" value' } });
    const reply = await admin.inject({ method: 'GET', url: '/api/auditLog.csv?action=test.csv' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/csv/);
    expect(reply.headers['content-disposition']).toContain('audit-log.csv');
    const lines = reply.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,at,actor_user_id,actor_username,action,target_type,target_id,devices,ip,details');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${admin.username},test.csv`);
    expect(lines[1]).toContain('"{""note"":""a, \\""quoted\\"" value""}"');
    expect(lines[2]).toContain(`,note,"'=HYPERLINK(""x"")",`);
    expect((await user.inject({ method: 'GET', url: '/api/auditLog.csv' })).statusCode).toBe(403);
  });
});

describe('GET /api/signInHistory', () => {
  it("shows the caller their own sign-ins and failed attempts with the address, and nobody else's", async () => {
    const victim = await loginAs(ctx);
    expect((await signIn(ctx, victim.username, 'wrong-password', '203.0.113.9')).statusCode).toBe(401);
    await signIn(ctx, other.username, 'wrong-password', '203.0.113.10');
    const history = (await victim.inject({ method: 'GET', url: '/api/signInHistory' })).json() as SignInHistory;
    expect(history.events.map((event) => [event.outcome, event.ip])).toEqual([
      ['failure', '203.0.113.9'],
      ['success', expect.stringMatching(/^198\.51\.100\./)],
    ]);
    expect((await victim.inject({ method: 'GET', url: '/api/signInHistory?limit=1' })).json().events).toHaveLength(1);
    expect((await victim.inject({ method: 'GET', url: '/api/signInHistory?limit=0' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/signInHistory' })).statusCode).toBe(401);
  });
});
