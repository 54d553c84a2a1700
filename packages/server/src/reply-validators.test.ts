// The API's JSON reads carry an ETag: a caller holding the current reply gets a 304 without a body, and a new
// reply with a new ETag once anything it shows changed, whichever instance changed it or straight in the database.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app.js';
import { buildTestApp, loginAs, type TestContext } from '../test/helper.js';
import { addSshKey, at, bookingBody, HOUR, syncBuiltInTestbed } from '../test/booking.js';
import { missingPath } from '../test/missing-path.js';
import { etagOf } from './reply-validators.js';

let ctx: TestContext;
/** A second instance on the same database, keeping its own memory, as a second server process would. */
let other: FastifyInstance;
type Caller = Awaited<ReturnType<typeof loginAs>>;
let alice: Caller;
let admin: Caller;

const PI = (n: number) => `02:00:00:01:00:0${n}`;
/** How long a change may take to reach an instance's kept replies: its NOTIFY arrives after the commit. */
const ANNOUNCED = { timeout: 10_000, interval: 50 };

beforeAll(async () => {
  ctx = await buildTestApp();
  await syncBuiltInTestbed(ctx.database.db);
  alice = await loginAs(ctx);
  admin = await loginAs(ctx, { roles: ['ADMIN'] });
  await addSshKey(ctx.database.db, alice.id);
  other = await buildApp({
    config: ctx.config,
    db: ctx.database.db,
    subscribe: ctx.database.subscribe,
    jwtSecret: randomBytes(32).toString('hex'),
    logger: false,
    webRoot: missingPath('web-root'),
  });
  await other.ready();
});

afterAll(async () => {
  await other?.close();
  await ctx?.close();
});

/** Alice's call on the other instance: she signs in there (each instance here has a signing key of its own). */
async function onOther(options: InjectOptions) {
  const signin = await other.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: alice.username, password: alice.password }, remoteAddress: '203.0.113.9' });
  expect(signin.statusCode, signin.body).toBe(200);
  const token = signin.json<{ accessToken: string }>().accessToken;
  return other.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
}

async function book(start: Date, mac: string, via: (options: InjectOptions) => ReturnType<Caller['inject']> = alice.inject) {
  const reply = await via({ method: 'POST', url: '/api/reserveNodes', payload: bookingBody({ userId: alice.id, macs: [mac], start, end: new Date(start.getTime() + HOUR) }) });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ value1: number }>().value1;
}

/** Reads `url` as the caller, first plainly, then with the ETag it got: answers both replies. */
async function readTwice(caller: Caller, url: string) {
  const first = await caller.inject({ method: 'GET', url });
  expect(first.statusCode, first.body).toBe(200);
  const etag = first.headers.etag as string;
  const again = await caller.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
  return { first, etag, again };
}

describe('ETag and 304 on the JSON reads', () => {
  it('gives the same bytes the same validator, as text or as a reply kept and sent again', () => {
    const text = JSON.stringify({ reservations: [{ description: 'café ☕' }], complete: true });
    const kept = Buffer.from(text);
    expect(etagOf(kept)).toBe(etagOf(text));
    expect(etagOf(kept)).toBe(etagOf(kept));
    expect(etagOf(Buffer.from(text.replace('café', 'cafe')))).not.toBe(etagOf(kept));
    expect(etagOf(kept)).toMatch(/^W\/"[\w-]{32}"$/);
  });

  it('answers 304 without a body to the ETag of the current list, private and to be revalidated', async () => {
    await book(at(2), PI(1));
    const { first, etag, again } = await readTwice(alice, `/api/userReservations/${alice.id}`);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.json()).toHaveLength(1);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Any tag of a list, weak or strong, and `*`, as If-None-Match allows.
    const listed = await alice.inject({ method: 'GET', url: `/api/userReservations/${alice.id}`, headers: { 'if-none-match': `"old", ${etag.slice(2)}` } });
    expect(listed.statusCode).toBe(304);
    const stale = await alice.inject({ method: 'GET', url: `/api/userReservations/${alice.id}`, headers: { 'if-none-match': 'W/"old"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(first.json());
  });

  it('answers the new list with a new ETag after a change straight in the database', async () => {
    const url = `/api/userReservations/${alice.id}`;
    const { etag, again } = await readTwice(alice, url);
    expect(again.statusCode).toBe(304);
    await sql`UPDATE reservations SET description = 'changed by a script' WHERE responsible_user_id = ${alice.id}`.execute(ctx.database.db);
    // The instance's kept replies are forgotten as the database's announcement arrives, a moment after the commit.
    const changed = await vi.waitFor(async () => {
      const reply = await alice.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(reply.statusCode).toBe(200);
      return reply;
    }, ANNOUNCED);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<Array<{ description: string }>>().map((reservation) => reservation.description)).toEqual(['changed by a script']);
  });

  it('answers the new list and timeline after a booking through another instance', async () => {
    const list = `/api/userReservations/${alice.id}`;
    const from = at(0);
    const timeline = `/api/reservationTimeline/${alice.id}?deviceType=raspberry-pi-4&from=${from.toISOString()}&to=${new Date(from.getTime() + 7 * 24 * HOUR).toISOString()}`;
    const before = await Promise.all([list, timeline].map((url) => readTwice(alice, url)));
    for (const read of before) expect(read.again.statusCode).toBe(304);
    const id = await book(at(3), PI(2), onOther);
    for (const [index, url] of [list, timeline].entries()) {
      const after = await vi.waitFor(async () => {
        const reply = await alice.inject({ method: 'GET', url, headers: { 'if-none-match': before[index]!.etag } });
        expect(reply.statusCode, url).toBe(200);
        return reply;
      }, ANNOUNCED);
      expect(after.headers.etag).not.toBe(before[index]!.etag);
      expect(after.body).toMatch(new RegExp(`"reservationId" ?: ?${id}\\b`));
    }
    // The other instance answers the same reply, so the same validator.
    for (const url of [list, timeline]) {
      const there = await onOther({ method: 'GET', url });
      const here = await alice.inject({ method: 'GET', url, headers: { 'if-none-match': there.headers.etag as string } });
      expect(here.statusCode, url).toBe(304);
    }
  });

  it('validates the other lists: the devices, the colleagues, the users, the reservation types', async () => {
    for (const [caller, url] of [
      [alice, '/api/getNodesToReserve'],
      [alice, '/api/validUsers?name=Ad'],
      [alice, '/api/reservationTypes'],
      [alice, `/api/otherReservations/${alice.id}`],
      [admin, '/api/users'],
    ] as const) {
      const { etag, again } = await readTwice(caller, url);
      expect(etag, url).toBeDefined();
      expect(again.statusCode, url).toBe(304);
    }
  });

  it('gives no 304 to a change, a refusal or a reply that is not JSON', async () => {
    const { etag } = await readTwice(alice, `/api/userReservations/${alice.id}`);
    // Another user's list is refused whatever the validator sent.
    const forbidden = await loginAs(ctx);
    for (const ifNoneMatch of [etag, '*']) {
      const notHers = await forbidden.inject({ method: 'GET', url: `/api/userReservations/${alice.id}`, headers: { 'if-none-match': ifNoneMatch } });
      expect(notHers.statusCode).toBe(403);
    }
    const booking = await alice.inject({
      method: 'POST',
      url: '/api/reserveNodes',
      headers: { 'if-none-match': '*' },
      payload: bookingBody({ userId: alice.id, macs: [PI(3)], start: at(4), end: new Date(at(4).getTime() + HOUR) }),
    });
    expect(booking.statusCode, booking.body).toBe(200);
    expect(booking.headers.etag).toBeUndefined();
    const csv = await admin.inject({ method: 'GET', url: '/api/auditLog.csv', headers: { 'if-none-match': '*' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers.etag).toBeUndefined();
  });

  it('documents the 304 of the JSON reads in the OpenAPI reference, and of them only', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>();
    expect(spec.paths['/api/userReservations/{id}']!.get!.responses).toHaveProperty('304');
    expect(spec.paths['/api/getNodesToReserve']!.get!.responses).toHaveProperty('304');
    expect(spec.paths['/api/reserveNodes']!.post!.responses).not.toHaveProperty('304');
    expect(spec.paths['/api/auditLog.csv']!.get!.responses).not.toHaveProperty('304');
  });
});
