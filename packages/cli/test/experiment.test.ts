// `testbed experiment` with the real binary against a real portal: an experiment of 3 devices submitted with
// `now` from a YAML file, followed to ready, stopped early, its devices released and flashed back.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, prepareUser, runCli, startPortal, type Portal } from './support/portal.js';

let portal: Portal;
let home: string;
let env: NodeJS.ProcessEnv;

const DEVICES = ['02:00:00:01:00:05', '02:00:00:01:00:07', '02:00:00:01:00:08'];

beforeAll(async () => {
  portal = await startPortal(1);
  await prepareUser(portal.url, ADMIN.username, ADMIN.password);
  home = await mkdtemp(path.join(tmpdir(), 'testbed-cli-experiment-'));
  env = { XDG_CONFIG_HOME: home };
  const login = await runCli(['login', '--url', portal.url, '--username', ADMIN.username], { ...env, TESTBED_PASSWORD: ADMIN.password });
  expect(login.code, login.stderr).toBe(0);
});
afterAll(async () => {
  await portal?.stop();
  if (home) await rm(home, { recursive: true, force: true });
});

describe('testbed experiment', () => {
  it('submits 3 devices with now, follows them to ready with the ssh commands, stops early: released and flashed back', async () => {
    const file = path.join(home, 'exp.yaml');
    await writeFile(
      file,
      [
        'name: Three Pis',
        'durationMinutes: 30',
        'start: now',
        'groups:',
        '  - type: raspberry-pi-4',
        `    devices: [${DEVICES.join(', ')}]`,
        '    image: ubuntu-24.04-server',
        '',
      ].join('\n'),
    );
    const submitted = await runCli(['experiment', 'submit', file, '--wait'], env);
    expect(submitted.code, submitted.stderr).toBe(0);
    expect(submitted.stderr).toMatch(/Experiment \d+ booked: 3 device\(s\)/);
    expect(submitted.stderr).toMatch(/Experiment \d+ flashing: /);
    expect(submitted.stdout.trim().split('\n')).toEqual(['ssh admin@10.0.1.15', 'ssh admin@10.0.1.17', 'ssh admin@10.0.1.18']);
    const id = Number(/Experiment (\d+) booked/.exec(submitted.stderr)![1]);

    const shown = await runCli(['experiment', 'show', String(id), '--json'], env);
    const experiment = JSON.parse(shown.stdout) as { state: string; devices: { state: string; image: string }[] };
    expect(['ready', 'running']).toContain(experiment.state);
    expect(experiment.devices.map((device) => [device.state, device.image])).toEqual(DEVICES.map(() => ['ready', 'ubuntu-24.04-server']));

    const stopped = await runCli(['experiment', 'stop', String(id), '--wait', '--json'], env);
    expect(stopped.code, stopped.stderr).toBe(0);
    const over = JSON.parse(stopped.stdout) as { state: string; devices: { state: string; cleanJob: string }[] };
    expect(over.state).toBe('done');
    expect(over.devices.map((device) => device.state)).toEqual(['released', 'released', 'released']);
    const exported = await runCli(['experiment', 'export', String(id)], env);
    const document = JSON.parse(exported.stdout) as { devices: { flashLog: { text: string }[] }[] };
    // Each device's log holds its flash and its flash back to the type's default image.
    for (const device of document.devices) expect(device.flashLog.filter((entry) => entry.text === 'done')).toHaveLength(2);

    // The export runs again as it is, for a paper that must be reproducible.
    const exportFile = path.join(home, 'exported.json');
    await writeFile(exportFile, exported.stdout);
    const again = await runCli(['experiment', 'submit', exportFile, '--json'], env);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ name: 'Three Pis', state: 'waiting' });
    await runCli(['experiment', 'stop', String(JSON.parse(again.stdout).id)], env);

    const list = await runCli(['experiment', 'list', '--when', 'past'], env);
    expect(list.stdout).toMatch(new RegExp(`${id}\\s+Three Pis\\s+admin\\s+done\\s+3`));
  });

  it('refuses a description that is not valid with exit code 2 naming the field', async () => {
    const file = path.join(home, 'bad.yaml');
    await writeFile(file, 'name: Bad\ndurationMinutes: -3\nstart: now\ngroups: []\n');
    const run = await runCli(['experiment', 'submit', file], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('durationMinutes');
    expect(run.stderr).toContain('groups');
  });
});
