// `npm run bench [-- --stress] [-- --seconds=N]`: the performance budgets of docs/benchmark.md.
// Seeds fresh databases (PGlite in temporary folders, or new PostgreSQL databases beside DATABASE_URL
// when it is postgres://...), starts the real app on loopback ports, and measures each route with
// autocannon (in a child process) against floors taken in the same run: a bare Fastify route with no
// query and one with a primary-key SELECT on the same database, and the app's own cheapest signed-in call.
//
// Booking latency is compared between two live databases, one with 1,000 reservations and one with the
// full data set, measured in alternating rounds so that a change in the machine's load hits both alike.
// The compiled server is also started as a process of its own for its start and memory
// (`npm run bench -- --process-only` measures that alone).
// The browser budgets (bench/browser.ts) build the web app and load it in Debian's Chromium;
// `npm run bench -- --browser-only` runs those alone; `--pages=sign-up,booking` measures only the pages named,
// and `--lighthouse-reports=DIR` keeps each Lighthouse run's report (HTML) in DIR. `--calendar-only` measures
// the calendar feed's row alone, on the full data set; `--reads-only` stops after the reads, the bookings and the
// free slots; `--experiments-only` the experiments' row (bench/experiments.ts) alone. Each table printed is also written to a file of bench-results/ (git-ignored), named by the run.
import { fork, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { appendFileSync, mkdirSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type DatabaseHandle, type Db } from '../src/db/database.js';
import { syncInventory } from '../src/testbed/inventory.js';
import { SimulatorDriver } from '../src/testbed/simulator.js';
import { createPostgresDatabase } from '../test/helper.js';
import { missingPath } from '../test/missing-path.js';
import { buildServer, freePort, startInstance, startOnFreePort, stopInstance, type Instance } from '../test/instances.js';
import { replaceFeed } from '../src/modules/calendar/repo.js';
import { feedTokenHash } from '../src/modules/calendar/service.js';
import { startSimulatedFlashJobs } from '../src/modules/flashing/simulated-load.js';
import { lighthouseScores, stackFloorKb, weighScripts, type MeasuredPage, type StoredSession } from './browser.js';
import type { LoadResult, LoadSpec } from './load-process.js';
import { BENCH_PASSWORD, benchTestbed, seedReservations, seedUsers } from './seed.js';
import { withBenchServer } from './bench-server.js';
import { EXPERIMENT_DEVICES, EXPERIMENT_OVERHEAD_BUDGET_MS, EXPERIMENT_RUNS, FLASH_SECONDS, measureExperiments } from './experiments.js';

const args = process.argv.slice(2);
const STRESS = args.includes('--stress');
const BROWSER_ONLY = args.includes('--browser-only');
const PROCESS_ONLY = args.includes('--process-only');
const CALENDAR_ONLY = args.includes('--calendar-only');
const UPLOAD_ONLY = args.includes('--upload-only');
const READS_ONLY = args.includes('--reads-only');
const EXPERIMENTS_ONLY = args.includes('--experiments-only');
const PAGES = args.find((arg) => arg.startsWith('--pages='))?.split('=')[1]?.split(',');
const LIGHTHOUSE_REPORTS = args.find((arg) => arg.startsWith('--lighthouse-reports='))?.split('=')[1];
const SECONDS = Number(args.find((arg) => arg.startsWith('--seconds='))?.split('=')[1] ?? 10);
const CONNECTIONS = 50;
const BOOKING_CONNECTIONS = 10;
const BOOKING_ROUNDS = 3;
const READ_PASSES = 2;
/** The flash budget's rounds, each run of a read lasting half of `--seconds`: as long in all as the other reads' passes. */
const FLASH_ROUNDS = 4;
const FLASH_READ_SECONDS = Math.max(2, Math.round(SECONDS / 2));
/** Simulated flash jobs running at once while the reads are measured again. */
const FLASH_JOBS = 500;
/** Progress streams open while the reads are measured with the flash jobs running. */
const FLASH_STREAMS = 200;
const SMALL_RESERVATIONS = 1_000;
const RESERVATIONS = STRESS ? 1_000_000 : 200_000;
const YEAR_MS = 365 * 86_400_000;
/**
 * The stress run's figure for a budget set at 200,000 reservations (the cold reads; the statistics of a
 * year): shown, not judged. The stress run has budgets of its own (booking and
 * free slots at 1,000,000 against 1,000), and the reads keep theirs.
 */
const AT_THE_BUDGET_SIZE = '(set at 200,000)';
const WEB_ROOT = fileURLToPath(new URL('../../web/dist/', import.meta.url));

const log = (message: string) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${message}\n`);

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  log(`${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

// Databases and apps -----------------------------------------------------------------------------------

interface BenchDatabase {
  url: string;
  engine: 'pglite' | 'postgres';
  dispose(): Promise<void>;
}

async function freshDatabase(): Promise<BenchDatabase> {
  const base = process.env.DATABASE_URL;
  if (base && /^postgres(ql)?:\/\//.test(base)) {
    const created = await createPostgresDatabase(base, 'tp_bench');
    return { url: created.url, engine: 'postgres', dispose: created.drop };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'tp-bench-'));
  return { url: `pglite://${dir}`, engine: 'pglite', dispose: () => rm(dir, { recursive: true, force: true }) };
}

interface Site {
  bench: BenchDatabase;
  /** The apps' DATA_DIR (the simulator's flash status files), removed with the site. */
  dataDir: string;
  database: DatabaseHandle;
  app: FastifyInstance;
  api: string;
  /** The same app keeping no reply between calls, on the same database (its figures beside the caches'). */
  bare: FastifyInstance;
  bareApi: string;
  /** Device ids of the inventory, in id order, and the MAC addresses of the devices that are up. */
  deviceIds: number[];
  upMacs: string[];
  firstUser: number;
}

/** A fresh database with the inventory, the users and `reservations` reservations, and the app on it. */
async function openSite(label: string, reservations: number, timeline: number, webRoot = missingPath('web-root')): Promise<Site> {
  const bench = await freshDatabase();
  const database = await openDatabase(bench.url);
  const { db } = database;
  const testbed = benchTestbed();
  const driver = new SimulatorDriver(testbed);
  await timed(`${label}: inventory of 2,000 devices in 20 types`, () => syncInventory(db, testbed));
  const firstUser = await timed(`${label}: 10,000 users with roles and SSH keys`, () => seedUsers(db));
  const devices = await db.selectFrom('devices').select(['id', 'mac_address']).where('in_inventory', '=', true).orderBy('id').execute();
  const deviceIds = devices.map((device) => device.id);
  await timed(`${label}: ${reservations.toLocaleString('en')} reservations`, () =>
    seedReservations(db, firstUser, deviceIds, 0, reservations, timeline),
  );
  await timed(`${label}: VACUUM ANALYZE`, () => sql`VACUUM ANALYZE`.execute(db));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tp-bench-data-'));
  // One user follows every flash job of the bench: its progress streams may all be open at once.
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: bench.url, FLASH_STREAMS_PER_USER: String(FLASH_STREAMS) });
  const jwtSecret = randomBytes(32).toString('hex');
  const app = await buildApp({ config, db, subscribe: database.subscribe, jwtSecret, logger: false, webRoot, driver });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = await buildApp({ config, db, subscribe: database.subscribe, jwtSecret, logger: false, webRoot, driver, replyCaches: false });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const upMacs = devices.map((device) => device.mac_address).filter((mac) => driver.isUp(mac));
  return { bench, dataDir, database, app, api: address(app), bare, bareApi: address(bare), deviceIds, upMacs, firstUser };
}

async function closeSite(site: Site) {
  await site.app.close();
  await site.bare.close();
  await site.database.close();
  await site.bench.dispose();
  await rm(site.dataDir, { recursive: true, force: true });
}

/** The floors: what a bare Fastify route costs with no query and with one primary-key SELECT. */
async function floorServer(db: Db): Promise<FastifyInstance> {
  const floor = Fastify({ logger: false });
  floor.get('/floor/none', async () => ({ ok: true }));
  floor.get<{ Querystring: { id: string } }>('/floor/pk', async (request) =>
    db.selectFrom('users').select(['id', 'username']).where('id', '=', Number(request.query.id)).executeTakeFirst(),
  );
  // A JSON reply of `bytes` bytes from memory, with no query: what sending a large list costs by itself.
  const replies = new Map<number, Buffer>();
  floor.get<{ Querystring: { bytes: string } }>('/floor/bytes', async (request, reply) => {
    const size = Number(request.query.bytes);
    let body = replies.get(size);
    if (!body) replies.set(size, (body = Buffer.from(JSON.stringify(['x'.repeat(Math.max(0, size - 4))]))));
    return reply.type('application/json').send(body);
  });
  await floor.listen({ port: 0, host: '127.0.0.1' });
  return floor;
}

function address(app: FastifyInstance) {
  const info = app.server.address() as { port: number };
  return `http://127.0.0.1:${info.port}`;
}

async function signIn(api: string, username: string) {
  const reply = await fetch(`${api}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  if (reply.status !== 200) throw new Error(`sign-in failed: ${reply.status} ${await reply.text()}`);
  const body = (await reply.json()) as { accessToken: string; userId: number; username: string; authorities: unknown; redirectURL: string };
  // What the web app keeps in local storage after this sign-in (web/src/shared/session.ts).
  const stored: StoredSession = {
    token: body.accessToken,
    username: body.username,
    authorities: JSON.stringify(body.authorities),
    redirectURL: body.redirectURL,
    currentUser: JSON.stringify(body),
  };
  return { userId: body.userId, headers: { authorization: `Bearer ${body.accessToken}` }, stored };
}

/**
 * Opens a progress stream (a ticket, then GET .../events) on each of the jobs, as that many flash screens
 * would, and reads them in the background; answers how many opened and the function that closes them.
 */
async function openProgressStreams(api: string, headers: Record<string, string>, handles: string[]) {
  const controller = new AbortController();
  let opened = 0;
  // A refused stream closes the ones already open: an open stream would keep the server's close waiting.
  await Promise.all(
    handles.map(async (handle) => {
      const ticket = await fetch(`${api}/api/flashJobs/${handle}/streamTicket`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' });
      if (ticket.status !== 200) throw new Error(`stream ticket refused: ${ticket.status} ${await ticket.text()}`);
      const { ticket: value } = (await ticket.json()) as { ticket: string };
      const stream = await fetch(`${api}/api/flashJobs/${handle}/events?ticket=${value}`, { signal: controller.signal });
      if (stream.status !== 200 || !stream.body) throw new Error(`progress stream refused: ${stream.status}`);
      opened += 1;
      void (async () => {
        for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) void chunk;
      })().catch(() => undefined);
    }),
  ).catch((error: unknown) => {
    controller.abort();
    throw error;
  });
  return { opened, close: () => controller.abort() };
}

// The calendar feed ------------------------------------------------------------------------------------

/** The feed's row: reads of feeds of 2,000 reservations each, one at a time. */
const FEED_EVENTS = 2_000;
/**
 * Feeds read in turn: a feed answers 60 reads a minute, so the reads are spread over this many feeds to stay
 * under that limit however fast they are answered. Their users are colleagues on overlapping runs of 2,000
 * reservations (one in FEED_STEP), so that a reservation gets at most two more colleagues.
 */
const FEED_USERS = 20;
const FEED_STEP = 900;

/**
 * One calendar feed read (the whole body, as a calendar program's first read) of a user with 2,000
 * reservations in the feed's window, one request at a time. Budget: p99 under 50 ms.
 */
async function calendarFeedRow(site: Site): Promise<Row> {
  const { db } = site.database;
  // Users near the end of the numbering, apart from the readers and bookers of the other rows.
  const users = Array.from({ length: FEED_USERS }, (_, n) => site.firstUser + 9_900 + n);
  await sql`
    INSERT INTO reservation_users (reservation_id, user_id)
    SELECT r.id, u.user_id
      FROM (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM reservations
             WHERE end_date > now() - interval '89 days' AND start_date < now() + interval '364 days') AS r
      JOIN (SELECT user_id, (k - 1)::int AS k FROM unnest(${users}::int[]) WITH ORDINALITY AS t(user_id, k)) AS u
        ON r.n >= u.k * ${FEED_STEP} AND r.n < u.k * ${FEED_STEP} + ${FEED_EVENTS}
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`ANALYZE reservation_users`.execute(db);
  const paths = await Promise.all(
    users.map(async (userId) => {
      const token = randomBytes(32).toString('base64url');
      await replaceFeed(db, userId, feedTokenHash(token));
      return `/api/calendar.ics?token=${token}`;
    }),
  );
  const sample = await fetch(`${site.api}${paths[0]}`);
  if (sample.status !== 200) throw new Error(`the calendar feed answered ${sample.status}: ${await sample.text()}`);
  const events = (await sample.text()).split('BEGIN:VEVENT').length - 1;
  if (events < FEED_EVENTS) throw new Error(`the calendar feed has ${events} events, fewer than ${FEED_EVENTS}`);
  const result = await measure('GET /api/calendar.ics', {
    url: site.api,
    paths,
    connections: 1,
    durationSeconds: Math.max(2, Math.round(SECONDS / 2)),
    method: 'GET',
    headers: {},
    warmUpRequests: FEED_USERS,
  });
  return {
    route: 'GET /api/calendar.ics (one read at a time)',
    rows: String(events),
    result,
    ratio: `p99 ${result.p99.toFixed(1)} ms`,
    budget: 'p99 < 50',
    pass: result.p99 < 50 && failures(result) === 0,
  };
}

/** `--calendar-only`: the calendar feed's row alone, on the full data set. */
async function calendarOnly(): Promise<boolean> {
  const site = await openSite('calendar', RESERVATIONS, RESERVATIONS);
  try {
    const row = await calendarFeedRow(site);
    printTable(`${site.bench.engine}, calendar feed`, [row]);
    return row.pass !== false;
  } finally {
    await closeSite(site);
  }
}

// Load ------------------------------------------------------------------------------------------------

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

/** One run of a load (each load process first warms the server and itself up; see load-process.ts). */
async function measure(label: string, spec: LoadSpec): Promise<LoadResult> {
  const result = await load(spec);
  log(`${label}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms`);
  return result;
}

/** Keeps, under `key`, the run that answered more requests per second. */
function keepBetter(map: Map<string, LoadResult>, key: string, result: LoadResult) {
  const previous = map.get(key);
  if (!previous || result.requestsPerSecond > previous.requestsPerSecond) map.set(key, result);
}

const failures = (result: LoadResult) => result.non2xx + result.errors + result.timeouts;

/** A read as the budgets load it: CONNECTIONS connections for `--seconds`. */
const readLoad = (url: string, headers: Record<string, string> = {}): LoadSpec => ({ url, connections: CONNECTIONS, durationSeconds: SECONDS, method: 'GET', headers });

interface Row {
  route: string;
  rows: string;
  /** The load's figures; none for a browser measurement, whose figure is in `ratio`. */
  result?: LoadResult;
  ratio: string;
  budget: string;
  pass: boolean | null;
}

/** Where this run's tables are written (git-ignored), one file per run named by its start. */
const RESULTS_FILE = path.join(
  fileURLToPath(new URL('../../../bench-results/', import.meta.url)),
  `${new Date().toISOString().replace(/[:.]/g, '-')}${args.length > 0 ? ` ${args.join(' ').replace(/[^\w=,. -]/g, '_')}` : ''}.md`,
);
let resultsHeaderWritten = false;

/** Prints the table and appends it to RESULTS_FILE (with the run's date, arguments and machine first). */
function printTable(title: string, rows: Row[]) {
  const header = ['measure', 'rows', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'figure', 'budget', 'result'];
  const body = rows.map((row) => [
    row.route,
    row.rows,
    row.result ? row.result.requestsPerSecond.toFixed(0) : '-',
    row.result ? row.result.p50.toFixed(1) : '-',
    row.result ? row.result.p99.toFixed(1) : '-',
    row.result ? String(failures(row.result)) : '-',
    row.ratio,
    row.budget,
    row.pass === null ? '-' : row.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((line) => line[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  const table = [`\n${title}\n`, `${line(header)}\n`, `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n`, ...body.map((cells) => `${line(cells)}\n`)].join('');
  process.stdout.write(table);
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  if (!resultsHeaderWritten) {
    const machine = `${cpus().length} cores, load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}`;
    appendFileSync(RESULTS_FILE, `# npm run bench ${args.join(' ')}\n\n${new Date().toISOString()}, ${machine}\n`);
    resultsHeaderWritten = true;
  }
  appendFileSync(RESULTS_FILE, table);
  log(`results written to ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// The browser ----------------------------------------------------------------------------------------

/** Lighthouse's floors on every measured page (desktop settings). */
const LIGHTHOUSE_BUDGET = { performance: 95, accessibility: 100, bestPractices: 95 };

/**
 * Builds the web app as it is now, serves it from an app on the site's database, and measures the first
 * load's JavaScript of the pages a newcomer and a user open first, then Lighthouse's scores on them.
 */
async function browserBudgets(site: Site): Promise<Row[]> {
  const build = spawnSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('the web app did not build');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tp-bench-data-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: site.bench.url });
  const app = await buildApp({ config, db: site.database.db, subscribe: site.database.subscribe, jwtSecret: randomBytes(32).toString('hex'), logger: false, webRoot: WEB_ROOT, driver: new SimulatorDriver(benchTestbed()) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const origin = address(app);
    const user = await signIn(origin, 'bench_2');
    const pages: MeasuredPage[] = [
      { name: 'sign-in', path: '/signin', maxScriptKb: 140, signedIn: false },
      { name: 'sign-up', path: '/signup', signedIn: false },
      { name: 'booking', path: `/bookDevices/${user.userId}`, maxScriptKb: 170, signedIn: true },
      { name: 'reservations', path: `/reservations/${user.userId}`, signedIn: true },
    ];
    const unknown = PAGES?.filter((name) => !pages.some((page) => page.name === name)) ?? [];
    if (unknown.length > 0) throw new Error(`--pages: no page named ${unknown.join(', ')} (${pages.map((page) => page.name).join(', ')})`);
    const measured = PAGES ? pages.filter((page) => PAGES.includes(page.name)) : pages;
    const rows: Row[] = [];
    for (const page of measured) {
      const weight = await weighScripts(origin, page, user.stored);
      log(
        `first load of ${page.path}: ${weight.files} scripts before it was usable, ${weight.rawKb.toFixed(1)} KB, ` +
          `${weight.gzipKb.toFixed(1)} KB gzip; ${weight.laterKb.toFixed(1)} KB gzip afterwards`,
      );
      rows.push({
        route: `first load's JavaScript: ${page.name}`,
        rows: String(weight.files),
        ratio: `${weight.gzipKb.toFixed(1)} KB gzip`,
        budget: page.maxScriptKb ? `<= ${page.maxScriptKb} KB` : '-',
        pass: page.maxScriptKb ? weight.gzipKb <= page.maxScriptKb : null,
      });
    }
    // What no page can go under without another stack, beside the budgets it bounds.
    const floorKb = await stackFloorKb();
    log(`the stack's floor (a bare sign-in form): ${floorKb.toFixed(1)} KB gzip`);
    rows.push({ route: "first load's JavaScript: the stack's floor (bare sign-in form)", rows: '1', ratio: `${floorKb.toFixed(1)} KB gzip`, budget: '-', pass: null });
    const scores = await lighthouseScores(origin, measured, user.stored, await freeLoopbackPort(), LIGHTHOUSE_REPORTS);
    for (const page of measured) {
      const score = scores.get(page.name)!;
      log(`Lighthouse ${page.path}: performance ${score.performance} (${score.metrics}; runs ${score.runs.join(', ')}), accessibility ${score.accessibility}, best practices ${score.bestPractices}`);
      rows.push({
        route: `Lighthouse (desktop): ${page.name}`,
        rows: '-',
        ratio: `${score.performance} / ${score.accessibility} / ${score.bestPractices}`,
        budget: `>= ${LIGHTHOUSE_BUDGET.performance} / ${LIGHTHOUSE_BUDGET.accessibility} / >= ${LIGHTHOUSE_BUDGET.bestPractices}`,
        pass:
          score.performance >= LIGHTHOUSE_BUDGET.performance &&
          score.accessibility >= LIGHTHOUSE_BUDGET.accessibility &&
          score.bestPractices >= LIGHTHOUSE_BUDGET.bestPractices,
      });
    }
    return rows;
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A loopback port nobody listens on now, for Chromium's remote debugging. */
async function freeLoopbackPort(): Promise<number> {
  const probe = Fastify({ logger: false });
  await probe.listen({ port: 0, host: '127.0.0.1' });
  const port = (probe.server.address() as { port: number }).port;
  await probe.close();
  return port;
}

/**
 * `--browser-only`: the browser budgets on a small site, alone. Started by the full run as a process of its
 * own, it hands its rows to that run rather than print them.
 */
async function browserOnly(): Promise<boolean> {
  const site = await openSite('small', SMALL_RESERVATIONS, SMALL_RESERVATIONS);
  try {
    const rows = await browserBudgets(site);
    if (process.send) await new Promise<void>((resolve) => process.send!({ rows }, () => resolve()));
    else printTable(`${site.bench.engine}: the web app in Chromium; figures: performance / accessibility / best practices`, rows);
    return rows.every((row) => row.pass !== false);
  } finally {
    await closeSite(site);
  }
}

/**
 * The full run's browser budgets, measured by `--browser-only` in a process of its own: the page's server
 * and Lighthouse then share no process with what the loads left behind (hundreds of megabytes of memory
 * whose collection took a core from Chromium while it drew the pages).
 */
function browserBudgetsApart(): Promise<Row[]> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--browser-only', ...args.filter((arg) => /^--(pages|lighthouse-reports)=/.test(arg))], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let rows: Row[] | undefined;
    child.once('message', (message: { rows: Row[] }) => (rows = message.rows));
    child.once('error', reject);
    child.once('exit', (code) => (rows ? resolve(rows) : reject(new Error(`the browser budgets' process exited with ${code}`))));
  });
}

// The server's process ------------------------------------------------------------------------------------

const START_BUDGET_MS = 3000;
const IDLE_RSS_BUDGET_MB = 150;
const STARTS = 3;

/** Resident memory of a process (Linux), in MB. */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024;
}

/** CPU seconds a process has used so far (Linux: user and system ticks of /proc/PID/stat). */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * The server as production runs it: the compiled build in a process of its own, on a database of its own
 * (a new PostgreSQL database beside DATABASE_URL, or an embedded one in a fresh DATA_DIR). A first start
 * creates the database; then the median of STARTS starts from spawn to "running" (and the CPU they took),
 * the memory after 5 s idle, and the highest memory seen under the reads' load.
 */
async function processBudgets(): Promise<Row[]> {
  return withBenchServer('tp-bench-process-', async ({ env, engine, postgres }) => {
    await buildServer();
    await stopInstance(await timed(`${engine}: the compiled server's first start (creates the database)`, () => startOnFreePort(env, 300_000)));
    const starts: { ms: number; cpu: number }[] = [];
    let instance: Instance | undefined;
    for (let n = 0; n < STARTS; n += 1) {
      if (instance) await stopInstance(instance);
      const port = await freePort();
      const spawned = performance.now();
      instance = await startInstance(port, env, 300_000);
      starts.push({ ms: performance.now() - spawned, cpu: await cpuSeconds(instance.child.pid!) });
      log(`${engine}: start to ready ${Math.round(starts.at(-1)!.ms)} ms (CPU ${starts.at(-1)!.cpu.toFixed(2)} s)`);
    }
    const running = instance!;
    try {
      const pid = running.child.pid!;
      await new Promise((resolve) => setTimeout(resolve, 5000));
      const idle = await rssMb(pid);
      log(`${engine}: memory idle ${idle.toFixed(0)} MB`);
      const admin = await signIn(running.url, 'bench_admin');
      let peak = idle;
      const sampler = setInterval(() => void rssMb(pid).then((mb) => (peak = Math.max(peak, mb)), () => undefined), 200);
      const reads = ['/api/reservationTypes', `/api/userReservations/${admin.userId}`, `/api/otherReservations/${admin.userId}`, '/api/getNodesToReserve'];
      const result = await measure(`${engine}: the reads' load on the compiled server`, { ...readLoad(`${running.url}${reads[0]}`, admin.headers), paths: reads });
      clearInterval(sampler);
      log(`${engine}: memory under the reads' load ${peak.toFixed(0)} MB at most`);
      const ms = median(starts.map((start) => start.ms));
      const cpu = median(starts.map((start) => start.cpu));
      // The embedded engine holds its own PostgreSQL in memory (about 320 MB of WebAssembly pages): the
      // memory budget is the process's own and is judged on PostgreSQL.
      return [
        { route: 'server process: start to ready (compiled)', rows: '-', ratio: `${Math.round(ms)} ms (CPU ${cpu.toFixed(2)} s)`, budget: `< ${START_BUDGET_MS} ms`, pass: ms < START_BUDGET_MS },
        {
          route: 'server process: memory (RSS) idle',
          rows: '-',
          ratio: `${idle.toFixed(0)} MB`,
          budget: postgres ? `< ${IDLE_RSS_BUDGET_MB} MB` : '- (PGlite in the process)',
          pass: postgres ? idle < IDLE_RSS_BUDGET_MB : null,
        },
        { route: "server process: memory (RSS) under the reads' load", rows: '-', result, ratio: `${peak.toFixed(0)} MB at most`, budget: '-', pass: failures(result) === 0 ? null : false },
      ];
    } finally {
      await stopInstance(running);
    }
  });
}

/** The image upload's size, and its budgets: the server's memory grows by at most ... */
const UPLOAD_BYTES = 1024 ** 3;
const UPLOAD_RSS_GROWTH_MB = 64;
/** ... and its throughput is at least this share of writing the same bytes to the same disk. */
const UPLOAD_THROUGHPUT_RATIO = 0.5;
const UPLOAD_CHUNK = 64 * 1024 * 1024;

/**
 * A 1 GiB image uploaded over loopback to the compiled server (tus, PATCH requests of 64 MiB streamed from a
 * generator, never held whole): the server's memory (RSS, sampled every 100 ms) may grow by UPLOAD_RSS_GROWTH_MB
 * at most, and the upload's bytes per second are compared with writing the same bytes to a file of the same
 * disk (its data folder) in the same run.
 */
async function uploadBudgets(): Promise<Row[]> {
  // A raw disk image (the built-in testbed's Raspberry Pis take it): a boot signature in each MiB block.
  const block = randomBytes(1024 * 1024);
  block[510] = 0x55;
  block[511] = 0xaa;
  // The same bytes each time, one MiB block after another, made as they are sent.
  async function* bytes(count: number) {
    for (let sent = 0; sent < count; sent += block.length) yield block.subarray(0, Math.min(block.length, count - sent));
  }
  return withBenchServer('tp-bench-upload-', async ({ env, dataDir }) => {
    // The disk's own speed for these bytes: written to a file beside the server's, then synced.
    const diskFile = path.join(dataDir, 'disk-floor');
    const diskStarted = performance.now();
    const handle = await open(diskFile, 'w');
    for (let written = 0; written < UPLOAD_BYTES; written += block.length) await handle.write(block);
    await handle.sync();
    await handle.close();
    const diskSeconds = (performance.now() - diskStarted) / 1000;
    await rm(diskFile);
    log(`upload: writing 1 GiB to the disk took ${diskSeconds.toFixed(1)} s`);

    const instance = await startOnFreePort(env, 300_000);
    try {
      const pid = instance.child.pid!;
      const admin = await signIn(instance.url, 'bench_admin');
      const meta = (value: string) => Buffer.from(value).toString('base64');
      const creation = await fetch(`${instance.url}/api/imageUploads`, {
        method: 'POST',
        headers: {
          ...admin.headers,
          'tus-resumable': '1.0.0',
          'upload-length': String(UPLOAD_BYTES),
          'upload-metadata': `name ${meta('bench')},version ${meta('1')},deviceTypes ${meta('raspberry-pi-4')}`,
        },
      });
      if (creation.status !== 201) throw new Error(`the upload was refused: ${creation.status} ${await creation.text()}`);
      const location = creation.headers.get('location')!;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const before = await rssMb(pid);
      let peak = before;
      const sampler = setInterval(() => void rssMb(pid).then((mb) => (peak = Math.max(peak, mb)), () => undefined), 100);
      const started = performance.now();
      let status = 0;
      for (let offset = 0; offset < UPLOAD_BYTES; offset += UPLOAD_CHUNK) {
        const reply = await fetch(`${instance.url}${location}`, {
          method: 'PATCH',
          headers: { ...admin.headers, 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
          body: bytes(Math.min(UPLOAD_CHUNK, UPLOAD_BYTES - offset)),
          duplex: 'half',
        } as RequestInit);
        status = reply.status;
        await reply.arrayBuffer();
        if (status !== 204 && status !== 200) throw new Error(`the upload stopped at ${offset}: ${status}`);
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const growth = peak - before;
      const ratio = diskSeconds / seconds;
      log(`upload: 1 GiB in ${seconds.toFixed(1)} s (the disk: ${diskSeconds.toFixed(1)} s), memory ${before.toFixed(0)} MB then ${peak.toFixed(0)} MB at most`);
      return [
        { route: 'image upload (tus, 1 GiB): server memory growth', rows: '-', ratio: `${growth.toFixed(0)} MB`, budget: `<= ${UPLOAD_RSS_GROWTH_MB} MB`, pass: status === 200 && growth <= UPLOAD_RSS_GROWTH_MB },
        {
          route: 'image upload (tus, 1 GiB): throughput vs writing to the disk',
          rows: '-',
          ratio: `${ratio.toFixed(2)} (${(UPLOAD_BYTES / 1024 ** 2 / seconds).toFixed(0)} MiB/s)`,
          budget: `>= ${UPLOAD_THROUGHPUT_RATIO.toFixed(2)}`,
          pass: ratio >= UPLOAD_THROUGHPUT_RATIO,
        },
      ];
    } finally {
      await stopInstance(instance);
    }
  });
}

/** `--upload-only`: the image upload's rows alone. */
async function uploadOnly(): Promise<boolean> {
  const rows = await uploadBudgets();
  printTable('a 1 GiB image uploaded over loopback to the compiled server', rows);
  return rows.every((row) => row.pass !== false);
}

/**
 * The experiments' row: the portal's overhead from submit to ready, minus the simulator's flash
 * (bench/experiments.ts). Judged on PostgreSQL, where a production testbed runs; the embedded engine runs every
 * statement in the server's own thread, one at a time, so its figure is shown, not judged (as for the reads).
 */
async function experimentsRow(): Promise<Row> {
  const measured = await measureExperiments(log);
  const judged = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');
  return {
    route: `experiment of ${EXPERIMENT_DEVICES} devices, now: submit to ready minus the ${FLASH_SECONDS} s flash (median of ${EXPERIMENT_RUNS})`,
    rows: String(EXPERIMENT_DEVICES),
    ratio: `${(measured.overheadMs / 1000).toFixed(2)} s (runs: ${measured.totalsMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s)`,
    budget: judged ? `< ${EXPERIMENT_OVERHEAD_BUDGET_MS / 1000} s` : `< ${EXPERIMENT_OVERHEAD_BUDGET_MS / 1000} s on PostgreSQL`,
    pass: judged ? measured.overheadMs < EXPERIMENT_OVERHEAD_BUDGET_MS : null,
  };
}

/** `--experiments-only`: the experiments' row alone. */
async function experimentsOnly(): Promise<boolean> {
  const row = await experimentsRow();
  printTable(`an experiment on the compiled server (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}), simulated flashes of ${FLASH_SECONDS} s`, [row]);
  return row.pass !== false;
}

/** `--process-only`: the server process's rows alone. */
async function processOnly(): Promise<boolean> {
  const rows = await processBudgets();
  printTable(`the compiled server in a process of its own; reads: ${CONNECTIONS} connections for ${SECONDS} s`, rows);
  return rows.every((row) => row.pass !== false);
}

// The run ---------------------------------------------------------------------------------------------

/** The reads' budget on PostgreSQL: at least this share of the primary-key floor's requests per second ... */
const READ_RATIO = 0.3;
/** ... and a p99 under this many milliseconds. The embedded engine's figures are shown, not judged. */
const READ_P99_MS = 50;
/** A read replying at least this many bytes is shown beside the floor of sending as many bytes from memory. */
const LARGE_REPLY_BYTES = 16 * 1024;
/** Key prefix of a read measured on the app that keeps no reply. */
const BARE = 'bare:';
/** The reads whose replies (db/notified-replies.ts) or inventory an instance keeps: measured again on the app that keeps none. */
const cachedRead = (route: string) => /^\/api\/(userReservations|currentUserReservations|otherReservations|reservationTimeline\/|validUsers|getNodesToReserve)/.test(route);

function readRow(route: string, size: string, result: LoadResult, floorPk: LoadResult, engine: string): Row {
  const ratio = result.requestsPerSecond / floorPk.requestsPerSecond;
  const judged = engine === 'postgres';
  return {
    route,
    rows: size,
    result,
    ratio: ratio.toFixed(2),
    budget: judged ? `>= ${READ_RATIO.toFixed(2)}, p99 < ${READ_P99_MS}` : '-',
    pass: judged ? ratio >= READ_RATIO && result.p99 < READ_P99_MS && failures(result) === 0 : null,
  };
}

const readsTitle = (engine: string) =>
  `${engine}, ${RESERVATIONS.toLocaleString('en')} reservations; reads: ${CONNECTIONS} connections, better of ${READ_PASSES} runs of ${SECONDS} s, ` +
  `ratio = req/s over the primary-key floor; bookings: ${BOOKING_CONNECTIONS} connections, medians of ${BOOKING_ROUNDS} alternating rounds`;

async function main() {
  const started = performance.now();
  const sites: Site[] = [];
  const servers: FastifyInstance[] = [];
  try {
    const large = await openSite('full', RESERVATIONS, RESERVATIONS);
    sites.push(large);
    const small = await openSite('small', SMALL_RESERVATIONS, RESERVATIONS);
    sites.push(small);
    const engine = large.bench.engine;
    const counts = await sql<{ reservations: number; current: number }>`
      SELECT count(*)::int AS reservations, count(*) FILTER (WHERE end_date > now())::int AS current FROM reservations`.execute(large.database.db);
    log(`full: ${counts.rows[0]!.reservations.toLocaleString('en')} reservations, ${counts.rows[0]!.current.toLocaleString('en')} current or future`);

    const floor = await floorServer(large.database.db);
    servers.push(floor);
    // The measured reader is an ordinary user with an SSH key; bookings are made by another one, so that
    // they do not fill the reader's own list.
    const reader = await signIn(large.api, 'bench_2');
    const rows: Row[] = [];
    const get = (url: string, headers: Record<string, string> = {}): LoadSpec => ({
      url,
      connections: CONNECTIONS,
      durationSeconds: SECONDS,
      method: 'GET',
      headers,
    });

    const weekFrom = new Date(new Date().setUTCHours(0, 0, 0, 0));
    const reads = [
      '/api/reservationTypes',
      `/api/userReservations/${reader.userId}`,
      `/api/userReservations/${reader.userId}?all=true`,
      `/api/currentUserReservations/${reader.userId}`,
      `/api/otherReservations/${reader.userId}`,
      `/api/otherReservations/${reader.userId}?all=true`,
      '/api/getNodesToReserve',
      '/api/validUsers?name=ab',
      // The booking timeline's week of one device type (100 devices).
      `/api/reservationTimeline/${reader.userId}?deviceType=bench-type-00&from=${weekFrom.toISOString()}&to=${new Date(weekFrom.getTime() + 7 * 86_400_000).toISOString()}`,
    ];
    const flashReads = [`/api/userReservations/${reader.userId}`, `/api/otherReservations/${reader.userId}`, '/api/getNodesToReserve'];
    // Two passes over the routes, keeping each route's better one: a burst of load from elsewhere on the
    // machine then spoils at most one of them.
    // The floors are measured in each pass too.
    // The app's own floor for a signed-in call: its cheapest route (the liveness probe, which reads nothing) with
    // the reader's session, so the one statement it runs is the session's. Every signed-in read pays this and
    // more; where its p99 nears the budget's 50 ms, no read can stay under it on that machine.
    const floors = {
      none: `${address(floor)}/floor/none`,
      pk: `${address(floor)}/floor/pk?id=${reader.userId}`,
      signedIn: `${large.api}/api/health/live`,
    };
    const best = new Map<string, LoadResult>();
    const keep = (key: string, result: LoadResult) => keepBetter(best, key, result);
    for (let pass = 0; pass < READ_PASSES; pass += 1) {
      keep(floors.none, await measure(`floor: no query (pass ${pass + 1})`, get(floors.none)));
      keep(floors.pk, await measure(`floor: primary-key SELECT (pass ${pass + 1})`, get(floors.pk)));
      keep(floors.signedIn, await measure(`floor: a signed-in call that reads nothing (pass ${pass + 1})`, get(floors.signedIn, reader.headers)));
      // The second pass goes the other way round, so that no route always follows the same one.
      for (const route of pass % 2 === 0 ? reads : [...reads].reverse()) {
        keep(route, await measure(`GET ${route} (pass ${pass + 1})`, get(`${large.api}${route}`, reader.headers)));
        // What the kept replies buy: the same read from the app that keeps none.
        if (cachedRead(route)) keep(`${BARE}${route}`, await measure(`GET ${route} without kept replies (pass ${pass + 1})`, get(`${large.bareApi}${route}`, reader.headers)));
      }
    }
    const floorPk = best.get(floors.pk)!;
    rows.push({ route: 'floor: no query', rows: '-', result: best.get(floors.none)!, ratio: '-', budget: '-', pass: null });
    rows.push({ route: 'floor: primary-key SELECT', rows: '1', result: floorPk, ratio: '1.00', budget: '-', pass: null });
    rows.push({ ...readRow('floor: the app, signed in, reading nothing (GET /api/health/live)', '-', best.get(floors.signedIn)!, floorPk, engine), budget: '-', pass: null });
    for (const route of reads) {
      const sample = await fetch(`${large.api}${route}`, { headers: reader.headers });
      if (sample.status !== 200) throw new Error(`${route} answered ${sample.status}: ${await sample.text()}`);
      const text = await sample.text();
      const json = JSON.parse(text) as unknown;
      const size = Array.isArray(json)
        ? String(json.length)
        : 'reservations' in (json as object)
          ? String((json as { reservations: unknown[] }).reservations.length)
          : String(Object.values(json as Record<string, object>).reduce((n, type) => n + Object.keys(type).length, 0));
      const result = best.get(route)!;
      rows.push(readRow(`GET ${route}`, size, result, floorPk, engine));
      const bare = best.get(`${BARE}${route}`);
      if (bare) rows.push({ ...readRow('  the same without kept replies', size, bare, floorPk, engine), budget: '-', pass: null });
      // A large reply: how far sending its bytes alone, from memory, gets against the primary-key floor.
      const bytes = Buffer.byteLength(text);
      if (bytes >= LARGE_REPLY_BYTES) {
        const sending = await measure(`floor: ${bytes} bytes from memory`, get(`${address(floor)}/floor/bytes?bytes=${bytes}`));
        rows.push({ ...readRow(`  floor: its ${(bytes / 1024).toFixed(0)} KB from memory, no query`, '-', sending, floorPk, engine), budget: '-', pass: null });
      }
    }

    // Booking: alternate rounds on the small and the full database; every request books a new window.
    const bookers = await Promise.all([small, large].map((site) => signIn(site.api, 'bench_3')));
    const bookingSpec = (site: Site, index: number, firstStartMs: number): LoadSpec => ({
      url: `${site.api}/api/reserveNodes`,
      connections: BOOKING_CONNECTIONS,
      durationSeconds: Math.max(2, Math.round(SECONDS / 2)),
      method: 'POST',
      headers: { ...bookers[index]!.headers, 'content-type': 'application/json' },
      booking: { userId: bookers[index]!.userId, macs: site.upMacs, firstStartMs },
    });
    const summary = (runs: LoadResult[]): LoadResult => ({
      requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
      p50: median(runs.map((run) => run.p50)),
      p99: median(runs.map((run) => run.p99)),
      mean: median(runs.map((run) => run.mean)),
      total: runs.reduce((n, run) => n + run.total, 0),
      non2xx: runs.reduce((n, run) => n + run.non2xx, 0),
      errors: runs.reduce((n, run) => n + run.errors, 0),
      timeouts: runs.reduce((n, run) => n + run.timeouts, 0),
    });
    /**
     * Measures one request in alternating rounds on the small and the full database, so that a change in the
     * machine's load hits both alike, and adds the two rows: the full size's p50 as a ratio of the small one's.
     */
    const compareSizes = async (
      label: string,
      rowCount: string,
      spec: (site: Site, index: number, round: number) => LoadSpec,
      budget: string,
      passes: (ratio: number, large: LoadResult) => boolean,
    ) => {
      const runs: LoadResult[][] = [[], []];
      for (let round = 0; round < BOOKING_ROUNDS; round += 1) {
        for (const [index, site] of [small, large].entries()) {
          const size = (index === 0 ? SMALL_RESERVATIONS : RESERVATIONS).toLocaleString('en');
          runs[index]!.push(await measure(`${label} at ${size}, round ${round + 1}`, spec(site, index, round)));
        }
      }
      const [atSmall, atLarge] = [summary(runs[0]!), summary(runs[1]!)];
      const ratio = atLarge.p50 / Math.max(atSmall.p50, 0.001);
      rows.push({ route: `${label} @ ${SMALL_RESERVATIONS.toLocaleString('en')}`, rows: rowCount, result: atSmall, ratio: '1.00', budget: '-', pass: null });
      rows.push({
        route: `${label} @ ${RESERVATIONS.toLocaleString('en')}`,
        rows: rowCount,
        result: atLarge,
        ratio: `${ratio.toFixed(2)} (p50 vs 1,000)`,
        budget,
        pass: passes(ratio, atLarge) && failures(atLarge) === 0 && failures(atSmall) === 0,
      });
    };
    await compareSizes(
      'POST /api/reserveNodes',
      '-',
      (site, index, round) => bookingSpec(site, index, Date.now() + (3 + round) * YEAR_MS),
      '<= 1.50',
      (ratio) => ratio <= 1.5,
    );

    // Free slots: the earliest windows of five devices of one type for two hours, in alternating rounds on the
    // small and the full database (the budget: at the full size within 2x of at 1,000).
    const freeSlotsRoute = '/api/freeSlots?deviceType=bench-type-00&count=5&durationMinutes=120';
    await compareSizes(
      'GET /api/freeSlots',
      '5',
      (site, index) => ({ ...get(`${site.api}${freeSlotsRoute}`, bookers[index]!.headers), connections: BOOKING_CONNECTIONS }),
      engine === 'postgres' ? '<= 2.00, p99 < 50' : '<= 2.00',
      (ratio, atLarge) => ratio <= 2 && (engine !== 'postgres' || atLarge.p99 < 50),
    );
    // What the kept device inventory buys the search (it reads its busy times from the database either way):
    // the same at the full size on the app that keeps none.
    const bareSlots = await measure('GET /api/freeSlots without the kept device inventory', {
      ...get(`${large.bareApi}${freeSlotsRoute}`, bookers[1]!.headers),
      connections: BOOKING_CONNECTIONS,
      durationSeconds: Math.max(2, Math.round(SECONDS / 2)),
    });
    rows.push({ route: '  the same without the kept device inventory', rows: '5', result: bareSlots, ratio: '-', budget: '-', pass: null });

    // An administrator: reads any user's lists (the cold reads below) and the statistics.
    await sql`INSERT INTO user_roles (user_id, role_id)
      SELECT u.id, r.id FROM users u, roles r WHERE u.username = 'bench_9999' AND r.name = 'ADMIN'`.execute(large.database.db);
    const statisticsReader = await signIn(large.api, 'bench_9999');

    // Cold reads: each request asks for another user's list, another week or another search, so that the
    // in-memory copies miss (the repeated requests above only show their hits). Each list has more paths than
    // a run makes requests, so that no path is asked twice (a path asked again is a memory hit). Budget on
    // PostgreSQL: at least 0.30 of the primary-key floor.
    const firstUser = large.firstUser;
    const userIds = Array.from({ length: 10_000 }, (_, n) => firstUser + ((n * 7919) % 10_000));
    const monday = new Date(weekFrom.getTime() - ((weekFrom.getUTCDay() + 6) % 7) * 86_400_000);
    const coldReads: Array<{ label: string; paths: string[] }> = [
      { label: 'GET /api/userReservations/{another user}', paths: userIds.map((id) => `/api/userReservations/${id}`) },
      { label: 'GET /api/otherReservations/{another user}', paths: userIds.map((id) => `/api/otherReservations/${id}`) },
      {
        label: 'GET /api/reservationTimeline/{another type and week}',
        // A week of each type in turn, an hour earlier every round: 40,000 windows over the last 83 days.
        paths: Array.from({ length: 20 * 2_000 }, (_, n) => {
          const from = new Date(monday.getTime() - Math.floor(n / 20) * 3_600_000);
          const to = new Date(from.getTime() + 7 * 86_400_000);
          return `/api/reservationTimeline/${statisticsReader.userId}?deviceType=bench-type-${String(n % 20).padStart(2, '0')}&from=${from.toISOString()}&to=${to.toISOString()}`;
        }),
      },
      {
        label: 'GET /api/validUsers?name={another search}',
        // Every search of three letters: 17,576.
        paths: Array.from({ length: 26 ** 3 }, (_, n) => `/api/validUsers?name=${[n % 26, Math.floor(n / 26) % 26, Math.floor(n / 676)].map((letter) => String.fromCharCode(97 + letter)).join('')}`),
      },
    ];
    for (const cold of coldReads) {
      const paths = cold.paths.map((path) => `${path}`);
      const result = await measure(`${cold.label} (cold)`, { ...get(`${large.api}${paths[0]}`, statisticsReader.headers), paths });
      const row = readRow(`${cold.label}, cold`, '-', result, floorPk, engine);
      rows.push(STRESS ? { ...row, budget: AT_THE_BUDGET_SIZE, pass: null } : row);
      const bare = await measure(`${cold.label} (cold) without kept replies`, { ...get(`${large.bareApi}${paths[0]}`, statisticsReader.headers), paths });
      rows.push({ ...readRow('  the same without kept replies', '-', bare, floorPk, engine), budget: '-', pass: null });
    }

    if (READS_ONLY) {
      printTable(readsTitle(engine), rows);
      log(`bench took ${((performance.now() - started) / 60_000).toFixed(1)} min`);
      return rows.every((row) => row.pass !== false);
    }

    const yearAgo = new Date(Date.now() - 365 * 86_400_000);
    const statisticsRoute = `/api/statistics?from=${yearAgo.toISOString()}&to=${new Date().toISOString()}&timeZone=Europe%2FParis`;
    const statistics = await measure(`GET ${statisticsRoute}`, {
      ...get(`${large.api}${statisticsRoute}`, statisticsReader.headers),
      connections: 1,
      warmUpRequests: 1,
    });
    rows.push({
      route: `GET /api/statistics (one year) @ ${RESERVATIONS.toLocaleString('en')}`,
      rows: '-',
      result: statistics,
      ratio: '-',
      budget: STRESS ? AT_THE_BUDGET_SIZE : 'p99 < 1000 ms',
      pass: STRESS ? null : statistics.p99 < 1000 && failures(statistics) === 0,
    });

    // Flashing (after the bookings, which its jobs would hold devices from): with FLASH_JOBS simulated jobs
    // running at once, the reads keep at least 80% of what they answered without them.
    const flasher = await large.database.db.selectFrom('users').select('id').where('username', '=', 'bench_4').executeTakeFirstOrThrow();
    const upDevices = await large.database.db.selectFrom('devices').select('id').where('mac_address', 'in', large.upMacs).execute();
    const flashHandles = await startSimulatedFlashJobs(large.database.db, {
      count: FLASH_JOBS,
      userId: flasher.id,
      deviceIds: upDevices.map((device) => device.id),
    });
    const flasherSession = await signIn(large.api, 'bench_4');
    // Rounds that alternate the reads without the jobs being driven and with them (the runner started and
    // FLASH_STREAMS progress streams open), each route keeping its best run of each kind. On this machine
    // one run of a read differs from the next by up to a quarter, in spells that last seconds: more and
    // shorter rounds let both kinds meet the same spells. The jobs' rows stay in both: only the pipeline's
    // work differs. What that work costs the server's process is also measured directly, while nothing
    // else loads it.
    const withoutFlashing = new Map<string, LoadResult>();
    const underFlashing = new Map<string, LoadResult>();
    const flashRead = (route: string): LoadSpec => ({ ...get(`${large.api}${route}`, reader.headers), durationSeconds: FLASH_READ_SECONDS });
    let opened = 0;
    let running = 0;
    const pipelineCpu: number[] = [];
    for (let round = 0; round < FLASH_ROUNDS; round += 1) {
      for (const route of flashReads) {
        keepBetter(withoutFlashing, route, await measure(`GET ${route} beside ${flashHandles.length} idle flash jobs (round ${round + 1})`, flashRead(route)));
      }
      large.app.flashJobs.start();
      const streams = await timed(`${FLASH_STREAMS} progress streams opened`, () =>
        openProgressStreams(large.api, flasherSession.headers, flashHandles.slice(0, FLASH_STREAMS)),
      );
      opened = streams.opened;
      // The first pass of the runner steps every job once; then the pipeline runs at the jobs' own pace,
      // and what it takes of the server's process is read over a few quiet seconds.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const cpuBefore = process.cpuUsage();
      const quietStarted = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const cpu = process.cpuUsage(cpuBefore);
      pipelineCpu.push((cpu.user + cpu.system) / 1000 / (performance.now() - quietStarted));
      for (const route of flashReads) {
        keepBetter(underFlashing, route, await measure(`GET ${route} with ${flashHandles.length} flash jobs (round ${round + 1})`, flashRead(route)));
      }
      const count = await large.database.db
        .selectFrom('flash_jobs')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('state', 'not in', ['done', 'failed', 'cancelled'])
        .executeTakeFirstOrThrow();
      running = count.n;
      streams.close();
      await large.app.flashJobs.stop();
    }
    if (running < flashHandles.length) throw new Error(`only ${running} of ${flashHandles.length} flash jobs were still running at the end`);
    rows.push({
      route: `${flashHandles.length} flash jobs, ${opened} streams, nothing else: the server's CPU`,
      rows: '-',
      ratio: `${(median(pipelineCpu) * 100).toFixed(1)}% of a core`,
      budget: '-',
      pass: null,
    });
    for (const route of flashReads) {
      const result = underFlashing.get(route)!;
      const ratio = result.requestsPerSecond / withoutFlashing.get(route)!.requestsPerSecond;
      rows.push({
        route: `GET ${route} + ${flashHandles.length} flash jobs, ${opened} streams`,
        rows: '-',
        result,
        ratio: `${ratio.toFixed(2)} (vs no jobs)`,
        budget: '>= 0.80',
        pass: ratio >= 0.8 && failures(result) === 0,
      });
    }

    rows.push(...(await processBudgets()));
    rows.push(...(await uploadBudgets()));
    rows.push(await calendarFeedRow(large));
    rows.push(await experimentsRow());

    rows.push(...(await browserBudgetsApart()));

    printTable(readsTitle(engine), rows);
    log(`bench took ${((performance.now() - started) / 60_000).toFixed(1)} min`);
    return rows.every((row) => row.pass !== false);
  } finally {
    for (const server of servers) await server.close();
    for (const site of sites) await closeSite(site);
  }
}

// The exit status is given at the very end, once every server and database is closed.
(BROWSER_ONLY
  ? browserOnly()
  : PROCESS_ONLY
    ? processOnly()
    : UPLOAD_ONLY
      ? uploadOnly()
      : CALENDAR_ONLY
        ? calendarOnly()
        : EXPERIMENTS_ONLY
          ? experimentsOnly()
          : main()
).then((passed) => process.exit(passed ? 0 : 1), (error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
