// A real portal for the tests of its clients (the `testbed` binary, a client generated from the OpenAPI document,
// the Python example of docs/): the compiled server on a free loopback port, on an embedded database in memory,
// with a testbed file of the simulator whose flashes take a few seconds and never fail, and its first
// administrator ready to flash (an SSH key on the account).
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, startOnFreePort, stopInstance } from './instances.js';

export const ADMIN = { username: 'admin', email: 'admin@example.org', password: 'Adm1n!Passw0rd' } as const;

export interface Portal {
  url: string;
  dir: string;
  output: () => string;
  stop(): Promise<void>;
}

export async function startPortal(flashSeconds = 2): Promise<Portal> {
  const dir = await mkdtemp(path.join(tmpdir(), 'testbed-portal-'));
  const builtIn = JSON.parse(await readFile(path.join(ROOT, 'packages/server/src/testbed/simulated-testbed.json'), 'utf8'));
  const testbedFile = path.join(dir, 'testbed.json');
  await writeFile(testbedFile, JSON.stringify({ ...builtIn, simulator: { flashSeconds, bootSeconds: 1, failureRate: 0, hangRate: 0 } }));
  const instance = await startOnFreePort({
    DATABASE_URL: 'pglite://memory',
    DATA_DIR: path.join(dir, 'data'),
    TESTBED_CONFIG: testbedFile,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  });
  const { child } = instance;
  return {
    url: instance.url,
    dir,
    output: instance.output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) await stopInstance(instance);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** An OpenSSH ed25519 public key line made from a fresh key pair. */
function sshPublicKey(comment: string): string {
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
    body: JSON.stringify({ sshKey: sshPublicKey(`${username}@test`) }),
  });
  if (!added.ok) throw new Error(`adding the SSH key failed: ${await added.text()}`);
  return session;
}
