// The "Scripting an experiment" example of docs/cli.md, run as written by sh against a real portal.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, BIN, prepareUser, ROOT, runCli, startPortal, type Portal } from './support/portal.js';

let portal: Portal;
let home: string;

beforeAll(async () => {
  portal = await startPortal(2);
  await prepareUser(portal.url, ADMIN.username, ADMIN.password);
  home = await mkdtemp(path.join(tmpdir(), 'testbed-readme-'));
});
afterAll(async () => {
  await portal?.stop();
  if (home) await rm(home, { recursive: true, force: true });
});

async function readmeScript(): Promise<string> {
  const readme = await readFile(path.join(ROOT, 'docs', 'cli.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Scripting an experiment'));
  const match = /```sh\n([\s\S]*?)```/.exec(section);
  if (!match) throw new Error('no sh block in the docs/cli.md section "Scripting an experiment"');
  return match[1]!;
}

describe('docs/cli.md: Scripting an experiment', () => {
  it('books two devices, flashes both, waits for them, prints ssh and releases', async () => {
    const login = await runCli(['login', '--url', portal.url, '--username', ADMIN.username], { XDG_CONFIG_HOME: home, TESTBED_PASSWORD: ADMIN.password });
    expect(login.code, login.stderr).toBe(0);
    const script = await readmeScript();
    const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        'sh',
        ['-c', script],
        // `testbed` is found on the PATH, as for a user who put node_modules/.bin there.
        { env: { PATH: `${path.dirname(BIN)}:${process.env.PATH}`, HOME: process.env.HOME, XDG_CONFIG_HOME: home }, timeout: 170_000 },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
    expect(run.code, run.stderr).toBe(0);
    const id = Number(/^reservation (\d+)$/m.exec(run.stdout)?.[1]);
    expect(id).toBeGreaterThan(0);
    expect(run.stdout).toContain('02:00:00:01:00:01 (10.0.1.11) is ready.');
    expect(run.stdout).toContain('02:00:00:01:00:02 (10.0.1.12) is ready.');
    expect(run.stdout).toContain('ssh admin@10.0.1.11\nssh admin@10.0.1.12\n');
    expect(run.stdout).toMatch(new RegExp(`Reservation ${id} (was running: it ends now|released)`));
    const left = await runCli(['reservations', '--json'], { XDG_CONFIG_HOME: home });
    expect((JSON.parse(left.stdout) as { reservationId: number }[]).map((r) => r.reservationId)).not.toContain(id);
  }, 180_000);
});
