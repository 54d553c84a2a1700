// Counts of what waits for the administrators, one statement: each a small count over an indexed or small set.
// A device is down when the testbed's driver says it does not answer; the statement counts those of them that
// no other reason already explains (in maintenance, quarantined, being flashed), as the catalogue does.
import { sql } from 'kysely';
import type { AdminSummary } from '@testbed/contract';
import type { Queryable } from '../../db/database.js';

export async function loadAdminSummary(db: Queryable, downMacs: readonly string[]): Promise<AdminSummary> {
  const { rows } = await sql<{ [K in keyof AdminSummary]: string }>`
    SELECT
      (SELECT count(*) FROM users
        WHERE email_verified_at IS NOT NULL AND approved_date IS NULL AND refused_at IS NULL
          AND anonymised_at IS NULL AND NOT is_enabled) AS "accountsToApprove",
      (SELECT count(*) FROM users WHERE validation_pending AND anonymised_at IS NULL) AS "revalidationsPending",
      (SELECT count(*) FROM devices WHERE in_inventory AND quarantined_at IS NOT NULL) AS "devicesQuarantined",
      (SELECT count(*) FROM devices WHERE in_inventory AND quarantined_at IS NULL AND failure_streak > 0) AS "devicesFailing",
      (SELECT count(*) FROM devices d
        WHERE d.in_inventory AND d.quarantined_at IS NULL AND d.mac_address = ANY(${[...downMacs]}::text[])
          AND NOT EXISTS (SELECT 1 FROM maintenance_devices md JOIN maintenance_windows m ON m.id = md.maintenance_id
                           WHERE md.device_id = d.id AND md.during @> now())
          AND NOT EXISTS (SELECT 1 FROM flash_jobs j WHERE j.device_id = d.id
                           AND j.state IN ('pending', 'flashing', 'waiting_ready', 'restoring'))) AS "devicesDown",
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
    devicesDown: Number(row.devicesDown),
    maintenanceComing: Number(row.maintenanceComing),
    mailsFailing: Number(row.mailsFailing),
  };
}

export interface FailingMailRow {
  id: number;
  to_address: string;
  subject: string;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  next_attempt_at: Date;
}

const failingMailColumns = ['id', 'to_address', 'subject', 'attempts', 'last_error', 'created_at', 'next_attempt_at'] as const;

/** The newest undelivered mails whose last attempt failed, and how many there are in all. */
export async function listFailingMails(db: Queryable, limit: number): Promise<{ rows: FailingMailRow[]; total: number }> {
  const failing = db.selectFrom('mail_outbox').where('sent_at', 'is', null).where('last_error', 'is not', null);
  const [rows, count] = await Promise.all([
    failing.select(failingMailColumns).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),
    failing.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as FailingMailRow[], total: Number(count.total) };
}

/**
 * Makes an undelivered mail due now; answers it, or undefined when there is no such mail waiting. A mail a sender
 * holds right now (claimed, its lease in the future) becomes due too: at worst it is tried twice, as after a crash.
 */
export async function makeMailDue(db: Queryable, id: number): Promise<FailingMailRow | undefined> {
  const row = await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .returning(failingMailColumns)
    .executeTakeFirst();
  return row as FailingMailRow | undefined;
}
