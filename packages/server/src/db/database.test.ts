import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper.js';
import type { DatabaseHandle, Tx } from './database.js';
import { PREPARED_PER_CONNECTION } from './prepared-statements.js';

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

  // PostgreSQL only: PGlite has no pool of connections.
  describe.skipIf(!process.env.TEST_DATABASE_URL)('prepared statements (PostgreSQL)', () => {
    /** The statements the connection running `work` keeps prepared, after it. */
    async function preparedAfter(work: (tx: Tx) => Promise<unknown>) {
      return database.db.transaction().execute(async (tx) => {
        await work(tx);
        const { rows } = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(tx);
        return rows.map((row) => row.statement);
      });
    }

    it('prepares a statement with values once per connection, and runs it again with others', async () => {
      const statements = await preparedAfter(async (tx) => {
        for (const n of [1, 2, 3]) {
          const { rows } = await sql<{ twice: number }>`SELECT ${n}::int * 2 AS twice`.execute(tx);
          expect(rows[0]!.twice).toBe(n * 2);
        }
      });
      expect(statements.filter((text) => text.includes('* 2 AS twice'))).toHaveLength(1);
    });

    it('keeps at most its share of statements on one connection, and still runs the others', async () => {
      const statements = await preparedAfter(async (tx) => {
        for (let n = 0; n < PREPARED_PER_CONNECTION + 20; n += 1) {
          const { rows } = await sql<{ sum: number }>`SELECT ${n}::int + ${sql.raw(String(n))} AS sum`.execute(tx);
          expect(rows[0]!.sum).toBe(2 * n);
        }
      });
      expect(statements.length).toBeLessThanOrEqual(PREPARED_PER_CONNECTION);
    });

    it('answers again once a table changed shape under a kept statement: the connection that kept it is ended', async () => {
      await sql`CREATE TABLE shape_change (a int)`.execute(database.db);
      await sql`INSERT INTO shape_change VALUES (1)`.execute(database.db);
      const read = () => sql<{ a: number }>`SELECT * FROM shape_change WHERE a = ${1}`.execute(database.db);
      // Every connection of the pool runs it, so that each one keeps it.
      await Promise.all(Array.from({ length: 10 }, () => read()));
      await sql`ALTER TABLE shape_change ADD COLUMN b int`.execute(database.db);
      // A connection that kept the old shape fails its call once, and is then replaced.
      await Promise.allSettled(Array.from({ length: 10 }, () => read()));
      const { rows } = await read();
      expect(rows).toEqual([{ a: 1, b: null }]);
    });
  });
});
