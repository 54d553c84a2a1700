// An experiment's stream (GET /api/experiments/{id}/events) on a real listening instance: the experiment as GET
// answers it at once, then each change of its state and its devices' as the runner makes it, and the end; its
// tickets are single use; the owner's notification in the portal when it is ready. On PostgreSQL also across two
// instances: the runner on one, the stream on the other (the rows' NOTIFY reaches every instance).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { experimentSchema, notificationListSchema, type Experiment } from '@testbed/contract';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { addSshKey } from '../../../test/booking.js';
import { createPostgresDatabase, loginAs, openTestDatabase, type TestContext } from '../../../test/helper.js';
import { missingPath } from '../../../test/missing-path.js';
import { createTestbedDriver } from '../../testbed/create-driver.js';
import { syncInventory } from '../../testbed/inventory.js';
import { testbedFileSchema } from '../../testbed/testbed-file.js';

const BOARD = (n: number) => `02:00:00:1e:00:0${n}`;
const testbed = testbedFileSchema.parse({
  driver: 'simulator',
  simulator: { flashSeconds: 0.5, bootSeconds: 0 },
  deviceTypes: [
    { name: 'board', images: ['debian-12', 'openwrt-23'], defaultImage: 'openwrt-23', devices: [1, 2, 3, 4].map((n) => ({ mac: BOARD(n), ip: `10.8.9.1${n}` })) },
  ],
});

type Caller = Awaited<ReturnType<typeof loginAs>>;
interface Arrival {
  event: string;
  data: Record<string, unknown>;
  at: number;
}

const jwtSecret = randomBytes(32).toString('hex');
let dataDir: string;

async function startInstance(database: DatabaseHandle, runs: boolean): Promise<{ app: FastifyInstance; origin: string }> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const app = await buildApp({
    config,
    db: database.db,
    subscribe: database.subscribe,
    jwtSecret,
    logger: false,
    webRoot: missingPath('web-root'),
    driver: createTestbedDriver(testbed),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  if (runs) {
    app.flashJobs.start({ tickMs: 40, leaseMs: 1500 });
    app.experimentRunner.start({ tickMs: 40, leaseMs: 1500 });
  }
  return { app, origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** Reads an SSE body to its end, each event stamped as it arrives. */
async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (arrival: Arrival) => void = () => undefined): Promise<Arrival[]> {
  const arrivals: Arrival[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (event) {
        const arrival = { event, data: JSON.parse(data ?? '{}') as Record<string, unknown>, at: Date.now() };
        arrivals.push(arrival);
        onEvent(arrival);
      }
    }
  }
  return arrivals;
}

async function ticketOf(origin: string, token: string, id: number): Promise<string> {
  const reply = await fetch(`${origin}/api/experiments/${id}/streamTicket`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  expect(reply.status).toBe(200);
  return ((await reply.json()) as { ticket: string }).ticket;
}

/** Submits an experiment of the boards through `origin`; its id. */
async function submit(origin: string, token: string, macs: string[]): Promise<number> {
  const reply = await fetch(`${origin}/api/experiments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Stream ${randomBytes(3).toString('hex')}`, durationMinutes: 60, start: 'now', groups: [{ type: 'board', devices: macs, image: 'debian-12' }] }),
  });
  expect(reply.status, await reply.clone().text()).toBe(201);
  return ((await reply.json()) as { id: number }).id;
}

/**
 * Follows an experiment through `watcher`'s stream from its submission to its end: stopped through `runner` once
 * the stream says it is ready. Answers the events, each checked against GET's reply shape.
 */
async function followToEnd(runner: string, watcher: string, token: string, macs: string[]): Promise<{ id: number; arrivals: Arrival[] }> {
  const id = await submit(runner, token, macs);
  const stream = await fetch(`${watcher}/api/experiments/${id}/events?ticket=${await ticketOf(watcher, token, id)}`);
  expect(stream.status).toBe(200);
  expect(stream.headers.get('content-type')).toContain('text/event-stream');
  let stopped = false;
  const arrivals = await readEvents(stream.body!, (arrival) => {
    if (!stopped && arrival.event === 'experiment' && arrival.data.state === 'ready') {
      stopped = true;
      void fetch(`${runner}/api/experiments/${id}/stop`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    }
  });
  return { id, arrivals };
}

function expectFollowed(arrivals: Arrival[], macs: string[]) {
  const experiments = arrivals.filter((arrival) => arrival.event === 'experiment').map((arrival) => experimentSchema.parse(arrival.data));
  const states = experiments.map((experiment) => experiment.state);
  // Each state once, in order, and no event without a change.
  expect(states.filter((state, index) => state !== states[index - 1])).toEqual(
    ['waiting', 'flashing', 'ready', 'running', 'ending', 'done'].filter((state) => states.includes(state as Experiment['state'])),
  );
  expect(states).toEqual(expect.arrayContaining(['flashing', 'ready', 'ending', 'done']));
  const ready = experiments.find((experiment) => experiment.state === 'ready')!;
  expect(ready.devices.map((device) => [device.macAddress, device.state])).toEqual(macs.map((mac) => [mac, 'ready']));
  // Between them, the devices' own changes: flashing, then flashed back, then released.
  const deviceStates = new Set(experiments.flatMap((experiment) => experiment.devices.map((device) => device.state)));
  expect([...deviceStates]).toEqual(expect.arrayContaining(['flashing', 'ready', 'released']));
  for (let index = 1; index < experiments.length; index++) expect(experiments[index]).not.toEqual(experiments[index - 1]);
  expect(arrivals.at(-1)).toMatchObject({ event: 'end', data: { state: 'done' } });
}

describe('GET /api/experiments/{id}/events', () => {
  let database: DatabaseHandle;
  let dispose: () => Promise<void>;
  let instance: { app: FastifyInstance; origin: string };
  let user: Caller;
  let other: Caller;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'experiment-stream-'));
    ({ database, dispose } = await openTestDatabase());
    await syncInventory(database.db, testbed);
    instance = await startInstance(database, true);
    const ctx = { app: instance.app, database, config: instance.app.config } as unknown as TestContext;
    user = await loginAs(ctx);
    other = await loginAs(ctx);
    for (const caller of [user, other]) await addSshKey(database.db, caller.id);
  });

  afterAll(async () => {
    await instance?.app.close();
    await dispose?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sends the experiment at once, then each change of it and its devices as it happens, and ends with it', async () => {
    const macs = [BOARD(1), BOARD(2)];
    const { id, arrivals } = await followToEnd(instance.origin, instance.origin, user.session.accessToken, macs);
    expectFollowed(arrivals, macs);
    // The first event is the experiment as GET answers it then.
    const first = arrivals[0]!;
    expect(first.event).toBe('experiment');
    expect(experimentSchema.parse(first.data)).toMatchObject({ id, name: expect.stringMatching(/^Stream /) });
    const last = arrivals.filter((arrival) => arrival.event === 'experiment').at(-1)!;
    expect(last.data).toEqual((await user.inject({ method: 'GET', url: `/api/experiments/${id}` })).json());
  });

  it('tells its owner in the portal that it is ready, linking to it, until they mark it read', async () => {
    const list = notificationListSchema.parse((await user.inject({ method: 'GET', url: '/api/notifications' })).json());
    expect(list.unread).toBe(1);
    expect(list.notifications).toEqual([
      expect.objectContaining({ kind: 'experiment-ready', title: expect.stringMatching(/^Experiment Stream \w+ is ready$/), link: expect.stringMatching(/^\/experiments\/\d+$/), read: false }),
    ]);
    // Someone else sees none of it, and cannot mark it.
    expect(notificationListSchema.parse((await other.inject({ method: 'GET', url: '/api/notifications' })).json())).toEqual({ notifications: [], unread: 0 });
    const id = list.notifications[0]!.id;
    expect((await other.inject({ method: 'POST', url: `/api/notifications/${id}/read` })).statusCode).toBe(404);
    // A read that changed nothing answers 304 to its ETag.
    const first = await user.inject({ method: 'GET', url: '/api/notifications' });
    const again = await user.inject({ method: 'GET', url: '/api/notifications', headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const marked = await user.inject({ method: 'POST', url: `/api/notifications/${id}/read` });
    expect(marked.json()).toMatchObject({ id, read: true });
    expect(notificationListSchema.parse((await user.inject({ method: 'GET', url: '/api/notifications' })).json()).unread).toBe(0);
    expect((await user.inject({ method: 'POST', url: '/api/notifications/read' })).json()).toEqual({ marked: 0 });

    // Kept 90 days: the hourly prune of old rows removes older ones.
    await database.db.updateTable('notifications').set({ created_at: new Date(Date.now() - 91 * 86_400_000) }).where('id', '=', id).execute();
    await instance.app.flashJobs.pruneLogs();
    expect(notificationListSchema.parse((await user.inject({ method: 'GET', url: '/api/notifications' })).json()).notifications).toEqual([]);
  });

  it('opens for a personal API token of the read scope, as the ticket of a flash stream does', async () => {
    const id = (await user.inject({ method: 'GET', url: '/api/experiments?when=all' })).json()[0].id as number;
    const token = `tbp_${randomBytes(32).toString('base64url')}`;
    await database.db
      .insertInto('api_tokens')
      .values({ user_id: user.id, name: 'stream', token_hash: createHash('sha256').update(token).digest(), scope: 'read', expires_at: new Date(Date.now() + 86_400_000) })
      .execute();
    const ticket = await ticketOf(instance.origin, token, id);
    const stream = await fetch(`${instance.origin}/api/experiments/${id}/events?ticket=${ticket}`);
    expect(stream.status).toBe(200);
    // That experiment is over: the stream sends it as it is, then ends.
    const arrivals = await readEvents(stream.body!);
    expect(arrivals.map((arrival) => arrival.event)).toEqual(['experiment', 'end']);
  });

  it('ends with an experiment stopped before it was ready; refuses a used ticket, a ticket of another experiment and an unknown experiment with 401, like a flash stream', async () => {
    const id = await submit(instance.origin, user.session.accessToken, [BOARD(3)]);
    const ticket = await ticketOf(instance.origin, user.session.accessToken, id);
    const open = await fetch(`${instance.origin}/api/experiments/${id}/events?ticket=${ticket}`);
    expect(open.status).toBe(200);
    await user.inject({ method: 'POST', url: `/api/experiments/${id}/stop` });
    // Stopped before it was ready: the stream ends with it.
    expect((await readEvents(open.body!)).at(-1)).toMatchObject({ event: 'end', data: { state: 'cancelled' } });
    for (const url of [`/api/experiments/${id}/events?ticket=${ticket}`, `/api/experiments/999999/events?ticket=${await ticketOf(instance.origin, user.session.accessToken, id)}`]) {
      const refused = await instance.app.inject({ method: 'GET', url });
      expect(refused.statusCode, url).toBe(401);
      expect(refused.json()).toEqual({ message: 'Invalid or expired stream ticket: ask for another.' });
    }
    expect((await instance.app.inject({ method: 'GET', url: `/api/experiments/${id}/events?ticket=short` })).statusCode).toBe(400);
    // Someone else's experiment has no ticket for them.
    expect((await other.inject({ method: 'POST', url: `/api/experiments/${id}/streamTicket` })).statusCode).toBe(404);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'follows an experiment run by one instance through the stream of another, each change as it happens (PostgreSQL)',
    async () => {
      const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
      const handles = [await openDatabase(created.url), await openDatabase(created.url)];
      const apps: FastifyInstance[] = [];
      try {
        await syncInventory(handles[0]!.db, testbed);
        // Only the first instance runs flash jobs and experiments; the second only serves the stream.
        const runner = await startInstance(handles[0]!, true);
        const watcher = await startInstance(handles[1]!, false);
        apps.push(runner.app, watcher.app);
        const ctx = { app: runner.app, database: handles[0]!, config: runner.app.config } as unknown as TestContext;
        const owner = await loginAs(ctx);
        await addSshKey(handles[0]!.db, owner.id);
        const macs = [BOARD(4)];
        const { arrivals } = await followToEnd(runner.origin, watcher.origin, owner.session.accessToken, macs);
        expectFollowed(arrivals, macs);
        // Events came during the run, not all at its end.
        const flashing = arrivals.find((arrival) => arrival.data.state === 'flashing')!;
        const done = arrivals.find((arrival) => arrival.data.state === 'done')!;
        expect(done.at - flashing.at).toBeGreaterThan(300);
      } finally {
        for (const app of apps) await app.close();
        for (const handle of handles) await handle.close();
        await created.drop();
      }
    },
    60_000,
  );
});
