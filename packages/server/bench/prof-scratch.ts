import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { syncInventory } from '../src/testbed/inventory.js';
import { SimulatorDriver } from '../src/testbed/simulator.js';
import { BENCH_PASSWORD, benchTestbed, seedReservations, seedUsers } from './seed.js';

const url = process.env.PROF_URL ?? 'pglite:///tmp/prof/db';
const fresh = url.startsWith('pglite') ? !existsSync('/tmp/prof/db/PG_VERSION') : process.env.SEED === '1';
const database = await openDatabase(url);
const { db } = database;
const testbed = benchTestbed();
if (fresh) {
  await syncInventory(db, testbed);
  const first = await seedUsers(db);
  const devices = await db.selectFrom('devices').select('id').orderBy('id').execute();
  await seedReservations(db, first, devices.map((d) => d.id), 0, 200_000, 200_000);
  await sql`VACUUM ANALYZE`.execute(db);
}
const app = await buildApp({ config: loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' }), db, jwtSecret: randomBytes(32).toString('hex'), logger: false, webRoot: '/nonexistent', driver: new SimulatorDriver(testbed) });
await app.ready();
const signin = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'bench_2', password: BENCH_PASSWORD } });
const token = signin.json().accessToken;
const routes = (process.env.ROUTES ?? '/api/reservationTypes,/api/userReservations/2,/api/otherReservations/2,/api/otherReservations/2?all=true,/api/getNodesToReserve,/api/validUsers?name=ab').split(',');
for (const route of routes) {
  for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url: route, headers: { authorization: `Bearer ${token}` } });
  const n = Number(process.env.N ?? 50);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  let size = 0;
  for (let i = 0; i < n; i++) { const r = await app.inject({ method: 'GET', url: route, headers: { authorization: `Bearer ${token}` } }); size = r.body.length; if (r.statusCode !== 200) throw new Error(r.body); }
  const c = process.cpuUsage(c0);
  console.log(route.padEnd(40), ((performance.now() - t0) / n).toFixed(2), 'ms/req', ((c.user + c.system) / 1000 / n).toFixed(2), 'ms cpu', size, 'bytes');
}
if (process.env.EXPLAIN) {
  for (const q of process.env.EXPLAIN.split(';;')) {
    const r = await sql.raw(`EXPLAIN (ANALYZE, BUFFERS) ${q}`).execute(db);
    console.log((r.rows as any[]).map((x) => x['QUERY PLAN']).join('\n'));
  }
}
await app.close();
await database.close();
