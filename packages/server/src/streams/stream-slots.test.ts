// The cap on open streams per user (flash progress and experiment streams count alike), over two instances on
// one database, with real connections: flash progress streams stay open while their jobs run (a slow simulated
// flash).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createTestbedDriver } from '../testbed/create-driver.js';
import { testbedFileSchema } from '../testbed/testbed-file.js';
import { openFlashWorld, type Caller, type FlashWorld } from '../../test/flash-world.js';
import { missingPath } from '../../test/missing-path.js';

const BOARD = (n: number) => `02:00:00:0c:00:0${n}`;
const testbed = testbedFileSchema.parse({
  driver: 'simulator',
  simulator: { flashSeconds: 30 },
  deviceTypes: [{ name: 'board', images: ['debian-12'], devices: [1, 2].map((n) => ({ mac: BOARD(n), ip: `10.9.1.1${n}` })) }],
});

let world: FlashWorld;
let second: FastifyInstance;
let alice: Caller;
let bob: Caller;
let handle = '';
let bobHandle = '';
const origins: string[] = [];
/** The streams the tests hold open, with their replies: fetch cancels the body of a reply that is collected. */
const open: Array<{ abort: AbortController; reply: Response }> = [];

async function originOf(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** Opens a stream of the job on an instance; a 200 stays open until the test aborts it. */
async function openStream(caller: Caller, jobHandle: string, origin: string) {
  const ticket = (await caller.inject({ method: 'POST', url: `/api/flashJobs/${jobHandle}/streamTicket` })).json().ticket as string;
  const abort = new AbortController();
  const reply = await fetch(`${origin}/api/flashJobs/${jobHandle}/events?ticket=${ticket}`, { signal: abort.signal });
  if (reply.status === 200) open.push({ abort, reply });
  return { status: reply.status, body: reply.status === 200 ? '' : await reply.text() };
}

async function openSlots(userId: number) {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM flash_progress_streams WHERE user_id = ${userId}`.execute(world.db);
  return rows[0]?.n ?? 0;
}

beforeAll(async () => {
  world = await openFlashWorld(testbed, { FLASH_STREAMS_PER_USER: '2' });
  // A second instance on the same database: the cap counts the streams of both.
  second = await buildApp({
    config: world.app.config,
    db: world.db,
    jwtSecret: randomBytes(32).toString('hex'),
    logger: false,
    webRoot: missingPath('web-root'),
    driver: createTestbedDriver(testbed),
  });
  origins.push(await originOf(world.app), await originOf(second));
  alice = await world.caller();
  bob = await world.caller();
  await world.reserve(alice.id, [BOARD(1)]);
  await world.reserve(bob.id, [BOARD(2)]);
  const flash = (caller: Caller, device: string) =>
    caller.inject({ method: 'POST', url: '/api/flashNodes', payload: { deviceType: 'board', device, image: 'debian-12' } });
  handle = (await flash(alice, BOARD(1))).json().value2 as string;
  bobHandle = (await flash(bob, BOARD(2))).json().value2 as string;
}, 120_000);

afterAll(async () => {
  for (const stream of open) stream.abort.abort();
  await second?.close();
  await world?.close();
});

describe('GET /api/flashJobs/{handle}/events: streams per user', () => {
  it('opens as many streams as allowed over both instances, then answers 429 saying why, to that user only', async () => {
    expect((await openStream(alice, handle, origins[0]!)).status).toBe(200);
    expect((await openStream(alice, handle, origins[1]!)).status).toBe(200);
    expect(await openSlots(alice.id)).toBe(2);
    for (const origin of origins) {
      const refused = await openStream(alice, handle, origin);
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toEqual({ message: expect.stringMatching(/^At most 2 progress streams may be open at once per user/) });
    }
    expect((await openStream(bob, bobHandle, origins[1]!)).status).toBe(200);
  });

  it('frees a slot as its stream is closed by the client', async () => {
    open.shift()!.abort.abort();
    // The server sees the connection close and deletes the slot's row.
    for (let waited = 0; (await openSlots(alice.id)) > 1 && waited < 5_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect(await openSlots(alice.id)).toBe(1);
    expect((await openStream(alice, handle, origins[0]!)).status).toBe(200);
  });

  it('does not count the slots of an instance that died: their lease runs out', async () => {
    expect((await openStream(alice, handle, origins[1]!)).status).toBe(429);
    // As if the instances holding them had stopped renewing a minute ago.
    await sql`UPDATE flash_progress_streams SET expires_at = now() - interval '1 second' WHERE user_id = ${alice.id}`.execute(world.db);
    expect((await openStream(alice, handle, origins[1]!)).status).toBe(200);
    expect(await openSlots(alice.id)).toBe(1);
  });
});
