import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestContext } from '../../test/helper.js';
import { redactUrl } from './request-log.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string | null;
  url?: string;
  status?: number;
  durationMs?: number;
  userId?: number | null;
  ip?: string;
}

let ctx: TestContext;
let log = '';
const lines = (): LogLine[] =>
  log
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogLine);
const linesOf = (reqId: string) => lines().filter((line) => line.reqId === reqId);

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      log += String(chunk);
      done();
    },
  });
  // Debug level, so that the health checks' lines are written and their level can be read.
  ctx = await buildTestApp({ LOG_LEVEL: 'debug', TRUST_PROXY: '127.0.0.1' }, { logStream });
});
afterAll(() => ctx.close());
beforeEach(() => {
  log = '';
});

describe('request ids', () => {
  it('gives each request a new UUID, returns it in X-Request-Id and puts it on the request’s log line', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    const second = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    const ids = [first.headers['x-request-id'], second.headers['x-request-id']];
    for (const id of ids) expect(id).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
    expect(linesOf(String(ids[0]))).toHaveLength(1);
  });

  it('keeps a valid incoming X-Request-Id and replaces one that could forge a log line', async () => {
    const given = 'b7c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5';
    const kept = await ctx.app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': given } });
    expect(kept.headers['x-request-id']).toBe(given);
    expect(linesOf(given)).toHaveLength(1);
    for (const bad of ['two words', 'x'.repeat(65), 'id"}\\n{"msg":"forged', '']) {
      const reply = await ctx.app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': bad } });
      expect(reply.headers['x-request-id'], bad).toMatch(UUID);
    }
    expect(log).not.toContain('forged');
  });
});

describe('the access log', () => {
  it('writes one line per request with method, route pattern, status, duration, user and address, and no other line', async () => {
    const user = await loginAs(ctx);
    log = '';
    const reply = await user.inject({
      method: 'GET',
      url: `/api/userReservations/${user.id}`,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(reply.statusCode).toBe(200);
    const requestLines = linesOf(String(reply.headers['x-request-id']));
    expect(requestLines).toHaveLength(1);
    const [line] = requestLines;
    expect(line).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      route: '/api/userReservations/:id',
      url: `/api/userReservations/${user.id}`,
      status: 200,
      userId: user.id,
      // From X-Forwarded-For, since the connection came from the TRUST_PROXY address.
      ip: '203.0.113.7',
    });
    expect(line!.durationMs).toBeGreaterThanOrEqual(0);
    // Fastify's own "incoming request" and "request completed" lines are gone.
    expect(lines().map((entry) => entry.msg)).toEqual(['request']);
  });

  it('logs the connection’s address when it does not come from a trusted proxy, and no user when nobody signed in', async () => {
    const reply = await ctx.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      remoteAddress: '198.51.100.4',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(reply.statusCode).toBe(404);
    const [line] = linesOf(String(reply.headers['x-request-id']));
    expect(line).toMatchObject({ method: 'GET', status: 404, userId: null, ip: '198.51.100.4', url: '/api/nothing-here' });
  });

  it('writes the health checks at debug level and the rest at info', async () => {
    const live = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    const other = await ctx.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(linesOf(String(live.headers['x-request-id']))[0]).toMatchObject({ level: 20, route: '/api/health/live' });
    expect(linesOf(String(ready.headers['x-request-id']))[0]).toMatchObject({ level: 20, route: '/api/health/ready' });
    expect(linesOf(String(other.headers['x-request-id']))[0]?.level).toBe(30);
  });

  it('never holds a calendar feed’s token, in the query or in a path', async () => {
    const user = await loginAs(ctx);
    const created = await user.inject({ method: 'POST', url: '/api/calendarFeed' });
    const url = new URL(created.json<{ url: string }>().url);
    const token = url.searchParams.get('token')!;
    expect(token).toHaveLength(43);
    log = '';
    const feed = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(feed.statusCode).toBe(200);
    const [line] = linesOf(String(feed.headers['x-request-id']));
    expect(line).toMatchObject({ route: '/api/calendar.ics', url: '/api/calendar.ics?token=[redacted]', status: 200 });
    // A token put in a path (a mistyped feed address, a mail link) stays out too.
    await ctx.app.inject({ method: 'GET', url: `/api/calendar/${token}.ics?x=1` });
    await ctx.app.inject({ method: 'GET', url: `/confirm-email/${token}` });
    expect(lines()).toHaveLength(3);
    expect(log).not.toContain(token);
  });
});

describe('the lines of a failed request', () => {
  it('carry the request’s id, the error’s line as well as the access line', async () => {
    const user = await loginAs(ctx);
    // A table gone makes the next read of it an unexpected failure (the last test of the file: nothing after it needs it).
    await sql`DROP TABLE employers CASCADE`.execute(ctx.database.db);
    log = '';
    const reply = await user.inject({ method: 'GET', url: '/api/employers' });
    expect(reply.statusCode).toBe(500);
    const id = String(reply.headers['x-request-id']);
    const requestLines = linesOf(id);
    expect(requestLines.map((line) => line.msg)).toEqual(['unexpected error', 'request']);
    expect(requestLines[1]).toMatchObject({ status: 500, route: '/api/employers', userId: user.id });
    // Every line written meanwhile belongs to the request.
    expect(lines().every((line) => line.reqId === id)).toBe(true);
  });
});

describe('redactUrl', () => {
  it('hides secret query values and token-like path segments and keeps the rest', () => {
    expect(redactUrl('/api/calendar.ics?token=abc&x=1')).toBe('/api/calendar.ics?token=[redacted]&x=1');
    expect(redactUrl('/api/flashJobs/h/events?ticket=t')).toBe('/api/flashJobs/h/events?ticket=[redacted]');
    expect(redactUrl(`/reset-password/${'A'.repeat(43)}`)).toBe('/reset-password/[redacted]');
    expect(redactUrl(`/api/calendar/${'b'.repeat(43)}.ics`)).toBe('/api/calendar/[redacted]');
    expect(redactUrl('/assets/index-4f3a2b1c9d8e7f6a5b4c3d2e1f0a9b8c.js')).toBe('/assets/index-4f3a2b1c9d8e7f6a5b4c3d2e1f0a9b8c.js');
    expect(redactUrl('/api/users?name=ada&limit=20')).toBe('/api/users?name=ada&limit=20');
    expect(redactUrl('/api/restoreUserAccountForFlashedDevice/12')).toBe('/api/restoreUserAccountForFlashedDevice/12');
    // A route's path parameter with a secret name, whatever its length.
    expect(redactUrl('/api/feeds/short-secret/x', { token: 'short-secret' })).toBe('/api/feeds/[redacted]/x');
  });
});
