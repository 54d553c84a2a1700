// Clients made from what the portal publishes, run against a real portal on the simulator with a personal API
// token: TypeScript types generated from the live OpenAPI document (openapi-typescript), compiled with a small
// openapi-fetch script that books, flashes and releases; and docs/examples/book_and_flash.py run by the
// machine's python3. A document that disagrees with the server fails the compilation or the run.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../instances.js';
import { ADMIN, prepareUser, startPortal, type Portal } from '../portal-process.js';

let portal: Portal;
let token: string;
/** Inside node_modules, so that the generated client finds openapi-fetch and TypeScript as a project's code would. */
let work: string;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: work, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  portal = await startPortal(2);
  const session = await prepareUser(portal.url, ADMIN.username, ADMIN.password);
  const created = await fetch(`${portal.url}/api/apiTokens/user/${session.userId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.accessToken}` },
    body: JSON.stringify({ name: 'scripts', scope: 'read+book+flash', expiresInDays: 1 }),
  });
  token = ((await created.json()) as { token: string }).token;
  await mkdir(path.join(ROOT, 'node_modules/.cache'), { recursive: true });
  work = await mkdtemp(path.join(ROOT, 'node_modules/.cache/testbed-api-client-'));
}, 120_000);
afterAll(async () => {
  await portal?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

/** What a researcher writes with the generated types: every path, parameter and field is checked by tsc. */
const EXPERIMENT = `import createClient from 'openapi-fetch';
import type { paths } from './api.js';

const client = createClient<paths>({ baseUrl: process.env.PORTAL_URL!, headers: { authorization: \`Bearer \${process.env.PORTAL_TOKEN}\` } });

function must<T>(reply: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (reply.data === undefined) throw new Error(\`\${what}: \${reply.response.status} \${JSON.stringify(reply.error)}\`);
  return reply.data;
}

const me = must(await client.GET('/api/auth/me'), 'me');
const { slots } = must(
  await client.GET('/api/freeSlots', { params: { query: { deviceType: 'raspberry-pi-4', count: '1', durationMinutes: '30' } } }),
  'free slots',
);
const device = slots[0]!.devices[0]!;
console.log(\`free \${device.macAddress} from \${slots[0]!.start}\`);

const start = new Date(Math.ceil((Date.now() + 1) / 60_000) * 60_000);
const end = new Date(start.getTime() + 30 * 60_000);
const day = (d: Date) => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
const hour = (d: Date) => \`\${d.getUTCHours()}:\${String(d.getUTCMinutes()).padStart(2, '0')}\`;
const booked = must(
  await client.POST('/api/reserveNodes', {
    body: {
      nodesBookingForm: {
        userId: me.userId,
        startDate: day(start),
        startHour: hour(start),
        durationHour: 0,
        durationMinute: 30,
        endDate: day(end),
        endHour: hour(end),
        reservationType: 'Exclusive',
        reservationDescription: 'generated client',
        selectedDevices: [{ macAddress: device.macAddress, ipAddress: device.ipAddress }],
        timeZone: 'UTC',
        startNow: true,
      },
      selectedUsers: [],
    },
  }),
  'book',
);
if (!booked.value0 || typeof booked.value1 !== 'number') throw new Error(\`not booked: \${JSON.stringify(booked)}\`);
const reservationId = booked.value1;
console.log(\`booked \${reservationId}\`);

const image = must(await client.GET('/api/getNodes'), 'devices')[device.deviceType]![device.macAddress]!.images[0]!;
const started = must(
  await client.POST('/api/flashNodes', { body: { deviceType: device.deviceType, device: device.macAddress, image } }),
  'flash',
);
for (;;) {
  const status = must(await client.POST('/api/checkFlashing', { body: { handle: started.value2 } }), 'check flashing');
  if (status.state === 'done') break;
  if (status.state === 'failed' || status.state === 'cancelled') throw new Error(\`flash \${status.state}: \${status.error}\`);
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const ready = must(await client.POST('/api/checkNodeReady', { body: { ip: device.ipAddress } }), 'ready');
console.log(\`flashed \${device.macAddress} with \${image}, ready \${ready.value1 === '0'}\`);

const released = must(await client.POST('/api/reservations/{id}/release', { params: { path: { id: String(reservationId) } } }), 'release');
console.log(\`released \${released.reservationId} at \${released.endDate}\`);
`;

describe('a client generated from /api/docs/json (openapi-typescript, openapi-fetch)', () => {
  it('compiles a script that books, flashes and releases with an API token, and the script runs against the portal', async () => {
    const document = (await (await fetch(`${portal.url}/api/docs/json`)).json()) as Parameters<typeof openapiTS>[0];
    // A module of types only, compiled with the script (not a declaration file, which --skipLibCheck would skip).
    await writeFile(path.join(work, 'api.ts'), astToString(await openapiTS(document)));
    await writeFile(path.join(work, 'package.json'), JSON.stringify({ type: 'module' }));
    await writeFile(path.join(work, 'experiment.ts'), EXPERIMENT);
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    // The generated declarations are the project's own code: only the libraries' are taken on trust.
    const compiled = await run(process.execPath, [tsc, '--strict', '--skipLibCheck', '--target', 'es2023', '--module', 'nodenext', '--types', 'node', 'experiment.ts']);
    expect(compiled.stdout + compiled.stderr).toBe('');
    expect(compiled.code).toBe(0);

    const experiment = await run(process.execPath, ['experiment.js'], { PORTAL_URL: portal.url, PORTAL_TOKEN: token });
    expect(experiment.stderr).toBe('');
    expect(experiment.code).toBe(0);
    const reservationId = Number(/^booked (\d+)$/m.exec(experiment.stdout)?.[1]);
    expect(reservationId).toBeGreaterThan(0);
    expect(experiment.stdout).toMatch(/^free 02:00:00:01:00:0\d from \d{4}-\d\d-\d\dT/m);
    expect(experiment.stdout).toMatch(/^flashed 02:00:00:01:00:0\d with raspios-bookworm-lite, ready true$/m);
    expect(experiment.stdout).toContain(`released ${reservationId} at `);
  }, 120_000);
});

describe('docs/examples/book_and_flash.py', () => {
  it('books a device with an API token, flashes it, waits until it is ready and prints the ssh command', async () => {
    const script = path.join(ROOT, 'docs/examples/book_and_flash.py');
    const python = await run('python3', [script, '--type', 'nrf52840-dk', '--image', 'zephyr-3.7', '--minutes', '30'], {
      TESTBED_URL: portal.url,
      TESTBED_TOKEN: token,
    });
    expect(python.code, python.stderr).toBe(0);
    const booked = /^reservation (\d+): (\S+) \((\S+)\) from (\S+)$/m.exec(python.stdout);
    expect(booked, python.stdout).not.toBeNull();
    const [, id, mac, ip] = booked!;
    expect(python.stdout).toContain(`ssh ${ADMIN.username}@${ip}\n`);
    expect(python.stderr).toContain(`${mac}: done`);

    // The portal holds the reservation as the script told, running now, on the device it named.
    const session = await prepareUser(portal.url, ADMIN.username, ADMIN.password);
    const current = (await (
      await fetch(`${portal.url}/api/currentUserReservations/${session.userId}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { reservationId: number; startDate: string; deviceReservations: { device: { macAddress: string } }[] }[];
    const held = current.find((reservation) => reservation.reservationId === Number(id));
    expect(held?.deviceReservations.map((d) => d.device.macAddress)).toEqual([mac]);
    expect(Date.parse(held!.startDate)).toBeLessThanOrEqual(Date.now());
  }, 120_000);

  it('says what is wrong, with the portal\'s words, and exits with a failure', async () => {
    const script = path.join(ROOT, 'docs/examples/book_and_flash.py');
    const unknown = await run('python3', [script, '--type', 'no-such-type', '--image', 'x'], { TESTBED_URL: portal.url, TESTBED_TOKEN: token });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^GET \/freeSlots: 400 /m);
    const revoked = await run('python3', [script, '--type', 'nrf52840-dk', '--image', 'x'], { TESTBED_URL: portal.url, TESTBED_TOKEN: `tbp_${'x'.repeat(43)}` });
    expect(revoked.code).toBe(1);
    expect(revoked.stderr).toMatch(/^GET \/auth\/me: 401 /m);
  }, 60_000);
});
