// Streamed flash progress (Server-Sent Events). The log rows of a job are written by triggers whichever
// instance drives the job, and each insert NOTIFYs `flash_job_log` with the job's id. Every instance
// LISTENs once (FlashEventHub); each open stream of that job then reads its rows after the last one it
// sent, so a stream on one instance follows a job run by another. While the instance is not listening
// (its listening connection dropped), the open streams read every two seconds instead.
import type { ServerResponse } from 'node:http';
import type { FlashJob } from '@testbed/contract';
import type { Db, Subscribe } from '../../db/database.js';
import { presentFlashLogEntry, readFlashLog } from './repo.js';

export const FLASH_LOG_CHANNEL = 'flash_job_log';
/** Announces each cancelled job (its id), so that the instance running its flash stops it. */
export const FLASH_CANCELLED_CHANNEL = 'flash_job_cancelled';
const FALLBACK_READ_MS = 2_000;
const KEEPALIVE_MS = 15_000;

export class FlashEventHub {
  private readonly watchers = new Map<number, Set<() => void>>();
  /** How to end each open stream, for a shutdown. */
  private readonly streams = new Set<() => void>();
  private listening = false;
  private unsubscribe?: () => Promise<void>;
  private unsubscribeCancelled?: () => Promise<void>;
  private readonly cancelledListeners = new Set<(jobId: number) => void>();

  /** Calls `listener` with the id of each job cancelled, whichever instance cancelled it. */
  onCancelled(listener: (jobId: number) => void): void {
    this.cancelledListeners.add(listener);
  }

  async listen(subscribe: Subscribe): Promise<void> {
    // A missed announcement is made up for by the runner's next pass (see FlashJobRunner.stopCancelled).
    this.unsubscribeCancelled = await subscribe(
      FLASH_CANCELLED_CHANNEL,
      (payload) => {
        for (const listener of this.cancelledListeners) listener(Number(payload));
      },
      () => undefined,
    );
    this.unsubscribe = await subscribe(
      FLASH_LOG_CHANNEL,
      (payload) => this.announce(Number(payload)),
      (listening) => {
        this.listening = listening;
        // Back after a drop: whatever was announced meanwhile is read now.
        if (listening) for (const id of this.watchers.keys()) this.announce(id);
      },
    );
  }

  get isListening(): boolean {
    return this.listening;
  }

  /** Open streams, for the metrics. */
  get openStreams(): number {
    let count = 0;
    for (const set of this.watchers.values()) count += set.size;
    return count;
  }

  watch(jobId: number, onChange: () => void): () => void {
    let set = this.watchers.get(jobId);
    if (!set) this.watchers.set(jobId, (set = new Set()));
    set.add(onChange);
    return () => {
      set.delete(onChange);
      if (set.size === 0) this.watchers.delete(jobId);
    };
  }

  /** Keeps a stream's end, so that a shutdown can end it; answers the function that forgets it. */
  track(end: () => void): () => void {
    this.streams.add(end);
    return () => this.streams.delete(end);
  }

  /**
   * Ends every open stream: a closing instance must not wait for jobs that may run for minutes. The
   * browsers open a new stream (on another instance) or poll meanwhile.
   */
  endStreams(): void {
    for (const end of [...this.streams]) end();
  }

  async close(): Promise<void> {
    this.listening = false;
    this.endStreams();
    await this.unsubscribe?.();
    await this.unsubscribeCancelled?.();
  }

  private announce(jobId: number): void {
    for (const onChange of this.watchers.get(jobId) ?? []) onChange();
  }
}

const FINAL = new Set(['done', 'failed', 'cancelled']);

function event(name: string, data: unknown, id?: string): string {
  return `${id ? `id: ${id}\n` : ''}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

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
  let reading: Promise<void> | undefined;
  let again = false;
  let closed = false;

  const close = () => {
    if (closed) return;
    closed = true;
    untrack();
    unwatch();
    clearInterval(fallback);
    clearInterval(keepalive);
    out.end();
  };
  const read = (): void => {
    if (closed) return;
    if (reading) {
      again = true;
      return;
    }
    reading = (async () => {
      do {
        again = false;
        const rows = await readFlashLog(db, job.id, last);
        for (const row of rows) {
          if (closed) return;
          out.write(event('log', presentFlashLogEntry(row), row.id));
          last = row.id;
          if (row.kind === 'stage' && FINAL.has(row.text)) {
            out.write(event('end', { state: row.text }));
            close();
            return;
          }
        }
      } while (again && !closed);
    })()
      .catch((error: unknown) => {
        onError(error);
        close();
      })
      .finally(() => (reading = undefined));
  };

  const unwatch = hub.watch(job.id, read);
  const untrack = hub.track(close);
  const fallback = setInterval(() => {
    if (!hub.isListening) read();
  }, FALLBACK_READ_MS);
  const keepalive = setInterval(() => out.write(': keepalive\n\n'), KEEPALIVE_MS);
  fallback.unref();
  keepalive.unref();
  out.on('close', close);
  // EventSource retries a lost stream after this long; our tickets are single use, so the client
  // takes over (a new ticket, or the 10 s poll) rather than relying on it.
  out.write(`retry: 10000\n\n`);
  out.write(event('job', job.view));
  read();
}
