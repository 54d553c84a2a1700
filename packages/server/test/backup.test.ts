// Backup and restore as docs/operations.md tells them: pg_dump of a running portal's PostgreSQL restored by
// pg_restore into a new database, and the embedded database's dump restored into a new folder. Every user,
// reservation and mail still queued is found again, and the restored database serves a sign-in.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/database.js';
import { dumpEmbedded, restoreEmbedded } from '../src/db/embedded-backup.js';
import { addSshKey, at, bookingBody, HOUR, syncBuiltInTestbed } from './booking.js';
import { buildTestApp, createPostgresDatabase, createUser, loginAs, TEST_PASSWORD, type TestContext } from './helper.js';
import { missingPath } from './missing-path.js';

const run = promisify(execFile);
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'tp-backup-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

interface Census {
  users: string[];
  reservations: number[];
  queuedMails: number;
}

async function census(db: Db): Promise<Census> {
  const users = await db.selectFrom('users').select('username').orderBy('username').execute();
  const reservations = await db.selectFrom('reservations').select('id').orderBy('id').execute();
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL`.execute(db);
  return { users: users.map((row) => row.username), reservations: reservations.map((row) => row.id), queuedMails: rows[0]!.n };
}

/** A portal with some life in it: users, a booking, and mails waiting in the outbox (no sender runs). */
async function fill(ctx: TestContext) {
  await syncBuiltInTestbed(ctx.database.db);
  const user = await loginAs(ctx);
  await addSshKey(ctx.database.db, user.id);
  const start = at(4);
  const booked = await user.inject({
    method: 'POST',
    url: '/api/reserveNodes',
    payload: bookingBody({ userId: user.id, macs: ['02:00:00:01:00:01'], start, end: new Date(start.getTime() + HOUR) }),
  });
  expect(booked.statusCode).toBe(200);
  await createUser(ctx);
  await ctx.app.inject({
    method: 'GET',
    url: '/api/auth/checkEmailResetPassword',
    query: { email: `${user.username}@example.org` },
    remoteAddress: '192.0.2.41',
  });
  return user;
}

async function signsIn(db: Db, username: string) {
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: missingPath('data'), LOG_LEVEL: 'silent' }),
    db,
    jwtSecret: randomBytes(32).toString('hex'),
    logger: false,
    webRoot: missingPath('web-root'),
  });
  try {
    const reply = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username, password: TEST_PASSWORD }, remoteAddress: '192.0.2.42' });
    return reply.statusCode;
  } finally {
    await app.close();
  }
}

describe('PostgreSQL: pg_dump of a running portal, pg_restore into a new database', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)('finds every user, reservation and queued mail again', async () => {
    const ctx = await buildTestApp();
    const restoredDb = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    try {
      const user = await fill(ctx);
      const before = await census(ctx.database.db);
      expect(before.queuedMails).toBeGreaterThan(0);
      const dump = path.join(folder, 'portal.dump');
      // While the portal is running: pg_dump reads one consistent snapshot.
      await run('pg_dump', ['--format=custom', `--file=${dump}`, ctx.databaseUrl]);
      await run('pg_restore', ['--no-owner', `--dbname=${restoredDb.url}`, dump]);

      const restored = await openDatabase(restoredDb.url, { poolSize: 2 });
      try {
        expect(await census(restored.db)).toEqual(before);
        expect(await signsIn(restored.db, user.username)).toBe(200);
      } finally {
        await restored.close();
      }
    } finally {
      await ctx.close();
      await restoredDb.drop();
    }
  }, 60_000);
});

describe('embedded database: npm run db:backup -- dump, then restore into a new folder', () => {
  // The embedded engine's own tool: run once, in the embedded project.
  it.skipIf(!!process.env.TEST_DATABASE_URL)('finds every user, reservation and queued mail again', async () => {
    const source = `pglite://${path.join(folder, 'db')}`;
    const database = await openDatabase(source);
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: missingPath('data'), LOG_LEVEL: 'silent' }),
      db: database.db,
      subscribe: database.subscribe,
      jwtSecret: randomBytes(32).toString('hex'),
      logger: false,
      webRoot: missingPath('web-root'),
    });
    const ctx = { app, database, databaseUrl: source, config: loadConfig({}), close: async () => undefined } as TestContext;
    const user = await fill(ctx);
    const before = await census(database.db);
    await app.close();
    await database.close();

    const file = path.join(folder, 'embedded.tar.gz');
    await dumpEmbedded(source, file);
    const target = `pglite://${path.join(folder, 'restored')}`;
    await restoreEmbedded(target, file);
    await expect(restoreEmbedded(target, file)).rejects.toThrow(/not empty/);

    const restored = await openDatabase(target);
    try {
      expect(await census(restored.db)).toEqual(before);
      expect(await signsIn(restored.db, user.username)).toBe(200);
    } finally {
      await restored.close();
    }
  }, 60_000);
});
