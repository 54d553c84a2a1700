import { sql } from 'kysely';
import { openDatabase } from '../src/db/database.js';
const d = await openDatabase(process.env.PROF_URL ?? 'pglite:///tmp/prof/db');
const db = d.db;
await sql`CREATE INDEX IF NOT EXISTS users_valid_order_idx ON users (lower(lastname), lower(firstname), id) WHERE is_enabled AND anonymised_at IS NULL`.execute(db);
await sql`ANALYZE users`.execute(db);
const qs = {
  old: `SELECT id, firstname, lastname, username FROM users WHERE is_enabled = true AND anonymised_at IS NULL AND (lower(lastname) LIKE '%ab%' OR lower(firstname) LIKE '%ab%' OR lower(username) LIKE '%ab%') ORDER BY lower(lastname), lower(firstname), id LIMIT 100`,
  concat: `SELECT id, firstname, lastname, username FROM users WHERE is_enabled AND anonymised_at IS NULL AND lower(lastname || ' ' || firstname || ' ' || username) LIKE '%ab%' ORDER BY lower(lastname), lower(firstname), id LIMIT 100`,
  rare: `SELECT id, firstname, lastname, username FROM users WHERE is_enabled AND anonymised_at IS NULL AND lower(lastname || ' ' || firstname || ' ' || username) LIKE '%zzq%' ORDER BY lower(lastname), lower(firstname), id LIMIT 100`,
};
for (let round = 0; round < 2; round++)
for (const [k, q] of Object.entries(qs)) {
  const times: number[] = [];
  let plan = '';
  for (let i = 0; i < 15; i++) {
    const r = await sql.raw(`EXPLAIN (ANALYZE) ${q}`).execute(db);
    const lines = (r.rows as any[]).map((x) => x['QUERY PLAN']);
    plan = lines.filter((l: string) => /Scan|Sort/.test(l)).map((l: string) => l.trim().slice(0, 60)).join(' | ');
    times.push(Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))![1]));
  }
  times.sort((a, b) => a - b);
  console.log(k.padEnd(8), 'median', times[7], 'ms', plan);
}
await d.close();
