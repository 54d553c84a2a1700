import { sql } from 'kysely';
import { openDatabase } from '../src/db/database.js';
import { findSessionUser } from '../src/modules/users/repo.js';
import { listReservationTypes, listReservationsJson as listReservations, listInventoryDevices } from '../src/modules/reservations/repo.js';
const database = await openDatabase(process.env.PROF_URL ?? 'pglite:///tmp/prof/db');
const { db } = database;
async function t(label: string, f: () => Promise<unknown>, n = 50) {
  for (let i = 0; i < 5; i++) await f();
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) await f();
  const c = process.cpuUsage(c0);
  console.log(label.padEnd(30), ((performance.now() - t0) / n).toFixed(3), 'ms wall', ((c.user + c.system) / 1000 / n).toFixed(3), 'ms cpu');
}
await t('select 1', () => sql`SELECT 1`.execute(db));
await t('pk', () => db.selectFrom('users').select(['id', 'username']).where('id', '=', 2).executeTakeFirst());
await t('session user', () => findSessionUser(db, 2));
await t('types', () => listReservationTypes(db));
await t('devices', () => listInventoryDevices(db));
await t('mine', () => listReservations(db, { kind: 'mine', userId: 2, all: false, limit: 100, offset: 0 }));
await t('others', () => listReservations(db, { kind: 'others', userId: 2, all: false, limit: 100, offset: 0 }));
await t('others all', () => listReservations(db, { kind: 'others', userId: 2, all: true, limit: 100, offset: 0 }), 10);
if (process.env.EXPLAIN) {
  for (const q of process.env.EXPLAIN.split(';;')) {
    const r = await sql.raw(`EXPLAIN (ANALYZE, BUFFERS) ${q}`).execute(db);
    console.log((r.rows as any[]).map((x) => x['QUERY PLAN']).join('\n'));
  }
}
await database.close();
