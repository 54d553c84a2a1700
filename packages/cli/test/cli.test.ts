// The real `testbed` binary against a real portal on a free port, with the simulator flashing in seconds.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatWallClock } from '@testbed/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, prepareUser, runCli, startPortal, type Portal } from './support/portal.js';

let portal: Portal;
let home: string;
let env: NodeJS.ProcessEnv;
let admin: { userId: number; accessToken: string };

beforeAll(async () => {
  portal = await startPortal(2);
  admin = await prepareUser(portal.url, ADMIN.username, ADMIN.password);
  home = await mkdtemp(path.join(tmpdir(), 'testbed-cli-home-'));
  env = { XDG_CONFIG_HOME: home };
});
afterAll(async () => {
  await portal?.stop();
  if (home) await rm(home, { recursive: true, force: true });
});

describe('testbed login', () => {
  it('signs in with a password, creates a token and keeps it in a config file only its owner can read', async () => {
    const run = await runCli(['login', '--url', portal.url, '--username', ADMIN.username], { ...env, TESTBED_PASSWORD: ADMIN.password });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Signed in to ${portal.url} as admin`);
    const file = path.join(home, 'testbed', 'config.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const config = JSON.parse(await readFile(file, 'utf8'));
    expect(config).toEqual({ url: portal.url, token: expect.stringMatching(/^tbp_/) });
  });

  it('refuses a bad token and an unreachable portal with exit code 1 and a sentence saying what to do', async () => {
    const elsewhere = { XDG_CONFIG_HOME: await mkdtemp(path.join(tmpdir(), 'testbed-cli-other-')) };
    const bad = await runCli(['login', '--url', portal.url, '--token', `tbp_${'x'.repeat(43)}`], elsewhere);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('The portal refused your API token: This API token is unknown, expired or revoked.');
    const down = await runCli(['devices'], { ...elsewhere, TESTBED_URL: 'http://127.0.0.1:9', TESTBED_TOKEN: `tbp_${'x'.repeat(43)}` });
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('Cannot reach the portal at http://127.0.0.1:9');
    const signedOut = await runCli(['devices'], elsewhere);
    expect(signedOut.code).toBe(1);
    expect(signedOut.stderr).toContain('You are not signed in: run testbed login');
  });
});

describe('a token of the read scope', () => {
  it('reads but cannot book; once revoked it is refused with a sentence saying what to do', async () => {
    const session = await fetch(`${portal.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
    }).then((reply) => reply.json() as Promise<{ userId: number; accessToken: string }>);
    const created = await fetch(`${portal.url}/api/apiTokens/user/${session.userId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.accessToken}` },
      body: JSON.stringify({ name: 'read only', scope: 'read', expiresInDays: 1 }),
    }).then((reply) => reply.json() as Promise<{ token: string; apiToken: { tokenId: number } }>);
    // A configuration folder that does not exist: only the environment's URL and token count.
    const readOnly = { XDG_CONFIG_HOME: path.join(tmpdir(), `tp-no-config-${randomUUID()}`), TESTBED_URL: portal.url, TESTBED_TOKEN: created.token };
    expect((await runCli(['devices'], readOnly)).code).toBe(0);
    const book = await runCli(['book', '--now', '--duration', '30m', '02:00:00:03:00:01'], readOnly);
    expect(book.code).toBe(1);
    expect(book.stderr).toContain('This API token has the read scope: it cannot book');
    await fetch(`${portal.url}/api/apiToken/${created.apiToken.tokenId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    const revoked = await runCli(['reservations'], readOnly);
    expect(revoked.code).toBe(1);
    expect(revoked.stderr).toContain('The portal refused your API token');
    expect(revoked.stderr).toContain('run testbed login again');
  });
});

describe('reads', () => {
  it('lists the devices as a table and as JSON', async () => {
    const table = await runCli(['devices', '--type', 'raspberry-pi-4'], env);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^TYPE\s+MAC\s+IP\s+STATE$/);
    expect(table.stdout).toMatch(/raspberry-pi-4\s+02:00:00:01:00:06\s+10\.0\.1\.16\s+down/);
    const json = await runCli(['devices', '--json'], env);
    const devices = JSON.parse(json.stdout) as { deviceType: string; macAddress: string; up: boolean }[];
    expect(devices.length).toBe(24);
    expect(devices.filter((d) => !d.up)).toHaveLength(4);
  });

  it('lists the catalogue filtered by property and state', async () => {
    const run = await runCli(['catalogue', '--property', 'radios:802.15.4', '--property', 'site:lab-b', '--state', 'down'], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^up \d+, booked \d+, flashing \d+, down 4, quarantined 0, maintenance 0/);
    expect(run.stdout.split('\n')[0]).toMatch(/^TYPE\s+MAC\s+IP\s+STATE\s+PROPERTIES$/);
    expect(run.stdout).toMatch(/nrf52840-dk\s+02:00:00:03:00:06\s+10\.0\.3\.16\s+down\s+.*radios=ble,802\.15\.4/);
    expect(run.stdout.trim().split('\n')).toHaveLength(3);
    const bad = await runCli(['catalogue', '--property', 'nonsense'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('property must be written key:value');
  });

  it('falls back to the devices that are up when the portal has no free-slot search', async () => {
    const run = await runCli(['slots', '--type', 'raspberry-pi-4', '--count', '2', '--duration', '30m', '--json'], env);
    expect(run.code).toBe(0);
    const reply = JSON.parse(run.stdout) as { slots: unknown; devices?: { macAddress: string }[] };
    // On a portal that has it, the slots come back; on one without, the devices of the type that are up.
    if (reply.slots === null) expect(reply.devices!.map((d) => d.macAddress)).toContain('02:00:00:01:00:01');
    else expect(Array.isArray(reply.slots)).toBe(true);
  });

  it('answers a usage error with exit code 2', async () => {
    expect((await runCli(['book', '02:00:00:01:00:01', '--duration', '1h'], env)).code).toBe(2);
    expect((await runCli(['book', '02:00:00:01:00:01', '--now', '--duration', 'soon'], env)).code).toBe(2);
    expect((await runCli(['frobnicate'], env)).code).toBe(2);
  });
});

describe('book, flash, release', () => {
  it('books now, names the blocking reservation on a conflict, flashes to ready, prints ssh, releases', async () => {
    const booked = await runCli(['book', '--now', '--duration', '30m', '--description', 'cli test', '02:00:00:01:00:01', '10.0.1.13'], env);
    expect(booked.stderr).toMatch(/^Booked reservation \d+/);
    expect(booked.code).toBe(0);
    const id = Number(booked.stdout.trim());
    expect(id).toBeGreaterThan(0);

    const conflict = await runCli(['book', '--now', '--duration', '10m', '02:00:00:01:00:01'], env);
    expect(conflict.code).toBe(1);
    expect(conflict.stderr).toContain('The booking was refused');
    expect(conflict.stderr).toContain(`by reservation ${id} (Exclusive)`);

    const ics = await runCli(['ics', String(id)], env);
    expect(ics.code, ics.stderr).toBe(0);
    expect(ics.stdout).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics.stdout).toContain(`UID:reservation-${id}@`);
    expect(ics.stdout).toContain('SUMMARY:Testbed: 2 devices – cli test');

    const list = JSON.parse((await runCli(['reservations', '--json'], env)).stdout) as { reservationId: number; description: string }[];
    expect(list.find((r) => r.reservationId === id)).toMatchObject({ description: 'cli test' });

    const flashed = await runCli(['flash', '02:00:00:01:00:01', '--image', 'raspios-bookworm-lite'], env);
    expect(flashed.code, flashed.stderr).toBe(0);
    expect(flashed.stderr).toContain('02:00:00:01:00:01: flashing');
    expect(flashed.stderr).toContain('02:00:00:01:00:01: ready');
    expect(flashed.stdout).toContain('02:00:00:01:00:01 (10.0.1.11) is ready with raspios-bookworm-lite.');

    const ready = await runCli(['wait-ready', '10.0.1.11', '--json'], env);
    expect(JSON.parse(ready.stdout)).toMatchObject({ device: '02:00:00:01:00:01', ready: true, image: 'raspios-bookworm-lite' });

    const ssh = await runCli(['ssh', '02:00:00:01:00:01'], env);
    expect(ssh.stdout.trim()).toBe('ssh admin@10.0.1.11');

    const released = await runCli(['release', String(id)], env);
    expect(released.code, released.stderr).toBe(0);
    expect(released.stdout).toMatch(new RegExp(`Reservation ${id} (was running: it ends now|released)`));
    const after = JSON.parse((await runCli(['reservations', '--json'], env)).stdout) as { reservationId: number }[];
    expect(after.map((r) => r.reservationId)).not.toContain(id);
  }, 180_000);

  it("prints the window the portal stored: in the machine's zone, in the profile's once it has one, as UTC instants with --utc", async () => {
    // São Paulo keeps UTC-03:00 all year: the zone note is the same whenever the test runs.
    const machine = { ...env, TZ: 'America/Sao_Paulo' };
    const booked = await runCli(['book', '--now', '--duration', '45m', '02:00:00:03:00:03'], machine);
    expect(booked.code, booked.stderr).toBe(0);
    const id = Number(booked.stdout.trim());
    const stored = (JSON.parse((await runCli(['reservations', '--json'], env)).stdout) as { reservationId: number; startDate: string; endDate: string }[]).find(
      (r) => r.reservationId === id,
    )!;
    const inZone = (zone: string) => `from ${formatWallClock(stored.startDate, zone)} to ${formatWallClock(stored.endDate, zone)}`;
    expect(booked.stderr).toContain(`${inZone('America/Sao_Paulo')} (America/Sao_Paulo, UTC-03:00).`);

    const scripted = await runCli(['reservations', '--utc'], machine);
    const row = scripted.stdout.split('\n').find((line) => line.startsWith(`${id} `))!;
    expect(row).toContain(`${new Date(stored.startDate).toISOString()}  ${new Date(stored.endDate).toISOString()}`);
    expect(scripted.stderr).toBe('');

    const profile = await fetch(`${portal.url}/api/user/${admin.userId}`, { headers: { authorization: `Bearer ${admin.accessToken}` } }).then((reply) => reply.json() as Promise<{ firstname: string; lastname: string }>);
    const saved = await fetch(`${portal.url}/api/user/${admin.userId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}` },
      body: JSON.stringify({ firstname: profile.firstname, lastname: profile.lastname, timeZone: 'Asia/Tokyo' }),
    });
    expect(saved.status).toBe(200);
    try {
      const local = await runCli(['reservations'], machine);
      expect(local.stdout.split('\n').find((line) => line.startsWith(`${id} `))).toContain(
        `${formatWallClock(stored.startDate, 'Asia/Tokyo')}  ${formatWallClock(stored.endDate, 'Asia/Tokyo')}`,
      );
      expect(local.stderr).toBe('Times in Asia/Tokyo (UTC+09:00).\n');
    } finally {
      await fetch(`${portal.url}/api/user/${admin.userId}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}` },
        body: JSON.stringify({ firstname: profile.firstname, lastname: profile.lastname, timeZone: null }),
      });
      await runCli(['release', String(id)], env);
    }
  });

  it('books a coming window as JSON, deletes it on release, and refuses a second release', async () => {
    const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 2 * 86_400_000).toISOString();
    const booked = await runCli(['book', '--start', start, '--duration', '1h30m', '--json', '02:00:00:03:00:02'], env);
    expect(booked.code, booked.stderr).toBe(0);
    const reply = JSON.parse(booked.stdout) as { reservationId: number; start: string; end: string };
    expect(reply.start).toBe(start);
    expect(Date.parse(reply.end) - Date.parse(reply.start)).toBe(90 * 60_000);
    const released = await runCli(['release', String(reply.reservationId)], env);
    expect(released.code, released.stderr).toBe(0);
    expect(released.stdout.trim()).toBe(`Reservation ${reply.reservationId} deleted.`);
    const again = await runCli(['release', String(reply.reservationId)], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`Reservation ${reply.reservationId} does not exist.`);
  });

  it('refuses an image the device type does not have as a usage error, with exit code 2', async () => {
    const run = await runCli(['flash', '02:00:00:02:00:01', '--image', 'no-such-image'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no-such-image is not an image you may flash on');
  });
});
