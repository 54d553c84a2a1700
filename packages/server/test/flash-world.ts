// An app with its flash pipeline running on the simulated testbed of a test, for the tests of flash logs,
// progress streams and device health.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { insertReservation } from '../src/modules/reservations/repo.js';
import { createTestbedDriver } from '../src/testbed/create-driver.js';
import { syncInventory } from '../src/testbed/inventory.js';
import type { TestbedFile } from '../src/testbed/testbed-file.js';
import { addSshKey, HOUR } from './booking.js';
import { loginAs, openTestDatabase, type TestContext } from './helper.js';
import { missingPath } from './missing-path.js';

export type Caller = Awaited<ReturnType<typeof loginAs>>;

export async function openFlashWorld(testbed: TestbedFile, env: Record<string, string> = {}) {
  const { database, dispose } = await openTestDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'flash-world-'));
  await syncInventory(database.db, testbed);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({
    config,
    db: database.db,
    jwtSecret: randomBytes(32).toString('hex'),
    logger: false,
    webRoot: missingPath('web-root'),
    driver: createTestbedDriver(testbed),
    subscribe: database.subscribe,
  });
  await app.ready();
  app.flashJobs.start({ tickMs: 40 });
  const ctx = { app, config, database, close: () => app.close() } as unknown as TestContext;
  const db = database.db;
  const deviceId = async (mac: string) =>
    (await db.selectFrom('devices').select('id').where('mac_address', '=', mac).executeTakeFirstOrThrow()).id;
  return {
    ctx,
    app,
    db,
    async caller(options: Parameters<typeof loginAs>[1] = {}): Promise<Caller> {
      const caller = await loginAs(ctx, options);
      await addSshKey(db, caller.id);
      return caller;
    },
    deviceId,
    /** An Exclusive reservation of the devices that started half an hour ago. */
    async reserve(userId: number, macs: string[]) {
      const type = await db.selectFrom('reservation_types').select(['id', 'exclusive']).where('label', '=', 'Exclusive').executeTakeFirstOrThrow();
      const start = new Date(Date.now() - HOUR / 2);
      return insertReservation(db, {
        responsibleUserId: userId,
        reservationTypeId: type.id,
        exclusive: type.exclusive,
        start,
        end: new Date(start.getTime() + 2 * HOUR),
        description: 'flash test',
        userIds: [],
        deviceIds: await Promise.all(macs.map(deviceId)),
      });
    },
    async close() {
      await app.close();
      await dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type FlashWorld = Awaited<ReturnType<typeof openFlashWorld>>;

/** Waits until the job has ended, polling checkFlashing as a script would. */
export async function waitForJob(caller: Caller, handle: string, ms = 20_000): Promise<string> {
  const end = Date.now() + ms;
  for (;;) {
    const reply = await caller.inject({ method: 'POST', url: '/api/checkFlashing', payload: { handle } });
    const state = (reply.json() as { state: string }).state;
    if (state === 'done' || state === 'failed' || Date.now() > end) return state;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
