// Queries on devices, reservation types and reservations. Functions take the database or a transaction
// and return plain rows; reservations.ts maps them to the API's shapes.
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';
import type { BusyTime } from './free-windows.js';

export interface InventoryDeviceRow {
  id: number;
  device_type: string;
  mac_address: string;
  ip_address: string;
}

/** The devices of the testbed file, types by name, devices by IP address. */
export async function listInventoryDevices(db: Queryable): Promise<InventoryDeviceRow[]> {
  const { rows } = await sql<InventoryDeviceRow>`
    SELECT d.id, t.name AS device_type, d.mac_address, host(d.ip_address) AS ip_address
    FROM devices d JOIN device_types t ON t.id = d.device_type_id
    WHERE d.in_inventory
    ORDER BY t.name, d.ip_address`.execute(db);
  return rows;
}

export async function findInventoryDevicesByMac(db: Queryable, macs: string[]): Promise<InventoryDeviceRow[]> {
  if (macs.length === 0) return [];
  const { rows } = await sql<InventoryDeviceRow>`
    SELECT d.id, t.name AS device_type, d.mac_address, host(d.ip_address) AS ip_address
    FROM devices d JOIN device_types t ON t.id = d.device_type_id
    WHERE d.in_inventory AND d.mac_address = ANY(${macs}::text[])
    ORDER BY t.name, d.ip_address`.execute(db);
  return rows;
}

export async function listReservationTypes(db: Queryable) {
  return db.selectFrom('reservation_types').select(['id', 'label', 'exclusive']).orderBy('id').execute();
}

export async function findReservationType(db: Queryable, label: string) {
  return db.selectFrom('reservation_types').select(['id', 'label', 'exclusive']).where('label', '=', label).executeTakeFirst();
}

/** Accounts that may hold or share a reservation, among the ids given, with whether they have an SSH key. */
export async function findBookableUsers(db: Queryable, userIds: number[]) {
  if (userIds.length === 0) return [];
  const { rows } = await sql<{ id: number; has_ssh_key: boolean }>`
    SELECT u.id, EXISTS (SELECT 1 FROM credentials c WHERE c.user_id = u.id) AS has_ssh_key
    FROM users u
    WHERE u.id = ANY(${userIds}::int[]) AND u.is_enabled AND u.anonymised_at IS NULL`.execute(db);
  return rows;
}

export interface ConflictRow {
  device_id: number;
  reservation_id: number;
  starts: Date;
  ends: Date;
  reservation_type: string;
}

/**
 * Bookings of the devices that a new booking over [start, end) would collide with (at most 20 per device).
 * The same rule as the exclusion constraint reservation_devices_no_overlap, answered by its GiST index:
 * windows overlap and either side is Exclusive (an Exclusive row's sharing slot is the whole integer line).
 */
export async function findConflicts(
  db: Queryable,
  deviceIds: number[],
  start: Date,
  end: Date,
  exclusive: boolean,
): Promise<ConflictRow[]> {
  if (deviceIds.length === 0) return [];
  // One index probe per device: the GiST index of the constraint leads with the device, and a probe on
  // the window alone would have to visit every device's part of it.
  const { rows } = await sql<ConflictRow>`
    SELECT rd.device_id, rd.reservation_id, lower(rd.during) AS starts, upper(rd.during) AS ends,
           rt.label AS reservation_type
    FROM unnest(${deviceIds}::int[]) AS wanted(device_id)
    CROSS JOIN LATERAL (
      SELECT rd.device_id, rd.reservation_id, rd.during FROM reservation_devices rd
      WHERE rd.device_id = wanted.device_id
        AND rd.during && tstzrange(${start}::timestamptz, ${end}::timestamptz, '[)')
        AND (${exclusive}::boolean OR upper_inf(rd.sharing_slot))
      LIMIT 20) AS rd
    JOIN reservations r ON r.id = rd.reservation_id
    JOIN reservation_types rt ON rt.id = r.reservation_type_id
    ORDER BY rd.device_id, lower(rd.during), rd.reservation_id`.execute(db);
  return rows;
}

export interface NewReservation {
  responsibleUserId: number;
  reservationTypeId: number;
  exclusive: boolean;
  start: Date;
  end: Date;
  description: string;
  userIds: number[];
  deviceIds: number[];
}

/** Inserts the reservation, its users and its devices; the exclusion constraint refuses an overlap. */
export async function insertReservation(db: Queryable, booking: NewReservation): Promise<number> {
  const { id } = await db
    .insertInto('reservations')
    .values({
      responsible_user_id: booking.responsibleUserId,
      reservation_type_id: booking.reservationTypeId,
      start_date: booking.start,
      end_date: booking.end,
      description: booking.description,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (booking.userIds.length > 0) {
    await sql`INSERT INTO reservation_users (reservation_id, user_id)
      SELECT ${id}::int, unnest(${booking.userIds}::int[])`.execute(db);
  }
  await sql`INSERT INTO reservation_devices (reservation_id, device_id, device_type_id, during, sharing_slot)
    SELECT ${id}::int, wanted.id, (SELECT d.device_type_id FROM devices d WHERE d.id = wanted.id),
           tstzrange(${booking.start}::timestamptz, ${booking.end}::timestamptz, '[)'),
           CASE WHEN ${booking.exclusive}::boolean THEN int4range(NULL, NULL) ELSE int4range(${id}::int, ${id}::int + 1) END
    FROM unnest(${booking.deviceIds}::int[]) AS wanted(id)`.execute(db);
  return id;
}

/** Locks the reservation for a deletion and tells whether it has started and whether it is still open. */
export async function lockReservation(db: Queryable, reservationId: number) {
  const { rows } = await sql<{ id: number; responsible_user_id: number; started: boolean; open: boolean }>`
    SELECT id, responsible_user_id, start_date < now() AS started, end_date > now() AS open
    FROM reservations WHERE id = ${reservationId} FOR UPDATE`.execute(db);
  return rows[0];
}

export async function deleteReservationRow(db: Queryable, reservationId: number): Promise<void> {
  await db.deleteFrom('reservations').where('id', '=', reservationId).execute();
}

/**
 * Ends a running reservation now; its rows stay for the history and free the devices from now on. Now is the
 * wall clock once the caller holds the row (lockReservation), not the transaction's start: a flash job created
 * while the release waited for the row began before the end recorded, never after it.
 */
export async function endReservationNow(db: Queryable, reservationId: number): Promise<void> {
  const { rows } = await sql<{ end_date: Date }>`
    UPDATE reservations SET end_date = clock_timestamp() WHERE id = ${reservationId} RETURNING end_date`.execute(db);
  await sql`UPDATE reservation_devices SET during = tstzrange(lower(during), ${rows[0]!.end_date}::timestamptz, '[)')
    WHERE reservation_id = ${reservationId}`.execute(db);
}

export type ReservationListKind = 'mine' | 'others';

export interface ReservationListOptions {
  kind: ReservationListKind;
  userId: number;
  /** With the reservations that have ended too. */
  all: boolean;
  limit: number;
  offset: number;
}

/**
 * One page of a reservation list, as the JSON text of the API reply (contract: reservationListSchema).
 * The database function reservation_list_page (migration 20261130000000) chooses the page on the indexes of
 * the filter and the order and answers the JSON each reservation keeps, in order, joined here; it keeps
 * its plans between calls, and the texts are never parsed and re-serialized here.
 */
export async function listReservationsJson(db: Queryable, options: ReservationListOptions): Promise<string> {
  const { rows } = await sql<{ text: string }>`
    SELECT t.text FROM reservation_list_page(${options.kind}::text, ${options.userId}::int, ${options.all}::boolean,
                                             ${options.limit}::int, ${options.offset}::int) AS t(text)`.execute(db);
  return jsonList(rows);
}

/**
 * A reservation that has not ended: its id, when it ends (epoch ms), the people it holds (holder first) and its
 * JSON in the lists' shape.
 */
export interface CurrentEntry {
  id: number;
  ends: number;
  people: number[];
  text: string;
}

/** Every reservation that has not ended at `now`, soonest start first (then id), as the lists order them. */
export async function currentReservationEntries(db: Queryable, now: Date): Promise<CurrentEntry[]> {
  const { rows } = await sql<CurrentEntry>`
    SELECT r.id, (extract(epoch FROM r.end_date) * 1000)::float8 AS ends,
           array_prepend(r.responsible_user_id, ARRAY(SELECT ru.user_id FROM reservation_users ru WHERE ru.reservation_id = r.id)) AS people,
           r.list_json AS text
    FROM reservations r WHERE r.end_date > ${now}::timestamptz
    ORDER BY r.start_date, r.id`.execute(db);
  return rows;
}

/** A JSON list of the texts of `rows`, in their order. */
export const jsonList = (rows: ReadonlyArray<{ text: string }>) => `[${rows.map((row) => row.text).join(',')}]`;

/** A reservation on the booking timeline: its id, its period (epoch milliseconds) and its JSON in the lists' shape. */
export interface WindowEntry {
  id: number;
  starts: number;
  ends: number;
  text: string;
}

/**
 * The reservations of a device type's inventory devices that overlap [from, to), soonest start first (then id),
 * at most `limit`: one probe of the GiST index on (type, period) through the database function
 * reservation_window_entries (migration 20261203000000).
 */
export async function reservationWindowEntries(
  db: Queryable,
  window: { deviceType: string; from: Date; to: Date; limit: number },
): Promise<WindowEntry[]> {
  const { rows } = await sql<WindowEntry>`
    SELECT e.reservation_id AS id, e.starts_ms AS starts, e.ends_ms AS ends, e.list_json AS text
    FROM reservation_window_entries(${window.deviceType}::text, ${window.from}::timestamptz, ${window.to}::timestamptz,
                                    ${window.limit}::int) AS e`.execute(db);
  return rows;
}

/** The timeline reply (contract: reservationTimelineSchema) of a window's entries, soonest first: the first `limit`. */
export const timelineJson = (entries: readonly WindowEntry[], limit: number) =>
  `{"reservations":${jsonList(entries.slice(0, limit))},"complete":${entries.length <= limit}}`;

/** The reservations of a device type's devices within a window, as the JSON text of the timeline reply. */
export async function reservationWindowJson(
  db: Queryable,
  window: { deviceType: string; from: Date; to: Date; limit: number },
): Promise<string> {
  // One more than the limit tells whether the window holds more.
  return timelineJson(await reservationWindowEntries(db, { ...window, limit: window.limit + 1 }), window.limit);
}

/** One reservation in the list shape (contract: reservationSchema), as JSON text; undefined when there is none. */
export async function reservationJson(db: Queryable, reservationId: number): Promise<string | undefined> {
  const row = await db.selectFrom('reservations').select('list_json').where('id', '=', reservationId).executeTakeFirst();
  return row?.list_json;
}

/** Locks a reservation to change its end: its window, its holder and whether it excludes others. */
export async function lockReservationWindow(db: Queryable, reservationId: number) {
  const { rows } = await sql<{ id: number; responsible_user_id: number; start_date: Date; end_date: Date; exclusive: boolean; now: Date }>`
    SELECT r.id, r.responsible_user_id, r.start_date, r.end_date, rt.exclusive, now() AS now
    FROM reservations r JOIN reservation_types rt ON rt.id = r.reservation_type_id
    WHERE r.id = ${reservationId} FOR UPDATE OF r`.execute(db);
  return rows[0];
}

/** The devices a reservation holds. */
export async function reservationDevices(db: Queryable, reservationId: number): Promise<InventoryDeviceRow[]> {
  const { rows } = await sql<InventoryDeviceRow>`
    SELECT d.id, t.name AS device_type, d.mac_address, host(d.ip_address) AS ip_address
    FROM reservation_devices rd JOIN devices d ON d.id = rd.device_id JOIN device_types t ON t.id = d.device_type_id
    WHERE rd.reservation_id = ${reservationId}
    ORDER BY d.ip_address`.execute(db);
  return rows;
}

/**
 * Moves the end of a reservation and of each of its device rows. Later, the exclusion constraint decides:
 * an overlap with another booking fails the statement (SQLSTATE 23P01), whatever the concurrency.
 */
export async function moveReservationEnd(db: Queryable, reservationId: number, end: Date): Promise<void> {
  await sql`UPDATE reservations SET end_date = ${end}::timestamptz WHERE id = ${reservationId}`.execute(db);
  await sql`UPDATE reservation_devices SET during = tstzrange(lower(during), ${end}::timestamptz, '[)')
    WHERE reservation_id = ${reservationId}`.execute(db);
}

/**
 * Every time that a device of the type is busy within [from, until), as `busyTimes` tells them: one probe of the
 * GiST index on (device type, period) through the database function device_type_busy_times (migration
 * 20261202000000), whatever the number of devices of the type.
 */
export async function deviceTypeBusyTimes(db: Queryable, options: { deviceType: string; from: Date; until: Date }): Promise<BusyTime[]> {
  const { rows } = await sql<BusyTime>`
    SELECT b.device_id AS "deviceId", b.start, b."end", b.blocks_shared AS "blocksShared"
    FROM device_type_busy_times(${options.deviceType}::text, ${options.from}::timestamptz, ${options.until}::timestamptz) AS b`.execute(db);
  return rows;
}

/**
 * Every time that one of the devices is busy within [from, until): its bookings, each telling whether it is in
 * the way of a Shared booking too (a Shared booking is in the way only of an Exclusive one), and its maintenance
 * windows (in the way of any), read device by device through the GiST indexes that lead with the device, as in
 * findConflicts. Epoch milliseconds.
 */
export async function busyTimes(db: Queryable, options: { deviceIds: number[]; from: Date; until: Date }): Promise<BusyTime[]> {
  const range = sql`tstzrange(${options.from}::timestamptz, ${options.until}::timestamptz, '[)')`;
  const { rows } = await sql<BusyTime>`
    SELECT wanted.device_id AS "deviceId",
           (extract(epoch FROM lower(busy.during)) * 1000)::float8 AS start,
           (extract(epoch FROM upper(busy.during)) * 1000)::float8 AS "end",
           busy.blocks_shared AS "blocksShared"
    FROM unnest(${options.deviceIds}::int[]) AS wanted(device_id)
    CROSS JOIN LATERAL (
      SELECT rd.during, upper_inf(rd.sharing_slot) AS blocks_shared FROM reservation_devices rd
      WHERE rd.device_id = wanted.device_id AND rd.during && ${range}
      UNION ALL
      SELECT md.during, true FROM maintenance_devices md
      WHERE md.device_id = wanted.device_id AND md.during && ${range}) AS busy`.execute(db);
  return rows;
}
