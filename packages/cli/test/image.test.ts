// `testbed image`: the real binary uploads an image over tus to a real portal (checksum given), refuses a
// wrong checksum with the portal's sentence, lists it, flashes a booked board with it to ready, deletes it.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, prepareUser, runCli, startPortal, type Portal } from './support/portal.js';

let portal: Portal;
let home: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  portal = await startPortal(2);
  await prepareUser(portal.url, ADMIN.username, ADMIN.password);
  home = await mkdtemp(path.join(tmpdir(), 'testbed-cli-images-'));
  env = { XDG_CONFIG_HOME: home };
  const login = await runCli(['login', '--url', portal.url, '--username', ADMIN.username], { ...env, TESTBED_PASSWORD: ADMIN.password });
  expect(login.code, login.stderr).toBe(0);
});
afterAll(async () => {
  await portal?.stop();
  if (home) await rm(home, { recursive: true, force: true });
});

describe('testbed image', () => {
  it('uploads, lists, flashes with and deletes an image of the user', async () => {
    // An ELF file of 20 MiB: three chunks of the upload.
    const content = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 1, 1, 1, 0]), randomBytes(20 * 1024 * 1024 - 8)]);
    const sha256 = createHash('sha256').update(content).digest('hex');
    const file = path.join(home, 'blink.elf');
    await writeFile(file, content);

    const wrong = await runCli(['image', 'upload', file, '--type', 'nrf52840-dk', '--checksum', 'b'.repeat(64)], env);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(`The file's SHA-256 is ${sha256}`);

    const uploaded = await runCli(['image', 'upload', file, '--type', 'nrf52840-dk', '--name', 'blink', '-v', '2', '--checksum', sha256, '--json'], env);
    expect(uploaded.code, uploaded.stderr).toBe(0);
    const image = JSON.parse(uploaded.stdout) as { ref: string; sha256: string; format: string; sizeBytes: number };
    expect(image).toMatchObject({ sha256, format: 'elf', sizeBytes: content.length });

    const list = JSON.parse((await runCli(['image', 'list', '--json'], env)).stdout) as { images: { ref: string }[]; usage: { user: { usedBytes: number } } };
    expect(list.images.map((one) => one.ref)).toEqual([image.ref]);
    expect(list.usage.user.usedBytes).toBe(content.length);

    expect((await runCli(['book', '--now', '--duration', '30m', '02:00:00:03:00:05'], env)).code).toBe(0);
    const unknown = await runCli(['flash', '02:00:00:03:00:05', '--image', 'image:999999'], env);
    expect(unknown.code).toBe(2);
    const flashed = await runCli(['flash', '02:00:00:03:00:05', '--image', image.ref], env);
    expect(flashed.code, flashed.stderr).toBe(0);
    expect(flashed.stdout).toContain(`02:00:00:03:00:05 (10.0.3.15) is ready with ${image.ref}.`);

    const deleted = await runCli(['image', 'delete', image.ref], env);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(JSON.parse((await runCli(['image', 'list', '--json'], env)).stdout).images).toEqual([]);
  });
});
