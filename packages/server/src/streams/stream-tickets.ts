// Streams are opened by EventSource, which cannot send the bearer header, and the token itself must not travel
// in a URL (proxies and logs keep URLs): an authenticated call hands out a ticket worth one stream of one thing
// the caller may already see (a flash job, an experiment), valid a minute and used once. Only its SHA-256 is
// stored, so any instance can take it. The flash runner's hourly prune deletes the long expired ones.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Queryable } from '../db/database.js';

/** How long a stream ticket may wait for its stream. */
export const STREAM_TICKET_TTL_SECONDS = 60;

/** What a ticket opens the stream of. */
export type StreamSubject = { jobId: number } | { experimentId: number };

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest();
const columnsOf = (subject: StreamSubject) =>
  'jobId' in subject ? { jobId: subject.jobId, experimentId: null } : { jobId: null, experimentId: subject.experimentId };

/** A new ticket of the user for the subject's stream. */
export async function issueStreamTicket(db: Queryable, userId: number, subject: StreamSubject): Promise<{ ticket: string; expiresIn: number }> {
  const ticket = randomBytes(24).toString('base64url');
  const { jobId, experimentId } = columnsOf(subject);
  await sql`
    INSERT INTO flash_stream_tickets (token_hash, user_id, job_id, experiment_id, expires_at)
    VALUES (${hashTicket(ticket)}, ${userId}, ${jobId}, ${experimentId}, now() + make_interval(secs => ${STREAM_TICKET_TTL_SECONDS}))`.execute(db);
  return { ticket, expiresIn: STREAM_TICKET_TTL_SECONDS };
}

/** Uses a ticket of the subject once, while it is valid; answers the user it was given to, or undefined. */
export async function takeStreamTicket(db: Queryable, ticket: string, subject: StreamSubject): Promise<number | undefined> {
  const { jobId, experimentId } = columnsOf(subject);
  const { rows } = await sql<{ user_id: number }>`
    UPDATE flash_stream_tickets SET used_at = now()
    WHERE token_hash = ${hashTicket(ticket)} AND job_id IS NOT DISTINCT FROM ${jobId}::int
      AND experiment_id IS NOT DISTINCT FROM ${experimentId}::int AND used_at IS NULL AND expires_at > now()
    RETURNING user_id`.execute(db);
  return rows[0]?.user_id;
}
