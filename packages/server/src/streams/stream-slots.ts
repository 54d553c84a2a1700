// At most a number of streams (flash progress, experiments) open at once per user, counted over every instance:
// an open stream holds a row (a slot) whose lease its instance renews while the stream is open, and deletes when
// it ends. A stream costs a connection and a reader on its instance for as long as it is open, so one user's
// tabs or scripts must not be able to hold them by the thousand.
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sql } from 'kysely';
import type { Db, Queryable } from '../db/database.js';

/** How long a slot outlives its last renewal: the slot of a stream whose instance died is free after this. */
export const STREAM_SLOT_LEASE_SECONDS = 60;
const RENEW_MS = 20_000;
/** Advisory lock space of the stream counts: one lock per user (its id as the second key). */
const STREAM_SLOT_LOCK = 0x5354524d;

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

/**
 * Takes one of a user's `max` stream slots for `leaseSeconds`, or answers false when all are held. The count and
 * the insert hold the user's advisory lock, so two instances cannot both take the last slot; slots whose lease
 * ran out (their instance died) are deleted first.
 */
async function takeStreamSlot(db: Db, slot: { id: string; userId: number; max: number; leaseSeconds: number }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${STREAM_SLOT_LOCK}, ${slot.userId})`.execute(trx);
    await sql`DELETE FROM flash_progress_streams WHERE user_id = ${slot.userId} AND expires_at <= now()`.execute(trx);
    const { rows } = await sql<{ open: number }>`
      SELECT count(*)::int AS open FROM flash_progress_streams WHERE user_id = ${slot.userId}`.execute(trx);
    if ((rows[0]?.open ?? 0) >= slot.max) return false;
    await sql`
      INSERT INTO flash_progress_streams (id, user_id, expires_at)
      VALUES (${slot.id}, ${slot.userId}, now() + make_interval(secs => ${slot.leaseSeconds}))`.execute(trx);
    return true;
  });
}

async function renewStreamSlot(db: Queryable, id: string, leaseSeconds: number): Promise<void> {
  await sql`UPDATE flash_progress_streams SET expires_at = now() + make_interval(secs => ${leaseSeconds}) WHERE id = ${id}`.execute(db);
}

async function releaseStreamSlot(db: Queryable, id: string): Promise<void> {
  await sql`DELETE FROM flash_progress_streams WHERE id = ${id}`.execute(db);
}
