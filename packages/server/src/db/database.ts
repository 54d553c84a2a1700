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
import { lockFolder } from './folder-lock.js';
import { migrate, type ScriptRunner } from './migrate.js';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Repository functions take either the database or a running transaction. */
export type Queryable = Db | Tx;
/** The row a repository's select-building function answers, e.g. `SelectedRow<typeof selectEmployers>`. */
export type SelectedRow<Select extends (db: Queryable) => { executeTakeFirstOrThrow(): Promise<unknown> }> = Awaited<
  ReturnType<ReturnType<Select>['executeTakeFirstOrThrow']>
>;

export interface DatabaseHandle {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** LISTEN on a channel; see `Subscribe`. */
  subscribe: Subscribe;
  close(): Promise<void>;
  /** The connection pool's use (PostgreSQL; the embedded engine has one connection and no pool). */
  poolUse?: () => PoolUse;
}

export interface PoolUse {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

/**
 * Listens to a NOTIFY channel. `onListening(false)` says notifications may be missed from now on (the
 * connection dropped) until `onListening(true)`, so whoever caches on their strength must stop trusting
 * the cache in between. Returns the function that stops listening.
 */
export type Subscribe = (
  channel: string,
  onNotify: (payload: string) => void,
  onListening: (listening: boolean) => void,
) => Promise<() => Promise<void>>;

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

/** PostgreSQL: a connection of its own outside the pool, reconnected after a second if it drops. */
function postgresSubscriber(url: string): Subscribe {
  return async (channel, onNotify, onListening) => {
    if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
    let client: pg.Client | undefined;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    const lost = () => {
      onListening(false);
      client?.removeAllListeners();
      client?.on('error', () => undefined);
      client?.end().catch(() => undefined);
      client = undefined;
      if (!stopped && !retry) retry = setTimeout(connect, 1000);
    };
    async function connect() {
      retry = undefined;
      const next = new pg.Client({ connectionString: url });
      client = next;
      next.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      next.on('error', () => client === next && lost());
      next.on('end', () => client === next && lost());
      try {
        await next.connect();
        await next.query(`LISTEN ${channel}`);
        if (client === next) onListening(true);
      } catch {
        if (client === next) lost();
      }
    }
    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      last?.removeAllListeners();
      last?.on('error', () => undefined);
      await last?.end().catch(() => undefined);
    };
  };
}

// PostgreSQL hands back int8 and numeric as strings; counts are cast to int in SQL instead.
export async function openDatabase(url: string, options: { poolSize?: number } = {}): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  let runScript: ScriptRunner | undefined;
  if (url.startsWith('pglite://')) {
    const location = url.slice('pglite://'.length);
    let dataDir: string | undefined;
    let unlock = () => undefined as void;
    if (location !== 'memory') {
      dataDir = path.resolve(location);
      mkdirSync(dataDir, { recursive: true });
      // Before PGlite reads a page: a second process on the folder is refused, the first one untouched.
      unlock = lockFolder(dataDir);
    }
    let client: PGlite;
    try {
      client = await PGlite.create({ dataDir, extensions: { btree_gist } });
    } catch (error) {
      unlock();
      throw error;
    }
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
    const subscribe: Subscribe = async (channel, onNotify, onListening) => {
      if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
      // PGlite runs in this process and calls listeners as the notifying transaction commits.
      const unlisten = await client.listen(channel, onNotify);
      onListening(true);
      return unlisten;
    };
    handle = {
      db,
      engine: 'pglite',
      subscribe,
      close: async () => {
        try {
          await db.destroy();
        } finally {
          unlock();
        }
      },
    };
    // The transaction holds PGlite's only connection, so the client's exec runs inside it.
    runScript = async (_conn, script) => {
      await client.exec(script);
    };
  } else {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
    // An idle connection that the server drops (a restart, an administrator's kill) is an 'error' event
    // of the pool; unheard, it would end the process. The pool discards that connection and opens another
    // when one is next needed, and a query on a dead connection fails on its own.
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const max = options.poolSize ?? 10;
    const poolUse = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max });
    handle = { db, engine: 'postgres', subscribe: postgresSubscriber(url), close: () => db.destroy(), poolUse };
  }
  try {
    await migrate(handle.db, runScript);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
