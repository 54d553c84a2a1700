// The reservation lists and the booking timeline are the heaviest reads: even with each reservation's JSON kept
// in its row (migration 20261130000000), finding a page of 100 or a week of a type and joining their texts takes
// the database many times what a primary-key lookup takes, below the read budget (`npm run bench` shows each
// of them with and without this cache, repeated and cold). So each instance keeps what it read, in bounded
// LRUs (lru-cache, db/notified-replies.ts):
// - the replies of the history pages, by call;
// - the reservations of each UTC day of a device type's timeline, with their periods, from which any window
//   of those days is joined on every call: a week shifted by an hour, or the next week, needs at most the one
//   day it adds, read in one statement;
// - every reservation that has not ended, with the people it holds and its JSON, and the same by person, from
//   which a user's current list, their own or the others', is cut on every call with no statement (a few
//   thousand reservations of half a kilobyte each), leaving out those that have ended since.
// It forgets all of it:
// - when the database announces a change of what they show (`NOTIFY reservations_changed`, raised by
//   triggers as the changing transaction commits, whichever instance or script made the change);
// - when this instance books, deletes, releases or moves the end of a reservation (the service calls
//   `forget` before it answers), so that its caller's next read never meets the state from before;
// - and an entry after a minute, whatever was announced.
// It keeps nothing while it is not listening, since a change could then pass unheard.
import { LRUCache } from 'lru-cache';
import { NOTIFIED_MAX_AGE_MS, NotifiedReplies } from '../../db/notified-replies.js';
import type { CurrentEntry, WindowEntry } from './repo.js';

export const RESERVATIONS_CHANNEL = 'reservations_changed';
/** The replies kept, by their total size in bytes (about 1,000 lists of 100 reservations). */
const REPLY_BYTES = 64 * 1024 * 1024;
/** The timeline's days kept, by the size of their texts (about 600 days of a type of 100 busy devices). */
const TIMELINE_DAY_BYTES = 32 * 1024 * 1024;
const DAY_MS = 86_400_000;

/**
 * The reservations that have not ended, in the lists' order: all of them (another user's list walks them to the
 * end of its page), and each person's own (a user's own list walks only theirs, however many others there are).
 */
export interface CurrentReservations {
  all: readonly CurrentEntry[];
  byPerson: ReadonlyMap<number, readonly CurrentEntry[]>;
}

function byPerson(entries: readonly CurrentEntry[]): Map<number, CurrentEntry[]> {
  const index = new Map<number, CurrentEntry[]>();
  for (const entry of entries) {
    for (const person of new Set(entry.people)) {
      const own = index.get(person);
      if (own) own.push(entry);
      else index.set(person, [entry]);
    }
  }
  return index;
}

/** A window of a device type's timeline, and how many of its reservations the reply shows at most. */
export interface TimelineWindow {
  deviceType: string;
  from: Date;
  to: Date;
  limit: number;
}

export class ReservationReplyCache extends NotifiedReplies {
  /** Every reservation that had not ended when read (the caller leaves out those that ended since). */
  private current?: { reservations: CurrentReservations; readAt: number };
  /** The read of `current` under way, shared by concurrent callers, and the generation it started in. */
  private currentLoading?: { promise: Promise<CurrentReservations>; generation: number };

  /**
   * The reservations overlapping each UTC day of a type (by "type:day's epoch ms"), soonest start first; a day
   * is kept only when the read that found it held no more than the limit, so a kept day is whole.
   */
  private readonly timelineDays = new LRUCache<string, readonly WindowEntry[]>({
    maxSize: TIMELINE_DAY_BYTES,
    sizeCalculation: (entries) => entries.reduce((bytes, entry) => bytes + entry.text.length + 64, 64),
    ttl: NOTIFIED_MAX_AGE_MS,
  });

  constructor() {
    super(RESERVATIONS_CHANNEL, REPLY_BYTES);
  }

  /**
   * The reservations that overlap the window, soonest start first (then id), as the database orders them: more
   * than `limit` when the window holds more. Joined from the UTC days the window covers, each kept or read; the
   * days not kept are read by `read`, one statement per run of consecutive days, asked for `limit + 1`. A run
   * holding more than that is not kept, and the window is then read by `read` as it is.
   */
  async timelineWindow(window: TimelineWindow, read: (span: { from: Date; to: Date; limit: number }) => Promise<WindowEntry[]>): Promise<readonly WindowEntry[]> {
    const from = window.from.getTime();
    const to = window.to.getTime();
    const firstDay = Math.floor(from / DAY_MS) * DAY_MS;
    const days: number[] = [];
    for (let day = firstDay; day < to; day += DAY_MS) days.push(day);
    const key = (day: number) => `${window.deviceType}:${day}`;
    const listening = this.isListening;
    const found = days.map((day) => (listening ? this.timelineDays.get(key(day)) : undefined));
    const runs: Array<{ first: number; end: number }> = [];
    found.forEach((entries, n) => {
      if (entries) return;
      const last = runs.at(-1);
      if (last && last.end === n) last.end = n + 1;
      else runs.push({ first: n, end: n + 1 });
    });
    const generation = this.generation;
    const reads = await Promise.all(
      runs.map((run) => read({ from: new Date(days[run.first]!), to: new Date(days[run.end - 1]! + DAY_MS), limit: window.limit + 1 })),
    );
    if (reads.some((entries) => entries.length > window.limit)) return read({ from: window.from, to: window.to, limit: window.limit + 1 });
    runs.forEach((run, n) => {
      for (let index = run.first; index < run.end; index += 1) {
        const day = days[index]!;
        const entries = reads[n]!.filter((entry) => entry.starts < day + DAY_MS && entry.ends > day);
        found[index] = entries;
        if (this.mayKeep(generation)) this.timelineDays.set(key(day), entries);
      }
    });
    // A reservation over several days is in each of them: it is taken once.
    const seen = new Set<number>();
    const inWindow: WindowEntry[] = [];
    for (const entries of found) {
      for (const entry of entries!) {
        if (entry.starts < to && entry.ends > from && !seen.has(entry.id)) {
          seen.add(entry.id);
          inWindow.push(entry);
        }
      }
    }
    return inWindow.sort((a, b) => a.starts - b.starts || a.id - b.id);
  }

  /**
   * Every reservation that had not ended when read, soonest start first, and the same by each person it holds:
   * from memory, or `read` once for all.
   */
  async currentReservations(read: () => Promise<CurrentEntry[]>): Promise<CurrentReservations> {
    const kept = this.current;
    if (kept && this.isListening && Date.now() - kept.readAt < NOTIFIED_MAX_AGE_MS) return kept.reservations;
    const generation = this.generation;
    if (this.currentLoading?.generation !== generation) {
      const readAt = Date.now();
      const promise = read().then((entries) => {
        const reservations = { all: entries, byPerson: byPerson(entries) };
        if (this.mayKeep(generation)) this.current = { reservations, readAt };
        return reservations;
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
    this.timelineDays.clear();
    this.current = undefined;
  }
}
