// The programs run from their compiled JavaScript, compiled again only when a source changed: what `npm start`
// (`scripts/bundle.mjs server --if-stale`) and the `testbed` binary rely on to start without compiling.
import { execFile } from 'node:child_process';
import { statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ensureBuilt, isStale, TARGETS } from '../../../scripts/bundle.mjs';
import { ROOT } from './support/portal.js';

const run = promisify(execFile);

describe('the compiled client', () => {
  it('is compiled when missing or older than a source, and left alone otherwise', async () => {
    await ensureBuilt('cli');
    expect(isStale('cli')).toBe(false);
    const built = statSync(path.join(ROOT, TARGETS.cli.outfile)).mtimeMs;
    const again = await run(process.execPath, ['scripts/bundle.mjs', 'cli', '--if-stale'], { cwd: ROOT });
    expect(again.stdout).toBe('');
    expect(statSync(path.join(ROOT, TARGETS.cli.outfile)).mtimeMs).toBe(built);

    // A source edited after the build (its time moved past the build's, then put back).
    const source = path.join(ROOT, 'packages/cli/src/config.ts');
    const { atime, mtime } = statSync(source);
    utimesSync(source, atime, new Date(built + 1000));
    try {
      expect(isStale('cli')).toBe(true);
    } finally {
      utimesSync(source, atime, mtime);
    }
    expect(isStale('cli')).toBe(false);

    // The binary runs it, on the Node.js that started it.
    const version = await run(process.execPath, [path.join(ROOT, 'packages/cli/bin/testbed.js'), '--version'], { cwd: ROOT });
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
