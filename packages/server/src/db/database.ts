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
import { PreparingClient } from './prepared-statements.js';

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
  /** The migrations this start applied (none when another instance or an earlier start had). */
  migrationsApplied: string[];
}

/**
 * Hears an error of a background loop and answers true when it says the database is unreachable, which it logs
 * itself, once per outage: the loop then says nothing more of it, and tries again at its next pass.
 */
export interface DatabaseFaultReporter {
  reportOutage(error: unknown): boolean;
}

export interface PoolUse {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
  /** Connections handed out since the start, and the seconds spent waiting for them in all. */
  acquired: number;
  waitSeconds: number;
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

/** How long opening a connection may take before the query that needed it fails (the database is unreachable). */
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * How long the client waits for an answer beyond the statement timeout before it gives the query up: the
 * server cancels a slow statement itself, so only a database that has gone silent (a network cut) gets here.
 */
const QUERY_TIMEOUT_MARGIN_MS = 5_000;

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
      const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
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

export interface OpenOptions {
  poolSize?: number;
  /**
   * The longest a statement of the pool may run (PostgreSQL's statement_timeout); none when 0 or absent (the
   * server passes DATABASE_STATEMENT_TIMEOUT_SECONDS; scripts that load data in bulk pass nothing).
   */
  statementTimeoutMs?: number;
}

// PostgreSQL hands back int8 and numeric as strings; counts are cast to int in SQL instead.
export async function openDatabase(url: string, options: OpenOptions = {}): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  let runScript: ScriptRunner | undefined;
  let migrator: { db: Db; close(): Promise<void> } | undefined;
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
      migrationsApplied: [],
    };
    // The transaction holds PGlite's only connection, so the client's exec runs inside it.
    runScript = async (_conn, script) => {
      await client.exec(script);
    };
  } else {
    const max = options.poolSize ?? 10;
    const statementTimeoutMs = options.statementTimeoutMs ?? 0;
    const pool = new pg.Pool({
      connectionString: url,
      max,
      Client: PreparingClient,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A dead peer (a host gone, a network cut) is noticed by TCP rather than by a query that never ends.
      keepAlive: true,
      ...(statementTimeoutMs > 0
        ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS }
        : {}),
    });
    // A connection the server ends (a restart, a failover, an administrator's pg_terminate_backend) is an
    // 'error' event of its client; unheard, it would end the process. The pool hears its idle clients; a
    // client lent out to a query needs a listener of its own. Either way the pool discards the connection
    // and opens another when one is next needed, and the query that was on it fails on its own (a 503).
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    // Each connection handed out is timed from the ask: a pool too small for the load shows as waiting first.
    const wait = { acquired: 0, seconds: 0 };
    const timedPool = {
      async connect() {
        const began = performance.now();
        const client = await pool.connect();
        wait.acquired += 1;
        wait.seconds += (performance.now() - began) / 1000;
        return client;
      },
      end: () => pool.end(),
    };
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: timedPool }) });
    const poolUse = () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
      acquired: wait.acquired,
      waitSeconds: wait.seconds,
    });
    handle = { db, engine: 'postgres', subscribe: postgresSubscriber(url), close: () => db.destroy(), poolUse, migrationsApplied: [] };
    // Migrations run on a connection of their own, without the requests' time limits: a migration of a large
    // table may take minutes, and so may the wait of an instance for another's migrations (under the lock).
    const migrationPool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    migrationPool.on('error', () => undefined);
    migrationPool.on('connect', (client) => client.on('error', () => undefined));
    const migrationDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: migrationPool }) });
    migrator = { db: migrationDb, close: () => migrationDb.destroy() };
  }
  try {
    handle.migrationsApplied = await migrate(migrator?.db ?? handle.db, runScript);
  } catch (error) {
    await handle.close();
    throw error;
  } finally {
    await migrator?.close();
  }
  return handle;
}
