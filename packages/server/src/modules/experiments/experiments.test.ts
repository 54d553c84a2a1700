// Experiments on a real database with the simulated testbed (short flashes): submitted through the API, run by
// the runner to ready, stopped, the devices released and flashed back; a failing device; two experiments racing;
// an instance restarted mid-flash; two instances; someone else's experiment; the description's refusals.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { experimentSchema, type Experiment, type ExperimentDescriptionInput } from '@testbed/contract';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import { addSshKey } from '../../../test/booking.js';
import { loginAs, openTestDatabase, type TestContext } from '../../../test/helper.js';
import { missingPath } from '../../../test/missing-path.js';
import { createTestbedDriver } from '../../testbed/create-driver.js';
import { syncInventory } from '../../testbed/inventory.js';
import { testbedFileSchema } from '../../testbed/testbed-file.js';

const BOARD = (n: number) => `02:00:00:0e:00:0${n}`;
/** Always fails its flash. */
const BROKEN = '02:00:00:0e:00:09';
const SENSOR = (n: number) => `02:00:00:0f:00:0${n}`;
/** Flashed with users' own images only in these tests. */
const TAG = '02:00:00:10:00:01';

const testbed = testbedFileSchema.parse({
  driver: 'simulator',
  simulator: { flashSeconds: 0.3, bootSeconds: 0 },
  deviceTypes: [
    {
      name: 'board',
      images: ['debian-12', 'openwrt-23'],
      defaultImage: 'openwrt-23',
      properties: { site: 'lab-a' },
      devices: [
        ...[1, 2, 3, 4, 5, 6].map((n) => ({ mac: BOARD(n), ip: `10.8.0.1${n}`, properties: n > 4 ? { site: 'lab-b' } : {} })),
        { mac: BROKEN, ip: '10.8.0.19', failureRate: 1 },
      ],
    },
    { name: 'sensor', images: ['contiki-ng'], devices: [1, 2, 3].map((n) => ({ mac: SENSOR(n), ip: `10.8.1.1${n}` })) },
    { name: 'tag', images: ['tag-fw'], formats: ['bin'], devices: [{ mac: TAG, ip: '10.8.2.11' }] },
  ],
});

type Caller = Awaited<ReturnType<typeof loginAs>>;

let database: DatabaseHandle;
let dispose: () => Promise<void>;
let dataDir: string;
const jwtSecret = randomBytes(32).toString('hex');
const apps: FastifyInstance[] = [];
let ctx: TestContext;
let user: Caller;
let other: Caller;

/** An instance of the portal on the shared database, its flash and experiment runners started. */
async function startInstance(): Promise<FastifyInstance> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, db: database.db, jwtSecret, logger: false, webRoot: missingPath('web-root'), driver: createTestbedDriver(testbed) });
  await app.ready();
  app.flashJobs.start({ tickMs: 40, leaseMs: 1500 });
  app.experimentRunner.start({ tickMs: 40, leaseMs: 1500 });
  apps.push(app);
  return app;
}

async function stopInstance(app: FastifyInstance) {
  await app.close();
  apps.splice(apps.indexOf(app), 1);
}

function submit(caller: Caller, description: ExperimentDescriptionInput) {
  return caller.inject({ method: 'POST', url: '/api/experiments', payload: description });
}

async function read(caller: Caller, id: number): Promise<Experiment> {
  const reply = await caller.inject({ method: 'GET', url: `/api/experiments/${id}` });
  expect(reply.statusCode, reply.body).toBe(200);
  return experimentSchema.parse(reply.json());
}

/** Reads the experiment until `done` says so (or fails after `ms`). */
async function until(caller: Caller, id: number, done: (experiment: Experiment) => boolean, ms = 20_000): Promise<Experiment> {
  const end = Date.now() + ms;
  for (;;) {
    const experiment = await read(caller, id);
    if (done(experiment)) return experiment;
    if (Date.now() > end) throw new Error(`experiment ${id} stayed ${experiment.state}: ${JSON.stringify(experiment.devices)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const isReady = (experiment: Experiment) => experiment.state === 'ready' || experiment.state === 'running';
const isOver = (experiment: Experiment) => ['done', 'failed', 'cancelled'].includes(experiment.state);

const boards = (macs: string[], extra: Partial<ExperimentDescriptionInput> = {}): ExperimentDescriptionInput => ({
  name: `Run ${randomBytes(3).toString('hex')}`,
  durationMinutes: 60,
  start: 'now',
  groups: [{ type: 'board', devices: macs, image: 'debian-12' }],
  ...extra,
});

beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
  dataDir = await mkdtemp(join(tmpdir(), 'experiments-'));
  await syncInventory(database.db, testbed);
  const app = await startInstance();
  ctx = { database, config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }) } as TestContext;
  // Callers read ctx.app at each request: they follow whichever instance the test puts there.
  Object.assign(ctx, { app });
  user = await loginAs(ctx);
  other = await loginAs(ctx);
  for (const caller of [user, other]) await addSshKey(database.db, caller.id);
});

afterAll(async () => {
  for (const app of [...apps]) await app.close();
  await dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe('an experiment of 3 devices', () => {
  it('is booked, flashed to ready with a mail, then stopped: released and flashed back to the default image', async () => {
    const submitted = await submit(user, boards([BOARD(1), BOARD(2), BOARD(3)]));
    expect(submitted.statusCode, submitted.body).toBe(201);
    const { id, reservationId } = experimentSchema.parse(submitted.json());
    expect(reservationId).not.toBeNull();

    const ready = await until(user, id, isReady);
    expect(ready.devices.map((device) => [device.macAddress, device.state, device.image])).toEqual([
      [BOARD(1), 'ready', 'debian-12'],
      [BOARD(2), 'ready', 'debian-12'],
      [BOARD(3), 'ready', 'debian-12'],
    ]);
    for (const device of ready.devices) {
      expect(device.sshCommand).toBe(`ssh ${user.username}@${device.ipAddress}`);
      // The device's own flash job: the image written and the account restored, its log kept.
      const job = await user.inject({ method: 'GET', url: `/api/flashJobs/${device.flashJob}` });
      expect(job.json()).toMatchObject({ state: 'done', image: 'debian-12', device: device.macAddress });
      expect(job.json().log.map((entry: { text: string }) => entry.text)).toContain('restoring');
    }
    const mail = await database.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', `${user.username}@example.org`).execute();
    expect(mail.find((one) => one.subject === `Experiment ${ready.name} is ready`)?.text_body).toContain(`ssh ${user.username}@10.8.0.11`);

    const stopped = await user.inject({ method: 'POST', url: `/api/experiments/${id}/stop` });
    expect(stopped.statusCode, stopped.body).toBe(200);
    const over = await until(user, id, isOver);
    expect(over.state).toBe('done');
    expect(over.devices.map((device) => device.state)).toEqual(['released', 'released', 'released']);
    for (const device of over.devices) {
      const job = await user.inject({ method: 'GET', url: `/api/flashJobs/${device.cleanJob}` });
      // Flashed back to the type's default image, with nobody's account on it.
      expect(job.json()).toMatchObject({ state: 'done', image: 'openwrt-23' });
      expect(job.json().log.map((entry: { text: string }) => entry.text)).not.toContain('restoring');
    }
    const reservation = await database.db.selectFrom('reservations').select('end_date').where('id', '=', reservationId!).executeTakeFirstOrThrow();
    expect(new Date(reservation.end_date).getTime()).toBeLessThanOrEqual(Date.now());

    // The export keeps the description, the images and every flash log; it runs again as it is.
    const exported = await user.inject({ method: 'GET', url: `/api/experiments/${id}/export` });
    expect(exported.json()).toMatchObject({ format: 'testbed-experiment/1', description: { name: ready.name } });
    expect(exported.json().devices[0].flashLog.length).toBeGreaterThan(4);
    const again = await user.inject({ method: 'POST', url: `/api/experiments/${id}/runAgain` });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ runOf: id, state: 'waiting' });
    await user.inject({ method: 'POST', url: `/api/experiments/${again.json().id}/stop` });
    await until(user, again.json().id, isOver);
  });

  it('goes on without a device that fails its flash, or fails whole when all or nothing', async () => {
    const lenient = await submit(user, boards([BOARD(4), BROKEN]));
    expect(lenient.statusCode, lenient.body).toBe(201);
    const ready = await until(user, lenient.json().id, isReady);
    expect(ready.devices.find((device) => device.macAddress === BROKEN)).toMatchObject({ state: 'failed' });
    expect(ready.devices.find((device) => device.macAddress === BOARD(4))).toMatchObject({ state: 'ready' });
    expect(ready.error).toContain(BROKEN);
    await user.inject({ method: 'POST', url: `/api/experiments/${ready.id}/stop` });
    // A stop is taken at the runner's next pass, even one under way when it was asked (not at its next check).
    const ended = await until(user, ready.id, isOver, 8_000);
    // Its flash back fails too: the device is quarantined, the other released.
    expect(ended.devices.find((device) => device.macAddress === BROKEN)).toMatchObject({ state: 'quarantined' });
    const broken = await database.db.selectFrom('devices').select('quarantined_at').where('mac_address', '=', BROKEN).executeTakeFirstOrThrow();
    expect(broken.quarantined_at).not.toBeNull();
    await database.db.updateTable('devices').set({ quarantined_at: null, quarantine_reason: null, failure_streak: 0 }).where('mac_address', '=', BROKEN).execute();
    // A booking 'now' starts on a whole second: the released one ends within this one.
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const strict = await submit(user, boards([BOARD(4), BROKEN], { allOrNothing: true }));
    expect(strict.statusCode, strict.body).toBe(201);
    const failed = await until(user, strict.json().id, isOver);
    expect(failed.state).toBe('failed');
    expect(failed.error).toContain('All or nothing');
    expect(failed.devices.find((device) => device.macAddress === BOARD(4))).toMatchObject({ state: 'released' });
    // Its owner is told in the portal, newest first: the failure, linking to it, after the lenient one's ready.
    const told = (await user.inject({ method: 'GET', url: '/api/notifications' })).json() as { notifications: { kind: string; link: string; text: string }[] };
    expect(told.notifications[0]).toMatchObject({ kind: 'experiment-failed', link: `/experiments/${failed.id}`, text: failed.error });
    expect(told.notifications.find((one) => one.link === `/experiments/${ready.id}`)).toMatchObject({ kind: 'experiment-ready' });
    await database.db.updateTable('devices').set({ quarantined_at: null, quarantine_reason: null, failure_streak: 0 }).where('mac_address', '=', BROKEN).execute();
  });
});

describe('racing for the same devices', () => {
  it('the second earliest gets the next slot; a fixed time that is taken answers 409 naming the blocker', async () => {
    const sensors = { type: 'sensor', count: 3, image: 'contiki-ng' };
    const description = (start: string) => ({ name: 'Race', durationMinutes: 30, start, groups: [sensors] });
    const [first, second] = await Promise.all([submit(user, description('earliest')), submit(other, description('earliest'))]);
    expect([first.statusCode, second.statusCode], `${first.body} ${second.body}`).toEqual([201, 201]);
    const [a, b] = [first.json(), second.json()].sort((x, y) => Date.parse(x.start) - Date.parse(y.start));
    expect(b.start).toBe(a.end);

    const fixed = await submit(other, description(a.start));
    expect(fixed.statusCode, fixed.body).toBe(409);
    expect(fixed.json().message).toContain(SENSOR(1));
    for (const [caller, one] of [[first.json().username === user.username ? user : other, a], [second.json().username === user.username ? user : other, b]] as const) {
      await caller.inject({ method: 'POST', url: `/api/experiments/${one.id}/stop` });
    }
  });

  it('a property filter picks the matching devices only', async () => {
    const preview = await user.inject({
      method: 'POST',
      url: '/api/experiments/preview',
      payload: { name: 'Lab B', durationMinutes: 30, start: 'earliest', groups: [{ type: 'board', count: 2, properties: { site: 'lab-b' }, image: 'debian-12' }] },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().devices.map((device: { macAddress: string }) => device.macAddress)).toEqual([BOARD(5), BOARD(6)]);
  });
});

describe('durability', () => {
  it('an instance stopped mid-flash: another takes the experiment over and it reaches ready; two instances flash each device once', async () => {
    const second = await startInstance();
    const submitted = await submit(user, boards([BOARD(5), BOARD(6)]));
    expect(submitted.statusCode, submitted.body).toBe(201);
    const id = submitted.json().id;
    await until(user, id, (experiment) => experiment.state === 'flashing');
    // The first instance goes away mid-flash; callers follow the one left.
    const first = ctx.app;
    Object.assign(ctx, { app: second });
    await stopInstance(first);
    const ready = await until(user, id, isReady);
    expect(ready.devices.map((device) => device.state)).toEqual(['ready', 'ready']);
    const jobs = await database.db
      .selectFrom('flash_jobs')
      .innerJoin('devices', 'devices.id', 'flash_jobs.device_id')
      .select(['devices.mac_address'])
      .where('flash_jobs.reservation_id', '=', ready.reservationId)
      .execute();
    expect(jobs.map((job) => job.mac_address).sort()).toEqual([BOARD(5), BOARD(6)]);
    await user.inject({ method: 'POST', url: `/api/experiments/${id}/stop` });
    await until(user, id, isOver);
  });
});

describe('access and input', () => {
  it("another user can neither see nor stop someone else's experiment", async () => {
    const submitted = await submit(user, boards([BOARD(1)], { start: 'earliest' }));
    const id = submitted.json().id;
    for (const request of [
      other.inject({ method: 'GET', url: `/api/experiments/${id}` }),
      other.inject({ method: 'POST', url: `/api/experiments/${id}/stop` }),
      other.inject({ method: 'GET', url: `/api/experiments/${id}/export` }),
    ]) {
      expect((await request).statusCode).toBe(404);
    }
    const list = await other.inject({ method: 'GET', url: '/api/experiments' });
    expect(list.json().map((one: { id: number }) => one.id)).not.toContain(id);
    expect((await read(user, id)).stopRequested).toBe(false);
    await user.inject({ method: 'POST', url: `/api/experiments/${id}/stop` });
  });

  it('refuses a hostile description with a 400 naming the field, and books nothing', async () => {
    // By id: a stop of an earlier test may still remove its booking meanwhile.
    const newest = await database.db.selectFrom('reservations').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow();
    const cases: [ExperimentDescriptionInput | Record<string, unknown>, string][] = [
      [{ ...boards([BOARD(1)]), name: 'a\u0000b' }, 'name'],
      [{ ...boards([BOARD(1)]), durationMinutes: 10 ** 12 }, 'durationMinutes'],
      [{ ...boards([BOARD(1)]), durationMinutes: 1.5 }, 'durationMinutes'],
      [{ ...boards([BOARD(1)]), start: 'tomorrow' }, 'start'],
      [{ ...boards([BOARD(1)]), groups: [{ type: 'board', devices: ['not-a-mac'], image: 'debian-12' }] }, 'groups.0.devices.0'],
      [{ ...boards([BOARD(1)]), groups: [{ type: 'board', count: 1 }] }, 'groups.0.image'],
      [{ ...boards([BOARD(1)]), groups: [{ type: 'board', count: 1, image: 'windows-95' }] }, 'groups.0.image'],
      [{ ...boards([BOARD(1)]), groups: [{ type: 'board', count: 1, imageId: 'abc' }] }, 'groups.0.imageId'],
      [{ ...boards([BOARD(1)]), groups: [{ type: 'board', count: 99, image: 'debian-12' }] }, 'groups.0.count'],
      [{ ...boards([BOARD(1)]), users: ['nobody_here'] }, 'users.0'],
    ];
    for (const [payload, field] of cases) {
      const reply = await user.inject({ method: 'POST', url: '/api/experiments', payload });
      expect(reply.statusCode, `${field}: ${reply.body}`).toBe(400);
      expect(JSON.stringify(reply.json()), field).toContain(field);
    }
    const booked = await database.db.selectFrom('reservations').select('id').where('id', '>', newest.id ?? 0).execute();
    expect(booked).toEqual([]);
  });

  it('leaves no reservation behind when the experiment cannot be written: booking and experiment are one transaction', async () => {
    // The experiment's devices fail to be written after its reservation and its experiment row went in.
    await sql`CREATE FUNCTION refuse_doomed_experiment() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF (SELECT name FROM experiments WHERE id = NEW.experiment_id) LIKE 'Doomed%' THEN RAISE EXCEPTION 'refused by the test'; END IF;
        RETURN NEW;
      END $$`.execute(database.db);
    await sql`CREATE TRIGGER refuse_doomed_experiment BEFORE INSERT ON experiment_devices FOR EACH ROW EXECUTE FUNCTION refuse_doomed_experiment()`.execute(database.db);
    try {
      const reply = await submit(user, boards([BOARD(2)], { name: 'Doomed run', start: 'earliest' }));
      expect(reply.statusCode, reply.body).toBe(500);
      const left = await database.db.selectFrom('reservations').select('id').where('description', '=', 'Experiment: Doomed run').execute();
      expect(left).toEqual([]);
      const experiments = await database.db.selectFrom('experiments').select('id').where('name', '=', 'Doomed run').execute();
      expect(experiments).toEqual([]);
    } finally {
      await sql`DROP TRIGGER refuse_doomed_experiment ON experiment_devices`.execute(database.db);
      await sql`DROP FUNCTION refuse_doomed_experiment()`.execute(database.db);
    }
    // The same description books once nothing is in the way.
    const booked = await submit(user, boards([BOARD(2)], { name: 'Doomed run', start: 'earliest' }));
    expect(booked.statusCode, booked.body).toBe(201);
    await user.inject({ method: 'POST', url: `/api/experiments/${booked.json().id}/stop` });
  });

  it("flashes a group with the owner's own image, and refuses another user's private one naming the field", async () => {
    // An image of `user` for the tag, as an upload leaves it: its content kept once under DATA_DIR by its SHA-256.
    const content = randomBytes(700);
    const sha256 = createHash('sha256').update(content).digest('hex');
    await mkdir(join(dataDir, 'images', 'blobs'), { recursive: true });
    await writeFile(join(dataDir, 'images', 'blobs', sha256), content);
    await database.db.insertInto('image_blobs').values({ sha256, size_bytes: content.length, format: 'bin' }).execute();
    const image = await database.db
      .insertInto('user_images')
      .values({ owner_id: user.id, sha256, name: 'tag-own', version: '2', device_types: ['tag'] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const description = { name: 'Own firmware', durationMinutes: 30, start: 'now', groups: [{ type: 'tag', count: 1, imageId: image.id }] };

    const refused = await submit(other, description);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().fieldErrors).toHaveProperty(['groups.0.imageId']);

    const submitted = await submit(user, description);
    expect(submitted.statusCode, submitted.body).toBe(201);
    const ready = await until(user, submitted.json().id, isReady);
    expect(ready.devices).toMatchObject([{ macAddress: TAG, state: 'ready', imageChecksum: sha256, imageRef: { imageId: image.id } }]);
    const job = await user.inject({ method: 'GET', url: `/api/flashJobs/${ready.devices[0]!.flashJob}` });
    expect(job.json()).toMatchObject({ state: 'done', image: 'tag-own 2' });
    await user.inject({ method: 'POST', url: `/api/experiments/${ready.id}/stop` });
    await until(user, ready.id, isOver);
  });

  it('keeps templates private, or shared with a group the owner belongs to; only the owner deletes one', async () => {
    const outsider = await loginAs(ctx);
    const group = await database.db.insertInto('groups').values({ name: `Lab ${randomBytes(3).toString('hex')}` }).returning('id').executeTakeFirstOrThrow();
    await database.db.insertInto('group_members').values([{ group_id: group.id, user_id: user.id }, { group_id: group.id, user_id: other.id }]).execute();
    const save = (caller: Caller, name: string, groupId?: number) =>
      caller.inject({ method: 'POST', url: '/api/experimentTemplates', payload: { name, description: boards([BOARD(1)]), ...(groupId ? { groupId } : {}) } });
    expect((await save(user, 'Private')).statusCode).toBe(201);
    const shared = await save(user, 'Shared', group.id);
    expect(shared.statusCode, shared.body).toBe(201);
    const notMine = await save(outsider, 'Sneaky', group.id);
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().fieldErrors.groupId).toBeDefined();
    const names = async (caller: Caller) => (await caller.inject({ method: 'GET', url: '/api/experimentTemplates' })).json().map((one: { name: string }) => one.name);
    expect(await names(user)).toEqual(['Private', 'Shared']);
    expect(await names(other)).toEqual(['Shared']);
    expect(await names(outsider)).toEqual([]);
    expect((await other.inject({ method: 'DELETE', url: `/api/experimentTemplates/${shared.json().id}` })).statusCode).toBe(404);
    expect((await user.inject({ method: 'DELETE', url: `/api/experimentTemplates/${shared.json().id}` })).statusCode).toBe(200);
    expect(await names(other)).toEqual([]);
  });

  it('publishes the description as JSON Schema', async () => {
    const schema = (await user.inject({ method: 'GET', url: '/api/experiments/schema' })).json();
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'durationMinutes', 'start', 'groups']));
  });
});
