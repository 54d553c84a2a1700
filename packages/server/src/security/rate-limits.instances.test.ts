// The request limits of the public calls hold for the cluster, not per instance: three instances of the app
// on one database (each with its own connections on PostgreSQL), counting in the database or in Redis.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeedCreated } from '@testbed/contract';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { createUser, openTestDatabase, TEST_PASSWORD, type TestContext } from '../../test/helper.js';
import { DatabaseHitCounter } from './rate-limit-store.js';
import { missingPath } from '../../test/missing-path.js';

const REDIS_URL = 'redis://127.0.0.1:6379';

interface Cluster {
  apps: FastifyInstance[];
  database: DatabaseHandle;
  close(): Promise<void>;
}

// One database for the file; each cluster below is three instances on it.
let shared: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  shared = await openTestDatabase();
});
afterAll(() => shared.dispose());

/** Three instances of the app on the file's database, sharing their signing key as a cluster does. */
async function startCluster(env: Record<string, string>): Promise<Cluster> {
  const { database, url } = shared;
  // On PostgreSQL each instance has its own pool, as separate processes would; PGlite has one connection.
  const extra = url.startsWith('pglite://') ? [] : [await openDatabase(url), await openDatabase(url)];
  const handles = url.startsWith('pglite://') ? [database, database, database] : [database, ...extra];
  const config = loadConfig({ DATA_DIR: missingPath('data'), LOG_LEVEL: 'silent', PUBLIC_URL: 'https://portal.example.org', ...env });
  const jwtSecret = randomBytes(32).toString('hex');
  const apps = await Promise.all(
    handles.map((handle) => buildApp({ config, db: handle.db, subscribe: handle.subscribe, jwtSecret, logger: false, webRoot: missingPath('web-root') })),
  );
  await Promise.all(apps.map((app) => app.ready()));
  return {
    apps,
    database,
    async close() {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(extra.map((handle) => handle.close()));
    },
  };
}

/** The n-th request goes to instance n mod 3, as a round-robin proxy would send it. */
const through = (cluster: Cluster, n: number, options: InjectOptions) => cluster.apps[n % cluster.apps.length]!.inject(options);

const signIn = (address: string) => ({
  method: 'POST' as const,
  url: '/api/auth/signin',
  payload: { username: `nobody_${randomBytes(4).toString('hex')}`, password: 'Wrong#password1' },
  remoteAddress: address,
});

async function expectSignInLimitShared(cluster: Cluster, address: string) {
  for (let n = 0; n < 10; n += 1) {
    const reply = await through(cluster, n, signIn(address));
    expect(reply.statusCode, `try ${n + 1}: ${reply.body}`).toBe(401);
  }
  // The 11th try within the minute is refused whichever instance answers it.
  for (let n = 10; n < 13; n += 1) {
    const reply = await through(cluster, n, signIn(address));
    expect(reply.statusCode, `try ${n + 1} on instance ${n % 3}`).toBe(429);
    expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(reply.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(reply.json().message).toMatch(/too many/i);
  }
  // Another address is not held back by the first one's tries.
  expect((await through(cluster, 0, signIn('203.0.113.42'))).statusCode).toBe(401);
}

describe('request limits counted in the database, across three instances', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster({});
  });
  afterAll(() => cluster.close());

  it('answers the 11th sign-in from one address within a minute with a 429, on every instance', async () => {
    await expectSignInLimitShared(cluster, '203.0.113.41');
  });

  it('counts the password-forgotten requests of an address across the instances', async () => {
    const ask = (n: number) =>
      through(cluster, n, { method: 'GET', url: '/api/auth/checkEmailResetPassword', query: { email: 'somebody@example.org' }, remoteAddress: '203.0.113.51' });
    for (let n = 0; n < 5; n += 1) expect((await ask(n)).statusCode).toBe(200);
    expect((await ask(5)).statusCode).toBe(429);
  });

  it('counts the reads of a calendar feed per feed across the instances, whatever address they come from', async () => {
    const user = await createUser({ database: cluster.database } as TestContext);
    const session = (await through(cluster, 0, { method: 'POST', url: '/api/auth/signin', payload: { username: user.username, password: TEST_PASSWORD }, remoteAddress: '198.51.100.61' })).json<{ accessToken: string }>();
    const feedUrl = async () => {
      const created = (
        await through(cluster, 0, { method: 'POST', url: '/api/calendarFeed', headers: { authorization: `Bearer ${session.accessToken}` } })
      ).json<CalendarFeedCreated>();
      const url = new URL(created.url);
      return url.pathname + url.search;
    };
    const feed = await feedUrl();
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, n) => through(cluster, n, { method: 'GET', url: feed, remoteAddress: `192.0.2.${n + 1}` })),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(60).fill(200));
    for (let n = 0; n < 3; n += 1) expect((await through(cluster, n, { method: 'GET', url: feed, remoteAddress: '192.0.2.200' })).statusCode).toBe(429);
    // A new secret is a new feed, with a count of its own.
    expect((await through(cluster, 1, { method: 'GET', url: await feedUrl(), remoteAddress: '192.0.2.200' })).statusCode).toBe(200);
  });

  it('keeps one row per limited key and prunes the rows of ended windows', async () => {
    const counter = new DatabaseHitCounter(cluster.database.db);
    expect(await counter.hit('test|short', 50)).toMatchObject({ hits: 1 });
    expect(await counter.hit('test|short', 50)).toMatchObject({ hits: 2 });
    await new Promise((resolve) => setTimeout(resolve, 80));
    // The window ended: the count starts again, and the next new window prunes what has ended.
    expect(await counter.hit('test|short', 50)).toMatchObject({ hits: 1 });
    await new Promise((resolve) => setTimeout(resolve, 80));
    const fresh = await counter.hit('test|other', 60_000);
    expect(fresh.hits).toBe(1);
    expect(fresh.ttlMs).toBeGreaterThan(59_000);
    const keys = await cluster.database.db.selectFrom('rate_limits').select('key').where('key', 'like', 'test|%').execute();
    expect(keys.map((row) => row.key)).toEqual(['test|other']);
  });
});

describe('request limits counted in Redis (REDIS_URL), across three instances', () => {
  const prefix = `testbed-test-${randomBytes(6).toString('hex')}:`;
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster({ REDIS_URL, REDIS_KEY_PREFIX: prefix });
  });
  afterAll(async () => {
    await cluster.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('answers the 11th sign-in from one address within a minute with a 429, on every instance', async () => {
    await expectSignInLimitShared(cluster, '203.0.113.81');
    // The counts are in Redis, under the configured prefix, and not in the database.
    const redis = new Redis(REDIS_URL);
    try {
      expect((await redis.keys(`${prefix}*`)).length).toBeGreaterThan(0);
    } finally {
      await redis.quit();
    }
    expect(await cluster.database.db.selectFrom('rate_limits').select('key').where('key', 'like', '%203.0.113.81%').execute()).toEqual([]);
  });
});

describe('request limits while Redis cannot be reached', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
  });
  afterAll(() => cluster.close());

  it('lets requests through uncounted rather than failing them', async () => {
    // Nothing waits for Redis: each call is answered as if there were no limit.
    for (let n = 0; n < 12; n += 1) {
      const started = Date.now();
      const reply = await through(cluster, n, signIn('203.0.113.71'));
      expect(reply.statusCode, reply.body).toBe(401);
      expect(Date.now() - started).toBeLessThan(1000);
    }
  });
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
