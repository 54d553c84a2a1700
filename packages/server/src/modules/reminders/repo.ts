import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';

export interface ClaimedReminder {
  reservation_id: number;
  user_id: number;
  kind: 'start' | 'end';
  for_time: Date;
}

/**
 * Claims the reminders due now, at most `limit`: for each holder and colleague of a reservation whose start
 * (or, while it runs, end) comes within their lead time. The insert is the claim: the primary key lets one
 * instance's sweep win and the others skip, so a reminder goes once however many instances sweep, and a
 * restart loses nothing (a reminder not yet sent is found again until its moment has passed).
 * Skipped: a start reminder for a reservation booked after its reminder time (its people just booked it),
 * and anything for a reservation deleted or released (its row is gone or its end has passed).
 */
export async function claimDueReminders(db: Queryable, limit: number): Promise<ClaimedReminder[]> {
  const { rows } = await sql<ClaimedReminder>`
    WITH soon AS (
      SELECT r.id, r.start_date, r.end_date, r.submission_date
        FROM reservations r
       WHERE (r.start_date > now() AND r.start_date <= now() + interval '7 days')
          OR (r.end_date > now() AND r.start_date <= now() AND r.end_date <= now() + interval '7 days')
    ), people AS (
      SELECT s.*, r.responsible_user_id AS user_id FROM soon s JOIN reservations r ON r.id = s.id
      UNION
      SELECT s.*, ru.user_id FROM soon s JOIN reservation_users ru ON ru.reservation_id = s.id
    ), due AS (
      SELECT p.id AS reservation_id, p.user_id, 'start' AS kind, p.start_date AS for_time
        FROM people p JOIN users u ON u.id = p.user_id
       WHERE u.reminder_before_start_minutes IS NOT NULL AND u.is_enabled AND u.anonymised_at IS NULL
         AND p.start_date > now()
         AND p.start_date - make_interval(mins => u.reminder_before_start_minutes) <= now()
         AND p.submission_date < p.start_date - make_interval(mins => u.reminder_before_start_minutes)
      UNION ALL
      SELECT p.id, p.user_id, 'end', p.end_date
        FROM people p JOIN users u ON u.id = p.user_id
       WHERE u.reminder_before_end_minutes IS NOT NULL AND u.is_enabled AND u.anonymised_at IS NULL
         AND p.start_date <= now() AND p.end_date > now()
         AND p.end_date - make_interval(mins => u.reminder_before_end_minutes) <= now()
    )
    INSERT INTO reservation_reminders (reservation_id, user_id, kind, for_time)
    SELECT reservation_id, user_id, kind, for_time FROM due LIMIT ${limit}
    ON CONFLICT DO NOTHING
    RETURNING reservation_id, user_id, kind, for_time`.execute(db);
  return rows.map((row) => ({ ...row, for_time: new Date(row.for_time) }));
}

/** What a reminder mail says: the person, the reservation and its devices. */
export async function reminderFacts(db: Queryable, reservationId: number, userId: number) {
  return db
    .selectFrom('reservations as r')
    .innerJoin('users as u', (join) => join.on('u.id', '=', userId))
    .innerJoin('users as holder', 'holder.id', 'r.responsible_user_id')
    .select([
      'r.id',
      'r.start_date',
      'r.end_date',
      'r.description',
      'u.email',
      'u.firstname',
      'u.time_zone',
      'holder.username as holder',
      sql<string[]>`ARRAY(SELECT d.mac_address || ' (' || t.name || ')' FROM reservation_devices rd
                          JOIN devices d ON d.id = rd.device_id JOIN device_types t ON t.id = d.device_type_id
                         WHERE rd.reservation_id = r.id ORDER BY t.name, d.mac_address)`.as('devices'),
    ])
    .where('r.id', '=', reservationId)
    .executeTakeFirst();
}

export async function readReminderSettings(db: Queryable, userId: number) {
  return db
    .selectFrom('users')
    .select(['reminder_before_start_minutes', 'reminder_before_end_minutes'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function writeReminderSettings(
  db: Queryable,
  userId: number,
  settings: { beforeStartMinutes: number | null; beforeEndMinutes: number | null },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      reminder_before_start_minutes: settings.beforeStartMinutes,
      reminder_before_end_minutes: settings.beforeEndMinutes,
    })
    .where('id', '=', userId)
    .execute();
}
