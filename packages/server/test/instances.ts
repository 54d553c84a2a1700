// Real server processes, for every test that starts one (several instances, the CLI's binary, the browser
// journeys) and for the bench: the compiled server (`scripts/bundle.mjs`, built here once if it is missing or
// older than its sources) run by this Node.js itself, as `npm start` runs it, so that a signal, SIGKILL
// included, reaches the server and nothing else.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, TARGETS } from '../../../scripts/bundle.mjs';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = path.join(ROOT, TARGETS.server.outfile);
const RUNNING = 'Testbed Portal is running';

let built: Promise<unknown> | undefined;
/** Compiles the server unless its build is current; once per test process. */
export function buildServer(): Promise<unknown> {
  return (built ??= ensureBuilt('server'));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Instance {
  port: number;
  url: string;
  child: ChildProcess;
  /** What the process printed so far. */
  output(): string;
}

export interface StartOptions {
  /** Give up after this long (the process is then killed). */
  timeoutMs?: number;
  /** Pass this process's whole environment under `env` rather than PATH and HOME alone. */
  inheritEnv?: boolean;
}

/**
 * Starts the compiled server with exactly this environment (plus PATH and HOME) and resolves once it is
 * running; rejects with what it printed when it exits first or does not start in time.
 */
export async function startInstance(port: number, env: NodeJS.ProcessEnv, timeoutOrOptions: number | StartOptions = {}): Promise<Instance> {
  const { timeoutMs = 60_000, inheritEnv = false } = typeof timeoutOrOptions === 'number' ? { timeoutMs: timeoutOrOptions } : timeoutOrOptions;
  await buildServer();
  const base = inheritEnv ? process.env : { PATH: process.env.PATH, HOME: process.env.HOME };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN], {
      cwd: ROOT,
      env: { ...base, HOST: '127.0.0.1', PORT: String(port), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const instance: Instance = { port, url: `http://127.0.0.1:${port}`, child, output: () => output };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`instance did not start in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const watch = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(RUNNING)) {
        clearTimeout(timer);
        resolve(instance);
      }
    };
    child.stdout!.on('data', watch);
    child.stderr!.on('data', watch);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!output.includes(RUNNING)) reject(new Error(`instance exited with ${code ?? signal}:\n${output}`));
    });
  });
}

/**
 * Starts an instance on a free port. A start that fails is tried again on another port after a pause (three
 * times at most): while the whole suite runs, a port found free can be taken by another test before the
 * instance binds it, and the database can be short of connections for a moment. A real fault fails all three.
 */
export async function startOnFreePort(env: NodeJS.ProcessEnv, timeoutOrOptions: number | StartOptions = 90_000, attempts = 3): Promise<Instance> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startInstance(await freePort(), env, timeoutOrOptions);
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** A graceful stop (SIGTERM), as an orchestrator asks for one; resolves when the process has exited. */
export async function stopInstance(instance: Instance): Promise<void> {
  const done = exited(instance.child);
  instance.child.kill('SIGTERM');
  await done;
}

/** Debian's nginx, as the proxy tests run it. */
export const NGINX = '/usr/sbin/nginx';

/** Starts nginx with `conf` from the folder `prefix` and resolves once it passes `/api/health/live` on `port`. */
export async function startNginx(prefix: string, conf: string, port: number): Promise<ChildProcess> {
  await writeFile(path.join(prefix, 'nginx.conf'), conf);
  const nginx = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health/live`)).ok) return nginx;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  nginx.kill('SIGTERM');
  throw new Error(`nginx did not start: ${await readFile(path.join(prefix, 'error.log'), 'utf8').catch(() => '')}`);
}
