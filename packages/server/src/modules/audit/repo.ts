// Audit trail: who did what and when. Never given a password or a token.
import type { Queryable } from '../../db/database.js';

export interface AuditEntry {
  actorUserId: number | null;
  action: string;
  targetType?: string;
  targetId?: string | number;
  ip?: string;
  details?: Record<string, unknown>;
}

export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actorUserId,
      action: entry.action,
      target_type: entry.targetType ?? null,
      target_id: entry.targetId === undefined ? null : String(entry.targetId),
      ip: entry.ip ?? null,
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}
