// The reservation lists and the booking timeline are the heaviest reads: even with each reservation's JSON kept
// in its row (migration 20261130000000), finding a page of 100 and joining their texts takes the database many
// times what a primary-key lookup takes, below the read budget (`npm run bench` shows each of them with and
// without this cache). So each instance keeps what it read: the replies of the history pages and the timeline
// by call, in a bounded LRU (lru-cache, db/notified-replies.ts), and every reservation that has not ended with
// the people it holds and its JSON, from which a user's current list, their own or the others', is cut on
// every call with no statement (a few thousand reservations of half a kilobyte each), leaving out those that
// have ended since. It forgets all of it:
// - when the database announces a change of what they show (`NOTIFY reservations_changed`, raised by
//   triggers as the changing transaction commits, whichever instance or script made the change);
// - when this instance books, deletes, releases or moves the end of a reservation (the service calls
//   `forget` before it answers), so that its caller's next read never meets the state from before;
// - and an entry after a minute, whatever was announced.
// It keeps nothing while it is not listening, since a change could then pass unheard.
import { NOTIFIED_MAX_AGE_MS, NotifiedReplies } from '../../db/notified-replies.js';
import type { CurrentEntry } from './repo.js';

export const RESERVATIONS_CHANNEL = 'reservations_changed';
/** The replies kept, by their total size in bytes (about 1,000 lists of 100 reservations). */
const REPLY_BYTES = 64 * 1024 * 1024;

export class ReservationReplyCache extends NotifiedReplies {
  /** Every reservation that had not ended when read (the caller leaves out those that ended since). */
  private current?: { entries: readonly CurrentEntry[]; readAt: number };
  /** The read of `current` under way, shared by concurrent callers, and the generation it started in. */
  private currentLoading?: { promise: Promise<readonly CurrentEntry[]>; generation: number };

  constructor() {
    super(RESERVATIONS_CHANNEL, REPLY_BYTES);
  }

  /** Every reservation that had not ended when read, soonest start first: from memory, or `read` once for all. */
  async currentReservations(read: () => Promise<CurrentEntry[]>): Promise<readonly CurrentEntry[]> {
    const kept = this.current;
    if (kept && this.isListening && Date.now() - kept.readAt < NOTIFIED_MAX_AGE_MS) return kept.entries;
    const generation = this.generation;
    if (this.currentLoading?.generation !== generation) {
      const readAt = Date.now();
      const promise = read().then((entries) => {
        if (this.mayKeep(generation)) this.current = { entries, readAt };
        return entries;
      });
      this.currentLoading = { promise, generation };
      const done = () => {
        if (this.currentLoading?.promise === promise) this.currentLoading = undefined;
      };
      promise.then(done, done);
    }
    return this.currentLoading!.promise;
  }

  override forget(): void {
    super.forget();
    this.current = undefined;
  }
}
