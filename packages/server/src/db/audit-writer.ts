// The one writer of audit rows, below every module: each records what it did in its own transaction, and
// the authentication hook records the use of a personal API token. Never given a password or a token.
import { sql } from 'kysely';
import type { Queryable } from './database.js';

export interface AuditEntry {
  actorUserId: number | null;
  action: string;
  targetType?: string;
  targetId?: string | number;
  ip?: string;
  details?: Record<string, unknown>;
  /** MAC addresses of the devices concerned; a device target and a reservation's devices are found by themselves. */
  devices?: readonly string[];
}

export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  const targetId = entry.targetId === undefined ? null : String(entry.targetId);
  // A reservation row names its devices, read now (before a deletion removes them), so that the audit screen
  // finds every booking, release and deletion of a device.
  const devices = entry.devices
    ? sql`${[...entry.devices]}::text[]`
    : entry.targetType === 'device' && targetId
      ? sql`ARRAY[${targetId}]::text[]`
      : entry.targetType === 'reservation' && targetId
        ? sql`ARRAY(SELECT d.mac_address FROM reservation_devices rd JOIN devices d ON d.id = rd.device_id
                    WHERE rd.reservation_id = ${Number(targetId)} ORDER BY d.mac_address)`
        : sql`'{}'::text[]`;
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actorUserId,
      action: entry.action,
      target_type: entry.targetType ?? null,
      target_id: targetId,
      ip: entry.ip ?? null,
      details: JSON.stringify(entry.details ?? {}),
      device_macs: devices,
    })
    .execute();
}
