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

export interface FeedWindow {
  pastDays: number;
  futureDays: number;
  maxEvents: number;
}

/** What a feed's events need beside the rows: the host in each UID and the portal's address in each URL. */
export interface FeedSite {
  host: string;
  /** The portal's public address, already escaped as an iCalendar TEXT value. */
  publicUrl: string;
}

/** An instant in iCalendar's UTC form to the second, e.g. 20261126T203345Z. */
const icalUtc = (column: ReturnType<typeof sql.ref>) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYYMMDD"T"HH24MISS"Z"')`;

const CRLF = sql.lit('\r\n');

/**
 * The feed of a secret in one statement: its owner (if the account may still sign in) and the text of the
 * owner's events, as holder or colleague, for the reservations that overlap the window from `pastDays` ago to
 * `futureDays` ahead, soonest first. The database writes each event's lines (the same lines, in the same
 * order, as ical-generator writes for the one-event download) from the text each reservation keeps for its
 * event (the calendar-text migration), unfolded: the caller folds the long ones. Its
 * text is also what the feed's validator hashes, so that If-None-Match is answered before anything is built.
 * The read is noted on the feed at most once a minute, so that a polling calendar does not write on every read.
 */
export async function readFeed(db: Queryable, tokenHash: Buffer, window: FeedWindow, site: FeedSite): Promise<{ userId: number; events: string } | undefined> {
  const from = sql`now() - make_interval(days => ${window.pastDays})`;
  const until = sql`now() + make_interval(days => ${window.futureDays})`;
  const { rows } = await sql<{ user_id: number; events: string }>`
    WITH feed AS (
      SELECT f.user_id FROM calendar_feeds f JOIN users u ON u.id = f.user_id
       WHERE f.token_hash = ${tokenHash} AND u.is_enabled AND u.anonymised_at IS NULL
    ), noted AS (
      UPDATE calendar_feeds SET last_read_at = now()
       WHERE token_hash = ${tokenHash} AND user_id IN (SELECT user_id FROM feed)
         AND (last_read_at IS NULL OR last_read_at < now() - interval '1 minute')
    ), mine AS (
      -- Each side by its own index (holder and end; colleague), rather than one OR that reads every
      -- reservation; a holder is never counted again as a colleague, so the two sides never overlap.
      SELECT r.* FROM feed JOIN reservations r ON r.responsible_user_id = feed.user_id
       WHERE r.end_date > ${from} AND r.start_date < ${until}
      UNION ALL
      SELECT r.* FROM feed JOIN reservation_users ru ON ru.user_id = feed.user_id
        JOIN reservations r ON r.id = ru.reservation_id
       WHERE r.end_date > ${from} AND r.start_date < ${until} AND r.responsible_user_id <> feed.user_id
       ORDER BY start_date, id
       LIMIT ${window.maxEvents}
    ), events AS (
      SELECT r.start_date, r.id,
             'BEGIN:VEVENT' || ${CRLF} || 'UID:reservation-' || r.id || ${'@' + site.host} || ${CRLF} || 'SEQUENCE:0' || ${CRLF}
             || 'DTSTAMP:' || ${icalUtc(sql.ref('r.submission_date'))} || ${CRLF}
             || 'DTSTART:' || ${icalUtc(sql.ref('r.start_date'))} || ${CRLF}
             || 'DTEND:' || ${icalUtc(sql.ref('r.end_date'))} || ${CRLF}
             || 'SUMMARY:' || r.calendar_summary || ${CRLF}
             || 'DESCRIPTION:' || r.calendar_description || ${CRLF}
             || 'URL;VALUE=URI:' || ${site.publicUrl + '/reservations/'} || feed.user_id || '/reservationId/' || r.id || ${CRLF}
             || 'END:VEVENT' || ${CRLF} AS text
        FROM feed CROSS JOIN mine r
    )
    SELECT feed.user_id, (SELECT coalesce(string_agg(text, '' ORDER BY start_date, id), '') FROM events) AS events
      FROM feed`.execute(db);
  const row = rows[0];
  return row && { userId: row.user_id, events: row.events };
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
