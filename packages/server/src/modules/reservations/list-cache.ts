// The reservation lists and the booking timeline are read far more often than bookings change them, and
// building their JSON is the costly part of a read. Each instance keeps the JSON it answered, keyed by the
// call, and forgets it:
// - all of it when the database announces a change of what the lists show (`NOTIFY reservations_changed`,
//   raised by triggers on reservations, their people and devices, the inventory and people's names), from
//   whichever instance or script the change came;
// - all of it after any unsafe call this instance answers, before the reply leaves (see app.ts), so that a
//   person who books and then reads never meets the list from before;
// - one entry when its time is up: a list of current reservations changes when its first reservation ends;
// - and it keeps nothing while it is not listening.
import type { Subscribe } from '../../db/database.js';

export const RESERVATIONS_CHANNEL = 'reservations_changed';
/** A backstop: an entry is read again after this long whatever was announced. */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 5_000;

interface Entry {
  json: string;
  /** performance.now() after which the entry is stale. */
  until: number;
}

export class ReservationListCache {
  /** Answers from memory and reads from the database, for the metrics. */
  readonly stats = { hits: 0, misses: 0 };
  private readonly entries = new Map<string, Entry>();
  private listening = false;
  /** Raised by every invalidation: a read that started before one must not fill the cache after it. */
  private epoch = 0;
  private unsubscribe: (() => Promise<void>) | undefined;

  async listen(subscribe: Subscribe): Promise<void> {
    this.unsubscribe = await subscribe(
      RESERVATIONS_CHANNEL,
      () => this.forgetAll(),
      (listening) => {
        this.listening = listening;
        this.forgetAll();
      },
    );
  }

  async close(): Promise<void> {
    this.listening = false;
    this.forgetAll();
    await this.unsubscribe?.();
  }

  /**
   * The JSON for `key`, from memory or from `read`. `expiresAt` tells from the JSON when (epoch ms) it
   * stops being true by the mere passing of time.
   */
  async get(key: string, read: () => Promise<string>, expiresAt: (json: string) => number = () => Infinity): Promise<string> {
    const now = performance.now();
    const cached = this.entries.get(key);
    if (cached && this.listening && now < cached.until) {
      this.stats.hits++;
      return cached.json;
    }
    this.stats.misses++;
    const epoch = this.epoch;
    const json = await read();
    if (this.listening && epoch === this.epoch) {
      const timeLeft = Math.min(MAX_AGE_MS, expiresAt(json) - Date.now());
      if (timeLeft > 0) {
        if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
        this.entries.set(key, { json, until: performance.now() + timeLeft });
      }
    }
    return json;
  }

  forgetAll(): void {
    this.epoch++;
    this.entries.clear();
  }
}

/** When a list of current reservations changes by itself: as the first of them ends. */
export function firstEnd(json: string): number {
  let first = Infinity;
  for (const reservation of JSON.parse(json) as { endDate: string }[]) first = Math.min(first, Date.parse(reservation.endDate));
  return first;
}
