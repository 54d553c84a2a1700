// Test support: the real portal server on a free loopback port (embedded database in memory, a testbed file
// of the simulator whose flashes take a few seconds and never fail), and the real `testbed` binary run
// against it with a config folder of its own.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const BIN = path.join(ROOT, 'packages/cli/bin/testbed.js');
export const ADMIN = { username: 'admin', email: 'admin@example.org', password: 'Adm1n!Passw0rd' } as const;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface Portal {
  url: string;
  dir: string;
  output: () => string;
  stop(): Promise<void>;
}

export async function startPortal(flashSeconds = 2): Promise<Portal> {
  const dir = await mkdtemp(path.join(tmpdir(), 'testbed-cli-'));
  const builtIn = JSON.parse(await readFile(path.join(ROOT, 'packages/server/src/testbed/simulated-testbed.json'), 'utf8'));
  const testbedFile = path.join(dir, 'testbed.json');
  await writeFile(testbedFile, JSON.stringify({ ...builtIn, simulator: { flashSeconds, bootSeconds: 1, failureRate: 0, hangRate: 0 } }));
  const port = await freePort();
  const child: ChildProcess = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['packages/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'pglite://memory',
      DATA_DIR: path.join(dir, 'data'),
      TESTBED_CONFIG: testbedFile,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the portal did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Testbed Portal is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the portal exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    dir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real binary, as a shell would. */
export function runCli(args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(BIN, args, { env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, timeout: 170_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
    if (input !== undefined) child.stdin!.end(input);
    else child.stdin!.end();
  });
}

/** An OpenSSH ed25519 public key line made from a fresh key pair. */
export function sshPublicKey(comment: string): string {
  const der = generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' });
  const field = (data: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, data.length]), data]);
  const blob = Buffer.concat([field(Buffer.from('ssh-ed25519')), field(der.subarray(der.length - 32))]);
  return `ssh-ed25519 ${blob.toString('base64')} ${comment}`;
}

/** Signs in with a password and gives the account an SSH key (needed to flash), over the API. */
export async function prepareUser(url: string, username: string, password: string): Promise<{ userId: number; accessToken: string }> {
  const signin = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const session = (await signin.json()) as { userId: number; accessToken: string };
  const added = await fetch(`${url}/api/credential/addToUser/${session.userId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.accessToken}` },
    body: JSON.stringify({ sshKey: sshPublicKey(`${username}@cli-test`) }),
  });
  if (!added.ok) throw new Error(`adding the SSH key failed: ${await added.text()}`);
  return session;
}
