// Queries of flashing: the flash inventory, who may flash what, and the flash jobs with their leases.
// Functions take the database or a transaction and return plain rows.
import type { FlashJob, FlashLogEntry } from '@testbed/contract';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';
import type { ReservationPeople } from '../../security/policies.js';
import type { FlashJobState, FlashLogKind } from '../../db/schema.js';

export interface FlashDeviceRow {
  id: number;
  device_type: string;
  mac_address: string;
  ip_address: string;
  images: string[];
}

/** The devices of the testbed file with their type's images; types by name, devices by IP address. */
export async function listFlashInventory(db: Queryable): Promise<FlashDeviceRow[]> {
  const { rows } = await sql<FlashDeviceRow>`
    SELECT d.id, t.name AS device_type, d.mac_address, host(d.ip_address) AS ip_address,
           COALESCE(i.images, ARRAY[]::text[]) AS images
    FROM devices d
    JOIN device_types t ON t.id = d.device_type_id
    LEFT JOIN LATERAL (
      SELECT array_agg(im.name ORDER BY im.id) AS images FROM images im
      WHERE im.device_type_id = t.id AND im.in_inventory) i ON true
    WHERE d.in_inventory
    ORDER BY t.name, d.ip_address`.execute(db);
  return rows;
}

/** A device of the testbed file found by its MAC address or its IP address as written in the file. */
export async function findFlashDevice(db: Queryable, by: { mac: string } | { ip: string }): Promise<FlashDeviceRow | undefined> {
  const where = 'mac' in by ? sql`d.mac_address = ${by.mac}` : sql`host(d.ip_address) = ${by.ip}`;
  const { rows } = await sql<FlashDeviceRow>`
    SELECT d.id, t.name AS device_type, d.mac_address, host(d.ip_address) AS ip_address,
           COALESCE((SELECT array_agg(im.name ORDER BY im.id) FROM images im
                     WHERE im.device_type_id = t.id AND im.in_inventory), ARRAY[]::text[]) AS images
    FROM devices d JOIN device_types t ON t.id = d.device_type_id
    WHERE d.in_inventory AND ${where}`.execute(db);
  return rows[0];
}

export interface ReservationNow extends ReservationPeople {
  reservationId: number;
}

/**
 * Takes the rows of the Exclusive reservations that hold the device now FOR SHARE, until the transaction ends: a
 * release, deletion or change of end (FOR UPDATE) waits for it, or it waits for them and then no longer finds a
 * reservation that has ended. The wall clock (clock_timestamp) is read after the wait, not the transaction's start.
 */
export async function lockReservationsNow(tx: Queryable, deviceId: number): Promise<void> {
  await sql`
    SELECT r.id FROM reservations r
    JOIN reservation_devices rd ON rd.reservation_id = r.id AND rd.device_id = ${deviceId}
    JOIN reservation_types rt ON rt.id = r.reservation_type_id AND rt.exclusive
    WHERE r.start_date <= clock_timestamp() AND r.end_date > clock_timestamp()
    FOR SHARE OF r`.execute(tx);
}

/**
 * The Exclusive reservations running now of the devices (all of them, or those given), with their holders
 * and colleagues: the facts of the flash rule (security/policies.ts), which decides who may flash.
 */
export async function exclusiveReservationsNow(db: Queryable, deviceIds?: number[]): Promise<Map<number, ReservationNow[]>> {
  const only = deviceIds ? sql`AND rd.device_id = ANY(${deviceIds}::int[])` : sql``;
  const { rows } = await sql<{ device_id: number; reservation_id: number; holder_id: number; colleague_ids: number[] }>`
    SELECT rd.device_id, r.id AS reservation_id, r.responsible_user_id AS holder_id,
           coalesce(array_agg(ru.user_id) FILTER (WHERE ru.user_id IS NOT NULL), '{}') AS colleague_ids
    FROM reservation_devices rd
    JOIN reservations r ON r.id = rd.reservation_id
    JOIN reservation_types rt ON rt.id = r.reservation_type_id AND rt.exclusive
    LEFT JOIN reservation_users ru ON ru.reservation_id = r.id
    WHERE rd.during @> now() AND r.start_date <= now() AND r.end_date > now() ${only}
    GROUP BY rd.device_id, r.id`.execute(db);
  const byDevice = new Map<number, ReservationNow[]>();
  for (const row of rows) {
    const list = byDevice.get(row.device_id) ?? [];
    list.push({ reservationId: row.reservation_id, holderId: row.holder_id, colleagueIds: row.colleague_ids });
    byDevice.set(row.device_id, list);
  }
  return byDevice;
}

/** The username and current SSH keys of an account that can still sign in, or undefined. */
export async function findNodeAccount(db: Queryable, userId: number) {
  const user = await db
    .selectFrom('users')
    .select(['username'])
    .where('id', '=', userId)
    .where('is_enabled', '=', true)
    .where('anonymised_at', 'is', null)
    .executeTakeFirst();
  if (!user) return undefined;
  const keys = await db.selectFrom('credentials').select('ssh_key').where('user_id', '=', userId).orderBy('id').execute();
  return { username: user.username, sshKeys: keys.map((key) => key.ssh_key) };
}

export interface NewFlashJob {
  handle: string;
  userId: number;
  deviceId: number;
  image: string;
  timeoutMs: number;
  /** The reservation the job runs within, or null (an administrator's job on a device they do not hold). */
  reservationId: number | null;
  /** The user image it writes and its SHA-256; null for an operator's image. */
  userImageId: number | null;
  imageSha256: string | null;
  /** False: a flash back to the type's default image, which puts no account on the node. */
  restoreAccount?: boolean;
}

/**
 * Inserts a job; the unique index flash_jobs_one_active refuses a second running job of a device (23505), and
 * the trigger flash_jobs_within_reservation a job whose reservation does not hold the device now (23514).
 */
export async function insertFlashJob(db: Queryable, job: NewFlashJob): Promise<{ id: number; started_at: Date }> {
  const { rows } = await sql<{ id: number; started_at: Date }>`
    INSERT INTO flash_jobs (handle, user_id, device_id, image_name, reservation_id, user_image_id, image_sha256, restore_account, deadline_at)
    VALUES (${job.handle}::uuid, ${job.userId}, ${job.deviceId}, ${job.image}, ${job.reservationId}, ${job.userImageId}, ${job.imageSha256}, ${job.restoreAccount ?? true},
            now() + make_interval(secs => ${job.timeoutMs / 1000}::double precision))
    RETURNING id, started_at`.execute(db);
  return rows[0]!;
}

/** A job with what the pipeline and the API need of its device. */
export interface FlashJobRow {
  id: number;
  handle: string;
  user_id: number;
  device_id: number;
  image_name: string;
  /** The SHA-256 of the user image it writes; null for an operator's image. */
  image_sha256: string | null;
  state: FlashJobState;
  status_line: string | null;
  error: string | null;
  started_at: Date;
  finished_at: Date | null;
  deadline_at: Date;
  /** How long the job last waited for a step that changed nothing (see the migration 20261125140000). */
  idle_wait_ms: number;
  reservation_id: number | null;
  /** How many of the driver's status lines the log has received. */
  status_lines: number;
  /** False for a flash back to the type's default image: the job ends once the node answers. */
  restore_account: boolean;
  device_type: string;
  mac_address: string;
  ip_address: string;
  username: string;
}

const jobColumns = sql`j.id, j.handle::text AS handle, j.user_id, j.device_id, j.image_name, j.image_sha256, j.state, j.status_line,
  j.error, j.started_at, j.finished_at, j.deadline_at, j.idle_wait_ms, j.reservation_id, j.status_lines, j.restore_account, t.name AS device_type, d.mac_address,
  host(d.ip_address) AS ip_address, (SELECT u.username FROM users u WHERE u.id = j.user_id) AS username`;

export async function findFlashJob(db: Queryable, handle: string): Promise<FlashJobRow | undefined> {
  const { rows } = await sql<FlashJobRow>`
    SELECT ${jobColumns} FROM flash_jobs j
    JOIN devices d ON d.id = j.device_id JOIN device_types t ON t.id = d.device_type_id
    WHERE j.handle = ${handle}::uuid`.execute(db);
  return rows[0];
}

/** The user's running jobs and those started in the last day, newest first. */
export async function listUserFlashJobs(db: Queryable, userId: number): Promise<FlashJobRow[]> {
  const { rows } = await sql<FlashJobRow>`
    SELECT ${jobColumns} FROM flash_jobs j
    JOIN devices d ON d.id = j.device_id JOIN device_types t ON t.id = d.device_type_id
    WHERE j.user_id = ${userId} AND (j.state NOT IN ('done', 'failed', 'cancelled') OR j.started_at > now() - interval '1 day')
    ORDER BY j.started_at DESC, j.id DESC
    LIMIT 100`.execute(db);
  return rows;
}

/** The user's jobs, newest first, a page at a time: those with an id below `beforeId` when given. */
export async function listFlashHistory(db: Queryable, userId: number, limit: number, beforeId?: number): Promise<FlashJobRow[]> {
  const before = beforeId === undefined ? sql`` : sql`AND j.id < ${beforeId}`;
  const { rows } = await sql<FlashJobRow>`
    SELECT ${jobColumns} FROM flash_jobs j
    JOIN devices d ON d.id = j.device_id JOIN device_types t ON t.id = d.device_type_id
    WHERE j.user_id = ${userId} ${before}
    ORDER BY j.id DESC
    LIMIT ${limit}`.execute(db);
  return rows;
}

export interface FlashLogRow {
  id: string;
  at: Date;
  kind: FlashLogKind;
  text: string;
}

/** A job's log entries after the entry `afterId` (all with '0'), oldest first. */
export async function readFlashLog(db: Queryable, jobId: number, afterId = '0', limit = 1000): Promise<FlashLogRow[]> {
  const { rows } = await sql<FlashLogRow>`
    SELECT l.id::text AS id, l.at, l.kind, l.text FROM flash_job_log l
    WHERE l.job_id = ${jobId} AND l.id > ${afterId}::bigint
    ORDER BY l.id
    LIMIT ${limit}`.execute(db);
  return rows;
}

export function presentFlashLogEntry(row: FlashLogRow): FlashLogEntry {
  return { id: row.id, at: new Date(row.at).toISOString(), kind: row.kind, text: row.text };
}

/**
 * Removes the logs of the jobs finished more than `retentionDays` ago, and the stream tickets long expired,
 * a batch at a time. Any instance may run it at any time: a DELETE of rows already gone deletes nothing.
 */
export async function pruneFlashLogs(db: Queryable, retentionDays: number, batch = 10_000): Promise<number> {
  const result = await sql`
    DELETE FROM flash_job_log WHERE id IN (
      SELECT l.id FROM flash_jobs j JOIN flash_job_log l ON l.job_id = j.id
      WHERE j.finished_at < now() - make_interval(days => ${retentionDays})
      LIMIT ${batch})`.execute(db);
  await sql`DELETE FROM flash_stream_tickets WHERE expires_at < now() - interval '1 hour'`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** The command that opens a shell on the node of a finished flash, as its owner; ipv6 addresses in brackets are not needed by ssh. */
export function sshCommandOf(row: Pick<FlashJobRow, 'username' | 'ip_address'>, jumpHost?: string): string {
  return ['ssh', ...(jumpHost ? ['-J', jumpHost] : []), `${row.username}@${row.ip_address}`].join(' ');
}

export function presentFlashJob(row: FlashJobRow, jumpHost?: string): FlashJob {
  return {
    handle: row.handle,
    deviceType: row.device_type,
    device: row.mac_address,
    ip: row.ip_address,
    image: row.image_name,
    state: row.state,
    statusLine: row.status_line,
    // While a job runs its error column holds the latest retry's reason, not an outcome; a cancelled job's says why.
    error: row.state === 'failed' || row.state === 'cancelled' ? row.error : null,
    startedAt: new Date(row.started_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    sshCommand: row.state === 'done' ? sshCommandOf(row, jumpHost) : null,
  };
}

/**
 * The devices that count as down whatever their driver says: those being flashed and not ready yet (the up
 * flag is off while flashing and back when the node is ready), the quarantined ones and
 * those in a maintenance that runs now, these two with the reason shown ("quarantined (...)"). They show as
 * down and cannot be booked.
 */
export async function unavailableDevices(db: Queryable): Promise<{ busy: string[]; reasons: Map<string, string>; quarantined: Set<string> }> {
  const { rows } = await sql<{ mac_address: string; kind: 'flashing' | 'quarantined' | 'maintenance'; reason: string | null }>`
    SELECT d.mac_address, 'flashing' AS kind, NULL AS reason FROM flash_jobs j JOIN devices d ON d.id = j.device_id
    WHERE j.state IN ('pending', 'flashing', 'waiting_ready')
    UNION ALL
    SELECT d.mac_address, 'quarantined', 'quarantined (' || d.quarantine_reason || ')' FROM devices d WHERE d.quarantined_at IS NOT NULL
    UNION ALL
    SELECT d.mac_address, 'maintenance', 'in maintenance (' || m.reason || ')'
      FROM maintenance_devices md JOIN maintenance_windows m ON m.id = md.maintenance_id JOIN devices d ON d.id = md.device_id
     WHERE md.during @> now()`.execute(db);
  const busy: string[] = [];
  const reasons = new Map<string, string>();
  const quarantined = new Set<string>();
  for (const row of rows) {
    if (row.kind === 'flashing') busy.push(row.mac_address);
    else reasons.set(row.mac_address, row.reason ?? row.kind);
    if (row.kind === 'quarantined') quarantined.add(row.mac_address);
  }
  return { busy, reasons, quarantined };
}

/**
 * Takes the running jobs that nobody holds (new ones, or those whose holder stopped or died) and renews the
 * leases of this owner's jobs before they run out, then answers the running jobs this owner holds that are
 * due for a step, and the ids of the jobs taken over: those whose lease another owner let run out (an
 * instance that stopped cleanly hands its jobs back first, so a takeover means one died or hung).
 */
export async function claimFlashJobs(
  db: Queryable,
  owner: string,
  leaseMs: number,
  limit: number,
  /** This owner's jobs whose step is under way: their leases are renewed, their rows are not read. */
  stepping: readonly number[] = [],
): Promise<{ jobs: FlashJobRow[]; takenOver: number[] }> {
  const lease = leaseMs / 1000;
  const { rows: claimed } = await sql<{ id: number; previous_owner: string | null }>`
    WITH due AS (
      SELECT id, lease_owner FROM flash_jobs
      WHERE state NOT IN ('done', 'failed', 'cancelled')
        AND (lease_until IS NULL OR lease_until < now()
             OR (lease_owner = ${owner} AND lease_until < now() + make_interval(secs => ${lease / 2}::double precision)))
      ORDER BY id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    UPDATE flash_jobs j SET lease_owner = ${owner}, lease_until = now() + make_interval(secs => ${lease}::double precision)
    FROM due WHERE j.id = due.id
    RETURNING j.id, due.lease_owner AS previous_owner`.execute(db);
  const { rows } = await sql<FlashJobRow>`
    SELECT ${jobColumns} FROM flash_jobs j
    JOIN devices d ON d.id = j.device_id JOIN device_types t ON t.id = d.device_type_id
    WHERE j.state NOT IN ('done', 'failed', 'cancelled') AND j.lease_owner = ${owner} AND j.lease_until > now()
      AND j.next_step_at <= now() AND NOT (j.id = ANY(${[...stepping]}::int[]))
      AND ${withinReservation('j')}
    ORDER BY j.id`.execute(db);
  const takenOver = claimed.filter((row) => row.previous_owner !== null && row.previous_owner !== owner).map((row) => row.id);
  return { jobs: rows, takenOver };
}

/** A job's next step put off by `waitMs` (never past its deadline), as long as this owner holds it. */
export interface FlashJobWait {
  id: number;
  waitMs: number;
}

/** Puts off the next steps of jobs whose last step changed nothing, in one statement. */
export async function postponeFlashJobs(db: Queryable, owner: string, waits: readonly FlashJobWait[]): Promise<void> {
  if (waits.length === 0) return;
  await sql`
    UPDATE flash_jobs j
       SET idle_wait_ms = w.wait_ms,
           next_step_at = least(now() + make_interval(secs => w.wait_ms / 1000.0), j.deadline_at)
      FROM unnest(${waits.map((wait) => wait.id)}::int[], ${waits.map((wait) => wait.waitMs)}::int[]) AS w(id, wait_ms)
     WHERE j.id = w.id AND j.lease_owner = ${owner} AND j.state NOT IN ('done', 'failed', 'cancelled')`.execute(db);
}

export interface FlashJobChange {
  state?: FlashJobState;
  statusLine?: string | null;
  error?: string | null;
}

/** Moves a job on, only while this owner holds it; a finished job lets go of its lease. Answers whether it held. */
export async function updateFlashJob(db: Queryable, id: number, owner: string, change: FlashJobChange): Promise<boolean> {
  const finished = change.state === 'done' || change.state === 'failed';
  const result = await db
    .updateTable('flash_jobs')
    .set({
      ...(change.state ? { state: change.state } : {}),
      ...(change.statusLine !== undefined ? { status_line: change.statusLine } : {}),
      ...(change.error !== undefined ? { error: change.error } : {}),
      updated_at: sql<Date>`now()`,
      // A change: the job is due again at every tick.
      idle_wait_ms: 0,
      next_step_at: sql<Date>`now()`,
      ...(finished ? { finished_at: sql<Date>`now()`, lease_owner: null, lease_until: null } : {}),
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', 'not in', ['done', 'failed', 'cancelled'])
    // No step's outcome is recorded once the job's reservation has ended, even before the job is cancelled.
    .where(withinReservation('flash_jobs'))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Lets go of this owner's jobs so that another instance takes them over at once. */
export async function releaseFlashJobs(db: Queryable, owner: string): Promise<void> {
  await db
    .updateTable('flash_jobs')
    .set({ lease_owner: null, lease_until: null })
    .where('lease_owner', '=', owner)
    .where('state', 'not in', ['done', 'failed', 'cancelled'])
    .execute();
}

/** Whether the job's reservation (if it has one) has not ended, by the wall clock. */
function withinReservation(table: 'j' | 'flash_jobs') {
  const job = sql.table(table);
  return sql<boolean>`(${job}.reservation_id IS NULL OR EXISTS (
    SELECT 1 FROM reservations r WHERE r.id = ${job}.reservation_id AND r.end_date > clock_timestamp()))`;
}

/**
 * Logs the status lines the driver wrote after the first `from`, in order, and makes the newest the job's
 * status line, as long as this owner holds the job and the log has exactly `from` lines (a repeated hand-over
 * changes nothing). Answers whether they were taken.
 */
export async function addStatusLines(db: Queryable, id: number, owner: string, from: number, lines: readonly string[]): Promise<boolean> {
  if (lines.length === 0) return true;
  const { rows } = await sql<{ taken: boolean }>`
    SELECT flash_job_add_lines(${id}, ${owner}, ${from}, ${[...lines]}::text[]) AS taken`.execute(db);
  return rows[0]?.taken === true;
}

/**
 * Cancels the running jobs whose reservation has reached its end, in one statement with a look at the jobs
 * `watched`: answers the jobs cancelled (now or before) among both, and the watched ones that ended otherwise.
 */
export async function cancelEndedFlashJobs(db: Queryable, watched: readonly number[]): Promise<{ cancelled: number[]; finished: number[] }> {
  const { rows } = await sql<{ id: number; state: FlashJobState }>`
    WITH ended AS (SELECT id FROM flash_jobs_cancel_ended() AS id)
    SELECT id, 'cancelled' AS state FROM ended
    UNION
    SELECT id, state FROM flash_jobs
     WHERE id = ANY(${[...watched]}::int[]) AND state IN ('done', 'failed', 'cancelled')`.execute(db);
  return {
    cancelled: rows.filter((row) => row.state === 'cancelled').map((row) => row.id),
    finished: rows.filter((row) => row.state !== 'cancelled').map((row) => row.id),
  };
}
