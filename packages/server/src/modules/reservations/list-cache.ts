// The reservation lists and the booking timeline are read far more often than bookings change them, and
// building their JSON is the costly part of a read. Each instance keeps the JSON it answered, keyed by the
// call, and forgets it:
// - all of it when the database announces a change of what the lists show (`NOTIFY reservations_changed`,
//   raised by triggers on reservations, their people and devices, the inventory and people's names), from
//   whichever instance or script the change came;
// - all of it after any unsafe call this instance answers, before the reply leaves (see app.ts), so that a
//   person who books and then reads never meets the list from before;
// - one entry when its time is up: a list of current reservations changes when its first reservation ends;
// Every user's lists of current reservations (their own, the others') are cut from one entry, all the
// reservations that have not ended, indexed by the people they hold, so that a user never seen before is
// answered from memory too; a reservation that ends is left out when a list is cut, and concurrent readers
// share one load of it.
// - and it keeps nothing while it is not listening.
import { NotifiedCache } from '../../db/notified-cache.js';

export const RESERVATIONS_CHANNEL = 'reservations_changed';
/** A backstop: an entry is read again after this long whatever was announced. */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 5_000;

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
