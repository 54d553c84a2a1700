// Audit trail: who did what and when. Never given a password or a token.
import { sql } from 'kysely';
import type { AuditLogQuery } from '@testbed/contract';
import type { Queryable } from '../../db/database.js';

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

export interface AuditRow {
  id: string;
  at: Date;
  actor_user_id: number | null;
  actor_username: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  device_macs: string[];
  ip: string | null;
  details: Record<string, unknown>;
}

/**
 * Audit rows newest first, `limit` of them, older than `before` (an id: the keyset of the previous page).
 * Every filter has its index (see the migration), so a page costs the same at the millionth row.
 */
export async function findAuditRows(db: Queryable, filter: Omit<AuditLogQuery, 'limit'>, limit: number): Promise<AuditRow[]> {
  let query = db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .select(['a.id', 'a.at', 'a.actor_user_id', 'u.username as actor_username', 'a.action', 'a.target_type', 'a.target_id', 'a.device_macs', 'a.ip', 'a.details'])
    .orderBy('a.id', 'desc')
    .limit(limit);
  if (filter.before !== undefined) query = query.where('a.id', '<', String(filter.before));
  if (filter.userId !== undefined) {
    const userId = filter.userId;
    query = query.where((eb) =>
      eb.or([eb('a.actor_user_id', '=', userId), eb.and([eb('a.target_type', '=', 'user'), eb('a.target_id', '=', String(userId))])]),
    );
  }
  if (filter.action) {
    // "auth." is every action under auth; anything else is one action.
    query = filter.action.endsWith('.')
      ? query.where('a.action', 'like', `${filter.action.replace(/[\\%_]/g, '\\$&')}%`)
      : query.where('a.action', '=', filter.action);
  }
  if (filter.device) query = query.where(sql<boolean>`a.device_macs @> ARRAY[${filter.device}]::text[]`);
  if (filter.from) query = query.where('a.at', '>=', new Date(filter.from));
  if (filter.to) query = query.where('a.at', '<', new Date(filter.to));
  return (await query.execute()) as AuditRow[];
}

/** The user's own sign-in rows, newest first. */
export async function findSignIns(db: Queryable, userId: number, limit: number) {
  return db
    .selectFrom('audit_log')
    .select(['at', 'ip', 'action'])
    .where('actor_user_id', '=', userId)
    .where('action', 'in', ['auth.signin.success', 'auth.signin.failure', 'auth.signin.refused'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
