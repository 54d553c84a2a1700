// `npm run bench [-- --stress] [-- --seconds=N]`: the performance budgets of DESIGN.md section 8.
// Seeds a fresh database (PGlite in a temporary folder, or a new PostgreSQL database beside DATABASE_URL
// when it is postgres://...), starts the real app on a loopback port, and measures each route with
// autocannon (in a child process) against floors taken in the same run: a bare Fastify route with no
// query and one with a primary-key SELECT on the same database.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/database.js';
import { syncInventory } from '../src/testbed/inventory.js';
import { SimulatorDriver } from '../src/testbed/simulator.js';
import type { LoadResult, LoadSpec } from './load-process.js';
import { BENCH_PASSWORD, benchTestbed, seedReservations, seedUsers } from './seed.js';

const args = process.argv.slice(2);
const STRESS = args.includes('--stress');
const SECONDS = Number(args.find((arg) => arg.startsWith('--seconds='))?.split('=')[1] ?? 10);
const CONNECTIONS = 50;
const BOOKING_CONNECTIONS = 10;
const SMALL_RESERVATIONS = 1_000;
const RESERVATIONS = STRESS ? 1_000_000 : 200_000;
const DAY_SECONDS = 86_400;

const log = (message: string) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${message}\n`);

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  log(`${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

// Database ---------------------------------------------------------------------------------------------

interface BenchDatabase {
  url: string;
  engine: 'pglite' | 'postgres';
  dispose(): Promise<void>;
}

async function freshDatabase(): Promise<BenchDatabase> {
  const base = process.env.DATABASE_URL;
  if (base && /^postgres(ql)?:\/\//.test(base)) {
    const name = `tp_bench_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      engine: 'postgres',
      async dispose() {
        const client = new pg.Client({ connectionString: base });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'tp-bench-'));
  return { url: `pglite://${dir}`, engine: 'pglite', dispose: () => rm(dir, { recursive: true, force: true }) };
}

// Servers and load ------------------------------------------------------------------------------------

/** The floors: what a bare Fastify route costs with no query and with one primary-key SELECT. */
async function floorServer(db: Db): Promise<FastifyInstance> {
  const floor = Fastify({ logger: false });
  floor.get('/floor/none', async () => ({ ok: true }));
  floor.get<{ Querystring: { id: string } }>('/floor/pk', async (request) =>
    db.selectFrom('users').select(['id', 'username']).where('id', '=', Number(request.query.id)).executeTakeFirst(),
  );
  await floor.listen({ port: 0, host: '127.0.0.1' });
  return floor;
}

const address = (app: FastifyInstance) => {
  const info = app.server.address() as { port: number };
  return `http://127.0.0.1:${info.port}`;
};

const LOAD_PROCESS = fileURLToPath(new URL('./load-process.ts', import.meta.url));

/** One measurement in a child process: the load generator gets a core of its own, not the server's loop. */
function load(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(LOAD_PROCESS, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (message: { result?: LoadResult; error?: string }) => {
      if (message.result) resolve(message.result);
      else reject(new Error(message.error));
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load process exited with ${code}`));
    });
    child.send(spec);
  });
}

interface Row {
  route: string;
  rows: string;
  result: LoadResult;
  ratio: string;
  budget: string;
  pass: boolean | null;
}

async function measure(label: string, spec: Omit<LoadSpec, 'durationSeconds'>): Promise<LoadResult> {
  await load({ ...spec, durationSeconds: Math.min(2, SECONDS) }); // warm-up: JIT, plans, caches
  // Bookings of the measured run go a year later than the warm-up's, so that they never collide.
  const later = spec.booking && { ...spec.booking, firstStartMs: spec.booking.firstStartMs + 365 * DAY_SECONDS * 1000 };
  const result = await load({ ...spec, booking: later, durationSeconds: SECONDS });
  log(`${label}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`);
  return result;
}

function printTable(title: string, rows: Row[]) {
  const header = ['route', 'rows', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'ratio', 'budget', 'result'];
  const body = rows.map((row) => [
    row.route,
    row.rows,
    row.result.requestsPerSecond.toFixed(0),
    String(row.result.p50),
    String(row.result.p99),
    String(row.result.non2xx + row.result.errors + row.result.timeouts),
    row.ratio,
    row.budget,
    row.pass === null ? 'floor' : row.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((line) => line[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  process.stdout.write(`\n${title}\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n`);
  for (const cells of body) process.stdout.write(`${line(cells)}\n`);
}

async function main() {
  const benchDb = await freshDatabase();
  log(`database: ${benchDb.engine} (${benchDb.engine === 'postgres' ? benchDb.url.replace(/\/\/[^@]*@/, '//') : 'temporary folder'}); ${RESERVATIONS.toLocaleString('en')} reservations`);
  const database = await openDatabase(benchDb.url);
  const apps: FastifyInstance[] = [];
  try {
    const { db } = database;
    const testbed = benchTestbed();
    await timed('inventory: 2,000 devices in 20 types', () => syncInventory(db, testbed));
    const firstUser = await timed('users: 10,000 with roles and SSH keys', () => seedUsers(db));
    const devices = await db.selectFrom('devices').select(['id', 'mac_address']).where('in_inventory', '=', true).orderBy('id').execute();
    const deviceIds = devices.map((device) => device.id);
    const driver = new SimulatorDriver(testbed);
    const upMacs = devices.map((device) => device.mac_address).filter((mac) => driver.isUp(mac));

    await timed(`reservations: the first ${SMALL_RESERVATIONS.toLocaleString('en')}`, () =>
      seedReservations(db, firstUser, deviceIds, 0, SMALL_RESERVATIONS, RESERVATIONS),
    );
    await sql`VACUUM ANALYZE`.execute(db);

    const config = loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', DATABASE_URL: benchDb.url });
    const app = await buildApp({ config, db, jwtSecret: randomBytes(32).toString('hex'), logger: false, webRoot: '/nonexistent', driver });
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const floor = await floorServer(db);
    apps.push(floor);
    const api = address(app);

    // The measured readers and the booker: ordinary users with an SSH key. The booker is another user so
    // that the bookings made by the measurements do not fill the reader's own list.
    const signIn = async (username: string) => {
      const reply = await fetch(`${api}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: BENCH_PASSWORD }),
      });
      if (reply.status !== 200) throw new Error(`sign-in failed: ${reply.status} ${await reply.text()}`);
      const { accessToken, userId } = (await reply.json()) as { accessToken: string; userId: number };
      return { userId, headers: { authorization: `Bearer ${accessToken}` } };
    };
    const reader = await signIn('bench_2');
    const booker = await signIn('bench_3');
    const userId = reader.userId;
    const auth = reader.headers;
    const bookingSpec = (firstStartMs: number): Omit<LoadSpec, 'durationSeconds'> => ({
      url: `${api}/api/reserveNodes`,
      connections: BOOKING_CONNECTIONS,
      method: 'POST',
      headers: { ...booker.headers, 'content-type': 'application/json' },
      booking: { userId: booker.userId, macs: upMacs, firstStartMs },
    });
    const year = 365 * DAY_SECONDS * 1000;
    const bookingSmall = await measure(`POST /api/reserveNodes at ${SMALL_RESERVATIONS} reservations`, bookingSpec(Date.now() + 3 * year));

    await timed(`reservations: up to ${RESERVATIONS.toLocaleString('en')}`, () =>
      seedReservations(db, firstUser, deviceIds, SMALL_RESERVATIONS, RESERVATIONS, RESERVATIONS),
    );
    await timed('VACUUM ANALYZE', () => sql`VACUUM ANALYZE`.execute(db));
    const counts = await sql<{ reservations: number; current: number }>`
      SELECT count(*)::int AS reservations, count(*) FILTER (WHERE end_date > now())::int AS current FROM reservations`.execute(db);
    log(`stored: ${counts.rows[0]!.reservations.toLocaleString('en')} reservations, ${counts.rows[0]!.current.toLocaleString('en')} current or future`);

    const rows: Row[] = [];
    const floorNone = await measure('floor: no query', { url: `${address(floor)}/floor/none`, connections: CONNECTIONS, method: 'GET', headers: {} });
    const floorPk = await measure('floor: primary-key SELECT', {
      url: `${address(floor)}/floor/pk?id=${userId}`,
      connections: CONNECTIONS,
      method: 'GET',
      headers: {},
    });
    rows.push({ route: 'floor: no query', rows: '-', result: floorNone, ratio: '-', budget: '-', pass: null });
    rows.push({ route: 'floor: primary-key SELECT', rows: '1', result: floorPk, ratio: '1.00', budget: '-', pass: null });

    const reads = [
      `/api/userReservations/${userId}`,
      `/api/userReservations/${userId}?all=true`,
      `/api/currentUserReservations/${userId}`,
      `/api/otherReservations/${userId}`,
      `/api/otherReservations/${userId}?all=true`,
      '/api/getNodesToReserve',
      '/api/reservationTypes',
      '/api/validUsers?name=ab',
    ];
    for (const route of reads) {
      const sample = await fetch(`${api}${route}`, { headers: auth });
      if (sample.status !== 200) throw new Error(`${route} answered ${sample.status}: ${await sample.text()}`);
      const json = (await sample.json()) as unknown;
      const size = Array.isArray(json)
        ? String(json.length)
        : String(Object.values(json as Record<string, object>).reduce((n, type) => n + Object.keys(type).length, 0));
      const result = await measure(`GET ${route}`, { url: `${api}${route}`, connections: CONNECTIONS, method: 'GET', headers: auth });
      const ratio = result.requestsPerSecond / floorPk.requestsPerSecond;
      const p99ok = benchDb.engine !== 'postgres' || result.p99 < 50;
      const clean = result.non2xx + result.errors + result.timeouts === 0;
      rows.push({
        route: `GET ${route}`,
        rows: size,
        result,
        ratio: ratio.toFixed(2),
        budget: benchDb.engine === 'postgres' ? '>= 0.50, p99 < 50' : '>= 0.50',
        pass: ratio >= 0.5 && p99ok && clean,
      });
    }

    const bookingLarge = await measure(`POST /api/reserveNodes at ${RESERVATIONS} reservations`, bookingSpec(Date.now() + 6 * year));
    rows.push({ route: `POST /api/reserveNodes @ ${SMALL_RESERVATIONS.toLocaleString('en')}`, rows: '-', result: bookingSmall, ratio: '1.00', budget: '-', pass: null });
    const bookingRatio = bookingLarge.p50 / Math.max(bookingSmall.p50, 0.001);
    rows.push({
      route: `POST /api/reserveNodes @ ${RESERVATIONS.toLocaleString('en')}`,
      rows: '-',
      result: bookingLarge,
      ratio: `${bookingRatio.toFixed(2)} (p50 vs 1k)`,
      budget: '<= 1.50',
      pass: bookingRatio <= 1.5 && bookingLarge.non2xx + bookingLarge.errors + bookingLarge.timeouts === 0,
    });

    printTable(
      `${benchDb.engine}, ${RESERVATIONS.toLocaleString('en')} reservations, ${CONNECTIONS} connections (bookings ${BOOKING_CONNECTIONS}), ${SECONDS} s per route; ratio = req/s over the primary-key floor`,
      rows,
    );
    if (rows.some((row) => row.pass === false)) process.exitCode = 1;
  } finally {
    for (const app of apps) await app.close();
    await database.close();
    await benchDb.dispose();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
