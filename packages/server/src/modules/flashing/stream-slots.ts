// At most a number of progress streams open at once per user, counted over every instance: an open stream
// holds a row (a slot) whose lease its instance renews while the stream is open, and deletes when it ends. A
// stream costs a connection and a reader on its instance for as long as its job runs, so one user's tabs or
// scripts must not be able to hold them by the thousand.
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Db } from '../../db/database.js';
import { releaseStreamSlot, renewStreamSlot, takeStreamSlot } from './repo.js';

/** How long a slot outlives its last renewal: the slot of a stream whose instance died is free after this. */
export const STREAM_SLOT_LEASE_SECONDS = 60;
const RENEW_MS = 20_000;

export class StreamSlots {
  constructor(
    private readonly db: Db,
    readonly perUser: number,
  ) {}

  /**
   * Takes a slot for a new stream of the user; answers the function that keeps it for the life of the
   * response, or null when the user's streams are all open already.
   */
  async take(userId: number): Promise<((out: ServerResponse, onError: (error: unknown) => void) => void) | null> {
    const id = randomUUID();
    const taken = await takeStreamSlot(this.db, { id, userId, max: this.perUser, leaseSeconds: STREAM_SLOT_LEASE_SECONDS });
    if (!taken) return null;
    return (out, onError) => {
      const release = () => releaseStreamSlot(this.db, id).catch(onError);
      // A client gone before its stream started: there will be no 'close' to wait for.
      if (out.closed) {
        void release();
        return;
      }
      const renew = setInterval(() => renewStreamSlot(this.db, id, STREAM_SLOT_LEASE_SECONDS).catch(onError), RENEW_MS);
      renew.unref();
      out.once('close', () => {
        clearInterval(renew);
        void release();
      });
    };
  }
}
