// The audit trail's reads: the log's filtered pages and a user's own sign-ins (db/audit-writer.ts writes it).
import { sql } from 'kysely';
import type { AuditLogQuery } from '@testbed/contract';
import type { Queryable } from '../../db/database.js';

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
