// File-system answers shared by the image store and the testbed drivers.
import { stat } from 'node:fs/promises';

/** Whether a path exists; any fault other than its absence is thrown. */
export async function fileExists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
