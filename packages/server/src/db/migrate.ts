// Forward-only SQL migrations, applied in file-name order at start. Several instances may start at once
// on one PostgreSQL: an advisory lock makes them take turns, and each file runs in its own transaction.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const LOCK_KEY = 7_130_512_001;

/** Runs a multi-statement script on the connection given (PGlite needs its own `exec` for that). */
export type ScriptRunner = (conn: Kysely<any>, script: string) => Promise<void>;

const runWithSimpleQuery: ScriptRunner = async (conn, script) => {
  // Without parameters node-postgres uses the simple query protocol, which accepts several statements.
  await sql.raw(script).execute(conn);
};

async function migrationFiles(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
}

/**
 * The migrations this code knows and the database has not applied (the readiness check): an instance of
 * older code beside a newer database sees none, one of newer code before its migration has run sees some.
 */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const files = await migrationFiles();
  const { rows } = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(db);
  const done = new Set(rows.map((row) => row.name));
  return files.filter((name) => !done.has(name));
}

/** The migrations the database has, in order. */
export async function appliedMigrations(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM schema_migrations ORDER BY name`.execute(db);
  return rows.map((row) => row.name);
}

export async function migrate(db: Kysely<any>, runScript: ScriptRunner = runWithSimpleQuery): Promise<string[]> {
  const files = await migrationFiles();
  return db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${LOCK_KEY})`.execute(conn);
    try {
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(conn);
      const done = new Set(
        (await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(conn)).rows.map((r) => r.name),
      );
      const applied: string[] = [];
      for (const name of files) {
        if (done.has(name)) continue;
        const text = await readFile(new URL(name, `file://${MIGRATIONS_DIR}`), 'utf8');
        await conn.transaction().execute(async (tx) => {
          await runScript(tx, text);
          await sql`INSERT INTO schema_migrations (name) VALUES (${name})`.execute(tx);
        });
        applied.push(name);
      }
      return applied;
    } finally {
      await sql`SELECT pg_advisory_unlock(${LOCK_KEY})`.execute(conn);
    }
  });
}
