// Booking rules (devices document, sections 4 and 5; DESIGN.md decisions 3 to 5): wall-clock fields read
// in the caller's time zone, start after now, end after start and matching the duration, devices known
// and up, colleagues with active accounts, a responsible user with an SSH key, and no overlap with other
// bookings, which the database's exclusion constraint enforces whatever the concurrency.
import {
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
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { authorize, requireSignedIn } from '../../security/policies.js';
import type { Principal } from '../../security/principal.js';
import type { DeviceState, TestbedDriver } from '../../testbed/driver.js';
import { recordAudit } from '../audit/repo.js';
import {
  deleteReservationRow,
  endReservationNow,
  findBookableUsers,
  findConflicts,
  findInventoryDevicesByMac,
  findReservationType,
  insertReservation,
  listInventoryDevices,
  listReservationsJson,
  listReservationTypes,
  lockReservation,
  reservationWindowJson,
  type ConflictRow,
  type InventoryDeviceRow,
  type ReservationListKind,
} from './repo.js';
import { firstEnd, type ReservationListCache } from './list-cache.js';
import { formatInZone, isValidTimeZone, toInstant, wallClock, wallClockSpan } from './wall-clock.js';

/** A start this much in the past still counts as now: the form has minute precision and clocks drift. */
export const START_GRACE_MS = 60_000;
/** How long the device inventory read from the database is reused. */
export const INVENTORY_TTL_MS = 5_000;
/** SQLSTATEs of a booking that lost a race: the exclusion constraint, or a deadlock between two bookings. */
const LOST_RACE = new Set(['23P01', '40P01']);

export type TupleReply<T> = { value0: boolean; value1: T };
/** A reply of the spec's tuple shape with the HTTP status it goes with. */
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
  private nodesReply?: { inventory: Inventory; states: readonly DeviceState[]; json: string };

  constructor(
    private readonly db: Db,
    private readonly driver: TestbedDriver,
    private readonly now: () => Date = () => new Date(),
    /** Without one, every list is read from the database. */
    private readonly lists?: ReservationListCache,
  ) {}

  /**
   * Device type → MAC address → {ip, up}, types by name and devices by IP address, as JSON text. The
   * inventory changes only when an instance starts and syncs its testbed file, so it is read from the
   * database at most every few seconds; the text is rebuilt only when the inventory or an up flag changed.
   */
  async nodesToReserveJson(principal: Principal | null): Promise<string> {
    requireSignedIn(principal);
    const [inventory, states] = await Promise.all([this.inventory(), this.driver.deviceStates()]);
    const cached = this.nodesReply;
    // The driver answers the same array while no device changed state.
    if (cached && cached.inventory === inventory && cached.states === states) return cached.json;
    const up = new Map(states.map((state) => [state.mac, state.up]));
    const nodes: NodesToReserve = {};
    for (const device of inventory.devices) {
      (nodes[device.device_type] ??= {})[device.mac_address] = { ip: device.ip_address, up: up.get(device.mac_address) ?? false };
    }
    const json = JSON.stringify(nodesToReserveSchema.parse(nodes));
    this.nodesReply = { inventory, states, json };
    return json;
  }

  private async inventory(): Promise<Inventory> {
    const cached = this.inventoryCache;
    if (cached && this.now().getTime() - cached.readAt < INVENTORY_TTL_MS) return cached;
    // Concurrent callers share one read.
    this.inventoryLoading ??= listInventoryDevices(this.db)
      .then((devices) => (this.inventoryCache = { devices, readAt: this.now().getTime() }))
      .finally(() => (this.inventoryLoading = undefined));
    return this.inventoryLoading;
  }

  async reservationTypes(principal: Principal | null): Promise<ReservationType[]> {
    requireSignedIn(principal);
    const rows = await listReservationTypes(this.db);
    return rows.map((row) => ({ reservationTypeId: row.id, label: row.label, exclusive: row.exclusive }));
  }

  /** A page of a reservation list, as the JSON text of the reply (built by the database). */
  async list(principal: Principal | null, kind: ReservationListKind, userId: number, query: ReservationListQuery): Promise<string> {
    authorize(principal, 'reservation:list', { userId });
    const options = {
      kind,
      userId,
      all: query.all === 'true',
      limit: query.limit ?? RESERVATION_LIST_DEFAULT_LIMIT,
      offset: query.offset ?? 0,
    };
    const read = () => listReservationsJson(this.db, options);
    if (!this.lists) return read();
    const key = `list:${kind}:${userId}:${options.all}:${options.limit}:${options.offset}`;
    return this.lists.get(key, read, options.all ? undefined : firstEnd);
  }

  /**
   * What the booking timeline of the user `userId` draws. Whose each reservation is, the client tells from
   * the people in it, as the lists show them.
   */
  async timeline(principal: Principal | null, userId: number, query: ReservationTimelineQuery): Promise<string> {
    authorize(principal, 'reservation:list', { userId });
    const window = { deviceType: query.deviceType, from: new Date(query.from), to: new Date(query.to), limit: RESERVATION_TIMELINE_MAX };
    const read = () => reservationWindowJson(this.db, window);
    // Everybody's reservations: one entry serves every user looking at the same window.
    if (!this.lists) return read();
    return this.lists.get(`timeline:${window.deviceType}:${window.from.getTime()}:${window.to.getTime()}`, read);
  }

  /** The reservations of the user that have not ended, soonest first. */
  async current(principal: Principal | null, userId: number, query: ReservationListQuery): Promise<string> {
    return this.list(principal, 'mine', userId, { ...query, all: 'false' });
  }

  /**
   * Books all the devices or none. Rule failures answer 400 and overlaps with other bookings 409, each
   * with the spec's tuple `{value0: false, value1: [messages]}`; success answers the new id.
   */
  async book(principal: Principal | null, request: ReserveNodesRequest, ip?: string): Promise<Outcome<number | string[], 400 | 409>> {
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
    const start = toInstant(startClock, timeZone);
    const end = toInstant(endClock, timeZone);
    if (!start) reasons.push(`The start ${form.startHour} does not exist on that day in ${timeZone} (the clocks go forward).`);
    if (!end) reasons.push(`The end ${form.endHour} does not exist on that day in ${timeZone} (the clocks go forward).`);
    if (start && start.getTime() <= this.now().getTime() - START_GRACE_MS) reasons.push(messages.EARLIER_TIME_ERROR);
    if (start && end && end.getTime() <= start.getTime()) reasons.push(messages.END_DATE_HOUR_EARLIER_TIME_ERROR);
    if (start && end && end > start) {
      // The client may add the duration to the start in elapsed time or on the wall clock: the two differ
      // only across a change of offset, and either agrees with what the person chose.
      const duration = (Number(form.durationHour) * 60 + Number(form.durationMinute)) * 60_000;
      if (duration !== end.getTime() - start.getTime() && duration !== wallClockSpan(startClock, endClock)) {
        reasons.push(
          `The duration (${formatDuration(duration / 1000)}) does not match the time between start and end ` +
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
        return reservationId;
      });
      if (typeof id === 'number') return { status: 200, reply: { value0: true, value1: id } };
      return refused(409, id);
    } catch (error) {
      if (!lostRace(error)) throw error;
      // A concurrent booking committed first: it is visible now, so the friendly query can name it.
      const conflicts = await findConflicts(this.db, deviceIds, start, end, type.exclusive);
      if (conflicts.length > 0) return refused(409, conflictsOf(conflicts));
      return refused(409, devices.map((device) => `Device ${describeDevice(device)} was booked by someone else at the same moment.`));
    }
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
  async delete(principal: Principal | null, reservationId: number, ip?: string): Promise<Outcome<string[], 400 | 404>> {
    const caller = requireSignedIn(principal);
    return this.db.transaction().execute(async (tx) => {
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
      await deleteReservationRow(tx, reservationId);
      await recordAudit(tx, { ...audit, action: 'reservation.delete' });
      return { status: 200, reply: { value0: true, value1: [`Reservation ${reservationId} deleted.`] } };
    });
  }
}
