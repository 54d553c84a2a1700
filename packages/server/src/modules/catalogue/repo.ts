import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';
import type { DeviceProperties } from '../../db/schema.js';

export interface CatalogueRow {
  mac_address: string;
  ip_address: string;
  device_type: string;
  properties: DeviceProperties;
  quarantine_reason: string | null;
  maintenance_reason: string | null;
  flashing: boolean;
  booked: boolean;
}

/** Every device in the inventory with what the database says of it now. */
export async function catalogueRows(db: Queryable): Promise<CatalogueRow[]> {
  const { rows } = await sql<CatalogueRow>`
    SELECT d.mac_address, host(d.ip_address) AS ip_address, t.name AS device_type, d.properties,
           CASE WHEN d.quarantined_at IS NOT NULL THEN d.quarantine_reason END AS quarantine_reason,
           (SELECT m.reason FROM maintenance_devices md JOIN maintenance_windows m ON m.id = md.maintenance_id
             WHERE md.device_id = d.id AND md.during @> now() LIMIT 1) AS maintenance_reason,
           EXISTS (SELECT 1 FROM flash_jobs j WHERE j.device_id = d.id AND j.state IN ('pending', 'flashing', 'waiting_ready', 'restoring')) AS flashing,
           EXISTS (SELECT 1 FROM reservation_devices rd WHERE rd.device_id = d.id AND rd.during @> now()) AS booked
      FROM devices d JOIN device_types t ON t.id = d.device_type_id
     WHERE d.in_inventory
     ORDER BY t.name, d.mac_address`.execute(db);
  return rows.map((row) => ({ ...row, properties: typeof row.properties === 'string' ? JSON.parse(row.properties) : row.properties }));
}
