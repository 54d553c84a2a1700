// Streamed flash progress (Server-Sent Events, see streams/event-streams.ts). The log rows of a job are written
// by triggers whichever instance drives the job, and each insert NOTIFYs `flash_job_log` with the job's id; each
// open stream of that job then reads its rows after the last one it sent.
import type { ServerResponse } from 'node:http';
import type { FlashJob } from '@testbed/contract';
import type { Db, Subscribe } from '../../db/database.js';
import { NotifiedStreams, runEventStream, sseEvent } from '../../streams/event-streams.js';
import { presentFlashLogEntry, readFlashLog } from './repo.js';

export const FLASH_LOG_CHANNEL = 'flash_job_log';
/** Announces each cancelled job (its id), so that the instance running its flash stops it. */
export const FLASH_CANCELLED_CHANNEL = 'flash_job_cancelled';

export class FlashEventHub extends NotifiedStreams {
  private unsubscribeCancelled?: () => Promise<void>;
  private readonly cancelledListeners = new Set<(jobId: number) => void>();

  constructor() {
    super(FLASH_LOG_CHANNEL);
  }

  /** Calls `listener` with the id of each job cancelled, whichever instance cancelled it. */
  onCancelled(listener: (jobId: number) => void): void {
    this.cancelledListeners.add(listener);
  }

  override async listen(subscribe: Subscribe): Promise<void> {
    // A missed announcement is made up for by the runner's next pass (see FlashJobRunner.stopCancelled).
    this.unsubscribeCancelled = await subscribe(
      FLASH_CANCELLED_CHANNEL,
      (payload) => {
        for (const listener of this.cancelledListeners) listener(Number(payload));
      },
      () => undefined,
    );
    await super.listen(subscribe);
  }

  override async close(): Promise<void> {
    await super.close();
    await this.unsubscribeCancelled?.();
  }
}

const FINAL = new Set(['done', 'failed', 'cancelled']);

/**
 * Sends a job on an SSE response: first `job` (where it stands now), then a `log` event per log entry after
 * `after` as it is written (a `stage` entry is a stage change), and `end` once the job is done, failed or cancelled.
 */
export function streamFlashJob(
  db: Db,
  hub: FlashEventHub,
  job: { id: number; view: FlashJob },
  after: string,
  out: ServerResponse,
  onError: (error: unknown) => void,
): void {
  let last = after;
  runEventStream(
    hub,
    job.id,
    out,
    {
      first: sseEvent('job', job.view),
      read: async (write, end) => {
        const rows = await readFlashLog(db, job.id, last);
        for (const row of rows) {
          write(sseEvent('log', presentFlashLogEntry(row), row.id));
          last = row.id;
          if (row.kind === 'stage' && FINAL.has(row.text)) {
            write(sseEvent('end', { state: row.text }));
            return end();
          }
        }
      },
    },
    onError,
  );
}
