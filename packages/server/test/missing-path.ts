import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A path under the OS temporary folder that nothing creates: the web root or data folder of an app that
 * must find none. A fixed name such as /nonexistent would serve whatever another run left there.
 */
export function missingPath(label = 'missing'): string {
  return path.join(tmpdir(), `tp-${label}-${randomUUID()}`);
}
