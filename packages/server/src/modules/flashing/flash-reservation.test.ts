// A flash job lives inside its reservation, and its log keeps every status line, on two server instances
// sharing one database: two processes' worth of apps on PostgreSQL (TEST_DATABASE_URL), two apps on one
// embedded database otherwise. Each app has its own simulated testbed, as each process would.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { flashJobDetailSchema, flashNodesReplySchema } from '@testbed/contract';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { addSshKey, HOUR } from '../../../test/booking.js';
import { createPostgresDatabase, loginAs, type TestContext } from '../../../test/helper.js';
import { syncInventory } from '../../testbed/inventory.js';
import { SimulatorDriver } from '../../testbed/simulator.js';
import { testbedFileSchema, type TestbedFile } from '../../testbed/testbed-file.js';
import { insertReservation } from '../reservations/repo.js';
import { statusFileOf } from './job-runner.js';
import { missingPath } from '../../../test/missing-path.js';

const ROUNDS = 20;
const MAC = (n: number) => `02:00:00:0e:00:${n.toString(16).padStart(2, '0')}`;

function testbed(flashSeconds: number): TestbedFile {
  return testbedFileSchema.parse({
    driver: 'simulator',
    simulator: { flashSeconds, bootSeconds: 0.1 },
    deviceTypes: [
      {
        name: 'board',
        images: ['debian-12'],
        devices: Array.from({ length: ROUNDS + 4 }, (_, index) => ({ mac: MAC(index + 1), ip: `10.9.2.${index + 1}` })),
      },
    ],
  });
}

type Caller = Awaited<ReturnType<typeof loginAs>>;

/** Two instances on one database, each with its own simulated testbed and flash runner. */
class Instances {
  apps: FastifyInstance[] = [];
  drivers: SimulatorDriver[] = [];
  ctx!: TestContext;
  dataDir!: string;
  private handles: DatabaseHandle[] = [];
  private drop?: () => Promise<void>;

  static async open(file: TestbedFile): Promise<Instances> {
    const instances = new Instances();
    const base = process.env.TEST_DATABASE_URL;
    if (base) {
      const created = await createPostgresDatabase(base);
      instances.drop = created.drop;
      instances.handles = [await openDatabase(created.url), await openDatabase(created.url)];
    } else {
      const shared = await openDatabase('pglite://memory');
      instances.handles = [shared, shared];
    }
    instances.dataDir = await mkdtemp(join(tmpdir(), 'flash-reservation-'));
    await syncInventory(instances.handles[0]!.db, file);
    const config = loadConfig({ DATA_DIR: instances.dataDir, LOG_LEVEL: 'silent' });
    const jwtSecret = randomBytes(32).toString('hex');
    for (const handle of instances.handles) {
      const driver = new SimulatorDriver(file);
      const app = await buildApp({ config, db: handle.db, subscribe: handle.subscribe, jwtSecret, logger: false, webRoot: missingPath('web-root'), driver });
      await app.ready();
      instances.apps.push(app);
      instances.drivers.push(driver);
    }
    instances.ctx = { app: instances.apps[0]!, database: instances.handles[0]!, config } as TestContext;
    return instances;
  }

  get db() {
    return this.handles[0]!.db;
  }

  async caller(): Promise<Caller> {
    const caller = await loginAs(this.ctx);
    await addSshKey(this.db, caller.id);
    return caller;
  }

  /** The caller's request sent to instance `index` (the token is valid on both: they share the signing key). */
  send(caller: Caller, index: number, options: InjectOptions) {
    return this.apps[index]!.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${caller.session.accessToken}` } });
  }

  /** An Exclusive reservation of the device running now, straight into the database. */
  async reserve(userId: number, mac: string, endsInMs = HOUR, start = new Date(Date.now() - 60_000)): Promise<number> {
    const type = await this.db.selectFrom('reservation_types').select(['id', 'exclusive']).where('label', '=', 'Exclusive').executeTakeFirstOrThrow();
    const device = await this.db.selectFrom('devices').select('id').where('mac_address', '=', mac).executeTakeFirstOrThrow();
    return insertReservation(this.db, {
      responsibleUserId: userId,
      reservationTypeId: type.id,
      exclusive: type.exclusive,
      start,
      end: new Date(Date.now() + endsInMs),
      description: 'flash within a reservation',
      userIds: [],
      deviceIds: [device.id],
    });
  }

  flash(caller: Caller, index: number, mac: string) {
    return this.send(caller, index, { method: 'POST', url: '/api/flashNodes', payload: { deviceType: 'board', device: mac, image: 'debian-12' } });
  }

  async job(handle: string) {
    const { rows } = await sql<{ id: number; state: string; started_at: Date; finished_at: Date | null; end_date: Date }>`
      SELECT j.id, j.state, j.started_at, j.finished_at, r.end_date
      FROM flash_jobs j JOIN reservations r ON r.id = j.reservation_id WHERE j.handle = ${handle}::uuid`.execute(this.db);
    return rows[0];
  }

  async close() {
    for (const app of this.apps) await app.close();
    for (const handle of new Set(this.handles)) await handle.close();
    await this.drop?.();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('a flash job lives inside its reservation', () => {
  let world: Instances;
  beforeAll(async () => {
    // A flash of 0.6 s: a job that escaped its reservation would reach 'done' within the test.
    world = await Instances.open(testbed(0.6));
    for (const app of world.apps) app.flashJobs.start({ tickMs: 40 });
  });
  afterAll(() => world?.close());

  it(`release ‖ flash, ${ROUNDS} rounds on two instances: a job is refused or cancelled by the release, never past the end`, async () => {
    const alice = await world.caller();
    const outcomes = { refused: 0, cancelled: 0 };
    const handles: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const mac = MAC(round);
      const reservation = await world.reserve(alice.id, mac);
      // Sent together, to the two instances, the release a little later each round (0 to 95 ms): the early
      // rounds see it win, the later ones see it land while the flash's transaction runs or after it.
      const [flash, release] = await Promise.all([
        world.flash(alice, round % 2, mac),
        sleep((round - 1) * 5).then(() => world.send(alice, (round + 1) % 2, { method: 'POST', url: `/api/reservations/${reservation}/release` })),
      ]);
      expect(release.statusCode, release.body).toBe(200);
      if (flash.statusCode !== 200) {
        // Refused because the reservation had ended: the authorization (403) or the database's check (409).
        expect([403, 409], flash.body).toContain(flash.statusCode);
        outcomes.refused += 1;
        continue;
      }
      const handle = flashNodesReplySchema.parse(flash.json()).value2;
      handles.push(handle);
      // The release committed after the job: its own transaction cancelled it.
      const job = (await world.job(handle))!;
      expect(job.state).toBe('cancelled');
      expect(new Date(job.started_at).getTime()).toBeLessThan(new Date(job.end_date).getTime());
      expect(new Date(job.finished_at!).getTime()).toBeLessThanOrEqual(new Date(job.end_date).getTime());
      outcomes.cancelled += 1;
    }
    expect(outcomes.refused + outcomes.cancelled).toBe(ROUNDS);
    // Longer than a whole flash and boot: a job that had escaped would be done by now and have restored the account.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const { rows } = await sql<{ state: string; n: number }>`
      SELECT state, count(*)::int AS n FROM flash_jobs GROUP BY state`.execute(world.db);
    expect(rows.filter((row) => row.state !== 'cancelled')).toEqual([]);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const driver of world.drivers) expect(driver.restoredAccount(MAC(round))).toBeUndefined();
    }
    for (const handle of handles) {
      const detail = flashJobDetailSchema.parse((await world.send(alice, 0, { method: 'GET', url: `/api/flashJobs/${handle}` })).json());
      expect(detail.state).toBe('cancelled');
      expect(detail.log.at(-1)).toMatchObject({ kind: 'stage', text: 'cancelled' });
      expect(detail.log.find((entry) => entry.kind === 'error')?.text).toMatch(/^Cancelled: reservation \d+ ended at .*released or shortened.*no account was restored/);
    }
  }, 120_000);

  it('a flash running when its reservation is released stops on the instance that runs it', async () => {
    const bob = await world.caller();
    // Only the first instance runs jobs for this test: the release goes to the second.
    await world.apps[1]!.flashJobs.stop();
    try {
      const slow = MAC(ROUNDS + 1);
      const reservation = await world.reserve(bob.id, slow);
      // The job must still be flashing when the release comes: a flash of this test's testbed takes 0.6 s,
      // so the release is sent as soon as the flash has begun.
      const started = await world.flash(bob, 0, slow);
      expect(started.statusCode, started.body).toBe(200);
      const handle = flashNodesReplySchema.parse(started.json()).value2;
      await until(() => world.job(handle), (job) => job?.state === 'flashing', 2000);
      expect((await world.job(handle))!.state).toBe('flashing');
      const released = Date.now();
      expect((await world.send(bob, 1, { method: 'POST', url: `/api/reservations/${reservation}/release` })).statusCode).toBe(200);
      expect((await world.job(handle))!.state).toBe('cancelled');
      // The instance running the flash hears of it and stops its driver.
      await until(async () => world.drivers[0]!.wasAborted(handle), (aborted) => aborted, 3000);
      expect(world.drivers[0]!.wasAborted(handle)).toBe(true);
      expect(Date.now() - released).toBeLessThan(3000);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(world.drivers[0]!.restoredAccount(slow)).toBeUndefined();
      expect((await world.job(handle))!.state).toBe('cancelled');
    } finally {
      world.apps[1]!.flashJobs.start({ tickMs: 40 });
    }
  }, 30_000);
});

describe('a flash job whose reservation reaches its end', () => {
  let world: Instances;
  beforeAll(async () => {
    // A flash of 20 s: it is still running when its reservation ends.
    world = await Instances.open(testbed(20));
  });
  afterAll(() => world?.close());

  it('is cancelled within seconds by the runner, with no request, and its flash stopped where it runs', async () => {
    // The second instance runs the job; nobody sends anything when the reservation ends.
    world.apps[1]!.flashJobs.start({ tickMs: 100 });
    const carol = await world.caller();
    const mac = MAC(ROUNDS + 2);
    const reservation = await world.reserve(carol.id, mac, 2500);
    const started = await world.flash(carol, 0, mac);
    expect(started.statusCode, started.body).toBe(200);
    const handle = flashNodesReplySchema.parse(started.json()).value2;
    await until(() => world.job(handle), (job) => job?.state === 'flashing', 3000);
    expect((await world.job(handle))!.state).toBe('flashing');
    const job = await until(() => world.job(handle), (row) => row?.state === 'cancelled', 8000);
    expect(job!.state).toBe('cancelled');
    // Cancelled within seconds of the end, never before it.
    const end = new Date(job!.end_date).getTime();
    expect(new Date(job!.finished_at!).getTime()).toBeGreaterThanOrEqual(end);
    expect(new Date(job!.finished_at!).getTime() - end).toBeLessThan(2000);
    expect(world.drivers[1]!.wasAborted(handle)).toBe(true);
    const detail = flashJobDetailSchema.parse((await world.send(carol, 0, { method: 'GET', url: `/api/flashJobs/${handle}` })).json());
    expect(detail.state).toBe('cancelled');
    expect(detail.error).toMatch(new RegExp(`^Cancelled: reservation ${reservation} ended at `));
    // The next holder books the device and flashes it: no job of the previous holder is in the way.
    const dave = await world.caller();
    await world.reserve(dave.id, mac, HOUR, new Date(job!.end_date));
    const next = await world.flash(dave, 1, mac);
    expect(next.statusCode, next.body).toBe(200);
  }, 30_000);

  it('is cancelled when the reservation is deleted while it runs', async () => {
    const erin = await world.caller();
    const mac = MAC(ROUNDS + 3);
    const reservation = await world.reserve(erin.id, mac);
    const started = await world.flash(erin, 1, mac);
    const handle = flashNodesReplySchema.parse(started.json()).value2;
    const deleted = await world.send(erin, 0, { method: 'DELETE', url: `/api/deleteReservation/${reservation}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const detail = flashJobDetailSchema.parse((await world.send(erin, 1, { method: 'GET', url: `/api/flashJobs/${handle}` })).json());
    expect(detail.state).toBe('cancelled');
    expect(detail.error).toMatch(/^Cancelled: reservation \d+ ended at /);
  }, 30_000);
});

describe('the log of a flash job', () => {
  let world: Instances;
  beforeAll(async () => {
    world = await Instances.open(testbed(0.3));
  });
  afterAll(() => world?.close());

  it('keeps every status line the driver wrote, in order, once, read through the other instance', async () => {
    // Steps a second apart: the whole flash (five lines) is written between two looks of the runner.
    world.apps[0]!.flashJobs.start({ tickMs: 1000 });
    const frank = await world.caller();
    const mac = MAC(ROUNDS + 4);
    await world.reserve(frank.id, mac);
    const started = await world.flash(frank, 0, mac);
    const handle = flashNodesReplySchema.parse(started.json()).value2;
    const read = () => world.send(frank, 1, { method: 'GET', url: `/api/flashJobs/${handle}` }).then((reply) => flashJobDetailSchema.parse(reply.json()));
    const detail = await until(read, (job) => job.state === 'done' || job.state === 'failed', 15_000);
    expect(detail.state).toBe('done');
    const written = (await readFile(statusFileOf(join(world.dataDir, 'flash-status'), handle), 'utf8')).trim().split('\n');
    expect(written).toHaveLength(5);
    expect(detail.log.filter((entry) => entry.kind === 'line').map((entry) => entry.text)).toEqual(written);
    // Each line before the stage it led to.
    expect(detail.log.map((entry) => (entry.kind === 'stage' ? entry.text : entry.kind))).toEqual([
      'pending',
      'flashing',
      ...written.map(() => 'line'),
      'waiting_ready',
      'restoring',
      'done',
    ]);
  }, 30_000);
});
