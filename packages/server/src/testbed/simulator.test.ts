// The simulated flash: its status is computed from the elapsed time (no timer per job), written to the
// status file as it falls due, and its failures and hangs follow the rates of the testbed file.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlashTarget } from './driver.js';
import { SimulatorDriver } from './simulator.js';
import { testbedFileSchema } from './testbed-file.js';

const MAC = '02:00:00:0d:00:01';
let dir: string;
let now = 0;

function simulator(rates: { failureRate?: number; hangRate?: number } = {}) {
  return new SimulatorDriver(
    testbedFileSchema.parse({
      driver: 'simulator',
      simulator: { flashSeconds: 10, bootSeconds: 2, ...rates },
      deviceTypes: [{ name: 'board', images: ['img'], devices: [{ mac: MAC, ip: '10.0.0.1' }] }],
    }),
    () => now,
  );
}

const target = (handle: string): FlashTarget => ({
  handle,
  mac: MAC,
  ip: '10.0.0.1',
  deviceType: 'board',
  image: 'img',
  statusFile: join(dir, `${handle}.log`),
  startedAt: new Date(1_000_000),
});

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'simulator-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('SimulatorDriver', () => {
  it("reads a user image's file before it flashes: a missing file or another checksum fails the flash, and nothing begins", async () => {
    const driver = simulator();
    now = 1_000_000;
    const file = join(dir, 'user-image');
    const content = Buffer.from('firmware bytes');
    await writeFile(file, content);
    const sha256 = createHash('sha256').update(content).digest('hex');
    await expect(driver.flash({ ...target('missing'), imageFile: join(dir, 'no-such-file'), imageSha256: sha256 })).rejects.toThrow('cannot be read: ENOENT');
    await expect(driver.flash({ ...target('other'), imageFile: file, imageSha256: 'f'.repeat(64) })).rejects.toThrow(`SHA-256 is ${sha256}`);
    expect(await driver.flashBegan(target('other'))).toBe(false);
    const good = { ...target('good'), imageFile: file, imageSha256: sha256 };
    await driver.flash(good);
    expect(await driver.flashBegan(good)).toBe(true);
  });

  it("writes the status lines as they fall due, ends with 'Flashing done', then the node boots", async () => {
    const driver = simulator();
    const job = target('a');
    now = 1_000_000;
    await driver.flash(job);
    now = 1_000_000 + 4_500;
    expect((await driver.flashStatus(job)).line).toBe('1970-01-01T00:16:44.000Z : Writing image img');
    now = 1_000_000 + 10_000;
    // Asked for the lines after the first three: the two written since, in order.
    expect(await driver.flashStatus(job, 3)).toEqual({
      line: '1970-01-01T00:16:50.000Z : Flashing done',
      lines: ['1970-01-01T00:16:48.000Z : Verifying the image', '1970-01-01T00:16:50.000Z : Flashing done'],
      failure: undefined,
    });
    expect((await readFile(job.statusFile, 'utf8')).trim().split('\n')).toEqual([
      '1970-01-01T00:16:40.000Z : Flashing started: image img on 02:00:00:0d:00:01',
      '1970-01-01T00:16:41.000Z : Erasing the storage',
      '1970-01-01T00:16:44.000Z : Writing image img',
      '1970-01-01T00:16:48.000Z : Verifying the image',
      '1970-01-01T00:16:50.000Z : Flashing done',
    ]);
    expect(await driver.checkReady(job)).toBe('ECONNREFUSED');
    now += 2_000;
    expect(await driver.checkReady(job)).toBe('0');
    await driver.restoreAccount(job, { username: 'alice', sshKeys: ['ssh-ed25519 AAAA alice'] });
    expect(driver.restoredAccount(MAC)).toMatchObject({ username: 'alice', sshKeys: ['ssh-ed25519 AAAA alice'] });
  });

  it('fails or hangs the share of flashes the testbed file asks for', async () => {
    now = 1_000_000 + 60_000;
    const failing = await simulator({ failureRate: 1 }).flashStatus(target('b'), 3);
    expect(failing).toEqual({
      line: '1970-01-01T00:16:46.000Z : Flashing failed: the image could not be written',
      lines: ['1970-01-01T00:16:46.000Z : Flashing failed: the image could not be written'],
      failure: 'Flashing failed: the image could not be written',
    });
    const hanging = await simulator({ hangRate: 1 }).flashStatus(target('c'), 3);
    expect(hanging).toEqual({ line: '1970-01-01T00:16:44.000Z : Writing image img', lines: [], failure: undefined });
    const some = simulator({ failureRate: 0.3, hangRate: 0.2 });
    const outcomes = await Promise.all(
      Array.from({ length: 500 }, (_, index) => some.flashStatus({ ...target(`load-${index}`), statusFile: join(dir, 'load', `${index}.log`) })),
    );
    const failed = outcomes.filter((outcome) => outcome.failure).length;
    const hung = outcomes.filter((outcome) => !outcome.failure && !outcome.line!.endsWith('Flashing done')).length;
    expect(failed).toBeGreaterThan(100);
    expect(failed).toBeLessThan(200);
    expect(hung).toBeGreaterThan(50);
    expect(hung).toBeLessThan(150);
  });

  it('refuses to flash a device that is down', async () => {
    const driver = simulator();
    driver.setUp(MAC, false);
    await expect(driver.flash(target('d'))).rejects.toThrow(/does not answer/);
  });
});
