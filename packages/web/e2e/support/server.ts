// Starts the real portal server for a journey: the built web app, an in-memory embedded database, a fresh
// data folder and a known first administrator, on a free port of the loopback interface.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const READY = 'Testbed Portal is running at';

export const ADMIN = { username: 'admin', email: 'admin@example.org', password: 'Adm1n!Passw0rd' } as const;

export interface PortalServer {
  /** Base address, e.g. http://127.0.0.1:41234 */
  url: string;
  /** What the server printed so far, for failure messages. */
  output: () => string;
  /** The server's DATA_DIR; with no SMTP_URL its mails land as .eml files in <dataDir>/outbox. */
  dataDir: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export interface ServerOptions {
  /** Extra environment for the server process (SMTP_URL, TESTBED_CONFIG ...). */
  env?: Record<string, string>;
  timeoutMs?: number;
}

export async function startServer({ env = {}, timeoutMs = 90_000 }: ServerOptions = {}): Promise<PortalServer> {
  if (!existsSync(join(repoRoot, 'packages/web/dist/index.html'))) {
    throw new Error('packages/web/dist is missing: build the web app first (npm run build)');
  }
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'testbed-portal-e2e-'));
  const child = spawn(join(repoRoot, 'node_modules/.bin/tsx'), ['packages/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: 'pglite://memory',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let output = '';
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 10_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start within ${timeoutMs} ms`)), timeoutMs);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(READY)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the server exited before it was ready (code ${code}, signal ${signal})`));
      });
    });
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`, { cause: error });
  }

  return { url: `http://127.0.0.1:${port}`, output: () => output, dataDir, stop };
}
