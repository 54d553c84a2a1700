import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
