import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';

export interface CalendarReservationRow {
  id: number;
  start_date: Date;
  end_date: Date;
  submission_date: Date;
  description: string;
  holder: string;
  holder_id: number;
  colleagues: string[];
  colleague_ids: number[];
  devices: string[];
  reservation_type: string;
}

const reservationFields = sql<CalendarReservationRow>`
  SELECT r.id, r.start_date, r.end_date, r.submission_date, r.description, h.username AS holder, h.id AS holder_id,
         rt.label AS reservation_type,
         ARRAY(SELECT u.username FROM reservation_users ru JOIN users u ON u.id = ru.user_id
                WHERE ru.reservation_id = r.id ORDER BY u.username) AS colleagues,
         ARRAY(SELECT ru.user_id FROM reservation_users ru WHERE ru.reservation_id = r.id) AS colleague_ids,
         ARRAY(SELECT d.mac_address || ' (' || t.name || ', ' || host(d.ip_address) || ')'
                 FROM reservation_devices rd JOIN devices d ON d.id = rd.device_id
                 JOIN device_types t ON t.id = d.device_type_id
                WHERE rd.reservation_id = r.id ORDER BY t.name, d.mac_address) AS devices
    FROM reservations r
    JOIN users h ON h.id = r.responsible_user_id
    JOIN reservation_types rt ON rt.id = r.reservation_type_id`;

/** The user's reservations (as holder or colleague) that ended at most `pastDays` ago, soonest first. */
export async function reservationsOfUser(db: Queryable, userId: number, pastDays: number, limit: number) {
  const { rows } = await sql<CalendarReservationRow>`
    ${reservationFields}
     WHERE r.end_date > now() - make_interval(days => ${pastDays})
       AND (r.responsible_user_id = ${userId}
            OR EXISTS (SELECT 1 FROM reservation_users ru WHERE ru.reservation_id = r.id AND ru.user_id = ${userId}))
     ORDER BY r.start_date
     LIMIT ${limit}`.execute(db);
  return rows;
}

export async function reservationById(db: Queryable, reservationId: number) {
  const { rows } = await sql<CalendarReservationRow>`${reservationFields} WHERE r.id = ${reservationId}`.execute(db);
  return rows[0];
}

export async function findFeed(db: Queryable, userId: number) {
  return db.selectFrom('calendar_feeds').select(['created_at', 'last_read_at']).where('user_id', '=', userId).executeTakeFirst();
}

/** Replaces the user's feed secret: the old URL stops working at once. */
export async function replaceFeed(db: Queryable, userId: number, tokenHash: Buffer) {
  return db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, token_hash: tokenHash })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: tokenHash, created_at: new Date(), last_read_at: null }))
    .returning('created_at')
    .executeTakeFirstOrThrow();
}

export async function deleteFeed(db: Queryable, userId: number): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
}

/** The owner of a feed secret, if the account may still sign in; marks the feed read. */
export async function useFeed(db: Queryable, tokenHash: Buffer): Promise<number | undefined> {
  const row = await db
    .updateTable('calendar_feeds as f')
    .from('users as u')
    .set({ last_read_at: new Date() })
    .whereRef('u.id', '=', 'f.user_id')
    .where('f.token_hash', '=', tokenHash)
    .where('u.is_enabled', '=', true)
    .where('u.anonymised_at', 'is', null)
    .returning('f.user_id')
    .executeTakeFirst();
  return row?.user_id;
}
