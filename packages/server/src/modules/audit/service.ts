// Reading the audit trail: administrators page through it (filters by user, action, device, time; a keyset on
// the row id) or export it as CSV; a user reads their own sign-ins, to notice someone else's.
import { Readable } from 'node:stream';
import { AUDIT_CSV_MAX_ROWS, type AuditEntry, type AuditLogPage, type AuditLogQuery, type SignInHistory } from '@testbed/contract';
import type { Db } from '../../db/database.js';
import { authorize } from '../../security/policies.js';
import type { Principal } from '../../security/principal.js';
import { csvRows } from './csv.js';
import { findAuditRows, findSignIns, type AuditRow } from './repo.js';

const CSV_BATCH = 2_000;

function present(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    at: row.at.toISOString(),
    actor: row.actor_user_id === null ? null : { userId: row.actor_user_id, username: row.actor_username ?? '' },
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    devices: row.device_macs,
    ip: row.ip,
    details: row.details,
  };
}

export class AuditService {
  constructor(private readonly db: Db) {}

  async page(principal: Principal | null, query: AuditLogQuery): Promise<AuditLogPage> {
    authorize(principal, 'audit:read');
    // One row more than asked tells whether an older page exists.
    const rows = await findAuditRows(this.db, query, query.limit + 1);
    const entries = rows.slice(0, query.limit).map(present);
    return { entries, nextBefore: rows.length > query.limit ? entries[entries.length - 1]!.id : null };
  }

  /** The filtered rows as CSV, newest first, read in batches by the same keyset while the reply streams. */
  csv(principal: Principal | null, query: Omit<AuditLogQuery, 'limit' | 'before'>): Readable {
    authorize(principal, 'audit:read');
    const db = this.db;
    async function* lines() {
      yield csvRows([['id', 'at', 'actor_user_id', 'actor_username', 'action', 'target_type', 'target_id', 'devices', 'ip', 'details']]);
      let before: number | undefined;
      let sent = 0;
      while (sent < AUDIT_CSV_MAX_ROWS) {
        const rows = await findAuditRows(db, { ...query, before }, Math.min(CSV_BATCH, AUDIT_CSV_MAX_ROWS - sent));
        if (rows.length === 0) return;
        yield csvRows(
          rows.map((row) => [
            row.id,
            row.at.toISOString(),
            row.actor_user_id,
            row.actor_username,
            row.action,
            row.target_type,
            row.target_id,
            row.device_macs.join(' '),
            row.ip,
            JSON.stringify(row.details),
          ]),
        );
        sent += rows.length;
        before = Number(rows[rows.length - 1]!.id);
      }
    }
    return Readable.from(lines());
  }

  async signInHistory(principal: Principal | null, limit: number): Promise<SignInHistory> {
    const caller = authorize(principal, 'account:own-settings', { userId: principal?.userId });
    const rows = await findSignIns(this.db, caller.userId, limit);
    const outcome = { 'auth.signin.success': 'success', 'auth.signin.failure': 'failure', 'auth.signin.refused': 'refused' } as const;
    return {
      events: rows.map((row) => ({ at: row.at.toISOString(), ip: row.ip, outcome: outcome[row.action as keyof typeof outcome] })),
    };
  }
}
