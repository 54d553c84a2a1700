// Test support: the real `testbed` binary run against a real portal (packages/server/test/portal-process.ts)
// with a config folder of its own.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export { ADMIN, prepareUser, startPortal, type Portal } from '../../../server/test/portal-process.js';

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const BIN = path.join(ROOT, 'packages/cli/bin/testbed.js');

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
