// Maintenance windows: an administrator blocks devices, or every device of a type, for a window with a
// reason. Bookings, extensions and free-slot searches into it are refused or skipped (reservations module);
// reservations already inside it are shown before the administrator confirms, and their holders get a mail
// when it is created. A device in a maintenance that runs now counts as down (flashing/repo unavailableDevices).
import type {
  AffectedReservation,
  MaintenanceCreated,
  MaintenanceForm,
  MaintenancePreview,
  MaintenanceWindow,
} from '@testbed/contract';
import type { Db, Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { enqueueMail } from '../../mail/outbox.js';
import { authorize } from '../../security/policies.js';
import type { Principal } from '../../security/principal.js';
import { recordAudit } from '../../db/audit-writer.js';
import { formatInZone, MAIL_TIME_ZONE } from '../reservations/wall-clock.js';
import {
  deleteMaintenance,
  insertMaintenance,
  listMaintenance,
  maintenanceTargets,
  reservationsInside,
  type AffectedRow,
  lockDevicesForBooking,
  maintenanceInTheWay,
  type MaintenanceHit,
  type MaintenanceRow,
} from './repo.js';

const present = (row: MaintenanceRow): MaintenanceWindow => ({
  id: row.id,
  reason: row.reason,
  start: row.start_date.toISOString(),
  end: row.end_date.toISOString(),
  deviceType: row.device_type,
  devices: row.devices,
  createdBy: row.created_by,
});

const presentAffected = (row: AffectedRow): AffectedReservation => ({
  reservationId: row.reservation_id,
  holder: row.holder,
  start: row.start_date.toISOString(),
  end: row.end_date.toISOString(),
  devices: row.devices,
});

/** The sentence a refused booking or extension shows for each maintenance in its way. */
function maintenanceMessages(hits: readonly MaintenanceHit[]): string[] {
  return hits.map(
    (hit) =>
      `Device ${hit.mac_address} is in maintenance from ${hit.start_date.toISOString()} to ${hit.end_date.toISOString()} ` +
      `(maintenance ${hit.maintenance_id}: ${hit.reason}).`,
  );
}

/**
 * The refusal sentences of the maintenance windows that cover any of the devices between start and end, read
 * under the devices' row locks in the caller's transaction: a maintenance created at the same moment is seen,
 * or sees the booking. Empty when none is in the way.
 */
export async function maintenanceRefusals(tx: Queryable, deviceIds: readonly number[], start: Date, end: Date): Promise<string[]> {
  await lockDevicesForBooking(tx, deviceIds);
  return maintenanceMessages(await maintenanceInTheWay(tx, deviceIds, start, end));
}

export class MaintenanceService {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  async list(principal: Principal | null, from?: string, to?: string): Promise<MaintenanceWindow[]> {
    authorize(principal, 'maintenance:read');
    return (await listMaintenance(this.db, from ? new Date(from) : new Date(), to ? new Date(to) : null)).map(present);
  }

  async preview(principal: Principal | null, form: MaintenanceForm): Promise<MaintenancePreview> {
    authorize(principal, 'maintenance:manage');
    const devices = await this.targets(this.db, form);
    const affected = await reservationsInside(this.db, devices.map((device) => device.id), new Date(form.start), new Date(form.end));
    return { devices: devices.map((device) => device.mac_address), affected: affected.map(presentAffected) };
  }

  async create(principal: Principal | null, form: MaintenanceForm, ip?: string): Promise<MaintenanceCreated> {
    const caller = authorize(principal, 'maintenance:manage');
    const start = new Date(form.start);
    const end = new Date(form.end);
    return this.db.transaction().execute(async (tx) => {
      const devices = await this.targets(tx, form);
      const deviceIds = devices.map((device) => device.id);
      const id = await insertMaintenance(tx, {
        reason: form.reason,
        start,
        end,
        deviceTypeId: form.deviceType ? (devices[0]?.type_id ?? null) : null,
        createdBy: caller.userId,
        deviceIds,
      });
      // Read under the devices' lock: a booking made at the same moment is either here or refused.
      const affected = await reservationsInside(tx, deviceIds, start, end);
      for (const reservation of affected) {
        const zone = reservation.holder_time_zone ?? MAIL_TIME_ZONE;
        await enqueueMail(tx, {
          to: reservation.holder_email,
          subject: `Maintenance of devices of your reservation ${reservation.reservation_id}`,
          text:
            `Hello ${reservation.holder_firstname},\n\nAn administrator put devices of your reservation ${reservation.reservation_id} ` +
            `(${reservation.devices.join(', ')}) in maintenance from ${formatInZone(start, zone)} to ${formatInZone(end, zone)} (${zone}):\n\n${form.reason}\n\n` +
            `They may not be usable then. Your reservations: ${this.publicUrl}/reservations/${reservation.holder_id}\n`,
        });
      }
      await recordAudit(tx, {
        actorUserId: caller.userId,
        action: 'admin.maintenance.create',
        targetType: 'maintenance',
        targetId: id,
        ip,
        devices: devices.map((device) => device.mac_address),
        details: { reason: form.reason, start: form.start, end: form.end, deviceType: form.deviceType ?? null, affected: affected.map((row) => row.reservation_id) },
      });
      const [row] = await listMaintenance(tx, start, null, id);
      return { maintenance: present(row!), affected: affected.map(presentAffected) };
    });
  }

  async remove(principal: Principal | null, id: number, ip?: string): Promise<MaintenanceWindow> {
    const caller = authorize(principal, 'maintenance:manage');
    return this.db.transaction().execute(async (tx) => {
      const [row] = await listMaintenance(tx, new Date(0), null, id);
      if (!row) throw new AppError('not_found', `Maintenance ${id} does not exist.`);
      await recordAudit(tx, { actorUserId: caller.userId, action: 'admin.maintenance.delete', targetType: 'maintenance', targetId: id, ip, devices: row.devices });
      await deleteMaintenance(tx, id);
      return present(row);
    });
  }

  private async targets(db: Queryable, form: MaintenanceForm) {
    const devices = await maintenanceTargets(db, form);
    if (form.deviceType && devices.length === 0) {
      throw new AppError('validation', `deviceType: unknown device type '${form.deviceType}'.`, { fieldErrors: { deviceType: [`Unknown device type '${form.deviceType}'.`] } });
    }
    const found = new Set(devices.map((device) => device.mac_address));
    const unknown = (form.devices ?? []).filter((mac) => !found.has(mac));
    if (unknown.length > 0) {
      throw new AppError('validation', `devices: not in the testbed: ${unknown.join(', ')}.`, { fieldErrors: { devices: [`Not in the testbed: ${unknown.join(', ')}.`] } });
    }
    return devices;
  }
}
