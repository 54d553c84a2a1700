// Three real instances on one PostgreSQL behind a real nginx (Debian's package): they migrate once when they
// start together on an empty database, a booking race through the proxy stores one booking, flash jobs run
// exactly once (a real flash command and a real SSH server per node), a SIGKILLed instance's jobs finish on
// another, and a rolling restart under a steady load of reads loses no request.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { insertReservation } from '../src/modules/reservations/repo.js';
import { newKeyPair, startSshNode, type SshNode } from '../src/testbed/ssh-node.fixture.js';
import { at, bookingBody, HOUR } from './booking.js';
import { createPostgresDatabase, TEST_PASSWORD } from './helper.js';
import { exited, freePort, NGINX, startInstance, startNginx, startOnFreePort, stopInstance, type Instance } from './instances.js';

const baseUrl = process.env.TEST_DATABASE_URL;
const DEVICES = 32;
const FLASH_SECONDS = 3;
const LEASE_SECONDS = 5;
const ADMIN = 'proxy_admin';

let folder: string;
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let handle: DatabaseHandle;
let nodes: SshNode[] = [];
let instances: Instance[] = [];
let env: NodeJS.ProcessEnv;
let nginx: ChildProcess | undefined;
let proxy: string;
let token: string;
let adminId: number;
const macs = Array.from({ length: DEVICES }, (_, n) => `02:00:00:09:00:${n.toString(16).padStart(2, '0')}`);

async function api<T = unknown>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const reply = await fetch(`${proxy}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await reply.text();
  return { status: reply.status, body: (text ? JSON.parse(text) : null) as T };
}

async function startProxy(ports: number[], port: number) {
  const prefix = path.join(folder, 'nginx');
  await mkdir(prefix, { recursive: true });
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  const conf = `${user}
worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream portal {
${ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 16;
    # Shorter than the instances' drain, as docs/operations.md sets it.
    keepalive_timeout 1s;
  }
  server {
    listen 127.0.0.1:${port};
    location = /metrics { return 404; }
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
    }
  }
}
`;
  nginx = await startNginx(prefix, conf, port);
}

async function writeTestbed() {
  const adminKey = newKeyPair('testbed-admin');
  const keyPath = path.join(folder, 'admin_ed25519');
  await writeFile(keyPath, adminKey.privateKey, { mode: 0o600 });
  nodes = await Promise.all(
    macs.map((_, n) =>
      startSshNode({ adminUser: 'testbed', adminPublicKey: adminKey.publicKey, restoreProgram: 'testbed-restore-account', host: `127.0.9.${n + 1}` }),
    ),
  );
  // The flash command: says once per run which device it flashes, then writes the status file as a real one would.
  const script = path.join(folder, 'flash.sh');
  await writeFile(
    script,
    `#!/bin/sh\nset -eu\necho "$1" >> ${path.join(folder, 'invocations.log')}\n` +
      `echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) : Flashing started" >> "$4"\nsleep ${FLASH_SECONDS}\n` +
      `echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) : Flashing done" >> "$4"\n`,
  );
  await chmod(script, 0o755);
  const testbed = {
    driver: 'command',
    command: { adminUser: 'testbed', adminKeyPath: keyPath, restoreCommand: ['testbed-restore-account', '{username}'], connectTimeoutSeconds: 5 },
    flashTimeoutSeconds: 120,
    deviceTypes: [
      {
        name: 'proxy-board',
        images: ['image-a'],
        flashCommand: [script, '{mac}', '{ip}', '{image}', '{statusFile}'],
        devices: macs.map((mac, n) => ({ mac, ip: `127.0.9.${n + 1}`, sshPort: nodes[n]!.port })),
      },
    ],
  };
  const file = path.join(folder, 'testbed.json');
  await writeFile(file, JSON.stringify(testbed));
  return file;
}

async function invocations(): Promise<string[]> {
  const text = await readFile(path.join(folder, 'invocations.log'), 'utf8').catch(() => '');
  return text.split('\n').filter(Boolean);
}

/** Flashes the devices through the proxy and answers the handles. */
async function flash(devices: string[]): Promise<string[]> {
  const replies = await Promise.all(devices.map((device) => api<{ value0: boolean; value2: string }>('POST', '/api/flashNodes', { deviceType: 'proxy-board', device, image: 'image-a' })));
  for (const reply of replies) expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return replies.map((reply) => reply.body.value2);
}

async function waitForJobs(handles: string[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const states = await Promise.all(handles.map(async (handle) => (await api<{ state: string }>('POST', '/api/checkFlashing', { handle })).body.state));
    if (states.every((state) => state === 'done' || state === 'failed') || Date.now() > deadline) return states;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const describeWithPostgres = baseUrl ? describe : describe.skip;

describeWithPostgres('three instances behind nginx on one PostgreSQL (needs TEST_DATABASE_URL)', () => {
  beforeAll(async () => {
    if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install nginx-light (.ci/run installs it)`);
    folder = await mkdtemp(path.join(tmpdir(), 'tp-proxy-'));
    database = await createPostgresDatabase(baseUrl!);
    env = {
      DATABASE_URL: database.url,
      DATA_DIR: folder,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_USERNAME: ADMIN,
      ADMIN_EMAIL: 'proxy_admin@example.org',
      ADMIN_PASSWORD: TEST_PASSWORD,
      TESTBED_CONFIG: await writeTestbed(),
      TRUST_PROXY: '127.0.0.1',
      FLASH_LEASE_SECONDS: String(LEASE_SECONDS),
      SHUTDOWN_DRAIN_SECONDS: '2',
      LOG_LEVEL: 'warn',
    };
  }, 60_000);

  afterAll(async () => {
    for (const instance of instances) instance.child.kill('SIGKILL');
    await Promise.all(instances.map((instance) => exited(instance.child)));
    if (nginx) {
      nginx.kill('SIGTERM');
      await exited(nginx);
    }
    await Promise.all(nodes.map((node) => node.close()));
    await handle?.close();
    await database?.drop();
    await rm(folder, { recursive: true, force: true });
  }, 60_000);

  it('start at the same moment on an empty database and apply each migration once', async () => {
    instances = await Promise.all([0, 1, 2].map(() => startOnFreePort(env)));
    const ports = instances.map((instance) => instance.port);
    handle = await openDatabase(database.url, { poolSize: 2 });
    const files = (await readdir(new URL('../src/db/migrations/', import.meta.url))).filter((name) => name.endsWith('.sql'));
    const applied = await handle.db.selectFrom('schema_migrations' as never).select('name' as never).execute();
    expect(applied).toHaveLength(files.length);
    const admins = await handle.db.selectFrom('users').select('id').where('username', '=', ADMIN).execute();
    expect(admins).toHaveLength(1);
    adminId = admins[0]!.id;

    proxy = `http://127.0.0.1:${await freePort()}`;
    await startProxy(ports, Number(new URL(proxy).port));
    const signin = await fetch(`${proxy}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN, password: TEST_PASSWORD }),
    });
    expect(signin.status).toBe(200);
    token = ((await signin.json()) as { accessToken: string }).accessToken;
    const key = newKeyPair('proxy_admin@lab');
    expect((await api('POST', `/api/credential/addToUser/${adminId}`, { sshKey: key.publicKey })).status).toBe(200);
    // Every instance answers ready through its own port, and the proxy hides the metrics.
    for (const instance of instances) expect((await fetch(`${instance.url}/api/health/ready`)).status).toBe(200);
    expect((await fetch(`${proxy}/metrics`)).status).toBe(404);
  }, 120_000);

  it('store exactly one of 50 parallel bookings of one window sent through the proxy', async () => {
    const start = at(5);
    const body = bookingBody({ userId: adminId, macs: [macs[0]!, macs[1]!], start, end: new Date(start.getTime() + 2 * HOUR) });
    const replies = await Promise.all(Array.from({ length: 50 }, () => api('POST', '/api/reserveNodes', body)));
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, ...Array(49).fill(409)]);
    const rows = await handle.db.selectFrom('reservations').select('id').where('start_date', '=', start).execute();
    expect(rows).toHaveLength(1);
  }, 60_000);

  it('run each of 30 flash jobs exactly once', async () => {
    const now = Date.now();
    const devices = await handle.db.selectFrom('devices').select(['id', 'mac_address']).where('mac_address', 'in', macs).execute();
    const exclusive = await handle.db.selectFrom('reservation_types').select('id').where('label', '=', 'Exclusive').executeTakeFirstOrThrow();
    await insertReservation(handle.db, {
      responsibleUserId: adminId,
      reservationTypeId: exclusive.id,
      start: new Date(now - 60_000),
      end: new Date(now + 2 * HOUR),
      description: 'proxy flashes',
      userIds: [],
      deviceIds: devices.map((device) => device.id),
      exclusive: true,
    });
    const chosen = macs.slice(0, 30);
    const handles = await flash(chosen);
    const states = await waitForJobs(handles, 90_000);
    expect(states).toEqual(Array(30).fill('done'));
    expect((await invocations()).sort()).toEqual([...chosen].sort());
    // One account restore per node, by SSH, with the user's key.
    expect(nodes.slice(0, 30).map((node) => node.commands.length)).toEqual(Array(30).fill(1));
    const audited = await handle.db.selectFrom('audit_log').select('action').where('action', '=', 'flash.start').execute();
    expect(audited).toHaveLength(30);
  }, 120_000);

  it("finish on another instance the jobs of an instance killed with SIGKILL in the middle of a flash", async () => {
    const before = (await invocations()).length;
    const chosen = macs.slice(0, 12);
    const handles = await flash(chosen);
    // Wait until the jobs are flashing, then kill the instance that holds the most of them.
    let holder: Instance | undefined;
    for (let attempt = 0; attempt < 50 && !holder; attempt += 1) {
      const rows = await handle.db
        .selectFrom('flash_jobs')
        .select(['lease_owner', 'state'])
        .where('handle', 'in', handles)
        .execute();
      if (rows.filter((row) => row.state === 'flashing').length >= 6) {
        const counts = new Map<string, number>();
        for (const row of rows) if (row.lease_owner) counts.set(row.lease_owner, (counts.get(row.lease_owner) ?? 0) + 1);
        const [owner] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
        holder = instances.find((instance) => owner?.startsWith(`${instance.child.pid}-`));
      }
      if (!holder) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(holder, 'an instance holding flashing jobs').toBeDefined();
    holder!.child.kill('SIGKILL');
    await exited(holder!.child);
    instances = instances.filter((instance) => instance !== holder);

    const states = await waitForJobs(handles, 90_000);
    expect(states).toEqual(Array(12).fill('done'));
    // The killed instance's flashes were not started again: one run per job.
    expect((await invocations()).slice(before).sort()).toEqual([...chosen].sort());
    expect(nodes.slice(0, 12).map((node) => node.commands.length)).toEqual(Array(12).fill(2));
    const replaced = await startInstance(holder!.port, env, 90_000);
    instances.push(replaced);
  }, 180_000);

  it('lose no request in a rolling restart under a steady load of reads', async () => {
    let running = true;
    const failures: string[] = [];
    let served = 0;
    const reader = async () => {
      while (running) {
        try {
          const reply = await api('GET', '/api/getNodesToReserve');
          if (reply.status === 200) served += 1;
          else failures.push(String(reply.status));
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
    };
    const readers = Array.from({ length: 4 }, reader);
    for (const [index, instance] of [...instances].entries()) {
      await stopInstance(instance);
      instances[index] = await startInstance(instance.port, env, 90_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    running = false;
    await Promise.all(readers);
    expect(failures).toEqual([]);
    expect(served).toBeGreaterThan(100);
  }, 240_000);
});
