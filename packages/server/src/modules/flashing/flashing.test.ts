// The flashing API on a real database with the simulated testbed (a short flash time), and the same API
// with the command driver against a real flash script and a real SSH server playing the node.
import { randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { checkFlashingReplySchema, flashNodesListSchema, flashNodesReplySchema, messages, type CheckFlashingReply } from '@testbed/contract';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import { addSshKey, bookingBody, HOUR } from '../../../test/booking.js';
import { loginAs, openTestDatabase, type TestContext } from '../../../test/helper.js';
import { type TestbedDriver } from '../../testbed/driver.js';
import { createTestbedDriver } from '../../testbed/create-driver.js';
import { syncInventory } from '../../testbed/inventory.js';
import { SimulatorDriver } from '../../testbed/simulator.js';
import { canLogIn, newKeyPair, startSshNode, type SshNode } from '../../testbed/ssh-node.fixture.js';
import { testbedFileSchema, type TestbedFile } from '../../testbed/testbed-file.js';
import { insertReservation } from '../reservations/repo.js';
import { claimFlashJobs, findFlashJob } from './repo.js';
import { sampleValue, scrapeMetrics } from '../../../test/metrics-text.js';
import { startSimulatedFlashJobs } from './simulated-load.js';
import { missingPath } from '../../../test/missing-path.js';

const BOARD = (n: number) => `02:00:00:0b:00:0${n}`;
const SENSOR = (n: number) => `02:00:00:0c:00:0${n}`;

function simulatedTestbed(simulator: Partial<TestbedFile['simulator']> = {}, extra: Partial<TestbedFile> = {}): TestbedFile {
  return testbedFileSchema.parse({
    driver: 'simulator',
    simulator: { flashSeconds: 0.4, ...simulator },
    deviceTypes: [
      {
        name: 'board',
        images: ['debian-12', 'openwrt-23'],
        devices: [1, 2, 3, 4, 5].map((n) => ({ mac: BOARD(n), ip: `10.9.0.1${n}`, up: n !== 5 })),
      },
      { name: 'sensor', images: ['contiki-ng'], devices: [1, 2].map((n) => ({ mac: SENSOR(n), ip: `10.9.1.1${n}` })) },
    ],
    ...extra,
  });
}

type Caller = Awaited<ReturnType<typeof loginAs>>;

/** An app with its flash pipeline running, on a database that may outlive it (a restart keeps the database). */
class FlashWorld {
  ctx!: TestContext;
  driver!: TestbedDriver;
  private readonly jwtSecret = randomBytes(32).toString('hex');
  private dispose!: () => Promise<void>;
  dataDir!: string;

  static async open(testbed: TestbedFile): Promise<FlashWorld> {
    const world = new FlashWorld();
    const { database, dispose } = await openTestDatabase();
    world.dispose = dispose;
    world.dataDir = await mkdtemp(join(tmpdir(), 'flashing-'));
    await world.start(database, testbed);
    return world;
  }

  /** Builds an app on the database (a fresh driver, as after a restart) and starts its pipeline. */
  async start(database: DatabaseHandle, testbed: TestbedFile, driver: TestbedDriver = createTestbedDriver(testbed)) {
    await syncInventory(database.db, testbed);
    const config = loadConfig({ DATA_DIR: this.dataDir, LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, db: database.db, jwtSecret: this.jwtSecret, logger: false, webRoot: missingPath('web-root'), driver });
    await app.ready();
    app.flashJobs.start({ tickMs: 40 });
    this.driver = driver;
    const previous = this.ctx;
    this.ctx = previous ?? ({ database, config } as TestContext);
    // Callers made by loginAs read ctx.app at each request, so they follow the app across a restart.
    Object.assign(this.ctx, { app, config, close: () => app.close() });
  }

  async restart(testbed: TestbedFile) {
    await this.ctx.app.close();
    await this.start(this.ctx.database, testbed);
  }

  async close() {
    await this.ctx.app.close();
    await this.dispose();
    await rm(this.dataDir, { recursive: true, force: true });
  }

  async caller(options: Parameters<typeof loginAs>[1] & { key?: boolean } = {}): Promise<Caller> {
    const caller = await loginAs(this.ctx, options);
    if (options.key !== false) await addSshKey(this.ctx.database.db, caller.id);
    return caller;
  }

  async deviceId(mac: string): Promise<number> {
    return (await this.ctx.database.db.selectFrom('devices').select('id').where('mac_address', '=', mac).executeTakeFirstOrThrow()).id;
  }

  /** A reservation that has already started (as if booked earlier), straight into the database. */
  async reserve(userId: number, macs: string[], options: { type?: 'Exclusive' | 'Shared'; users?: number[]; startsInMs?: number } = {}) {
    const db = this.ctx.database.db;
    const type = await db.selectFrom('reservation_types').select(['id', 'exclusive']).where('label', '=', options.type ?? 'Exclusive').executeTakeFirstOrThrow();
    const start = new Date(Date.now() + (options.startsInMs ?? -HOUR / 2));
    return insertReservation(db, {
      responsibleUserId: userId,
      reservationTypeId: type.id,
      exclusive: type.exclusive,
      start,
      end: new Date(start.getTime() + 2 * HOUR),
      description: 'flash test',
      userIds: options.users ?? [],
      deviceIds: await Promise.all(macs.map((mac) => this.deviceId(mac))),
    });
  }
}

function flash(caller: Caller, device: string, image = 'debian-12', deviceType = device.startsWith('02:00:00:0b') ? 'board' : 'sensor') {
  return caller.inject({ method: 'POST', url: '/api/flashNodes', payload: { deviceType, device, image } });
}

/** POST /api/checkFlashing with {handle}, or with a JSON text as the bare string body older clients send. */
async function check(caller: Caller, body: string | object) {
  return caller.inject({ method: 'POST', url: '/api/checkFlashing', payload: body, headers: { 'content-type': 'application/json' } });
}

/** Polls checkFlashing until the job has ended, and answers every distinct reply seen on the way. */
async function follow(caller: Caller, handle: string, ms = 20_000): Promise<CheckFlashingReply[]> {
  const seen: CheckFlashingReply[] = [];
  const end = Date.now() + ms;
  for (;;) {
    const reply = await check(caller, JSON.stringify(handle));
    expect(reply.statusCode, reply.body).toBe(200);
    const body = checkFlashingReplySchema.parse(reply.json());
    const last = seen.at(-1);
    if (!last || last.value1 !== body.value1 || last.state !== body.state) seen.push(body);
    if (body.state === 'done' || body.state === 'failed' || Date.now() > end) return seen;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function nodes(caller: Caller) {
  const reply = await caller.inject({ method: 'GET', url: '/api/getNodes' });
  expect(reply.statusCode, reply.body).toBe(200);
  return flashNodesListSchema.parse(reply.json());
}

// One database for the file (opening one is slow); each part restarts the app with its testbed file.
let world: FlashWorld;
beforeAll(async () => {
  world = await FlashWorld.open(simulatedTestbed());
});
afterAll(() => world.close());

describe('flashing on the simulated testbed', () => {
  let alice: Caller;
  let bob: Caller;
  let carol: Caller;
  let admin: Caller;

  beforeAll(async () => {
    [alice, bob, carol, admin] = [await world.caller(), await world.caller(), await world.caller(), await world.caller({ roles: ['ADMIN', 'USER'] })];
    // Alice holds board 1 and shares it with Carol; Bob holds board 2; a Shared and a future booking do not count.
    await world.reserve(alice.id, [BOARD(1)], { users: [carol.id] });
    await world.reserve(bob.id, [BOARD(2)]);
    await world.reserve(alice.id, [SENSOR(1)], { type: 'Shared' });
    await world.reserve(alice.id, [BOARD(3)], { startsInMs: HOUR });
  });

  describe('GET /api/getNodes', () => {
    it('answers type → MAC → {ip, up, images} with what the caller may flash', async () => {
      const list = await nodes(alice);
      expect(Object.keys(list)).toEqual(['board', 'sensor']);
      expect(Object.keys(list.board!)).toEqual([1, 2, 3, 4, 5].map(BOARD));
      expect(list.board![BOARD(1)]).toEqual({
        ip: '10.9.0.11',
        up: true,
        images: ['debian-12', 'openwrt-23'],
        isFlashableByCurrentUser: true,
        hasDeviceFlashableByCurrentUser: true,
      });
      expect(list.board![BOARD(5)]!.up).toBe(false);
      // Bob's device, a future booking and a Shared one are not Alice's to flash.
      expect([2, 3, 4].map((n) => list.board![BOARD(n)]!.isFlashableByCurrentUser)).toEqual([false, false, false]);
      expect(list.sensor![SENSOR(1)]).toMatchObject({ isFlashableByCurrentUser: false, hasDeviceFlashableByCurrentUser: false });
    });

    it('lets a user among the users of a reservation flash its devices, and an administrator any device', async () => {
      expect((await nodes(carol)).board![BOARD(1)]!.isFlashableByCurrentUser).toBe(true);
      const all = await nodes(admin);
      expect(Object.values(all).flatMap((type) => Object.values(type)).every((device) => device.isFlashableByCurrentUser)).toBe(true);
    });

    it('is closed to anonymous callers', async () => {
      expect((await world.ctx.app.inject({ method: 'GET', url: '/api/getNodes' })).statusCode).toBe(401);
    });
  });

  describe('POST /api/flashNodes', () => {
    it("refuses another user's device with 403 and starts nothing", async () => {
      const reply = await flash(alice, BOARD(2));
      expect(reply.statusCode).toBe(403);
      expect(reply.json().message).toContain(BOARD(2));
      expect(await flash(alice, BOARD(3)).then((r) => r.statusCode)).toBe(403);
      expect(await flash(alice, SENSOR(1), 'contiki-ng').then((r) => r.statusCode)).toBe(403);
      const jobs = await world.ctx.database.db.selectFrom('flash_jobs').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      expect(jobs.n).toBe(0);
    });

    it('refuses unknown devices, images of another type, a mismatched type, a device that is down, no SSH key', async () => {
      expect((await flash(admin, '02:00:00:0f:00:01', 'debian-12', 'board')).statusCode).toBe(404);
      const image = await flash(alice, BOARD(1), 'contiki-ng');
      expect(image.statusCode).toBe(400);
      expect(image.json().fieldErrors).toHaveProperty('image');
      expect((await flash(alice, BOARD(1), 'debian-12', 'sensor')).statusCode).toBe(400);
      const down = await flash(admin, BOARD(5));
      expect(down.statusCode).toBe(400);
      expect(down.json().message).toContain('is down');
      const keyless = await world.caller({ roles: ['ADMIN', 'USER'], key: false });
      const noKey = await flash(keyless, BOARD(4));
      expect(noKey.statusCode).toBe(400);
      expect(noKey.json().message).toBe(messages.NO_SSH_KEY);
      expect((await flash(alice, 'not-a-mac')).statusCode).toBe(400);
      expect((await world.ctx.app.inject({ method: 'POST', url: '/api/flashNodes', payload: { deviceType: 'board', device: BOARD(1), image: 'debian-12' } })).statusCode).toBe(401);
    });

    it('runs the pipeline to the end: status lines, Flashing done, node ready, account restored; audited', async () => {
      const reply = await flash(alice, BOARD(1), 'openwrt-23');
      expect(reply.statusCode, reply.body).toBe(200);
      const { value0, value1, value2 } = flashNodesReplySchema.parse(reply.json());
      expect(value0).toBe(true);
      expect(Math.abs(value1 - Date.now() / 1000)).toBeLessThan(60);

      // While it runs the device is down in both device lists.
      expect((await nodes(alice)).board![BOARD(1)]!.up).toBe(false);
      const toReserve = await alice.inject({ method: 'GET', url: '/api/getNodesToReserve' });
      expect(toReserve.json().board[BOARD(1)].up).toBe(false);

      const seen = await follow(alice, value2);
      const last = seen.at(-1)!;
      expect(last).toMatchObject({ value0: true, state: 'done', error: null });
      expect(last.value1).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z : Flashing done$/);
      const texts = [...new Set(seen.map((step) => step.value1.split(' : ')[1]).filter(Boolean))];
      expect(texts.at(-1)).toBe('Flashing done');
      expect(texts.every((text) => ['Flashing started: image openwrt-23 on 02:00:00:0b:00:01', 'Erasing the storage', 'Writing image openwrt-23', 'Verifying the image', 'Flashing done'].includes(text!))).toBe(true);

      // The status file holds the real lines; the node is back up and holds Alice's keys.
      const file = await readFile(join(world.dataDir, 'flash-status', `${value2}.log`), 'utf8');
      expect(file.trim().split('\n').map((line) => line.split(' : ')[1])).toEqual([
        'Flashing started: image openwrt-23 on 02:00:00:0b:00:01',
        'Erasing the storage',
        'Writing image openwrt-23',
        'Verifying the image',
        'Flashing done',
      ]);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await nodes(alice)).board![BOARD(1)]!.up).toBe(true);
      const keys = await world.ctx.database.db.selectFrom('credentials').select('ssh_key').where('user_id', '=', alice.id).execute();
      expect((world.driver as SimulatorDriver).restoredAccount(BOARD(1))).toMatchObject({ username: alice.username, sshKeys: keys.map((k) => k.ssh_key) });

      const audit = await world.ctx.database.db.selectFrom('audit_log').select(['action', 'actor_user_id', 'target_id', 'details']).where('action', 'like', 'flash.%').where('target_id', '=', BOARD(1)).orderBy('id').execute();
      expect(audit.map((row) => [row.action, row.actor_user_id])).toEqual([['flash.start', alice.id], ['flash.done', alice.id]]);
      expect(audit[0]!.details).toMatchObject({ handle: value2, image: 'openwrt-23' });
    });

    it('runs one job per device at a time: concurrent flashes of a device get one 200 and 409s', async () => {
      const replies = await Promise.all([1, 2, 3, 4].map(() => flash(admin, BOARD(4))));
      expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409, 409, 409]);
      const refused = replies.find((reply) => reply.statusCode === 409)!;
      expect(refused.json().message).toContain('already being flashed');
      const handle = replies.find((reply) => reply.statusCode === 200)!.json().value2 as string;
      expect((await follow(admin, handle)).at(-1)!.state).toBe('done');
      // Once it is over the device can be flashed again.
      const again = await flash(admin, BOARD(4));
      expect(again.statusCode).toBe(200);
      await follow(admin, again.json().value2);
    });

    it('keeps a device being flashed by an administrator from being booked by others', async () => {
      const started = await flash(admin, SENSOR(2), 'contiki-ng');
      expect(started.statusCode).toBe(200);
      const start = new Date(Date.now() + 5 * 60_000);
      const booking = await bob.inject({
        method: 'POST',
        url: '/api/reserveNodes',
        payload: bookingBody({ userId: bob.id, macs: [SENSOR(2)], start, end: new Date(start.getTime() + HOUR) }),
      });
      expect(booking.statusCode).toBe(400);
      expect(booking.json().value1.join(' ')).toContain('is down');
      await follow(admin, started.json().value2);
    });
  });

  describe('POST /api/checkFlashing', () => {
    it("answers only the caller's jobs: another user's handle, an unknown handle and a path are refused", async () => {
      const started = await flash(alice, BOARD(1));
      expect(started.statusCode, started.body).toBe(200);
      const handle = started.json().value2 as string;
      expect((await check(alice, { handle })).statusCode).toBe(200);
      expect((await check(bob, { handle })).statusCode).toBe(404);
      expect((await check(bob, JSON.stringify(handle))).statusCode).toBe(404);
      expect((await check(admin, { handle })).statusCode).toBe(200);
      expect((await check(alice, { handle: randomUUID() })).statusCode).toBe(404);
      expect((await check(alice, JSON.stringify('/etc/passwd'))).statusCode).toBe(400);
      expect((await check(alice, { handle: '../../etc/passwd' })).statusCode).toBe(400);
      await follow(alice, handle);
    });
  });

  describe('GET /api/flashJobs', () => {
    it("lists the caller's jobs only, newest first", async () => {
      const reply = await alice.inject({ method: 'GET', url: '/api/flashJobs' });
      expect(reply.statusCode).toBe(200);
      const jobs = reply.json() as Array<{ device: string; state: string }>;
      expect(jobs.length).toBeGreaterThanOrEqual(2);
      expect(jobs.every((job) => job.device === BOARD(1))).toBe(true);
      expect((await bob.inject({ method: 'GET', url: '/api/flashJobs' })).json()).toEqual([]);
    });
  });

  describe('POST /api/checkNodeReady and /api/restoreUserAccountForFlashedDevice', () => {
    it("answers '0' for a ready device the caller may flash; another's device is 403, an unknown address 404", async () => {
      const ready = await alice.inject({ method: 'POST', url: '/api/checkNodeReady', payload: JSON.stringify('10.9.0.11'), headers: { 'content-type': 'application/json' } });
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.json()).toEqual({ value0: true, value1: '0' });
      expect((await alice.inject({ method: 'POST', url: '/api/checkNodeReady', payload: { ip: '10.9.0.12' } })).statusCode).toBe(403);
      expect((await alice.inject({ method: 'POST', url: '/api/checkNodeReady', payload: { ip: '192.0.2.1' } })).statusCode).toBe(404);
    });

    it("puts the caller's current keys on a device they may flash", async () => {
      await addSshKey(world.ctx.database.db, carol.id);
      const reply = await carol.inject({ method: 'POST', url: '/api/restoreUserAccountForFlashedDevice', payload: { device: BOARD(1) } });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json().value0).toBe(true);
      const keys = await world.ctx.database.db.selectFrom('credentials').select('ssh_key').where('user_id', '=', carol.id).orderBy('id').execute();
      expect((world.driver as SimulatorDriver).restoredAccount(BOARD(1))).toMatchObject({ username: carol.username, sshKeys: keys.map((k) => k.ssh_key) });
      expect(keys).toHaveLength(2);
      expect((await bob.inject({ method: 'POST', url: '/api/restoreUserAccountForFlashedDevice', payload: { device: BOARD(1) } })).statusCode).toBe(403);
    });
  });
});

describe('simulated load (benchmark hook)', () => {
  it('starts many jobs at once on free devices, and the pipeline runs them all to the end', async () => {
    await world.restart(simulatedTestbed({ flashSeconds: 0.5 }));
    const admin = await world.caller({ roles: ['ADMIN', 'USER'] });
    const handles = await startSimulatedFlashJobs(world.ctx.database.db, { count: 50, userId: admin.id });
    // Every device with no running job gets one; board 5, down in the file, fails to start.
    expect(handles.length).toBe(7);
    const ends = await Promise.all(handles.map(async (handle) => (await follow(admin, handle)).at(-1)!.state));
    expect(ends.sort()).toEqual(['done', 'done', 'done', 'done', 'done', 'done', 'failed']);
  });

  it('does not read a job whose step is under way, so that a step never starts from a state already left', async () => {
    const admin = await world.caller({ roles: ['ADMIN', 'USER'] });
    await world.ctx.app.flashJobs.stop();
    const [handle] = await startSimulatedFlashJobs(world.ctx.database.db, { count: 1, userId: admin.id, deviceIds: [await world.deviceId(BOARD(2))] });
    const db = world.ctx.database.db;
    const job = await db.selectFrom('flash_jobs').select('id').where('handle', '=', handle!).executeTakeFirstOrThrow();
    const owner = 'another-instance';
    const { jobs: stepping } = await claimFlashJobs(db, owner, 30_000, 10, [job.id]);
    expect(stepping.map((row) => row.handle)).not.toContain(handle);
    const { jobs: due } = await claimFlashJobs(db, owner, 30_000, 10, []);
    expect(due.map((row) => row.handle)).toContain(handle);
    await db.updateTable('flash_jobs').set({ state: 'failed', lease_owner: null, lease_until: null }).where('id', '=', job.id).execute();
    world.ctx.app.flashJobs.start({ tickMs: 40 });
  });

  it('looks less and less often at a flash whose status does not change, up to every four ticks', async () => {
    await world.restart(simulatedTestbed({ flashSeconds: 3600 }));
    const admin = await world.caller({ roles: ['ADMIN', 'USER'] });
    const looks = vi.spyOn(world.driver, 'flashStatus');
    const [handle] = await startSimulatedFlashJobs(world.ctx.database.db, { count: 1, userId: admin.id, deviceIds: [await world.deviceId(BOARD(1))] });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const job = await world.ctx.database.db.selectFrom('flash_jobs').select(['state', 'idle_wait_ms']).where('handle', '=', handle!).executeTakeFirstOrThrow();
    expect(job).toEqual({ state: 'flashing', idle_wait_ms: 160 });
    // 40 ticks of 40 ms; waits of 40, 80, 160, 160 ... ms make about a dozen looks.
    expect(looks.mock.calls.length).toBeGreaterThan(3);
    expect(looks.mock.calls.length).toBeLessThan(18);
    looks.mockRestore();
    // The hour-long flash ends here, so that the device is free for the next tests.
    await world.ctx.database.db.updateTable('flash_jobs').set({ state: 'failed', lease_owner: null, lease_until: null }).where('handle', '=', handle!).execute();
  });
});

describe('a flash job across a server restart', () => {
  it('started by one app, finished by the next one on the same database', async () => {
    const testbed = simulatedTestbed({ flashSeconds: 1.5 });
    await world.restart(testbed);
    {
      const admin = await world.caller({ roles: ['ADMIN', 'USER'] });
      const started = await flash(admin, BOARD(1));
      expect(started.statusCode).toBe(200);
      const handle = started.json().value2 as string;
      // The first app stops (shutdown) before the flash is over.
      await world.restart(testbed);
      const job = await world.ctx.database.db.selectFrom('flash_jobs').select(['state']).where('handle', '=', handle).executeTakeFirstOrThrow();
      expect(job.state).not.toBe('done');
      const seen = await follow(admin, handle);
      expect(seen.at(-1)).toMatchObject({ state: 'done', value0: true });
      expect((world.driver as SimulatorDriver).restoredAccount(BOARD(1))?.username).toBe(admin.username);
    }
  });
});

describe('a flash job of an instance that died', () => {
  it('is taken over once its lease has run out, and finished', async () => {
    await world.restart(simulatedTestbed({ flashSeconds: 0.5 }));
    const admin = await world.caller({ roles: ['ADMIN', 'USER'] });
    // Another instance took the job and stopped answering: its lease ran out a moment ago.
    const [handle] = await world.ctx.database.db.transaction().execute(async (tx) => {
      const handles = await startSimulatedFlashJobs(tx, { count: 1, userId: admin.id });
      await sql`UPDATE flash_jobs SET state = 'flashing', lease_owner = 'crashed-instance', lease_until = now() - interval '1 second'
        WHERE handle = ${handles[0]}::uuid`.execute(tx);
      return handles;
    });
    const seen = await follow(admin, handle!);
    expect(seen.at(-1)).toMatchObject({ state: 'done', value0: true });
    const job = await world.ctx.database.db.selectFrom('flash_jobs').select(['lease_owner', 'finished_at']).where('handle', '=', handle!).executeTakeFirstOrThrow();
    expect(job.lease_owner).toBeNull();
    expect(job.finished_at).not.toBeNull();
    // The instance counts the takeover and the job's end in its metrics.
    const samples = await scrapeMetrics(world.ctx.app);
    expect(sampleValue(samples, 'portal_flash_lease_takeovers_total')).toBe(1);
    expect(sampleValue(samples, 'portal_flash_job_outcomes_total', { outcome: 'done' })).toBe(1);
  });
});

describe('a flash job left pending by an instance killed after it started the flash', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is followed by the instance that takes it over, which does not flash the device again', async () => {
    const testbed = simulatedTestbed({ flashSeconds: 0.5 });
    await world.restart(testbed);
    const admin = await world.caller({ roles: ['ADMIN', 'USER'] });
    const db = world.ctx.database.db;
    const device = await world.deviceId(BOARD(1));
    const handle = await db.transaction().execute(async (tx) => {
      const [created] = await startSimulatedFlashJobs(tx, { count: 1, userId: admin.id, deviceIds: [device] });
      await sql`UPDATE flash_jobs SET lease_owner = 'killed-instance', lease_until = now() + interval '1 minute'
        WHERE handle = ${created}::uuid`.execute(tx);
      return created!;
    });
    // The instance that held the job started its flash (same data folder), was killed before it recorded
    // so, and its lease ran out a moment ago.
    const killed = createTestbedDriver(testbed);
    const flashes = vi.spyOn(world.driver, 'flash');
    await killed.flash(world.ctx.app.flashJobs.targetOf((await findFlashJob(db, handle))!));
    await sql`UPDATE flash_jobs SET lease_until = now() - interval '1 second' WHERE handle = ${handle}::uuid`.execute(db);
    const seen = await follow(admin, handle);
    expect(seen.at(-1)).toMatchObject({ state: 'done', value0: true });
    expect(seen.at(-1)!.value1).toMatch(/ : Flashing done$/);
    expect(flashes).not.toHaveBeenCalled();
  });

  it('is flashed by the instance that takes it over when its flash had not begun', async () => {
    const admin = await world.caller({ roles: ['ADMIN', 'USER'] });
    const db = world.ctx.database.db;
    const device = await world.deviceId(BOARD(2));
    const flashes = vi.spyOn(world.driver, 'flash');
    const handle = await db.transaction().execute(async (tx) => {
      const [created] = await startSimulatedFlashJobs(tx, { count: 1, userId: admin.id, deviceIds: [device] });
      await sql`UPDATE flash_jobs SET lease_owner = 'killed-instance', lease_until = now() - interval '1 second'
        WHERE handle = ${created}::uuid`.execute(tx);
      return created!;
    });
    const seen = await follow(admin, handle);
    expect(seen.at(-1)).toMatchObject({ state: 'done', value0: true });
    expect(flashes).toHaveBeenCalledTimes(1);
  });
});

describe('failure paths', () => {
  it('fails a job that hangs past its deadline with a clear state, and frees the device', async () => {
    await world.restart(simulatedTestbed({ flashSeconds: 0.5, hangRate: 1 }, { flashTimeoutSeconds: 1 }));
    {
      const admin = await world.caller({ roles: ['ADMIN', 'USER'] });
      const started = await flash(admin, BOARD(2));
      const handle = started.json().value2 as string;
      const last = (await follow(admin, handle)).at(-1)!;
      expect(last).toMatchObject({ value0: false, state: 'failed' });
      expect(last.error).toBe("Timed out after 1 second(s) while waiting for 'Flashing done'.");
      expect(last.value1).toMatch(/ : Writing image debian-12$/);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await nodes(admin)).board![BOARD(2)]!.up).toBe(true);
      const audit = await world.ctx.database.db.selectFrom('audit_log').select(['details', 'target_id']).where('action', '=', 'flash.failed').execute();
      expect(audit.find((row) => (row.details as { handle?: string }).handle === handle)).toMatchObject({
        target_id: BOARD(2),
        details: { image: 'debian-12', error: expect.stringMatching(/^Timed out/) },
      });
    }
  });

  it('fails a job whose flash reports a failure, with its status line', async () => {
    await world.restart(simulatedTestbed({ flashSeconds: 0.3, failureRate: 1 }));
    {
      const admin = await world.caller({ roles: ['ADMIN', 'USER'] });
      const handle = (await flash(admin, BOARD(3))).json().value2 as string;
      const last = (await follow(admin, handle)).at(-1)!;
      expect(last).toMatchObject({ value0: false, state: 'failed', error: 'Flashing failed: the image could not be written' });
      expect(last.value1).toMatch(/ : Flashing failed: the image could not be written$/);
    }
  });
});

describe('flashing on a testbed of commands, with a real SSH server as the node', () => {
  let node: SshNode;
  let decoy: Server;
  let decoyConnections = 0;
  let dir: string;
  const userKey = newKeyPair('alice@laptop');
  const otherKey = newKeyPair('mallory');

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flash-commands-'));
    const adminKey = newKeyPair('testbed-admin');
    await writeFile(join(dir, 'admin_key'), adminKey.privateKey, { mode: 0o600 });
    const script = join(dir, 'flash.sh');
    await writeFile(
      script,
      `#!/bin/sh\nnow() { date -u +%Y-%m-%dT%H:%M:%SZ; }\necho "$(now) : Flashing started: $3 on $1" >> "$4"\nsleep 0.3\necho "$(now) : Flashing done" >> "$4"\n`,
    );
    await chmod(script, 0o755);
    node = await startSshNode({ adminUser: 'testbed', adminPublicKey: adminKey.publicKey, restoreProgram: 'restore-account' });
    // A listener on an address outside the inventory: a probe of it would show here.
    decoy = createServer((socket) => {
      decoyConnections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => decoy.listen(0, '127.0.0.3', resolve));
    const testbed = testbedFileSchema.parse({
      driver: 'command',
      command: { sshPort: (decoy.address() as AddressInfo).port, adminUser: 'testbed', adminKeyPath: join(dir, 'admin_key'), restoreCommand: ['restore-account', '{username}'] },
      deviceTypes: [
        {
          name: 'board',
          images: ['debian-12'],
          flashCommand: [script, '{mac}', '{ip}', '{image}', '{statusFile}'],
          devices: [{ mac: BOARD(6), ip: '127.0.0.1', sshPort: node.port }, { mac: BOARD(7), ip: '127.0.0.2', sshPort: node.port }],
        },
      ],
    });
    await world.restart(testbed);
  });
  afterAll(async () => {
    await node.close();
    await new Promise<void>((resolve) => decoy.close(() => resolve()));
    await rm(dir, { recursive: true, force: true });
  });

  it("flashes with the command, waits for the node's SSH port and restores the account: the user logs in with their key", async () => {
    const alice = await world.caller({ key: false });
    const added = await alice.inject({ method: 'POST', url: `/api/credential/addToUser/${alice.id}`, payload: { sshKey: userKey.publicKey } });
    expect(added.statusCode, added.body).toBeLessThan(300);
    await world.reserve(alice.id, [BOARD(6)]);

    const started = await flash(alice, BOARD(6));
    expect(started.statusCode, started.body).toBe(200);
    const seen = await follow(alice, started.json().value2);
    expect(seen.at(-1), JSON.stringify(seen)).toMatchObject({ state: 'done', value0: true });
    expect(seen.at(-1)!.value1).toMatch(/ : Flashing done$/);

    expect(node.commands.at(-1)).toBe(`'restore-account' '${alice.username}'`);
    expect(await canLogIn(node.port, alice.username, userKey.privateKey)).toBe(true);
    expect(await canLogIn(node.port, alice.username, otherKey.privateKey)).toBe(false);

    const ready = await alice.inject({ method: 'POST', url: '/api/checkNodeReady', payload: { ip: '127.0.0.1' } });
    expect(ready.json()).toEqual({ value0: true, value1: '0' });
  });

  it('never probes an address outside the inventory, nor a device the caller may not flash', async () => {
    const bob = await world.caller();
    for (const ip of ['127.0.0.3', 'localhost', '127.0.0.1:22', '169.254.169.254', 'metadata.google.internal', '::1']) {
      const reply = await bob.inject({ method: 'POST', url: '/api/checkNodeReady', payload: { ip } });
      expect(reply.statusCode).toBe(404);
    }
    expect((await bob.inject({ method: 'POST', url: '/api/checkNodeReady', payload: { ip: '127.0.0.2' } })).statusCode).toBe(403);
    expect(decoyConnections).toBe(0);
  });
});
