// The project runs on the Node.js it installs itself (the `node` package pinned in the root package.json,
// whose binary npm puts first on the PATH of every script), not on whatever Node the machine has: the tests,
// the server processes they start and a `node` called by name all run that version.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './instances.js';

const pinned = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies.node;

describe('the Node.js the project runs on', () => {
  it('is the pinned LTS, here and in the processes the tests start', () => {
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
    expect(process.version).toBe(`v${pinned}`);
    // How the test helpers start a server process, and how an npm script or a shebang finds `node`.
    expect(execFileSync(process.execPath, ['-p', 'process.version'], { encoding: 'utf8' }).trim()).toBe(`v${pinned}`);
    expect(execFileSync('node', ['-p', 'process.version'], { encoding: 'utf8' }).trim()).toBe(`v${pinned}`);
  });
});
