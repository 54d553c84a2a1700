import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper.js';
import type { DatabaseHandle } from './database.js';

let database: DatabaseHandle;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
});
afterAll(() => dispose());

describe('openDatabase', () => {
  it('hears NOTIFY on a channel it listens to, and stops hearing it when told', async () => {
    const heard: string[] = [];
    const stop = await database.subscribe('test_channel', (payload) => heard.push(payload), () => undefined);
    await sql`SELECT pg_notify('test_channel', 'one')`.execute(database.db);
    await expect.poll(() => heard, { timeout: 2_000 }).toEqual(['one']);
    await stop();
    await sql`SELECT pg_notify('test_channel', 'two')`.execute(database.db);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual(['one']);
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    await expect(database.subscribe('bad; DROP TABLE users', () => undefined, () => undefined)).rejects.toThrow(/channel/);
  });

  // PostgreSQL only: PGlite runs in this process and has no connections to lose.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'survives the server ending its connections: idle ones and the LISTEN one come back (PostgreSQL)',
    async () => {
      const listening: boolean[] = [];
      const heard: string[] = [];
      const stop = await database.subscribe('test_reconnect', (payload) => heard.push(payload), (now) => listening.push(now));
      await sql`SELECT 1`.execute(database.db); // an idle pooled connection now exists
      const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(database.db);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [rows[0]!.name]);
      } finally {
        await admin.end();
      }
      // The process is still here, queries work again, and the listener reconnects.
      await expect.poll(async () => (await sql<{ one: number }>`SELECT 1 AS one`.execute(database.db).catch(() => null))?.rows[0]?.one, { timeout: 5_000 }).toBe(1);
      await expect.poll(() => listening.at(-1), { timeout: 5_000 }).toBe(true);
      expect(listening).toContain(false);
      await sql`SELECT pg_notify('test_reconnect', 'back')`.execute(database.db);
      await expect.poll(() => heard, { timeout: 2_000 }).toEqual(['back']);
      await stop();
    },
  );
});
