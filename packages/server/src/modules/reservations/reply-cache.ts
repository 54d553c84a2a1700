// The reservation lists, the booking timeline and the free-slot search's busy times are the heaviest reads:
// the database builds a page of 100 reservations in tens of times what a primary-key lookup takes, far below
// the read budget (`npm run bench` shows each of them with and without this cache). So each instance keeps
// what it read, in bounded LRUs (lru-cache), and forgets all of it:
// - when the database announces a change of what they show (`NOTIFY reservations_changed`, raised by
//   triggers as the changing transaction commits, whichever instance or script made the change);
// - when this instance books, deletes, releases or moves the end of a reservation (the service calls
//   `forget` before it answers), so that its caller's next read never meets the state from before;
// - one entry when its time is up (a list of current reservations changes as its first reservation ends,
//   and every entry is read again after a minute whatever was announced);
// and it keeps nothing while it is not listening, since a change could then pass unheard.
import { LRUCache } from 'lru-cache';
import type { Subscribe } from '../../db/database.js';
import type { BusyTime } from './free-windows.js';

export const RESERVATIONS_CHANNEL = 'reservations_changed';
/** A backstop: an entry is read again after this long whatever was announced. */
const MAX_AGE_MS = 60_000;
/** The replies kept, by their total size in bytes (about 1,000 lists of 100 reservations). */
const REPLY_BYTES = 64 * 1024 * 1024;
/** The busy times kept by all the days together (one counts once per day it holds). */
const BUSY_TIMES = 100_000;
const DAY_MS = 86_400_000;
/** A range over more UTC days than this is read from the database, not kept. */
const BUSY_DAYS_MAX = 62;

export class ReservationReplyCache {
  /** Replies by call, as the bytes sent: a hit is written as it is, not measured and encoded again. */
  private readonly replies = new LRUCache<string, Buffer>({ maxSize: REPLY_BYTES, sizeCalculation: (bytes) => bytes.length || 1, ttl: MAX_AGE_MS });
  /** The busy times of a device type's devices by UTC day (`day:type`): those overlapping the day. */
  private readonly busyDays = new LRUCache<string, readonly BusyTime[]>({ maxSize: BUSY_TIMES, sizeCalculation: (day) => day.length || 1, ttl: MAX_AGE_MS });
  private listening = false;
  /** Raised by every forgetting: a read that started before one must not keep its result after it. */
  private generation = 0;
  private unsubscribe: (() => Promise<void>) | undefined;
  /** Answers from memory and reads from the database, for the bench. */
  readonly stats = { hits: 0, misses: 0 };

  /** Starts keeping, as long as the database's announcements are heard. */
  async listen(subscribe: Subscribe): Promise<void> {
    this.unsubscribe = await subscribe(
      RESERVATIONS_CHANNEL,
      () => this.forget(),
      (listening) => {
        this.listening = listening;
        // Dropped or back, what was kept may have changed while nothing was heard.
        this.forget();
      },
    );
  }

  get isListening(): boolean {
    return this.listening;
  }

  async close(): Promise<void> {
    this.listening = false;
    this.forget();
    await this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  forget(): void {
    this.generation += 1;
    this.replies.clear();
    this.busyDays.clear();
  }

  /**
   * The reply for `key`, from memory or from `read`, as bytes. `expiresAt` tells from the JSON read when (epoch
   * ms) it stops being true by the mere passing of time.
   */
  async reply(key: string, read: () => Promise<string>, expiresAt: (json: string) => number = () => Infinity): Promise<Buffer> {
    const kept = this.listening ? this.replies.get(key) : undefined;
    if (kept) {
      this.stats.hits += 1;
      return kept;
    }
    this.stats.misses += 1;
    const generation = this.generation;
    const json = await read();
    const bytes = Buffer.from(json);
    const ttl = Math.min(MAX_AGE_MS, expiresAt(json) - Date.now());
    if (this.listening && generation === this.generation && ttl > 0) this.replies.set(key, bytes, { ttl });
    return bytes;
  }

  /**
   * The busy times of the type's devices overlapping [from, until) (epoch ms), with others of the same UTC
   * days: the days in memory, the others read by `read` in one call over the stretch from the first to the
   * last of them. A range over more than BUSY_DAYS_MAX days is read whole and not kept.
   */
  async busyTimes(deviceType: string, range: { from: number; until: number }, read: (stretch: { from: Date; until: Date }) => Promise<BusyTime[]>): Promise<BusyTime[]> {
    const first = Math.floor(range.from / DAY_MS);
    const last = Math.ceil(range.until / DAY_MS) - 1;
    if (!(range.from < range.until) || last - first + 1 > BUSY_DAYS_MAX || !this.listening) {
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
      this.stats.misses += 1;
      const generation = this.generation;
      const from = missing[0]!;
      const to = missing.at(-1)!;
      const byDay = new Map<number, BusyTime[]>(missing.map((day) => [day, []]));
      for (const busy of await read({ from: new Date(from * DAY_MS), until: new Date((to + 1) * DAY_MS) })) {
        const until = Math.min(to, Math.ceil(busy.end / DAY_MS) - 1);
        for (let day = Math.max(from, Math.floor(busy.start / DAY_MS)); day <= until; day += 1) byDay.get(day)?.push(busy);
      }
      const keep = this.listening && generation === this.generation;
      for (const [day, busy] of byDay) {
        days.set(day, busy);
        if (keep) this.busyDays.set(`${day}:${deviceType}`, busy);
      }
    } else {
      this.stats.hits += 1;
    }
    const busy: BusyTime[] = [];
    for (let day = first; day <= last; day += 1) for (const time of days.get(day)!) busy.push(time);
    return busy;
  }
}
