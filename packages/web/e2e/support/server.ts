// Starts the real portal server for a journey (compiled, as `npm start` runs it): the built web app, an
// in-memory embedded database, a fresh data folder and a known first administrator, on a free port of the
// loopback interface.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startInstance } from '../../../server/test/instances';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

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
  const dataDir = await mkdtemp(join(tmpdir(), 'testbed-portal-e2e-'));
  const port = await freePort();
  try {
    const instance = await startInstance(
      port,
      {
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: 'pglite://memory',
        DATA_DIR: dataDir,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
        ...env,
      },
      { timeoutMs, inheritEnv: true },
    );
    const { child } = instance;
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
    return { url: instance.url, output: instance.output, dataDir, stop };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
