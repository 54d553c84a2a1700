// A real server process behind a real nginx (Debian's package) configured as docs/operations.md says: its
// secrets read from files, the one line it logs at start, one access line per request that carries the id
// nginx gave the request and the client's address, and no calendar token in either access log.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from './helper.js';
import { exited, freePort, NGINX, ROOT, startNginx, startOnFreePort, type Instance } from './instances.js';

const LOG_HEADING = '### Keeping tokens out of the proxy\'s access log';

let folder: string;
let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
let instance: Instance | undefined;
let nginx: ChildProcess | undefined;
let proxy: string;
const secrets = {
  JWT_SECRET: randomBytes(32).toString('hex'),
  ADMIN_PASSWORD: `Admin#${randomBytes(8).toString('hex')}`,
  METRICS_TOKEN: randomBytes(16).toString('hex'),
};

/** The nginx directives of the documentation's section on the access log, as an operator copies them. */
async function documentedLogDirectives(accessLog: string): Promise<string> {
  const docs = await readFile(path.join(ROOT, 'docs/operations.md'), 'utf8');
  const section = docs.slice(docs.indexOf(LOG_HEADING));
  const block = /```nginx\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block || !block.includes('/var/log/nginx/portal-access.log')) throw new Error('docs/operations.md: the access log section has no nginx block');
  return block.replace('/var/log/nginx/portal-access.log', accessLog);
}

async function startProxy(upstreamPort: number, port: number) {
  const prefix = path.join(folder, 'nginx');
  await mkdir(prefix, { recursive: true });
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  const conf = `${user}
worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 64; }
http {
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
${await documentedLogDirectives(path.join(prefix, 'access.log'))}
  upstream portal { server 127.0.0.1:${upstreamPort}; keepalive 4; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Request-Id $request_id;
    }
  }
}
`;
  nginx = await startNginx(prefix, conf, port);
}

/** The JSON lines the instance wrote (its standard output also holds two sentences for people). */
function logLines(): Array<Record<string, unknown>> {
  return instance!
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function eventually<T>(read: () => T | undefined | Promise<T | undefined>): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('never came');
}

beforeAll(async () => {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install nginx-light (.ci/run installs it)`);
  folder = await mkdtemp(path.join(tmpdir(), 'tp-observe-'));
  const secretFiles: Record<string, string> = {};
  for (const [name, value] of Object.entries(secrets)) {
    const file = path.join(folder, name.toLowerCase());
    await writeFile(file, `${value}\n`, { mode: 0o600 });
    secretFiles[`${name}_FILE`] = file;
  }
  const base = process.env.TEST_DATABASE_URL;
  if (base) database = await createPostgresDatabase(base);
  instance = await startOnFreePort({
    DATABASE_URL: database?.url ?? `pglite://${path.join(folder, 'db')}`,
    DATA_DIR: folder,
    ADMIN_USERNAME: 'observed_admin',
    ADMIN_EMAIL: 'observed_admin@example.org',
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'info',
    ...secretFiles,
  });
  const port = await freePort();
  await startProxy(instance.port, port);
  proxy = `http://127.0.0.1:${port}`;
}, 120_000);

afterAll(async () => {
  if (instance) {
    instance.child.kill('SIGTERM');
    await exited(instance.child);
  }
  if (nginx) {
    nginx.kill('SIGTERM');
    await exited(nginx);
  }
  await database?.drop();
  await rm(folder, { recursive: true, force: true });
}, 60_000);

describe('an instance behind nginx, configured from files', () => {
  it('logs one line at start with the release, the migrations applied and the configuration, its secrets hidden', async () => {
    const started = logLines().filter((line) => line.msg === 'started');
    expect(started).toHaveLength(1);
    const line = started[0]!;
    const migrations = (await readdir(path.join(ROOT, 'packages/server/src/db/migrations'))).filter((name) => name.endsWith('.sql')).sort();
    expect(line).toMatchObject({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      node: process.version,
      database: database ? 'postgres' : 'pglite',
      // A new database: this start applied every migration.
      migrations: { count: migrations.length, latest: migrations.at(-1), appliedNow: migrations },
      config: { JWT_SECRET: '[hidden]', ADMIN_PASSWORD: '[hidden]', METRICS_TOKEN: '[hidden]', TRUST_PROXY: ['127.0.0.1'], ADMIN_USERNAME: 'observed_admin' },
    });
    // The secrets came from their files (the admin signs in with the password of the file) and are in no line.
    const signIn = await fetch(`${proxy}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'observed_admin', password: secrets.ADMIN_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const metrics = await fetch(`${instance!.url}/metrics`, { headers: { authorization: `Bearer ${secrets.METRICS_TOKEN}` } });
    expect(metrics.status).toBe(200);
    for (const secret of Object.values(secrets)) expect(instance!.output()).not.toContain(secret);
  });

  it('logs each request once with the id nginx gave it, its route, status, duration, user and the client’s address', async () => {
    const reply = await fetch(`${proxy}/api/userReservations/1`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(reply.status).toBe(401);
    const id = reply.headers.get('x-request-id')!;
    // nginx's $request_id: 32 hex digits, the same in nginx's access log and the portal's.
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const lines = await eventually(() => {
      const found = logLines().filter((line) => line.reqId === id);
      return found.length > 0 ? found : undefined;
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request',
      method: 'GET',
      route: '/api/userReservations/:id',
      status: 401,
      userId: null,
      // TRUST_PROXY lets the portal believe nginx: the address is the client's, not the proxy's.
      ip: '203.0.113.9',
    });
    expect(typeof lines[0]!.durationMs).toBe('number');
    const accessLog = await eventually(async () => {
      const text = await readFile(path.join(folder, 'nginx', 'access.log'), 'utf8');
      return text.includes(id) ? text : undefined;
    });
    expect(accessLog).toContain('/api/userReservations/1');
  });

  it('keeps a calendar feed’s token out of both access logs, in the query or in a path', async () => {
    const token = randomBytes(32).toString('base64url');
    const urls = [`/api/calendar.ics?token=${token}`, `/api/calendar.ics?x=1&token=${token}`, `/confirm-email/${token}`, `/api/calendar/${token}.ics`];
    const ids: string[] = [];
    for (const url of urls) {
      const reply = await fetch(`${proxy}${url}`);
      // 404 (no such feed, no such route), or the web app's page for the mail link when the app is built.
      expect(reply.status, url).toBeLessThan(500);
      ids.push(reply.headers.get('x-request-id')!);
    }
    const accessLog = await eventually(async () => {
      const text = await readFile(path.join(folder, 'nginx', 'access.log'), 'utf8');
      return ids.every((id) => text.includes(id)) ? text : undefined;
    });
    await eventually(() => (ids.every((id) => logLines().some((line) => line.reqId === id)) ? true : undefined));
    expect(accessLog).toContain('/api/calendar.ics?[redacted]');
    expect(accessLog).not.toContain(token);
    expect(instance!.output()).not.toContain(token);
  });
});
