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
// Every user's lists of current reservations (their own, the others') are cut from one entry, all the
// reservations that have not ended, indexed by the people they hold, so that a user never seen before is
// answered from memory too; a reservation that ends is left out when a list is cut, and concurrent readers
// share one load of it.
// The timeline is kept by device type and UTC day: each day holds every reservation of the type's devices
// overlapping it, as the JSON text the reply holds for it, with its start, id and devices' times. A window
// never asked before is cut from the days it touches (each reservation once, those overlapping the half-open
// window, by start then id, up to the limit, `complete` as reservation_window_json tells it), and the days
// missing from memory are read in one query; the same bytes as the database's reply, which a window over too
// many days, or touching a day of too many reservations, still gets. Each reservation is kept as the bytes
// of its JSON, so that a reply is one copy of the pieces it lists rather than text joined and encoded again.
// The days are forgotten with everything else; replies by exact window are kept in front of them from the
// second time a window is asked (one asked once is not worth its memory).
// The free-slot search's busy times (bookings and maintenance of a type's devices) are kept by device type and
// UTC day the same way: a search reads the day it starts in and the next, which many searches share.
import { NotifiedCache } from '../../db/notified-cache.js';
import type { BusyTime } from './free-windows.js';
import type { TimelineRow } from './repo.js';

export const RESERVATIONS_CHANNEL = 'reservations_changed';
/** A backstop: an entry is read again after this long whatever was announced. */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 5_000;
const DAY_MS = 86_400_000;
const DAY_US = DAY_MS * 1000;
/** A day of a type with more reservations than this is not kept: its windows are read whole from the database. */
export const TIMELINE_DAY_MAX = 5_000;
/** A window over more UTC days than this is read whole from the database. */
export const TIMELINE_DAYS_MAX = 62;
/** Timeline windows kept whole (the repeated reads of one window), apart from the lists so as not to crowd them. */
const TIMELINE_WINDOWS_MAX = 2_000;
/** Windows remembered as asked once; past this many the oldest is forgotten, as in the maps. */
const TIMELINE_ASKED_MAX = 20_000;
/**
 * Days kept, and reservations held by all of them together (one reservation counts once per day it holds). The
 * windows people look at share a few days per type, so the oldest days go first: 50,000 reservations (about
 * 20 MB of JSON per instance) answer the bench's walk through the years as fast as ten times as many did.
 */
const TIMELINE_DAYS_KEPT = 5_000;
const TIMELINE_DAY_ROWS_KEPT = 50_000;
/** Busy times kept by all the days together (one counts once per day it holds), and days kept. */
const BUSY_TIMES_KEPT = 100_000;
const BUSY_DAYS_KEPT = 5_000;
/** A day whose reservations are too many to keep. */
const TOO_MANY = 'too many';
/** A reservation of a timeline day: as the database read it, its JSON kept as the bytes a reply copies. */
interface TimelineEntry extends Omit<TimelineRow, 'json'> {
  bytes: Buffer;
}
type TimelineDay = readonly TimelineEntry[] | typeof TOO_MANY;

/** A timeline window as the reply answers it: the reservations of a device type's devices within [from, to). */
export interface TimelineWindow {
  deviceType: string;
  from: Date;
  to: Date;
  limit: number;
}

/** Where the timeline's reservations come from. */
export interface TimelineSources {
  /** The reply for the window, built whole by the database (reservation_window_json). */
  window: () => Promise<string>;
  /**
   * The reservations within [from, to), at most `limit` of them (reservationTimelineRows); those of `known`
   * without their JSON, which the caller has.
   */
  rows: (range: { from: Date; to: Date; limit: number; known: number[] }) => Promise<Array<TimelineRow | (Omit<TimelineRow, 'json'> & { json: null })>>;
}

/** A reservation that has not ended: its JSON in the lists' shape and the people it holds (holder, colleagues). */
export interface ListedReservation {
  json: string;
  peopleIds: readonly number[];
  endsAt: number;
}

/** Every reservation that had not ended when read, soonest start first, and the same by person held. */
export interface CurrentReservations {
  all: readonly ListedReservation[];
  byPerson: ReadonlyMap<number, readonly ListedReservation[]>;
}

export class ReservationListCache extends NotifiedCache {
  /**
   * The JSON by call, kept as the bytes of the reply: a hit is then written as it is, where a string would be
   * measured and encoded again on every reply (a third of the time of a large list's hit).
   */
  private readonly lists = this.createMap<string, Buffer>({ maxAgeMs: MAX_AGE_MS, maxEntries: MAX_ENTRIES });
  private readonly current = this.createMap<'current', CurrentReservations>({ maxAgeMs: MAX_AGE_MS });
  /** The timeline's replies by exact window, as bytes. */
  private readonly timelineWindows = this.createMap<string, Buffer>({ maxAgeMs: MAX_AGE_MS, maxEntries: TIMELINE_WINDOWS_MAX });
  /** The windows asked lately (keys only), so that a reply is kept when its window is asked again. */
  private readonly timelineAsked = new Set<string>();
  /** The timeline's reservations by device type and UTC day: each of them that holds a device of the type that day. */
  private readonly timelineDays = this.createMap<string, TimelineDay>({
    maxAgeMs: MAX_AGE_MS,
    maxEntries: TIMELINE_DAYS_KEPT,
    maxWeight: TIMELINE_DAY_ROWS_KEPT,
    weigh: (day) => (day === TOO_MANY ? 1 : day.length),
  });
  /** The free-slot search's busy times by device type and UTC day: those of the type's devices overlapping the day. */
  private readonly busyDays = this.createMap<string, readonly BusyTime[]>({
    maxAgeMs: MAX_AGE_MS,
    maxEntries: BUSY_DAYS_KEPT,
    maxWeight: BUSY_TIMES_KEPT,
    weigh: (day) => day.length,
  });
  /** Timeline days answered from memory and reads of missing days from the database, for the metrics. */
  readonly timelineStats = this.timelineDays.stats;
  private currentLoading?: Promise<CurrentReservations>;
  /** Answers from memory and reads from the database, for the metrics. */
  readonly stats = this.lists.stats;

  constructor() {
    super(RESERVATIONS_CHANNEL);
  }

  /**
   * The JSON for `key`, from memory or from `read`, as the reply's bytes. `expiresAt` tells, once `read` has
   * run, when (epoch ms) its JSON stops being true by the mere passing of time.
   */
  get(key: string, read: () => Promise<string>, expiresAt: () => number = () => Infinity): Promise<Buffer> {
    return this.lists.get(key, async () => Buffer.from(await read()), () => expiresAt() - Date.now());
  }

  /**
   * The timeline reply for `window`, the same bytes as `sources.window` answers: from memory by window, else
   * cut from the days the window touches, reading the days missing from memory in one query; a window over
   * too many days, or touching a day of too many reservations, is read whole.
   */
  timeline(window: TimelineWindow, sources: TimelineSources): Promise<Buffer> {
    const key = `${window.limit}:${window.from.getTime()}:${window.to.getTime()}:${window.deviceType}`;
    // A window's reply is kept from its second ask on: replies asked once (someone paging through weeks) would
    // only churn memory, and a reply of many reservations is costly to keep.
    const askedBefore = this.timelineAsked.has(key);
    if (!askedBefore) {
      // A Set walks its keys in the order they were added: the first is the oldest.
      if (this.timelineAsked.size >= TIMELINE_ASKED_MAX) this.timelineAsked.delete(this.timelineAsked.values().next().value!);
      this.timelineAsked.add(key);
    }
    return this.timelineWindows.get(
      key,
      async () => (await this.timelineFromDays(window, sources)) ?? Buffer.from(await sources.window()),
      () => (askedBefore ? Infinity : 0),
    );
  }

  /** The reply cut from the days of the window, or undefined when the window is to be read whole. */
  private async timelineFromDays(window: TimelineWindow, sources: TimelineSources): Promise<Buffer | undefined> {
    const from = window.from.getTime();
    const to = window.to.getTime();
    const keys = dayKeys(window.deviceType, from, to);
    if (keys === undefined) return undefined;
    const days = await this.timelineDays.getMany(keys, (missing, found) => readDays(window.deviceType, missing, found.values(), sources));
    const buckets: (readonly TimelineEntry[])[] = [];
    for (const key of keys) {
      const day = days.get(key);
      if (day === undefined || day === TOO_MANY) return undefined;
      buckets.push(day);
    }
    return timelineReply(buckets, from * 1000, to * 1000, window.limit);
  }

  /**
   * The busy times of the type's devices (all of them) that overlap [from, until) (epoch ms), and others of the
   * same UTC days: from memory by day, the days missing read by `read` in one call over the stretch from the
   * first to the last of them. Undefined for a range that dayKeys leaves to the database.
   */
  async busyTimes(
    deviceType: string,
    range: { from: number; until: number },
    read: (stretch: { from: Date; until: Date }) => Promise<BusyTime[]>,
  ): Promise<BusyTime[] | undefined> {
    const keys = dayKeys(deviceType, range.from, range.until);
    if (keys === undefined) return undefined;
    const days = await this.busyDays.getMany(keys, async (missing) => {
      const wanted = new Map<number, BusyTime[]>(missing.map((key) => [dayOf(key), []]));
      const first = Math.min(...wanted.keys());
      const last = Math.max(...wanted.keys());
      for (const busy of await read({ from: new Date(first * DAY_MS), until: new Date((last + 1) * DAY_MS) })) {
        const until = Math.min(last, Math.ceil(busy.end / DAY_MS) - 1);
        for (let day = Math.max(first, Math.floor(busy.start / DAY_MS)); day <= until; day += 1) wanted.get(day)?.push(busy);
      }
      return new Map([...wanted].map(([day, busy]) => [dayKey(deviceType, day), busy]));
    });
    const busy: BusyTime[] = [];
    for (const key of keys) {
      const day = days.get(key);
      // Its read failed for another caller: the caller reads the range itself.
      if (day === undefined) return undefined;
      for (const time of day) busy.push(time);
    }
    return busy;
  }

  /**
   * Every reservation that had not ended when it was read, soonest start first, from `read` (their JSON
   * list) or memory: the caller leaves out those that have ended since (`endsAt`).
   */
  currentReservations(read: () => Promise<string>): Promise<CurrentReservations> {
    this.currentLoading ??= this.current.get('current', async () => listed(await read())).finally(() => {
      this.currentLoading = undefined;
    });
    return this.currentLoading;
  }
}

const dayKey = (deviceType: string, day: number) => `${day}:${deviceType}`;

/**
 * The keys of the type's UTC days that [from, to) touches (epoch ms); undefined for an empty range or one over more
 * than TIMELINE_DAYS_MAX days (read whole from the database).
 */
function dayKeys(deviceType: string, from: number, to: number): string[] | undefined {
  if (!(from < to)) return undefined;
  const firstDay = Math.floor(from / DAY_MS);
  const lastDay = Math.ceil(to / DAY_MS) - 1;
  if (lastDay - firstDay + 1 > TIMELINE_DAYS_MAX) return undefined;
  const keys: string[] = [];
  for (let day = firstDay; day <= lastDay; day += 1) keys.push(dayKey(deviceType, day));
  return keys;
}
const dayOf = (key: string) => Number(key.slice(0, key.indexOf(':')));

/**
 * The days `keys` of a type from one query over the stretch from the first to the last of them, each with
 * the reservations that hold a device of the type within it ([lower, upper) pairs, as the database writes
 * every booking's time); a day with too many is marked so, and all of them when the query finds too many.
 * The JSON of the reservations of the days in memory (`near`, of the same window) is not read again: most
 * reservations of a day new to memory hold the next day too.
 */
async function readDays(
  deviceType: string,
  keys: string[],
  near: Iterable<TimelineDay>,
  sources: TimelineSources,
): Promise<Map<string, TimelineDay>> {
  const known = new Map<number, Buffer>();
  for (const day of near) if (day !== TOO_MANY) for (const row of day) known.set(row.id, row.bytes);
  const wanted = new Map<number, TimelineEntry[]>(keys.map((key) => [dayOf(key), []]));
  const first = Math.min(...wanted.keys());
  const last = Math.max(...wanted.keys());
  // Each reservation read holds at least one day of the stretch: past this many, a day has too many.
  const most = (last - first + 1) * TIMELINE_DAY_MAX;
  const range = { from: new Date(first * DAY_MS), to: new Date((last + 1) * DAY_MS), limit: most + 1, known: [...known.keys()] };
  // Each entry built with the same fields in the same order: the reply's walk over them stays on V8's fast path.
  const rows: TimelineEntry[] = (await sources.rows(range)).map((row) => ({
    id: row.id,
    start: row.start,
    spans: row.spans,
    bytes: row.json === null ? known.get(row.id)! : Buffer.from(row.json),
  }));
  const read = new Map<string, TimelineDay>();
  if (rows.length > most) {
    for (const key of keys) read.set(key, TOO_MANY);
    return read;
  }
  for (const row of rows) {
    for (let n = 0; n < row.spans.length; n += 2) {
      // Day d is [d, d + 1) days: [lower, upper) holds it when lower < its end and its start < upper.
      const since = Math.max(first, Math.floor(row.spans[n]! / DAY_US));
      const until = Math.min(last, Math.ceil(row.spans[n + 1]! / DAY_US) - 1);
      for (let day = since; day <= until; day += 1) {
        const held = wanted.get(day);
        // A reservation holding several devices is listed once a day.
        if (held && held[held.length - 1] !== row) held.push(row);
      }
    }
  }
  for (const [day, held] of wanted) read.set(dayKey(deviceType, day), held.length > TIMELINE_DAY_MAX ? TOO_MANY : held);
  return read;
}

/**
 * The timeline reply of [from, to) (microseconds) from the days that the window touches, as
 * reservation_window_json builds it: each reservation once, those with a device's time overlapping the
 * half-open window, by start then id, at most `limit` and `complete` when there were no more; the elements
 * joined as json_agg joins them.
 */
function timelineReply(days: Iterable<readonly TimelineEntry[]>, from: number, to: number, limit: number): Buffer {
  const seen = new Set<number>();
  const within: TimelineEntry[] = [];
  for (const day of days) {
    for (const row of day) {
      if (seen.has(row.id)) continue;
      for (let n = 0; n < row.spans.length; n += 2) {
        if (row.spans[n]! < to && from < row.spans[n + 1]!) {
          seen.add(row.id);
          within.push(row);
          break;
        }
      }
    }
  }
  within.sort((a, b) => a.start - b.start || a.id - b.id);
  const complete = within.length <= limit;
  const count = Math.min(within.length, limit);
  const pieces: Buffer[] = [REPLY_START];
  for (let n = 0; n < count; n += 1) {
    if (n > 0) pieces.push(ELEMENT_SEPARATOR);
    pieces.push(within[n]!.bytes);
  }
  pieces.push(complete ? REPLY_END_COMPLETE : REPLY_END_INCOMPLETE);
  return Buffer.concat(pieces);
}

const REPLY_START = Buffer.from('{"reservations":[');
const ELEMENT_SEPARATOR = Buffer.from(', ');
const REPLY_END_COMPLETE = Buffer.from('],"complete":true}');
const REPLY_END_INCOMPLETE = Buffer.from('],"complete":false}');

interface ReservationJson {
  endDate: string;
  responsibleUser: { userId: number };
  users: { userId: number }[];
}

function listed(json: string): CurrentReservations {
  const all = (JSON.parse(json) as ReservationJson[]).map((reservation) => ({
    json: JSON.stringify(reservation),
    peopleIds: [reservation.responsibleUser.userId, ...reservation.users.map((user) => user.userId)],
    endsAt: Date.parse(reservation.endDate),
  }));
  const byPerson = new Map<number, ListedReservation[]>();
  for (const reservation of all) {
    for (const personId of new Set(reservation.peopleIds)) {
      const own = byPerson.get(personId);
      if (own) own.push(reservation);
      else byPerson.set(personId, [reservation]);
    }
  }
  return { all, byPerson };
}
