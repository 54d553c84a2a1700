// A rolling restart as docs/operations.md describes it: three real instances on one PostgreSQL behind Debian's
// HAProxy, which asks each one's readiness; each instance in turn gets SIGTERM (it drains: readiness 503,
// `Connection: close`, requests still served), exits, starts again and is back in the proxy before the next one
// goes, under a steady load of reads and bookings sent through the proxy. Not one request may fail.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKeyPair } from '../src/testbed/ssh-node.fixture.js';
import { createPostgresDatabase, TEST_PASSWORD } from './helper.js';
import { exited, freePort, startInstance, startOnFreePort, stopInstance, type Instance } from './instances.js';
import { startLoad } from './load.js';

const baseUrl = process.env.TEST_DATABASE_URL;
const HAPROXY = '/usr/sbin/haproxy';
const ADMIN = 'rolling_admin';
/** The drain of the test: longer than the proxy takes to see a readiness of 503 (a check every 500 ms). */
const DRAIN_SECONDS = 2;

let folder: string;
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let instances: Instance[] = [];
let env: NodeJS.ProcessEnv;
let haproxy: ChildProcess | undefined;
let haproxyOutput = '';
let proxy: string;
let token: string;
let adminId: number;

/**
 * The configuration of docs/operations.md with shorter intervals (checks every 500 ms rather than 2 s), on
 * loopback, without TLS, and with a stats socket through which the test sees which servers are up.
 */
function haproxyConfig(ports: number[], port: number): string {
  return `global
  maxconn 1024
  stats socket ${path.join(folder, 'haproxy.sock')} mode 600 level user

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 10s
  retries 3
  option redispatch

frontend portal
  bind 127.0.0.1:${port}
  option forwardfor
  http-request deny deny_status 404 if { path /metrics }
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /api/health/ready
  http-check expect status 200
  default-server inter 500ms fall 1 rise 2
${ports.map((p, n) => `  server portal${n + 1} 127.0.0.1:${p} check`).join('\n')}
`;
}

async function startHaproxy(ports: number[]) {
  const port = await freePort();
  const file = path.join(folder, 'haproxy.cfg');
  await writeFile(file, haproxyConfig(ports, port));
  haproxy = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  haproxy.stdout!.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
  haproxy.stderr!.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
  proxy = `http://127.0.0.1:${port}`;
  await waitForAllUp(ports.length);
}

/** The state of each server as HAProxy sees it (`UP`, `DOWN` ...), from its stats socket. */
function serverStates(): Promise<string[]> {
  return new Promise((resolve) => {
    const socket = connect(path.join(folder, 'haproxy.sock'));
    let text = '';
    socket.on('connect', () => socket.end('show stat\n'));
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('error', () => resolve([]));
    socket.on('close', () => {
      const [header, ...rows] = text.split('\n').filter(Boolean);
      const columns = (header ?? '').replace(/^# /, '').split(',');
      const status = columns.indexOf('status');
      const name = columns.indexOf('svname');
      resolve(rows.map((row) => row.split(',')).filter((cells) => /^portal\d$/.test(cells[name] ?? '')).map((cells) => cells[status] ?? ''));
    });
  });
}

async function waitForAllUp(count: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const states = await serverStates();
    if (states.length === count && states.every((state) => state === 'UP')) return;
    if (Date.now() > deadline) throw new Error(`HAProxy sees ${states.join(', ') || 'nothing'}:\n${haproxyOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const describeWithPostgres = baseUrl ? describe : describe.skip;

describeWithPostgres('a rolling restart of three instances behind HAProxy (needs TEST_DATABASE_URL)', () => {
  beforeAll(async () => {
    if (!existsSync(HAPROXY)) throw new Error(`${HAPROXY} is missing: apt-get install haproxy (.ci/run installs it)`);
    folder = await mkdtemp(path.join(tmpdir(), 'tp-rolling-'));
    database = await createPostgresDatabase(baseUrl!);
    env = {
      DATABASE_URL: database.url,
      DATA_DIR: folder,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_USERNAME: ADMIN,
      ADMIN_EMAIL: 'rolling_admin@example.org',
      ADMIN_PASSWORD: TEST_PASSWORD,
      TRUST_PROXY: '127.0.0.1',
      SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
      LOG_LEVEL: 'warn',
    };
    instances = await Promise.all([0, 1, 2].map(() => startOnFreePort(env)));
    await startHaproxy(instances.map((instance) => instance.port));
    const signin = await fetch(`${proxy}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN, password: TEST_PASSWORD }),
    });
    expect(signin.status).toBe(200);
    ({ accessToken: token, userId: adminId } = (await signin.json()) as { accessToken: string; userId: number });
    const key = await fetch(`${proxy}/api/credential/addToUser/${adminId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ sshKey: newKeyPair('rolling_admin@lab').publicKey }),
    });
    expect(key.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    for (const instance of instances) instance.child.kill('SIGKILL');
    await Promise.all(instances.map((instance) => exited(instance.child)));
    if (haproxy) {
      haproxy.kill('SIGTERM');
      await exited(haproxy);
    }
    await database?.drop();
    await rm(folder, { recursive: true, force: true });
  }, 60_000);

  it('lose no read and no booking while each instance in turn drains, exits and starts again', async () => {
    const load = startLoad({
      target: () => proxy,
      token,
      readers: 4,
      bookers: 2,
      booking: { userId: adminId, macs: ['02:00:00:01:00:01', '02:00:00:01:00:02', '02:00:00:01:00:03'] },
    });
    const drains: number[] = [];
    let report: Awaited<ReturnType<typeof load.stop>>;
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      for (const [index, instance] of [...instances].entries()) {
        const asked = Date.now();
        await stopInstance(instance);
        drains.push(Date.now() - asked);
        instances[index] = await startInstance(instance.port, env, 90_000);
        // The next one goes once the proxy sends traffic to this one again, as the documented loop waits.
        await waitForAllUp(instances.length);
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    } finally {
      report = await load.stop();
    }
    expect(report.broken).toEqual([]);
    expect(Object.keys(report.counts).sort(), JSON.stringify(report.counts)).toEqual(['booking 200', 'read 200']);
    expect(report.counts['read 200']).toBeGreaterThan(200);
    expect(report.counts['booking 200']).toBeGreaterThan(20);
    // Each instance kept serving for its drain before it exited.
    for (const took of drains) expect(took).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000);
  }, 240_000);
});
