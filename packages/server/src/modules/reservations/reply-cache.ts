// The reservation lists, the booking timeline and the free-slot search's busy times are the heaviest reads:
// even with each reservation's JSON kept in its row (migration 20261130000000), finding a page of 100 and
// joining their texts takes the database many times what a primary-key lookup takes, below the read budget
// (`npm run bench` shows each of them with and without this cache). So each instance keeps what it read, in
// bounded LRUs (lru-cache): the replies by call, every reservation that has not ended with the people it holds
// (a user's current list, their own or the others', missing from the replies is cut from it; its JSON is then
// one query by primary key), and the busy times by device type and UTC day; it forgets all of it:
// - when the database announces a change of what they show (`NOTIFY reservations_changed`, raised by
//   triggers as the changing transaction commits, whichever instance or script made the change);
// - when this instance books, deletes, releases or moves the end of a reservation (the service calls
//   `forget` before it answers), so that its caller's next read never meets the state from before;
// - and an entry after a minute, whatever was announced;
// a current list's reply is kept only until the first reservation up to the end of its page ends (time alone
// then moves the page), and the lists are cut leaving out those that have ended. It keeps nothing while it is
// not listening, since a change could then pass unheard.
import { LRUCache } from 'lru-cache';
import { NOTIFIED_MAX_AGE_MS, NotifiedReplies } from '../../db/notified-replies.js';
import type { BusyTime } from './free-windows.js';
import type { CurrentEntry } from './repo.js';

export const RESERVATIONS_CHANNEL = 'reservations_changed';
/** The replies kept, by their total size in bytes (about 1,000 lists of 100 reservations). */
const REPLY_BYTES = 64 * 1024 * 1024;
/** The busy times kept by all the days together (one counts once per day it holds). */
const BUSY_TIMES = 100_000;
const DAY_MS = 86_400_000;
/** A range over more UTC days than this is read from the database, not kept. */
const BUSY_DAYS_MAX = 62;

export class ReservationReplyCache extends NotifiedReplies {
  /** The busy times of a device type's devices by UTC day (`day:type`): those overlapping the day. */
  private readonly busyDays = new LRUCache<string, readonly BusyTime[]>({ maxSize: BUSY_TIMES, sizeCalculation: (day) => day.length || 1, ttl: NOTIFIED_MAX_AGE_MS });

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
    this.busyDays.clear();
  }

  /**
   * The busy times of the type's devices overlapping [from, until) (epoch ms), with others of the same UTC
   * days: the days in memory, the others read by `read` in one call over the stretch from the first to the
   * last of them. A range over more than BUSY_DAYS_MAX days is read whole and not kept.
   */
  async busyTimes(deviceType: string, range: { from: number; until: number }, read: (stretch: { from: Date; until: Date }) => Promise<BusyTime[]>): Promise<BusyTime[]> {
    const first = Math.floor(range.from / DAY_MS);
    const last = Math.ceil(range.until / DAY_MS) - 1;
    if (!(range.from < range.until) || last - first + 1 > BUSY_DAYS_MAX || !this.isListening) {
      return read({ from: new Date(range.from), until: new Date(range.until) });
    }
    const days = new Map<number, readonly BusyTime[]>();
    const missing: number[] = [];
    for (let day = first; day <= last; day += 1) {
      const kept = this.busyDays.get(`${day}:${deviceType}`);
      if (kept) days.set(day, kept);
      else missing.push(day);
    }
    if (missing.length > 0) {
      const generation = this.generation;
      const from = missing[0]!;
      const to = missing.at(-1)!;
      const byDay = new Map<number, BusyTime[]>(missing.map((day) => [day, []]));
      for (const busy of await read({ from: new Date(from * DAY_MS), until: new Date((to + 1) * DAY_MS) })) {
        const until = Math.min(to, Math.ceil(busy.end / DAY_MS) - 1);
        for (let day = Math.max(from, Math.floor(busy.start / DAY_MS)); day <= until; day += 1) byDay.get(day)?.push(busy);
      }
      const keep = this.mayKeep(generation);
      for (const [day, busy] of byDay) {
        days.set(day, busy);
        if (keep) this.busyDays.set(`${day}:${deviceType}`, busy);
      }
    }
    const busy: BusyTime[] = [];
    for (let day = first; day <= last; day += 1) for (const time of days.get(day)!) busy.push(time);
    return busy;
  }
}
