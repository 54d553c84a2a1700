// Test support: a real app on a real database per test file (PGlite in memory, or a fresh PostgreSQL
// database when TEST_DATABASE_URL is set), users made by factories, and signed-in requests through inject.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import type { AuthorityName, SigninReply } from '@testbed/contract';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { hashPassword } from '../src/security/passwords.js';
import { insertUser } from '../src/modules/users/repo.js';
import { missingPath } from './missing-path.js';

export const TEST_PASSWORD = 'Secret#2026pass';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The database's address (pglite://memory, or the PostgreSQL database made for this file). */
  databaseUrl: string;
  config: Config;
  close(): Promise<void>;
}

/** Creates an empty PostgreSQL database next to `baseUrl` (TEST_DATABASE_URL, or the bench's) and returns its URL and a dropper. */
export async function createPostgresDatabase(baseUrl: string, prefix = 'tp_test') {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      // A closed pool's connections may still be saying goodbye: wait for them rather than kill them, as a
      // killed connection reports an error to its client after the test is over.
      for (let attempt = 0; ; attempt += 1) {
        try {
          await client.query(`DROP DATABASE IF EXISTS ${name}${attempt < 50 ? '' : ' WITH (FORCE)'}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      await client.end();
    },
  };
}

export async function openTestDatabase(): Promise<{ database: DatabaseHandle; url: string; dispose(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const created = await createPostgresDatabase(base);
    const database = await openDatabase(created.url);
    return {
      database,
      url: created.url,
      async dispose() {
        await database.close();
        await created.drop();
      },
    };
  }
  const database = await openDatabase('pglite://memory');
  return { database, url: 'pglite://memory', dispose: () => database.close() };
}

/** `logStream`: the app logs at LOG_LEVEL (env) into it instead of not logging at all. */
export async function buildTestApp(env: Record<string, string> = {}, options: { logStream?: NodeJS.WritableStream } = {}): Promise<TestContext> {
  const { database, url: databaseUrl, dispose } = await openTestDatabase();
  // Only a flash through the simulator writes the data folder (its status files); close removes it.
  const dataDir = missingPath('data');
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({
    config,
    db: database.db,
    subscribe: database.subscribe,
    poolUse: database.poolUse,
    jwtSecret: randomBytes(32).toString('hex'),
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    webRoot: missingPath('web-root'),
  });
  await app.ready();
  return {
    app,
    database,
    databaseUrl,
    config,
    async close() {
      await app.close();
      await dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let sequence = 0;

export interface UserOptions {
  roles?: AuthorityName[];
  enabled?: boolean;
  password?: string;
  username?: string;
}

/** Inserts a user; by default an approved, enabled USER with TEST_PASSWORD. */
export async function createUser(ctx: TestContext, options: UserOptions = {}) {
  sequence += 1;
  const username = options.username ?? `user_${sequence}_${randomBytes(3).toString('hex')}`;
  const now = new Date();
  const enabled = options.enabled ?? true;
  const id = await insertUser(
    ctx.database.db,
    {
      username,
      email: `${username}@example.org`,
      firstname: 'Ada',
      lastname: `Tester${sequence}`,
      password_hash: await hashPassword(options.password ?? TEST_PASSWORD),
      is_enabled: enabled,
      email_verified_at: now,
      approved_date: enabled ? now : null,
    },
    options.roles ?? ['USER'],
  );
  return { id, username, password: options.password ?? TEST_PASSWORD };
}

export async function signIn(ctx: TestContext, username: string, password = TEST_PASSWORD, ip = '127.0.0.1') {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username, password }, remoteAddress: ip });
}

/** A signed-in caller: creates the user, signs in through the API and keeps the bearer token. */
export async function loginAs(ctx: TestContext, options: UserOptions = {}) {
  const user = await createUser(ctx, options);
  // Each test caller signs in from an address of its own so that the per-address limits stay out of the way.
  const reply = await signIn(ctx, user.username, user.password, `198.51.100.${sequence % 250}`);
  if (reply.statusCode !== 200) throw new Error(`sign-in failed: ${reply.body}`);
  const session = reply.json<SigninReply>();
  return {
    ...user,
    session,
    inject(options: InjectOptions) {
      return ctx.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${session.accessToken}` } });
    },
  };
}
