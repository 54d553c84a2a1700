// What is running: the portal's release (the root package.json's version) and the Node.js under it, for
// the start line of the log and the testbed_build_info metric, so that a mixed fleet shows during an upgrade.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BuildInfo {
  version: string;
  node: string;
}

const PRODUCT = 'testbed-portal';

/** The version of the nearest package.json named testbed-portal above this file (source or built code alike). */
function productVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (manifest.name === PRODUCT && manifest.version) return manifest.version;
    } catch {
      // No package.json here, or not ours: look further up.
    }
    const parent = path.dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
}

let cached: BuildInfo | undefined;

export function buildInfo(): BuildInfo {
  cached ??= { version: productVersion(), node: process.version };
  return cached;
}
