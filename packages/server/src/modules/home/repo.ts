// Counts of what waits for the administrators, one statement: each a small count over an indexed or small set.
import { sql } from 'kysely';
import type { AdminSummary } from '@testbed/contract';
import type { Queryable } from '../../db/database.js';

export async function loadAdminSummary(db: Queryable): Promise<AdminSummary> {
  const { rows } = await sql<{ [K in keyof AdminSummary]: string }>`
    SELECT
      (SELECT count(*) FROM users
        WHERE email_verified_at IS NOT NULL AND approved_date IS NULL AND refused_at IS NULL
          AND anonymised_at IS NULL AND NOT is_enabled) AS "accountsToApprove",
      (SELECT count(*) FROM users WHERE validation_pending AND anonymised_at IS NULL) AS "revalidationsPending",
      (SELECT count(*) FROM devices WHERE in_inventory AND quarantined_at IS NOT NULL) AS "devicesQuarantined",
      (SELECT count(*) FROM devices WHERE in_inventory AND quarantined_at IS NULL AND failure_streak > 0) AS "devicesFailing",
      (SELECT count(*) FROM maintenance_windows
        WHERE end_date > now() AND start_date < now() + interval '7 days') AS "maintenanceComing",
      (SELECT count(*) FROM mail_outbox WHERE sent_at IS NULL AND last_error IS NOT NULL) AS "mailsFailing"
  `.execute(db);
  const row = rows[0]!;
  return {
    accountsToApprove: Number(row.accountsToApprove),
    revalidationsPending: Number(row.revalidationsPending),
    devicesQuarantined: Number(row.devicesQuarantined),
    devicesFailing: Number(row.devicesFailing),
    maintenanceComing: Number(row.maintenanceComing),
    mailsFailing: Number(row.mailsFailing),
  };
}
