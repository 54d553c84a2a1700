// Queries of maintenance windows. A booking or an extension and the creation of a maintenance take locks on
// the same device rows (bookings FOR SHARE, a maintenance FOR UPDATE, both in id order), so that of a booking
// and a maintenance made at once one waits for the other: either the booking sees the maintenance and is
// refused, or the maintenance sees the booking and mails its holder. Bookings among themselves do not wait.
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';

export async function lockDevicesForBooking(db: Queryable, deviceIds: readonly number[]): Promise<void> {
  await sql`SELECT id FROM devices WHERE id = ANY(${[...deviceIds]}::int[]) ORDER BY id FOR SHARE`.execute(db);
}

async function lockDevicesForMaintenance(db: Queryable, deviceIds: readonly number[]): Promise<void> {
  await sql`SELECT id FROM devices WHERE id = ANY(${[...deviceIds]}::int[]) ORDER BY id FOR UPDATE`.execute(db);
}

export interface MaintenanceHit {
  maintenance_id: number;
  reason: string;
  start_date: Date;
  end_date: Date;
  mac_address: string;
}

/** The maintenance windows of these devices that overlap [start, end), device by device through the GiST index. */
export async function maintenanceInTheWay(db: Queryable, deviceIds: readonly number[], start: Date, end: Date): Promise<MaintenanceHit[]> {
  const { rows } = await sql<MaintenanceHit>`
    SELECT m.id AS maintenance_id, m.reason, m.start_date, m.end_date, d.mac_address
      FROM unnest(${[...deviceIds]}::int[]) AS wanted(device_id)
      JOIN maintenance_devices md ON md.device_id = wanted.device_id AND md.during && tstzrange(${start}::timestamptz, ${end}::timestamptz, '[)')
      JOIN maintenance_windows m ON m.id = md.maintenance_id
      JOIN devices d ON d.id = md.device_id
     ORDER BY m.start_date, d.mac_address`.execute(db);
  return rows.map((row) => ({ ...row, start_date: new Date(row.start_date), end_date: new Date(row.end_date) }));
}

/** The devices to block: the listed MAC addresses, or every device of the type, in the inventory. */
export async function maintenanceTargets(db: Queryable, target: { deviceType?: string; devices?: string[] }) {
  let query = db
    .selectFrom('devices as d')
    .innerJoin('device_types as t', 't.id', 'd.device_type_id')
    .select(['d.id', 'd.mac_address', 't.id as type_id', 't.name as device_type'])
    .where('d.in_inventory', '=', true)
    .orderBy('d.id');
  query = target.deviceType ? query.where('t.name', '=', target.deviceType) : query.where('d.mac_address', 'in', target.devices ?? []);
  return query.execute();
}

export interface AffectedRow {
  reservation_id: number;
  holder_id: number;
  holder: string;
  holder_email: string;
  holder_firstname: string;
  holder_time_zone: string | null;
  start_date: Date;
  end_date: Date;
  devices: string[];
}

/** The reservations (not ended) holding any of the devices within [start, end), with their holders. */
export async function reservationsInside(db: Queryable, deviceIds: readonly number[], start: Date, end: Date): Promise<AffectedRow[]> {
  const { rows } = await sql<AffectedRow>`
    SELECT r.id AS reservation_id, u.id AS holder_id, u.username AS holder, u.email AS holder_email, u.firstname AS holder_firstname, u.time_zone AS holder_time_zone,
           r.start_date, r.end_date,
           array_agg(d.mac_address ORDER BY d.mac_address) AS devices
      FROM reservation_devices rd
      JOIN reservations r ON r.id = rd.reservation_id
      JOIN users u ON u.id = r.responsible_user_id
      JOIN devices d ON d.id = rd.device_id
     WHERE rd.device_id = ANY(${[...deviceIds]}::int[])
       AND rd.during && tstzrange(${start}::timestamptz, ${end}::timestamptz, '[)')
       AND r.end_date > now()
     GROUP BY r.id, u.id, u.username, u.email, u.firstname, u.time_zone
     ORDER BY r.start_date, r.id`.execute(db);
  return rows.map((row) => ({ ...row, start_date: new Date(row.start_date), end_date: new Date(row.end_date) }));
}

/** Inserts the maintenance and its devices, under the devices' lock (see the top of this file). */
export async function insertMaintenance(
  db: Queryable,
  maintenance: { reason: string; start: Date; end: Date; deviceTypeId: number | null; createdBy: number; deviceIds: number[] },
): Promise<number> {
  await lockDevicesForMaintenance(db, maintenance.deviceIds);
  const { id } = await db
    .insertInto('maintenance_windows')
    .values({
      reason: maintenance.reason,
      start_date: maintenance.start,
      end_date: maintenance.end,
      device_type_id: maintenance.deviceTypeId,
      created_by: maintenance.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`INSERT INTO maintenance_devices (maintenance_id, device_id, during)
    SELECT ${id}::int, unnest(${maintenance.deviceIds}::int[]), tstzrange(${maintenance.start}::timestamptz, ${maintenance.end}::timestamptz, '[)')`.execute(db);
  return id;
}

export interface MaintenanceRow {
  id: number;
  reason: string;
  start_date: Date;
  end_date: Date;
  device_type: string | null;
  created_by: string | null;
  devices: string[];
}

/** Maintenance windows overlapping [from, to), soonest first. */
export async function listMaintenance(db: Queryable, from: Date, to: Date | null, id?: number): Promise<MaintenanceRow[]> {
  const { rows } = await sql<MaintenanceRow>`
    SELECT m.id, m.reason, m.start_date, m.end_date, t.name AS device_type, u.username AS created_by,
           ARRAY(SELECT d.mac_address FROM maintenance_devices md JOIN devices d ON d.id = md.device_id
                  WHERE md.maintenance_id = m.id ORDER BY d.mac_address) AS devices
      FROM maintenance_windows m
      LEFT JOIN device_types t ON t.id = m.device_type_id
      LEFT JOIN users u ON u.id = m.created_by
     WHERE ${id === undefined ? sql`m.end_date > ${from}::timestamptz AND (${to}::timestamptz IS NULL OR m.start_date < ${to}::timestamptz)` : sql`m.id = ${id}`}
     ORDER BY m.start_date, m.id`.execute(db);
  return rows.map((row) => ({ ...row, start_date: new Date(row.start_date), end_date: new Date(row.end_date) }));
}

export async function deleteMaintenance(db: Queryable, id: number): Promise<boolean> {
  const result = await db.deleteFrom('maintenance_windows').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
