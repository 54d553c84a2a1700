// Builds the images area for the app: the storage folders, the service, the tus server and the sweep of
// uploads left half done.
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DatabaseFaultReporter } from '../../db/database.js';
import { ImagesService } from './service.js';
import { ImageFiles } from './storage.js';
import { createTusServer } from './tus.js';

export { imageRoutes } from './routes.js';
export type { ImagesService, ResolvedImage } from './service.js';

/** How often each instance looks for stale uploads (the DELETE of their rows is the claim, see repo.ts). */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

export async function createImages(db: Db, dataDir: string, defaultQuota: number, log: FastifyBaseLogger, faults: DatabaseFaultReporter) {
  const files = new ImageFiles(dataDir);
  await files.ensureFolders();
  const service = new ImagesService(db, files, defaultQuota);
  const { plugin } = createTusServer(db, files, service);
  let timer: NodeJS.Timeout | undefined;
  const sweep = () =>
    service.sweepStaleUploads().then(
      (count) => {
        if (count > 0) log.info({ count }, 'stale image uploads removed');
      },
      (error: unknown) => {
        if (!faults.reportOutage(error)) log.warn({ err: error }, 'stale image uploads not removed');
      },
    );
  return {
    service,
    files,
    tusRoutes: plugin,
    /** Sweeps now and then every hour, until stop. */
    startSweeper() {
      void sweep();
      timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
      timer.unref();
    },
    stopSweeper() {
      clearInterval(timer);
    },
  };
}
