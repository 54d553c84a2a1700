// Three real instances on one PostgreSQL whose connections the database ends, all at once, three times, under a
// steady load of reads and bookings (what a PostgreSQL restart, a failover or an administrator's
// pg_terminate_backend does): no process ends, every instance serves again within seconds, the requests caught
// in the outage get a 503 with Retry-After (never a 500), and each instance logs the outage in a line or two
// rather than a stack trace per request.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKeyPair } from '../src/testbed/ssh-node.fixture.js';
import { createPostgresDatabase, TEST_PASSWORD } from './helper.js';
import { exited, startOnFreePort, type Instance } from './instances.js';
import { startLoad } from './load.js';

const baseUrl = process.env.TEST_DATABASE_URL;
const ADMIN = 'faults_admin';
const KILLS = 3;
/** The longest an instance may take to serve again once its connections were ended. */
const RECOVERY_LIMIT_MS = 10_000;

let folder: string;
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let instances: Instance[] = [];
let token: string;
let adminId: number;

/** Ends every connection to the portal's database, as PostgreSQL does when it restarts; answers how many. */
async function terminateConnections(): Promise<number> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>(
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [new URL(database.url).pathname.slice(1)],
    );
    return rows.filter((row) => row.ended).length;
  } finally {
    await admin.end();
  }
}

/** Waits until the instance answers a read and its readiness is 200 again; answers how long that took. */
async function servesAgain(instance: Instance, since: number): Promise<number> {
  for (;;) {
    const [read, ready] = await Promise.all([
      fetch(`${instance.url}/api/getNodesToReserve`, { headers: { authorization: `Bearer ${token}` } }).then((reply) => reply.status, () => 0),
      fetch(`${instance.url}/api/health/ready`).then((reply) => reply.status, () => 0),
    ]);
    if (read === 200 && ready === 200) return Date.now() - since;
    if (Date.now() - since > 3 * RECOVERY_LIMIT_MS) return Number.POSITIVE_INFINITY;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const describeWithPostgres = baseUrl ? describe : describe.skip;

describeWithPostgres('three instances whose database ends every connection (needs TEST_DATABASE_URL)', () => {
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'tp-faults-'));
    database = await createPostgresDatabase(baseUrl!);
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: folder,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_USERNAME: ADMIN,
      ADMIN_EMAIL: 'faults_admin@example.org',
      ADMIN_PASSWORD: TEST_PASSWORD,
      LOG_LEVEL: 'info',
    };
    instances = await Promise.all([0, 1, 2].map(() => startOnFreePort(env)));
    const signin = await fetch(`${instances[0]!.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN, password: TEST_PASSWORD }),
    });
    expect(signin.status).toBe(200);
    ({ accessToken: token, userId: adminId } = (await signin.json()) as { accessToken: string; userId: number });
    const key = await fetch(`${instances[1]!.url}/api/credential/addToUser/${adminId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ sshKey: newKeyPair('faults_admin@lab').publicKey }),
    });
    expect(key.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    for (const instance of instances) instance.child.kill('SIGKILL');
    await Promise.all(instances.map((instance) => exited(instance.child)));
    await database?.drop();
    await rm(folder, { recursive: true, force: true });
  }, 60_000);

  it('keep every process, serve again within seconds after each of three kills, and answer 503 with Retry-After meanwhile', async () => {
    const macs = ['02:00:00:01:00:01', '02:00:00:01:00:02', '02:00:00:01:00:03', '02:00:00:01:00:04'];
    const load = startLoad({
      target: (n) => instances[n % instances.length]!.url,
      token,
      readers: 6,
      bookers: 3,
      booking: { userId: adminId, macs },
    });
    const recoveries: number[] = [];
    const kills: number[] = [];
    let report: Awaited<ReturnType<typeof load.stop>>;
    try {
      for (let kill = 0; kill < KILLS; kill += 1) {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        const at = Date.now();
        kills.push(at);
        // Each instance holds pooled connections and its LISTEN one.
        expect(await terminateConnections()).toBeGreaterThanOrEqual(instances.length);
        recoveries.push(...(await Promise.all(instances.map((instance) => servesAgain(instance, at)))));
        for (const instance of instances) {
          expect(instance.child.exitCode ?? instance.child.signalCode, `instance ended: ${instance.output().slice(-1500)}`).toBeNull();
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    } finally {
      report = await load.stop();
    }

    for (const instance of instances) expect(instance.child.exitCode ?? instance.child.signalCode).toBeNull();
    expect(Math.max(...recoveries), `recoveries in ms: ${recoveries.join(', ')}`).toBeLessThan(RECOVERY_LIMIT_MS);
    expect(report.broken).toEqual([]);
    // Nothing but successes, bookings that met another, and 503s: no 500, no refusal of a valid request.
    const allowed = new Set(['read 200', 'read 503', 'booking 200', 'booking 409', 'booking 503']);
    expect(Object.keys(report.counts).filter((what) => !allowed.has(what)), JSON.stringify(report.counts)).toEqual([]);
    expect(report.counts['read 200']).toBeGreaterThan(100);
    expect(report.counts['booking 200']).toBeGreaterThan(10);
    // Every instance answered reads and bookings after the last kill.
    const last = kills.at(-1)!;
    for (const instance of instances) {
      const after = report.times.filter((answer) => answer.at > last && answer.target === instance.url).map((answer) => answer.what);
      expect(after, instance.url).toContain('read 200');
      expect(after, instance.url).toContain('booking 200');
    }
    // The outage in a few lines per instance, each start matched by an end, and no stack: at most two starts per
    // kill, as a connection lent out at the kill may fail only after the probe has found the database back.
    for (const instance of instances) {
      await expect.poll(() => count(instance.output(), 'database reachable again'), { timeout: 5_000 }).toBe(count(instance.output(), 'database unreachable'));
      const output = instance.output();
      expect(count(output, 'database unreachable')).toBeLessThanOrEqual(2 * KILLS);
      expect(output).not.toContain('"stack"');
      expect(output).not.toContain('unexpected error');
    }
  }, 120_000);
});

function count(text: string, words: string): number {
  return text.split('\n').filter((line) => line.includes(words)).length;
}
