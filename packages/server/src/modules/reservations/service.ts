// Booking rules: wall-clock fields read
// in the caller's time zone, start after now, end after start and matching the duration, devices known
// and up, colleagues with active accounts, a responsible user with an SSH key, and no overlap with other
// bookings, which the database's exclusion constraint enforces whatever the concurrency.
import {
  FREE_SLOTS_MAX,
  formatMinutes,
  type FreeSlotsQuery,
  type FreeSlotsReply,
  RESERVATION_LIST_DEFAULT_LIMIT,
  RESERVATION_TIMELINE_MAX,
  formatDuration,
  messages,
  nodesToReserveSchema,
  type NodesToReserve,
  type ReservationListQuery,
  type ReservationTimelineQuery,
  type ReservationType,
  type ReserveNodesRequest,
} from '@testbed/contract';
import type { Db, Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { authorize, can } from '../../security/policies.js';
import type { Principal } from '../../security/principal.js';
import type { DeviceState, TestbedDriver } from '../../testbed/driver.js';
import { maintenanceRefusals } from '../maintenance/service.js';
import { recordAudit } from '../../db/audit-writer.js';
import {
  deleteReservationRow,
  endReservationNow,
  findBookableUsers,
  findConflicts,
  findInventoryDevicesByMac,
  findReservationType,
  deviceTypeBusyTimes,
  insertReservation,
  lockReservationWindow,
  moveReservationEnd,
  reservationDevices,
  reservationJson,
  listInventoryDevices,
  currentReservationEntries,
  listReservationsJson,
  jsonList,
  listReservationTypes,
  lockReservation,
  reservationWindowEntries,
  reservationWindowJson,
  timelineJson,
  type ConflictRow,
  type CurrentEntry,
  type InventoryDeviceRow,
  type ReservationListKind,
} from './repo.js';
import { UsagePolicyService } from '../usage-policies/service.js';
import type { ReservationReplyCache } from './reply-cache.js';
import { earliestFreeWindows, type BusyInterval, type FreeWindow } from './free-windows.js';
import { formatInZone, isValidTimeZone, toInstant, wallClock, wallClockSpan } from './wall-clock.js';

/** A start this much in the past still counts as now: the form has minute precision and clocks drift. */
export const START_GRACE_MS = 60_000;
/** How long the device inventory read from the database is reused. */
export const INVENTORY_TTL_MS = 5_000;
/** SQLSTATEs of a booking that lost a race: the exclusion constraint, or a deadlock between two bookings. */
const LOST_RACE = new Set(['23P01', '40P01']);
const DAY_MS = 86_400_000;
/** How far the free-slot search looks when the caller gives no end and no policy sets one. */
const DEFAULT_SEARCH_DAYS = 31;
/** A reply's JSON: text, or the bytes of text kept in memory for the next callers (written as they are). */
export type JsonReply = string | Buffer;
/** How far ahead of its start a free-slot search reads first (then eight times as far, and so on). */
const SEARCH_FIRST_RANGE_MS = DAY_MS;

const fieldError = (field: string, message: string) => new AppError('validation', `${field}: ${message}`, { fieldErrors: { [field]: [message] } });

/** A booking's success also carries the window as stored. */
export type TupleReply<T> = { value0: boolean; value1: T; startDate?: string; endDate?: string };
/** A reply of the tuple shape kept for existing callers (docs/api.md) with the HTTP status it goes with. */
export interface Outcome<T, S extends number> {
  status: 200 | S;
  reply: TupleReply<T>;
}

const refused = <S extends 400 | 404 | 409>(status: S, reasons: string[]): Outcome<string[], S> => ({
  status,
  reply: { value0: false, value1: reasons },
});

const describeDevice = (device: Pick<InventoryDeviceRow, 'device_type' | 'mac_address' | 'ip_address'>) =>
  `${device.device_type} ${device.mac_address} (${device.ip_address})`;

/**
 * What a caller writes in the booking's own transaction with the new reservation (an experiment's row): the
 * booking and that row commit together or not at all.
 */
export type WithinBooking = (tx: Queryable, booked: { reservationId: number; start: Date; end: Date }) => Promise<void>;

/** A failure of the caller's part of a booking, told apart from a lost race on the way out of the transaction. */
class WithinBookingFailed {
  constructor(readonly cause: unknown) {}
}

function lostRace(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && LOST_RACE.has(code);
}

interface Inventory {
  devices: InventoryDeviceRow[];
  readAt: number;
}

export class ReservationService {
  private inventoryCache?: Inventory;
  private inventoryLoading?: Promise<Inventory>;
  private nodesReply?: { inventory: Inventory; states: readonly DeviceState[]; json: Buffer };

  constructor(
    private readonly db: Db,
    private readonly driver: TestbedDriver,
    private readonly now: () => Date = () => new Date(),
    /** Without one, every list, timeline and busy time is read from the database. */
    private readonly cache?: ReservationReplyCache,
    private readonly policies: UsagePolicyService = new UsagePolicyService(db),
  ) {}

  /**
   * Device type → MAC address → {ip, up}, types by name and devices by IP address, as JSON text. The
   * inventory changes only when an instance starts and syncs its testbed file, so it is read from the
   * database at most every few seconds; the text is rebuilt only when the inventory or an up flag changed.
   */
  async nodesToReserveJson(): Promise<JsonReply> {
    const [inventory, states] = await Promise.all([this.inventory(), this.driver.deviceStates()]);
    const cached = this.nodesReply;
    // The driver answers the same array while no device changed state.
    if (cached && cached.inventory === inventory && cached.states === states) return cached.json;
    const up = new Map(states.map((state) => [state.mac, state.up]));
    const nodes: NodesToReserve = {};
    for (const device of inventory.devices) {
      (nodes[device.device_type] ??= {})[device.mac_address] = { ip: device.ip_address, up: up.get(device.mac_address) ?? false };
    }
    const json = Buffer.from(JSON.stringify(nodesToReserveSchema.parse(nodes)));
    this.nodesReply = { inventory, states, json };
    return json;
  }

  private async inventory(): Promise<Inventory> {
    // An instance keeping no replies keeps no inventory either (the bench's figure of what both buy).
    if (!this.cache) return { devices: await listInventoryDevices(this.db), readAt: this.now().getTime() };
    const cached = this.inventoryCache;
    if (cached && this.now().getTime() - cached.readAt < INVENTORY_TTL_MS) return cached;
    // Concurrent callers share one read.
    this.inventoryLoading ??= listInventoryDevices(this.db)
      .then((devices) => (this.inventoryCache = { devices, readAt: this.now().getTime() }))
      .finally(() => (this.inventoryLoading = undefined));
    return this.inventoryLoading;
  }

  async reservationTypes(): Promise<ReservationType[]> {
    const rows = await listReservationTypes(this.db);
    return rows.map((row) => ({ reservationTypeId: row.id, label: row.label, exclusive: row.exclusive }));
  }

  /** A page of a reservation list, as the JSON text of the reply (built by the database). */
  async list(principal: Principal | null, kind: ReservationListKind, userId: number, query: ReservationListQuery): Promise<JsonReply> {
    authorize(principal, 'reservation:list', { userId });
    const options = {
      kind,
      userId,
      all: query.all === 'true',
      limit: query.limit ?? RESERVATION_LIST_DEFAULT_LIMIT,
      offset: query.offset ?? 0,
    };
    // Without a cache that hears the database (none, or its LISTEN lost), one statement builds the page.
    const cache = this.cache;
    if (!cache?.isListening) return listReservationsJson(this.db, options);
    if (!options.all) {
      // Cut from every reservation that has not ended, kept once per instance with its JSON (in the lists'
      // order, start then id), on every call and with no statement: one walk that stops at the end of the
      // page and leaves out those that have ended since they were read; a user's own list walks only theirs. Not
      // kept as a reply: the walk and the join cost less than the garbage of keeping a reply per user and page.
      const current = await cache.currentReservations(() => currentReservationEntries(this.db, this.now()));
      const now = this.now().getTime();
      const mine = kind === 'mine';
      const page: CurrentEntry[] = [];
      let skipped = 0;
      for (const entry of mine ? (current.byPerson.get(userId) ?? []) : current.all) {
        if (page.length === options.limit) break;
        if (entry.ends <= now || entry.people.includes(userId) !== mine) continue;
        if (skipped < options.offset) skipped += 1;
        else page.push(entry);
      }
      return jsonList(page);
    }
    // With the reservations that have ended: the page by call, as the database chose it.
    return cache.reply(`list:${kind}:${userId}:${options.limit}:${options.offset}`, async () => Buffer.from(await listReservationsJson(this.db, options)));
  }

  /**
   * What the booking timeline of the user `userId` draws, as the JSON text of the reply (built by the
   * database). Whose each reservation is, the client tells from the people in it, as the lists show them.
   */
  async timeline(principal: Principal | null, userId: number, query: ReservationTimelineQuery): Promise<JsonReply> {
    authorize(principal, 'reservation:list', { userId });
    const window = { deviceType: query.deviceType, from: new Date(query.from), to: new Date(query.to), limit: RESERVATION_TIMELINE_MAX };
    const cache = this.cache;
    if (!cache?.isListening) return reservationWindowJson(this.db, window);
    // Everybody's reservations, the same for every user. A window is joined from the days of the type kept, read
    // only for the days not kept yet; one asked again within the minute is kept as the bytes sent (there are
    // thousands of windows, most asked once).
    const key = `timeline:${window.from.getTime()}:${window.to.getTime()}:${window.deviceType}`;
    const join = async () => {
      const entries = await cache.timelineWindow(window, (span) => reservationWindowEntries(this.db, { deviceType: window.deviceType, ...span }));
      return Buffer.from(timelineJson(entries, window.limit));
    };
    return cache.reply(key, join, { keepWhenAskedAgain: true });
  }

  /** The reservations of the user that have not ended, soonest first. */
  async current(principal: Principal | null, userId: number, query: ReservationListQuery): Promise<JsonReply> {
    return this.list(principal, 'mine', userId, { ...query, all: 'false' });
  }

  /**
   * Books all the devices or none. Rule failures answer 400 and overlaps with other bookings 409, each
   * with the tuple `{value0: false, value1: [messages]}` (docs/api.md); success answers the new id. `within`, if
   * given, runs in the booking's transaction once the reservation is in: if it throws, nothing is booked and its
   * error is thrown.
   */
  async book(
    principal: Principal | null,
    request: ReserveNodesRequest,
    ip?: string,
    within?: WithinBooking,
  ): Promise<Outcome<number | string[], 400 | 409>> {
    const form = request.nodesBookingForm;
    const caller = authorize(principal, 'reservation:book', { userId: form.userId });
    const { timeZone } = form;
    if (!isValidTimeZone(timeZone)) {
      const message = `Unknown time zone '${timeZone}': give an IANA name such as Europe/Paris.`;
      throw new AppError('validation', message, { fieldErrors: { 'nodesBookingForm.timeZone': [message] } });
    }

    const reasons: string[] = [];
    const startClock = wallClock(form.startDate, form.startHour);
    const endClock = wallClock(form.endDate, form.endHour);
    const durationMs = (Number(form.durationHour) * 60 + Number(form.durationMinute)) * 60_000;
    // "Now": the reservation starts at once (to the second) and lasts the duration chosen, so that the user can
    // flash straight away; the wall-clock start and end of the form are not read.
    const nowStart = form.startNow ? new Date(Math.floor(this.now().getTime() / 1000) * 1000) : undefined;
    const start = nowStart ?? toInstant(startClock, timeZone);
    const end = nowStart ? new Date(nowStart.getTime() + durationMs) : toInstant(endClock, timeZone);
    if (!start) reasons.push(`The start ${form.startHour} does not exist on that day in ${timeZone} (the clocks go forward).`);
    if (!end) reasons.push(`The end ${form.endHour} does not exist on that day in ${timeZone} (the clocks go forward).`);
    if (start && start.getTime() <= this.now().getTime() - START_GRACE_MS) reasons.push(messages.EARLIER_TIME_ERROR);
    if (start && end && end.getTime() <= start.getTime()) reasons.push(messages.END_DATE_HOUR_EARLIER_TIME_ERROR);
    if (start && end && end > start && !nowStart) {
      // The client may add the duration to the start in elapsed time or on the wall clock: the two differ
      // only across a change of offset, and either agrees with what the person chose.
      if (durationMs !== end.getTime() - start.getTime() && durationMs !== wallClockSpan(startClock, endClock)) {
        reasons.push(
          `The duration (${formatDuration(durationMs / 1000)}) does not match the time between start and end ` +
            `(${formatDuration((end.getTime() - start.getTime()) / 1000)}).`,
        );
      }
    }

    const type = await findReservationType(this.db, form.reservationType);
    if (!type) reasons.push(`Unknown reservation type '${form.reservationType}'.`);

    const macs = [...new Set(form.selectedDevices.map((device) => device.macAddress.toLowerCase()))];
    const devices = await findInventoryDevicesByMac(this.db, macs);
    const known = new Set(devices.map((device) => device.mac_address));
    for (const mac of macs) if (!known.has(mac)) reasons.push(`Unknown device ${mac}: it is not in the testbed.`);
    const up = await Promise.all(devices.map((device) => this.driver.isUp(device.mac_address)));
    const why = await Promise.all(
      devices.map((device, index) => (up[index] ? undefined : this.driver.unavailableReason?.(device.mac_address))),
    );
    devices.forEach((device, index) => {
      if (!up[index]) reasons.push(`Device ${describeDevice(device)} is ${why[index] ?? 'down'} and cannot be booked.`);
    });

    const colleagueIds = [...new Set(request.selectedUsers.map((user) => user.userId))].filter((id) => id !== form.userId);
    const people = await findBookableUsers(this.db, [form.userId, ...colleagueIds]);
    const responsible = people.find((person) => person.id === form.userId);
    if (!responsible) reasons.push(`User ${form.userId} cannot book devices: the account does not exist or is not active.`);
    else if (!responsible.has_ssh_key) reasons.push(messages.NO_SSH_KEY);
    for (const id of colleagueIds) {
      if (!people.some((person) => person.id === id)) {
        reasons.push(`User ${id} cannot take part in a reservation: the account does not exist or is not active.`);
      }
    }
    if (reasons.length > 0 || !start || !end || !type) return refused(400, reasons);

    const deviceIds = devices.map((device) => device.id);
    const conflictsOf = (rows: ConflictRow[]) => this.conflictMessages(rows, devices, timeZone);
    try {
      const id = await this.db.transaction().execute(async (tx) => {
        // The friendly check names what is in the way; the constraint is what makes it true under races.
        if (!can(caller, 'reservation:exceed-usage-policies')) {
          const broken = await this.policyReasons(tx, form.userId, devices, start, end, null);
          if (broken.length > 0) return { policy: broken };
        }
        const maintenance = await maintenanceRefusals(tx, deviceIds, start, end);
        if (maintenance.length > 0) return maintenance;
        const conflicts = await findConflicts(tx, deviceIds, start, end, type.exclusive);
        if (conflicts.length > 0) return conflictsOf(conflicts);
        const reservationId = await insertReservation(tx, {
          responsibleUserId: form.userId,
          reservationTypeId: type.id,
          exclusive: type.exclusive,
          start,
          end,
          description: form.reservationDescription,
          userIds: colleagueIds,
          deviceIds,
        });
        await recordAudit(tx, {
          actorUserId: caller.userId,
          action: 'reservation.book',
          targetType: 'reservation',
          targetId: reservationId,
          ip,
          details: {
            responsibleUserId: form.userId,
            users: colleagueIds,
            devices: devices.map((device) => device.mac_address),
            type: type.label,
            start: start.toISOString(),
            end: end.toISOString(),
          },
        });
        if (within) {
          try {
            await within(tx, { reservationId, start, end });
          } catch (error) {
            throw new WithinBookingFailed(error);
          }
        }
        return reservationId;
      });
      if (typeof id === 'number') {
        this.cache?.forget();
        return { status: 200, reply: { value0: true, value1: id, startDate: start.toISOString(), endDate: end.toISOString() } };
      }
      if (!Array.isArray(id)) return refused(400, id.policy);
      return refused(409, id);
    } catch (error) {
      if (error instanceof WithinBookingFailed) throw error.cause;
      if (!lostRace(error)) throw error;
      // A concurrent booking committed first: it is visible now, so the friendly query can name it.
      const conflicts = await findConflicts(this.db, deviceIds, start, end, type.exclusive);
      if (conflicts.length > 0) return refused(409, conflictsOf(conflicts));
      return refused(409, devices.map((device) => `Device ${describeDevice(device)} was booked by someone else at the same moment.`));
    }
  }

  /** What a booking (or a new end) of the user's breaks of their usage policies, type by type. */
  private async policyReasons(db: Queryable, userId: number, devices: InventoryDeviceRow[], start: Date, end: Date, except: number | null) {
    const limits = await this.policies.limitsFor(userId, db);
    const byType = new Map<string, number>();
    for (const device of devices) byType.set(device.device_type, (byType.get(device.device_type) ?? 0) + 1);
    const reasons: string[] = [];
    for (const [deviceType, count] of byType) {
      reasons.push(...(await this.policies.check(db, { userId, deviceType, devices: count, start, end, now: this.now(), except }, limits)));
    }
    return reasons;
  }

  /**
   * The first windows (at most FREE_SLOTS_MAX) in which `count` devices of the type, up and not being flashed,
   * are free for the whole duration, within the caller's usage policy: the busy times from the database, the
   * windows from them (free-windows.ts).
   */
  async freeSlots(caller: Principal, query: FreeSlotsQuery): Promise<FreeSlotsReply> {
    const [inventory, states] = await Promise.all([this.inventory(), this.driver.deviceStates()]);
    const ofType = inventory.devices.filter((device) => device.device_type === query.deviceType);
    if (ofType.length === 0) throw fieldError('deviceType', `Unknown device type ${query.deviceType}.`);
    if (query.count > ofType.length) throw fieldError('count', `The type ${query.deviceType} has ${ofType.length} device(s).`);
    const limits = can(caller, 'reservation:exceed-usage-policies') ? undefined : (await this.policies.limitsFor(caller.userId)).get(query.deviceType);
    if (limits?.maxDurationMinutes != null && query.durationMinutes > limits.maxDurationMinutes) {
      throw fieldError('durationMinutes', `Usage policy of ${query.deviceType}: a reservation lasts at most ${formatMinutes(limits.maxDurationMinutes)}.`);
    }
    if (limits?.maxDevicesAtOnce != null && query.count > limits.maxDevicesAtOnce) {
      throw fieldError('count', `Usage policy of ${query.deviceType}: at most ${limits.maxDevicesAtOnce} device(s) held at once.`);
    }
    const now = this.now().getTime();
    // Whole minutes, as the booking form writes them, and never in the past.
    const from = new Date(Math.ceil(Math.max(now, query.from ? Date.parse(query.from) : now) / 60_000) * 60_000);
    const horizon = limits?.maxDaysAhead != null ? now + limits.maxDaysAhead * DAY_MS : Infinity;
    const to = new Date(Math.min(query.to ? Date.parse(query.to) : from.getTime() + DEFAULT_SEARCH_DAYS * DAY_MS, horizon));
    if (to.getTime() < from.getTime()) throw fieldError('to', 'The search window ends before it starts (or beyond what your usage policy allows).');

    const up = new Set(states.filter((state) => state.up).map((state) => state.mac));
    const candidates = ofType.filter((device) => up.has(device.mac_address));
    const durationMs = query.durationMinutes * 60_000;
    const deviceIds = candidates.map((device) => device.id);
    const exclusive = query.mode === 'Exclusive';
    // The soonest windows are usually within a day: the search reads the busy times of a short range first and
    // widens it only when that range has too few windows. The windows of a range are the first ones of any wider
    // range, since a window starting by its end needs only the busy times up to that end plus the duration.
    // Each round reads only the stretch beyond what it has read (a busy time across the boundary comes twice,
    // which the sweep does not mind).
    let range = SEARCH_FIRST_RANGE_MS;
    let windows: FreeWindow[];
    const busy: BusyInterval[] = [];
    let readUntil = from.getTime();
    for (;;) {
      const last = Math.min(from.getTime() + range, to.getTime());
      const until = last + durationMs;
      const times = await deviceTypeBusyTimes(this.db, { deviceType: query.deviceType, from: new Date(readUntil), until: new Date(until) });
      for (const time of times) if (exclusive || time.blocksShared) busy.push(time);
      readUntil = until;
      windows = earliestFreeWindows(busy, { deviceIds, count: query.count, durationMs, from: from.getTime(), to: last, limit: FREE_SLOTS_MAX });
      if (windows.length === FREE_SLOTS_MAX || last === to.getTime()) break;
      range *= 8;
    }
    const byId = new Map(candidates.map((device) => [device.id, device]));
    return {
      slots: windows.map((window) => ({
        start: new Date(window.start).toISOString(),
        end: new Date(window.start + durationMs).toISOString(),
        devices: window.deviceIds.map((id) => {
          const device = byId.get(id)!;
          return { macAddress: device.mac_address, ipAddress: device.ip_address, deviceType: device.device_type };
        }),
      })),
    };
  }

  /**
   * The holder (or an administrator) moves the end of a reservation that has not ended: later while every
   * device stays free (the exclusion constraint decides, so parallel extensions never overlap anything),
   * or earlier, but after its start and after now.
   */
  async changeEnd(caller: Principal, reservationId: number, endDate: string, ip?: string): Promise<string> {
    const newEnd = new Date(endDate);
    let devices: InventoryDeviceRow[] = [];
    let window: { start: Date; end: Date; exclusive: boolean } | undefined;
    try {
      await this.db.transaction().execute(async (tx) => {
        const row = await lockReservationWindow(tx, reservationId);
        if (!row) throw new AppError('not_found', `Reservation ${reservationId} does not exist.`);
        authorize(caller, 'reservation:change', { userId: row.responsible_user_id });
        const now = new Date(row.now);
        window = { start: new Date(row.start_date), end: new Date(row.end_date), exclusive: row.exclusive };
        if (window.end <= now) throw new AppError('validation', `Reservation ${reservationId} has already ended.`);
        if (newEnd <= window.start || newEnd <= now) {
          throw fieldError('endDate', 'The new end must be after the start of the reservation and after now.');
        }
        devices = await reservationDevices(tx, reservationId);
        if (!can(caller, 'reservation:exceed-usage-policies') && newEnd > window.end) {
          const broken = await this.policyReasons(tx, row.responsible_user_id, devices, window.start, newEnd, reservationId);
          if (broken.length > 0) throw new AppError('validation', broken.join(' '));
        }
        if (newEnd > window.end) {
          const maintenance = await maintenanceRefusals(tx, devices.map((device) => device.id), window.end, newEnd);
          if (maintenance.length > 0) {
            throw new AppError('conflict', `The reservation cannot end at ${newEnd.toISOString()}: ${maintenance.join(' ')}`);
          }
        }
        await moveReservationEnd(tx, reservationId, newEnd);
        await recordAudit(tx, {
          actorUserId: caller.userId,
          action: 'reservation.change-end',
          targetType: 'reservation',
          targetId: reservationId,
          ip,
          details: { from: window.end.toISOString(), to: newEnd.toISOString() },
        });
      });
    } catch (error) {
      if (!lostRace(error) || !window) throw error;
      // Someone holds a device after the current end: name the booking in the way.
      const conflicts = await findConflicts(this.db, devices.map((device) => device.id), window.end, newEnd, window.exclusive);
      const others = conflicts.filter((row) => row.reservation_id !== reservationId);
      const names = others.length > 0 ? this.conflictMessages(others, devices, 'UTC') : ['A device was booked by someone else at the same moment.'];
      throw new AppError('conflict', `The reservation cannot end at ${newEnd.toISOString()}: ${names.join(' ')}`);
    }
    this.cache?.forget();
    return (await reservationJson(this.db, reservationId))!;
  }

  /** Ends a running reservation now: its devices are free at once and it stays in the history. */
  async release(caller: Principal, reservationId: number, ip?: string): Promise<string> {
    await this.db.transaction().execute(async (tx) => {
      const row = await lockReservation(tx, reservationId);
      if (!row) throw new AppError('not_found', `Reservation ${reservationId} does not exist.`);
      authorize(caller, 'reservation:change', { userId: row.responsible_user_id });
      if (!row.open) throw new AppError('validation', `Reservation ${reservationId} has already ended.`);
      if (!row.started) throw new AppError('conflict', `Reservation ${reservationId} has not started yet: delete it instead.`);
      await endReservationNow(tx, reservationId);
      await recordAudit(tx, { actorUserId: caller.userId, action: 'reservation.release', targetType: 'reservation', targetId: reservationId, ip });
    });
    this.cache?.forget();
    return (await reservationJson(this.db, reservationId))!;
  }

  private conflictMessages(rows: ConflictRow[], devices: InventoryDeviceRow[], timeZone: string): string[] {
    const byId = new Map(devices.map((device) => [device.id, device]));
    return rows.map((row) => {
      const device = byId.get(row.device_id)!;
      return (
        `Device ${describeDevice(device)} is already booked from ${formatInZone(row.starts, timeZone)} ` +
        `to ${formatInZone(row.ends, timeZone)} (${timeZone}) by reservation ${row.reservation_id} (${row.reservation_type}).`
      );
    });
  }

  /**
   * The responsible user (or an administrator) deletes a reservation that has not ended: a future one is
   * removed, a running one ends now and stays in the history.
   */
  async delete(caller: Principal, reservationId: number, ip?: string): Promise<Outcome<string[], 400 | 404>> {
    const outcome = await this.db.transaction().execute(async (tx): Promise<Outcome<string[], 400 | 404>> => {
      const row = await lockReservation(tx, reservationId);
      if (!row) return refused(404, [`Reservation ${reservationId} does not exist.`]);
      authorize(caller, 'reservation:delete', { userId: row.responsible_user_id });
      if (!row.open) return refused(400, [`Reservation ${reservationId} has already ended and cannot be deleted.`]);
      const audit = { actorUserId: caller.userId, targetType: 'reservation', targetId: reservationId, ip };
      if (row.started) {
        await endReservationNow(tx, reservationId);
        await recordAudit(tx, { ...audit, action: 'reservation.end' });
        return { status: 200, reply: { value0: true, value1: [`Reservation ${reservationId} was running: it ends now and stays in the history.`] } };
      }
      // Recorded first: the audit row reads the reservation's devices, which the deletion removes.
      await recordAudit(tx, { ...audit, action: 'reservation.delete' });
      await deleteReservationRow(tx, reservationId);
      return { status: 200, reply: { value0: true, value1: [`Reservation ${reservationId} deleted.`] } };
    });
    if (outcome.status === 200) this.cache?.forget();
    return outcome;
  }
}
