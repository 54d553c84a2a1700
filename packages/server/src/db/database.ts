// One query layer (Kysely) over the two PostgreSQL engines the portal runs on: PGlite embedded in the
// process (the default) and a PostgreSQL server. Same SQL, same migrations, same constraints.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema.js';
import { migrate, type ScriptRunner } from './migrate.js';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Repository functions take either the database or a running transaction. */
export type Queryable = Db | Tx;

export interface DatabaseHandle {
  db: Db;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

// PostgreSQL hands back int8 and numeric as strings; counts are cast to int in SQL instead.
export async function openDatabase(url: string, options: { poolSize?: number } = {}): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  let runScript: ScriptRunner | undefined;
  if (url.startsWith('pglite://')) {
    const location = url.slice('pglite://'.length);
    let dataDir: string | undefined;
    if (location !== 'memory') {
      dataDir = path.resolve(location);
      mkdirSync(dataDir, { recursive: true });
    }
    const client = await PGlite.create({ dataDir, extensions: { btree_gist } });
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
    handle = { db, engine: 'pglite', close: () => db.destroy() };
    // The transaction holds PGlite's only connection, so the client's exec runs inside it.
    runScript = async (_conn, script) => {
      await client.exec(script);
    };
  } else {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    handle = { db, engine: 'postgres', close: () => db.destroy() };
  }
  try {
    await migrate(handle.db, runScript);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
