// The command driver against real processes and a real SSH server on loopback.
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFlashingDoneLine } from '@testbed/contract';
import { CommandDriver } from './command-driver.js';
import { type FlashTarget } from './driver.js';
import { createTestbedDriver } from './create-driver.js';
import { canLogIn, newKeyPair, startSshNode, type SshNode } from './ssh-node.fixture.js';
import { testbedFileSchema } from './testbed-file.js';

let dir: string;
const MAC = '02:00:00:0a:00:01';

/** A flash script as a testbed would have: it writes 'date : text' lines to the status file it is given. */
const FLASH_SCRIPT = `#!/bin/sh
# $1 mac, $2 ip, $3 image, $4 status file
now() { date -u +%Y-%m-%dT%H:%M:%SZ; }
printf '%s\\n' "$@" > "$4.args"
env > "$4.env"
echo "$(now) : Flashing started: $3 on $1" >> "$4"
sleep 0.2
echo "$(now) : Writing image $3" >> "$4"
sleep 0.2
echo "$(now) : Flashing done" >> "$4"
`;
const FAILING_SCRIPT = `#!/bin/sh
echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) : Flashing started" >> "$4"
echo "no such image on the image server" >&2
exit 3
`;
const SLOW_SCRIPT = `#!/bin/sh
echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) : Flashing started" >> "$4"
exec sleep 60
`;

/** Writes 40 lines in bursts (several between two looks), one of them unfinished for a while, then 'Flashing done'. */
const CHATTY_SCRIPT = `#!/bin/sh
for i in $(seq 1 20); do echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) : step $i" >> "$4"; done
printf '%s' "$(date -u +%Y-%m-%dT%H:%M:%SZ) : half" >> "$4"
sleep 0.3
printf ' a line\\n' >> "$4"
for i in $(seq 21 39); do echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) : step $i" >> "$4"; sleep 0.01; done
echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) : Flashing done" >> "$4"
`;

/** Counts its runs and notes whether the status file existed when it began; writes no line for a while. */
const COUNTING_SCRIPT = `#!/bin/sh
if [ -e "$4" ]; then echo present >> "$4.seen"; else echo absent >> "$4.seen"; fi
echo run >> "$4.runs"
sleep 0.3
echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) : Flashing done" >> "$4"
`;

function driverFor(script: string, command: Record<string, unknown> = {}, sshPort?: number) {
  return new CommandDriver(
    testbedFileSchema.parse({
      driver: 'command',
      command: { adminKeyPath: join(dir, 'admin_key'), restoreCommand: ['testbed-restore-account', '{username}'], ...command },
      deviceTypes: [
        {
          name: 'board',
          images: ['image-a'],
          flashCommand: [script, '{mac}', '{ip}', '{image}', '{statusFile}'],
          devices: [{ mac: MAC, ip: '127.0.0.1', ...(sshPort ? { sshPort } : {}) }],
        },
      ],
    }),
  );
}

let sequence = 0;
function target(): FlashTarget {
  sequence += 1;
  return {
    handle: `job-${sequence}`,
    mac: MAC,
    ip: '127.0.0.1',
    deviceType: 'board',
    image: 'image-a',
    statusFile: join(dir, 'status', `job-${sequence}.log`),
    startedAt: new Date(Math.floor(Date.now() / 1000) * 1000),
  };
}

async function script(name: string, text: string) {
  const path = join(dir, name);
  await writeFile(path, text);
  await chmod(path, 0o755);
  return path;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'command-driver-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('testbed file of the command driver', () => {
  it('needs a command section and a flash command per device type', () => {
    const result = testbedFileSchema.safeParse({
      driver: 'command',
      deviceTypes: [{ name: 'board', images: ['a'], devices: [{ mac: MAC, ip: '10.0.0.1' }] }],
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['command', 'deviceTypes.0.flashCommand']));
  });
});

describe('createTestbedDriver', () => {
  it("starts the command driver for a testbed file with driver 'command'", () => {
    expect(createTestbedDriver(testbedFileSchema.parse({
      driver: 'command',
      command: { adminKeyPath: '/etc/testbed/admin_key' },
      deviceTypes: [{ name: 'board', images: ['a'], flashCommand: ['/bin/true'], devices: [{ mac: MAC, ip: '10.0.0.1' }] }],
    })).kind).toBe('command');
  });
});

describe('CommandDriver.flash', () => {
  it('runs the flash command with the placeholders filled, one argument each, and follows its status file', async () => {
    const driver = driverFor(await script('flash.sh', FLASH_SCRIPT));
    const job = target();
    process.env.JWT_SECRET_OF_TEST = 'not-for-commands';
    try {
      await driver.flash(job);
    } finally {
      delete process.env.JWT_SECRET_OF_TEST;
    }
    const progress = await until(() => driver.flashStatus(job), (value) => value.line?.endsWith('Flashing done') ?? false);
    expect(progress.failure).toBeUndefined();
    expect(isFlashingDoneLine(progress.line!, job.startedAt.getTime() / 1000)).toBe(true);
    expect((await readFile(`${job.statusFile}.args`, 'utf8')).trim().split('\n')).toEqual([MAC, '127.0.0.1', 'image-a', job.statusFile]);
    // The command gets no secret of the server's environment.
    const env = await readFile(`${job.statusFile}.env`, 'utf8');
    expect(env).toContain('PATH=');
    expect(env).not.toContain('JWT_SECRET_OF_TEST');
    const lines = (await readFile(job.statusFile, 'utf8')).trim().split('\n');
    expect(lines.map((line) => line.split(' : ')[1])).toEqual([`Flashing started: image-a on ${MAC}`, 'Writing image image-a', 'Flashing done']);
  });

  it('hands arguments that look like shell to the command as they are: no shell ever reads them', async () => {
    const canary = join(dir, 'a-shell-ran');
    const hostile = [`x;touch ${canary}`, `$(touch ${canary})`, `\`touch ${canary}\``, `|| touch ${canary}`, '-rf', '--help'];
    const path = await script('flash-hostile.sh', FLASH_SCRIPT);
    const driver = new CommandDriver(
      testbedFileSchema.parse({
        driver: 'command',
        command: { adminKeyPath: join(dir, 'admin_key') },
        deviceTypes: [
          {
            name: 'board',
            images: ['image-a'],
            flashCommand: [path, '{mac}', '{ip}', '{image}', '{statusFile}', ...hostile],
            devices: [{ mac: MAC, ip: '127.0.0.1' }],
          },
        ],
      }),
    );
    const job = target();
    await driver.flash(job);
    await until(() => driver.flashStatus(job), (value) => value.line?.endsWith('Flashing done') ?? false);
    expect((await readFile(`${job.statusFile}.args`, 'utf8')).trim().split('\n')).toEqual([MAC, '127.0.0.1', 'image-a', job.statusFile, ...hostile]);
    await expect(readFile(canary)).rejects.toThrow(/ENOENT/);
  });

  it('cannot be given names that a command could take for options or shell: the testbed file refuses them', () => {
    for (const image of ['-rf', 'a;b', '$(id)', '`id`', 'a b', '../etc']) {
      const parsed = testbedFileSchema.safeParse({
        driver: 'command',
        command: { adminKeyPath: '/k' },
        deviceTypes: [{ name: 'board', images: [image], flashCommand: ['/bin/true'], devices: [{ mac: MAC, ip: '10.0.0.1' }] }],
      });
      expect(parsed.success, image).toBe(false);
    }
  });

  it('reports a command that fails, with the last line of its error output', async () => {
    const driver = driverFor(await script('fail.sh', FAILING_SCRIPT));
    const job = target();
    await driver.flash(job);
    const progress = await until(() => driver.flashStatus(job), (value) => value.failure !== undefined);
    expect(progress.failure).toBe('The flash command exited with code 3: no such image on the image server');
    expect(progress.line).toMatch(/ : Flashing started$/);
  });

  it('records the start in the status file before the command runs: begun after flash(), not before, and never run twice', async () => {
    const path = await script('flash-counting.sh', COUNTING_SCRIPT);
    const driver = driverFor(path);
    const job = target();
    expect(await driver.flashBegan(job)).toBe(false);
    await driver.flash(job);
    // The command writes no line for a while: the record is the driver's own, made before the command ran.
    expect(await driver.flashBegan(job)).toBe(true);
    // Another instance on the same data folder (a new driver, as after the first was killed) sees it too,
    // and a flash() of it starts nothing.
    const takeover = driverFor(path);
    expect(await takeover.flashBegan(job)).toBe(true);
    await takeover.flash(job);
    await until(() => driver.flashStatus(job), (value) => value.line?.endsWith('Flashing done') ?? false);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await readFile(`${job.statusFile}.runs`, 'utf8')).toBe('run\n');
    expect(await readFile(`${job.statusFile}.seen`, 'utf8')).toBe('present\n');
  });

  it('hands over every status line once, in order, however many fall between two looks, and from any count', async () => {
    const driver = driverFor(await script('chatty.sh', CHATTY_SCRIPT));
    const job = target();
    await driver.flash(job);
    const kept: string[] = [];
    for (let looks = 0; looks < 400; looks++) {
      const progress = await driver.flashStatus(job, kept.length);
      kept.push(...progress.lines);
      if (progress.line?.endsWith('Flashing done')) break;
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    const texts = kept.map((line) => line.split(' : ')[1]);
    expect(texts).toEqual([
      ...Array.from({ length: 20 }, (_, index) => `step ${index + 1}`),
      'half a line',
      ...Array.from({ length: 19 }, (_, index) => `step ${index + 21}`),
      'Flashing done',
    ]);
    // Another instance that took the job over with 25 lines kept gets the rest, and nothing twice.
    const takeover = driverFor(await script('chatty.sh', CHATTY_SCRIPT));
    expect((await takeover.flashStatus(job, 25)).lines).toEqual(kept.slice(25));
    expect((await takeover.flashStatus(job, kept.length)).lines).toEqual([]);
  });

  it('refuses to start a command that does not exist', async () => {
    const driver = driverFor(join(dir, 'missing.sh'));
    await expect(driver.flash(target())).rejects.toThrow(/ENOENT/);
  });

  it('stops a command that ran out of time', async () => {
    const driver = driverFor(await script('slow.sh', SLOW_SCRIPT));
    const job = target();
    await driver.flash(job);
    await until(() => driver.flashStatus(job), (value) => value.line !== null);
    const running = (driver as unknown as { running: Map<string, { child: { exitCode: number | null; signalCode: string | null } }> }).running;
    const child = running.get(job.handle)!.child;
    driver.abortFlash(job);
    await until(async () => child.signalCode, (signal) => signal !== null);
    expect(child.signalCode).toBe('SIGTERM');
  });
});

describe('CommandDriver.checkReady', () => {
  let listener: Server;
  let port: number;
  beforeAll(async () => {
    listener = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

  it("answers '0' when the node's SSH port accepts a connection, the error code otherwise", async () => {
    const flash = await script('flash-ready.sh', FLASH_SCRIPT);
    expect(await driverFor(flash, {}, port).checkReady({ mac: MAC, ip: '127.0.0.1', deviceType: 'board' })).toBe('0');
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const free = (probe.address() as AddressInfo).port;
        probe.close(() => resolve(free));
      });
    });
    expect(await driverFor(flash, {}, closed).checkReady({ mac: MAC, ip: '127.0.0.1', deviceType: 'board' })).toBe('ECONNREFUSED');
  });
});

// Each login is a real SSH handshake in JavaScript: on a busy two-core machine a few take seconds.
describe('CommandDriver.restoreAccount over SSH', { timeout: 120_000 }, () => {
  let node: SshNode;
  const adminKeys = newKeyPair('testbed-admin');
  const alice = newKeyPair('alice@laptop');
  const aliceOther = newKeyPair('alice@desktop');
  const stranger = newKeyPair('mallory');

  beforeAll(async () => {
    await writeFile(join(dir, 'admin_key'), adminKeys.privateKey, { mode: 0o600 });
    node = await startSshNode({ adminUser: 'root', adminPublicKey: adminKeys.publicKey, restoreProgram: 'testbed-restore-account' });
  });
  afterAll(() => node.close());

  it("creates the account with exactly the user's keys: the user logs in with their key, not with another", async () => {
    const driver = driverFor(await script('flash-ssh.sh', FLASH_SCRIPT), {}, node.port);
    const device = { mac: MAC, ip: '127.0.0.1', deviceType: 'board' };
    expect(await canLogIn(node.port, 'alice', alice.privateKey)).toBe(false);

    await driver.restoreAccount(device, { username: 'alice', sshKeys: [alice.publicKey, aliceOther.publicKey] });
    expect(node.commands.at(-1)).toBe("'testbed-restore-account' 'alice'");
    expect(await canLogIn(node.port, 'alice', alice.privateKey)).toBe(true);
    expect(await canLogIn(node.port, 'alice', aliceOther.privateKey)).toBe(true);
    expect(await canLogIn(node.port, 'alice', stranger.privateKey)).toBe(false);

    // A key removed from the portal is gone from the node at the next restore.
    await driver.restoreAccount(device, { username: 'alice', sshKeys: [alice.publicKey] });
    expect(await canLogIn(node.port, 'alice', aliceOther.privateKey)).toBe(false);
    expect(await canLogIn(node.port, 'alice', alice.privateKey)).toBe(true);
  });

  it('fails when the node refuses the administration key', async () => {
    const wrongKeyPath = join(dir, 'wrong_key');
    await writeFile(wrongKeyPath, stranger.privateKey, { mode: 0o600 });
    const driver = driverFor(await script('flash-ssh2.sh', FLASH_SCRIPT), { adminKeyPath: wrongKeyPath }, node.port);
    await expect(
      driver.restoreAccount({ mac: MAC, ip: '127.0.0.1', deviceType: 'board' }, { username: 'bob', sshKeys: [alice.publicKey] }),
    ).rejects.toThrow(/authentication/i);
    expect(node.accounts.has('bob')).toBe(false);
  });

  it('fails when the restore command fails on the node', async () => {
    const driver = driverFor(await script('flash-ssh3.sh', FLASH_SCRIPT), { restoreCommand: ['other-script', '{username}'] }, node.port);
    await expect(
      driver.restoreAccount({ mac: MAC, ip: '127.0.0.1', deviceType: 'board' }, { username: 'carol', sshKeys: [alice.publicKey] }),
    ).rejects.toThrow(/exited with code 127: unknown command/);
  });
});
