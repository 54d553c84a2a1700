// Builds the flashing area for the app: the driver the rest of the portal sees (devices being flashed
// are down), the job runner and the service behind the routes.
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DatabaseFaultReporter } from '../../db/database.js';
import type { TestbedDriver } from '../../testbed/driver.js';
import type { ImagesService } from '../images/create-images.js';
import { FlashingAwareDriver } from './flashing-aware-driver.js';
import { FlashJobRunner, type FlashPolicy } from './job-runner.js';
import { FlashEventHub } from './progress-stream.js';
import { FlashingService } from './service.js';
import { StreamSlots } from '../../streams/stream-slots.js';

/** Progress streams a user may hold open at once (FLASH_STREAMS_PER_USER). */
export const DEFAULT_STREAMS_PER_USER = 60;

export { flashingRoutes } from './routes.js';
export type { FlashJobRunner } from './job-runner.js';

export function createFlashing(
  db: Db,
  driver: TestbedDriver,
  dataDir: string,
  log: FastifyBaseLogger,
  images: ImagesService,
  policy?: FlashPolicy,
  options: { streamsPerUser?: number; faults?: DatabaseFaultReporter } = {},
) {
  const aware = new FlashingAwareDriver(db, driver);
  const runner = new FlashJobRunner(db, aware, join(dataDir, 'flash-status'), log, () => aware.invalidate(), policy, options.faults, (sha256) => images.contentPath(sha256));
  const events = new FlashEventHub();
  events.onCancelled((jobId) => runner.cancelled(jobId));
  // One cap per user over every kind of stream (the experiments' streams take their slots here too).
  const streamSlots = new StreamSlots(db, options.streamsPerUser ?? DEFAULT_STREAMS_PER_USER);
  const service = new FlashingService(db, aware, runner, events, images, streamSlots);
  return { driver: aware, runner, service, events, streamSlots };
}
