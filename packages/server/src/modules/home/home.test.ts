import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FailingMail, FailingMailList } from '@testbed/contract';
import { buildTestApp, createUser, loginAs, type TestContext } from '../../../test/helper.js';
import { syncBuiltInTestbed } from '../../../test/booking.js';
import { loadTestbed } from '../../testbed/testbed-file.js';
import { SimulatorDriver } from '../../testbed/simulator.js';
import { HomeService } from './service.js';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
beforeAll(async () => {
  ctx = await buildTestApp();
  await syncBuiltInTestbed(ctx.database.db);
  admin = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
});
afterAll(() => ctx.close());

const summary = async () => {
  const reply = await admin.inject({ method: 'GET', url: '/api/adminSummary' });
  expect(reply.statusCode).toBe(200);
  return reply.json();
};

describe('GET /api/adminSummary', () => {
  it('counts what waits for the administrators, each as it happens', async () => {
    const before = await summary();
    const db = ctx.database.db;
    // An applicant whose e-mail is validated waits; a refused one does not; one asked to re-validate waits too.
    const waiting = await createUser(ctx, { enabled: false, roles: [] });
    const refused = await createUser(ctx, { enabled: false, roles: [] });
    await db.updateTable('users').set({ refused_at: new Date() }).where('id', '=', refused.id).execute();
    const revalidating = await createUser(ctx);
    await db.updateTable('users').set({ validation_pending: true }).where('id', '=', revalidating.id).execute();
    const [first, second] = await db.selectFrom('devices').select('id').orderBy('id').limit(2).execute();
    await db.updateTable('devices').set({ quarantined_at: new Date(), quarantine_reason: 'fan' }).where('id', '=', first!.id).execute();
    await db.updateTable('devices').set({ failure_streak: 2 }).where('id', '=', second!.id).execute();
    const day = 86_400_000;
    await db
      .insertInto('maintenance_windows')
      .values([
        { reason: 'soon', start_date: new Date(Date.now() + day), end_date: new Date(Date.now() + 2 * day) },
        { reason: 'later', start_date: new Date(Date.now() + 30 * day), end_date: new Date(Date.now() + 31 * day) },
      ])
      .execute();
    await db.insertInto('mail_outbox').values({ to_address: 'x@example.org', subject: 's', text_body: 't', attempts: 1, last_error: 'connection refused' }).execute();

    expect(await summary()).toEqual({
      accountsToApprove: before.accountsToApprove + 1,
      revalidationsPending: before.revalidationsPending + 1,
      devicesQuarantined: before.devicesQuarantined + 1,
      devicesFailing: before.devicesFailing + 1,
      devicesDown: before.devicesDown,
      maintenanceComing: before.maintenanceComing + 1,
      mailsFailing: before.mailsFailing + 1,
    });
    expect(waiting.id).toBeGreaterThan(0);
  });

  it('counts the devices the driver says are down, except those down for a reason already counted', async () => {
    const driver = new SimulatorDriver(await loadTestbed(undefined));
    const home = new HomeService(ctx.database.db, driver);
    const principal = { userId: admin.id, username: admin.username, authorities: ['ADMIN' as const, 'USER' as const], isAdmin: true };
    const devices = await ctx.database.db.selectFrom('devices').select(['id', 'mac_address', 'quarantined_at']).where('in_inventory', '=', true).orderBy('id').execute();
    const before = (await home.adminSummary(principal)).devicesDown;
    const free = devices.filter((device) => device.quarantined_at === null);
    driver.setUp(free[5]!.mac_address, false);
    driver.setUp(free[6]!.mac_address, false);
    expect((await home.adminSummary(principal)).devicesDown).toBe(before + 2);
    // A device quarantined as well as down is counted once, among the quarantined.
    await ctx.database.db.updateTable('devices').set({ quarantined_at: new Date(), quarantine_reason: 'dead' }).where('id', '=', free[6]!.id).execute();
    expect((await home.adminSummary(principal)).devicesDown).toBe(before + 1);
    driver.setUp(free[5]!.mac_address, true);
    expect((await home.adminSummary(principal)).devicesDown).toBe(before);
  });

  it('is for administrators only', async () => {
    const user = await loginAs(ctx);
    expect((await user.inject({ method: 'GET', url: '/api/adminSummary' })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/adminSummary' })).statusCode).toBe(401);
  });
});

describe('GET /api/failingMails and POST /api/failingMails/{id}/retry', () => {
  const insertMail = async (values: { subject: string; lastError: string | null; sent?: boolean; createdAt?: Date }) => {
    const row = await ctx.database.db
      .insertInto('mail_outbox')
      .values({
        to_address: `${values.subject.replace(/\W/g, '')}@example.org`,
        subject: values.subject,
        text_body: 'body',
        attempts: values.lastError ? 3 : 0,
        last_error: values.lastError,
        sent_at: values.sent ? new Date() : null,
        created_at: values.createdAt ?? new Date(),
        next_attempt_at: new Date(Date.now() + 3_600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const list = async () => {
    const reply = await admin.inject({ method: 'GET', url: '/api/failingMails' });
    expect(reply.statusCode).toBe(200);
    return reply.json<FailingMailList>();
  };

  it('lists the undelivered mails whose last attempt failed, newest first, with their count', async () => {
    const before = await list();
    const older = await insertMail({ subject: 'Older failure', lastError: 'connect ECONNREFUSED', createdAt: new Date(Date.now() - 60_000) });
    const newer = await insertMail({ subject: 'Newer failure', lastError: '550 mailbox unavailable' });
    await insertMail({ subject: 'Not tried yet', lastError: null });
    await insertMail({ subject: 'Delivered at last', lastError: 'timeout', sent: true });

    const after = await list();
    expect(after.total).toBe(before.total + 2);
    const ids = after.mails.map((mail) => mail.id);
    expect(ids[0]).toBe(newer);
    expect(ids.indexOf(older)).toBeGreaterThan(0);
    expect(after.mails[0]).toMatchObject({
      to: 'Newerfailure@example.org',
      subject: 'Newer failure',
      attempts: 3,
      lastError: '550 mailbox unavailable',
    });
    expect(new Date(after.mails[0]!.nextAttemptAt).getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    expect(after.mails.map((mail) => mail.subject)).not.toContain('Not tried yet');
    expect(after.mails.map((mail) => mail.subject)).not.toContain('Delivered at last');
    // The Home's count is the list's.
    expect((await summary()).mailsFailing).toBe(after.total);
  });

  it('shows at most 200 mails, the newest, while counting them all', async () => {
    const before = await list();
    const rows = Array.from({ length: 205 }, (_, n) => ({
      to_address: `bulk${n}@example.org`,
      subject: `bulk ${n}`,
      text_body: 'body',
      attempts: 1,
      last_error: 'refused',
      created_at: new Date(Date.now() + 60_000 + n * 1000),
    }));
    await ctx.database.db.insertInto('mail_outbox').values(rows).execute();
    const after = await list();
    expect(after.total).toBe(before.total + 205);
    expect(after.mails).toHaveLength(200);
    expect(after.mails[0]!.subject).toBe('bulk 204');
    expect(after.mails[199]!.subject).toBe('bulk 5');
    await ctx.database.db.deleteFrom('mail_outbox').where('subject', 'like', 'bulk %').execute();
  });

  it('makes a mail due at once on retry, and audits it', async () => {
    const id = await insertMail({ subject: 'Retry me', lastError: 'connect ETIMEDOUT' });
    const reply = await admin.inject({ method: 'POST', url: `/api/failingMails/${id}/retry` });
    expect(reply.statusCode, reply.body).toBe(200);
    const mail = reply.json<FailingMail>();
    expect(mail).toMatchObject({ id, subject: 'Retry me', attempts: 3, lastError: 'connect ETIMEDOUT' });
    expect(Math.abs(new Date(mail.nextAttemptAt).getTime() - Date.now())).toBeLessThan(60_000);
    const row = await ctx.database.db.selectFrom('mail_outbox').select(['next_attempt_at', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(new Date(row.next_attempt_at).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const audit = await ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'mail.retry').where('target_id', '=', String(id)).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: admin.id, target_type: 'mail', details: { to: 'Retryme@example.org', subject: 'Retry me', attempts: 3 } });
  });

  it('answers 404 naming the mail for an unknown or delivered one, and 400 for a bad id', async () => {
    const delivered = await insertMail({ subject: 'Gone', lastError: 'timeout', sent: true });
    for (const id of [delivered, 2_000_000_000]) {
      const reply = await admin.inject({ method: 'POST', url: `/api/failingMails/${id}/retry` });
      expect(reply.statusCode).toBe(404);
      expect(reply.json().message).toContain(`No mail ${id}`);
    }
    expect((await admin.inject({ method: 'POST', url: '/api/failingMails/abc/retry' })).statusCode).toBe(400);
  });

  it("is refused to users, to the signed-out and to personal API tokens, an administrator's included", async () => {
    const id = await insertMail({ subject: 'Not yours', lastError: 'refused' });
    const user = await loginAs(ctx);
    expect((await user.inject({ method: 'GET', url: '/api/failingMails' })).statusCode).toBe(403);
    expect((await user.inject({ method: 'POST', url: `/api/failingMails/${id}/retry` })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/failingMails' })).statusCode).toBe(401);
    const created = await admin.inject({ method: 'POST', url: `/api/apiTokens/user/${admin.id}`, payload: { name: 'cli', scope: 'read+book+flash', expiresInDays: 1 } });
    expect(created.statusCode, created.body).toBe(200);
    const headers = { authorization: `Bearer ${created.json().token}` };
    expect((await ctx.app.inject({ method: 'GET', url: '/api/failingMails', headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/failingMails/${id}/retry`, headers })).statusCode).toBe(403);
    const row = await ctx.database.db.selectFrom('mail_outbox').select('next_attempt_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 3_000_000);
  });
});
