// The queries of the experiments: their rows and their devices', the runner's claim with a lease (like the flash
// jobs'), and what the search for a slot reads of the inventory.
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';
import type { DeviceProperties, ExperimentDeviceRowState, ExperimentRowState } from '../../db/schema.js';

export interface CandidateDeviceRow {
  id: number;
  device_type: string;
  mac_address: string;
  ip_address: string;
  properties: DeviceProperties;
  default_image: string | null;
}

/** The devices in the inventory of the types named, with their catalogue properties. */
export async function candidateDevices(db: Queryable, deviceTypes: string[]): Promise<CandidateDeviceRow[]> {
  const { rows } = await sql<CandidateDeviceRow>`
    SELECT d.id, t.name AS device_type, d.mac_address, host(d.ip_address) AS ip_address, d.properties, t.default_image
    FROM devices d JOIN device_types t ON t.id = d.device_type_id
    WHERE d.in_inventory AND t.name = ANY(${deviceTypes}::text[])
    ORDER BY d.mac_address`.execute(db);
  return rows;
}

/** The active accounts of the usernames given (for the colleagues of a description). */
export async function usersByName(db: Queryable, usernames: string[]): Promise<{ id: number; username: string }[]> {
  if (usernames.length === 0) return [];
  return db.selectFrom('users').select(['id', 'username']).where('username', 'in', usernames).where('is_enabled', '=', true).where('anonymised_at', 'is', null).execute();
}

export interface NewExperiment {
  userId: number;
  name: string;
  description: unknown;
  allOrNothing: boolean;
  reservationId: number;
  start: Date;
  end: Date;
  runOf: number | null;
  devices: { deviceId: number; group: number; image: string; checksum: string | null; ref: Record<string, string> }[];
}

export async function insertExperiment(db: Queryable, experiment: NewExperiment): Promise<number> {
  const { id } = await db
    .insertInto('experiments')
    .values({
      user_id: experiment.userId,
      name: experiment.name,
      description: JSON.stringify(experiment.description),
      all_or_nothing: experiment.allOrNothing,
      reservation_id: experiment.reservationId,
      start_at: experiment.start,
      end_at: experiment.end,
      run_of: experiment.runOf,
      next_step_at: experiment.start,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('experiment_devices')
    .values(
      experiment.devices.map((device) => ({
        experiment_id: id,
        device_id: device.deviceId,
        group_index: device.group,
        image_name: device.image,
        image_checksum: device.checksum,
        image_ref: JSON.stringify(device.ref),
      })),
    )
    .execute();
  return id;
}

export interface ExperimentRow {
  id: number;
  user_id: number;
  username: string;
  email: string;
  name: string;
  description: unknown;
  state: ExperimentRowState;
  end_state: 'done' | 'failed' | 'cancelled' | null;
  all_or_nothing: boolean;
  reservation_id: number | null;
  start_at: Date;
  end_at: Date;
  error: string | null;
  stop_requested_at: Date | null;
  ready_at: Date | null;
  ended_at: Date | null;
  run_of: number | null;
  created_at: Date;
  device_count: number;
}

const experimentColumns = sql`e.id, e.user_id, u.username, u.email, e.name, e.description, e.state, e.end_state, e.all_or_nothing,
  e.reservation_id, e.start_at, e.end_at, e.error, e.stop_requested_at, e.ready_at, e.ended_at, e.run_of, e.created_at,
  (SELECT count(*)::int FROM experiment_devices ed WHERE ed.experiment_id = e.id) AS device_count`;

export async function findExperiment(db: Queryable, id: number): Promise<ExperimentRow | undefined> {
  const { rows } = await sql<ExperimentRow>`
    SELECT ${experimentColumns} FROM experiments e JOIN users u ON u.id = e.user_id WHERE e.id = ${id}`.execute(db);
  return rows[0];
}

export type ExperimentWhen = 'running' | 'coming' | 'past' | 'all';

/** Newest first, at most 500: by owner, state and time (running: started and not over; coming: before its start). */
export async function listExperiments(
  db: Queryable,
  filter: { userId?: number; username?: string; state?: ExperimentRowState; when: ExperimentWhen },
): Promise<ExperimentRow[]> {
  const over = sql`e.state IN ('done', 'failed', 'cancelled')`;
  const when = {
    running: sql`NOT ${over} AND e.start_at <= now()`,
    coming: sql`NOT ${over} AND e.start_at > now()`,
    past: over,
    all: sql`true`,
  }[filter.when];
  const { rows } = await sql<ExperimentRow>`
    SELECT ${experimentColumns} FROM experiments e JOIN users u ON u.id = e.user_id
    WHERE ${when}
      AND (${filter.userId ?? null}::int IS NULL OR e.user_id = ${filter.userId ?? null})
      AND (${filter.username ?? null}::text IS NULL OR u.username = ${filter.username ?? null})
      AND (${filter.state ?? null}::text IS NULL OR e.state = ${filter.state ?? null})
    ORDER BY e.id DESC LIMIT 500`.execute(db);
  return rows;
}

export interface ExperimentDeviceRow {
  device_id: number;
  group_index: number;
  state: ExperimentDeviceRowState;
  image_name: string;
  image_checksum: string | null;
  image_ref: Record<string, string | number>;
  flash_job_id: number | null;
  clean_job_id: number | null;
  error: string | null;
  device_type: string;
  default_image: string | null;
  mac_address: string;
  ip_address: string;
  flash_handle: string | null;
  flash_state: string | null;
  flash_error: string | null;
  clean_handle: string | null;
  clean_state: string | null;
  clean_error: string | null;
}

/** The devices of an experiment with the state of their flash jobs. */
export async function experimentDevices(db: Queryable, experimentId: number): Promise<ExperimentDeviceRow[]> {
  const { rows } = await sql<ExperimentDeviceRow>`
    SELECT ed.device_id, ed.group_index, ed.state, ed.image_name, ed.image_checksum, ed.image_ref, ed.flash_job_id,
           ed.clean_job_id, ed.error, t.name AS device_type, t.default_image, d.mac_address, host(d.ip_address) AS ip_address,
           f.handle::text AS flash_handle, f.state AS flash_state, f.error AS flash_error,
           c.handle::text AS clean_handle, c.state AS clean_state, c.error AS clean_error
    FROM experiment_devices ed
    JOIN devices d ON d.id = ed.device_id JOIN device_types t ON t.id = d.device_type_id
    LEFT JOIN flash_jobs f ON f.id = ed.flash_job_id
    LEFT JOIN flash_jobs c ON c.id = ed.clean_job_id
    WHERE ed.experiment_id = ${experimentId}
    ORDER BY ed.group_index, d.mac_address`.execute(db);
  return rows;
}

/**
 * The experiments due for a step that no instance holds (or whose holder let the lease run out), leased to
 * `owner`: one instance steps an experiment at a time, and another takes it over after a crash.
 */
export async function claimExperiments(db: Queryable, owner: string, leaseMs: number, limit: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    WITH due AS (
      SELECT id FROM experiments
      WHERE state NOT IN ('done', 'failed', 'cancelled') AND next_step_at <= now()
        AND (lease_until IS NULL OR lease_until < now())
      ORDER BY next_step_at LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    UPDATE experiments e SET lease_owner = ${owner}, lease_until = now() + make_interval(secs => ${leaseMs / 1000}::double precision)
    FROM due WHERE e.id = due.id
    RETURNING e.id`.execute(db);
  return rows.map((row) => row.id);
}

export interface ExperimentChange {
  state?: ExperimentRowState;
  endState?: 'done' | 'failed' | 'cancelled';
  error?: string | null;
  endAt?: Date;
  readyAt?: boolean;
  ended?: boolean;
}

/**
 * Ends a step of the lease's owner: the change, the next step's time, and the lease let go. Answers false when
 * the lease was lost meanwhile (another instance took over), and then changes nothing.
 */
export async function endStep(db: Queryable, id: number, owner: string, change: ExperimentChange, nextStepAt: Date): Promise<boolean> {
  const result = await db
    .updateTable('experiments')
    .set({
      ...(change.state ? { state: change.state } : {}),
      ...(change.endState ? { end_state: change.endState } : {}),
      ...(change.error !== undefined ? { error: change.error } : {}),
      ...(change.endAt ? { end_at: change.endAt } : {}),
      ...(change.readyAt ? { ready_at: sql<Date>`now()` } : {}),
      ...(change.ended ? { ended_at: sql<Date>`now()` } : {}),
      // A stop asked, or a flash job ended, while the step ran (it read neither) is due at once, not at the time the
      // step chose.
      next_step_at: sql<Date>`CASE WHEN stop_requested_at IS NOT NULL OR due_again THEN now() ELSE ${nextStepAt}::timestamptz END`,
      due_again: false,
      updated_at: sql<Date>`now()`,
      lease_owner: null,
      lease_until: null,
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Lets go of this owner's leases (an instance that stops), so that another instance takes over at once. */
export async function releaseExperiments(db: Queryable, owner: string): Promise<void> {
  await db.updateTable('experiments').set({ lease_owner: null, lease_until: null }).where('lease_owner', '=', owner).execute();
}

export async function updateExperimentDevice(
  db: Queryable,
  experimentId: number,
  deviceId: number,
  change: { state?: ExperimentDeviceRowState; error?: string | null; flashJobId?: number; cleanJobId?: number },
): Promise<void> {
  await db
    .updateTable('experiment_devices')
    .set({
      ...(change.state ? { state: change.state } : {}),
      ...(change.error !== undefined ? { error: change.error } : {}),
      ...(change.flashJobId !== undefined ? { flash_job_id: change.flashJobId } : {}),
      ...(change.cleanJobId !== undefined ? { clean_job_id: change.cleanJobId } : {}),
    })
    .where('experiment_id', '=', experimentId)
    .where('device_id', '=', deviceId)
    .execute();
}

/** Asks for the end now: the next step of any instance, due at once, ends it. Answers false once it is over. */
export async function requestStop(db: Queryable, id: number): Promise<boolean> {
  const result = await db
    .updateTable('experiments')
    .set({ stop_requested_at: sql<Date>`coalesce(stop_requested_at, now())`, next_step_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('state', 'not in', ['done', 'failed', 'cancelled'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A flash job of the device, for the experiment's owner within its reservation, that a previous step started and
 * could not record (its instance stopped in between): taken over rather than started twice.
 */
export async function startedFlashJob(db: Queryable, job: { deviceId: number; userId: number; reservationId: number }): Promise<number | undefined> {
  const row = await db
    .selectFrom('flash_jobs')
    .select('id')
    .where('device_id', '=', job.deviceId)
    .where('user_id', '=', job.userId)
    .where('reservation_id', '=', job.reservationId)
    .where('restore_account', '=', true)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.id;
}

/** The reservation's window as it stands (an extension moves its end), and whether it still runs. */
export async function reservationWindow(db: Queryable, reservationId: number) {
  return db
    .selectFrom('reservations')
    .select(['start_date', 'end_date', sql<boolean>`start_date <= now()`.as('started'), sql<boolean>`end_date > now()`.as('open')])
    .where('id', '=', reservationId)
    .executeTakeFirst();
}

/** The flash log of a job, oldest first (for the export). */
export async function flashLogOf(db: Queryable, jobId: number) {
  return db.selectFrom('flash_job_log').select(['at', 'kind', 'text']).where('job_id', '=', jobId).orderBy('id').limit(5000).execute();
}

export interface TemplateRow {
  id: number;
  user_id: number;
  name: string;
  owner: string;
  group_id: number | null;
  group_name: string | null;
  description: unknown;
  created_at: Date;
}

/** The templates a user may use: their own, and those shared with a group they belong to; by name. */
export async function listTemplates(db: Queryable, userId: number): Promise<TemplateRow[]> {
  const { rows } = await sql<TemplateRow>`
    SELECT t.id, t.user_id, t.name, u.username AS owner, t.group_id, g.name AS group_name, t.description, t.created_at
    FROM experiment_templates t JOIN users u ON u.id = t.user_id LEFT JOIN groups g ON g.id = t.group_id
    WHERE t.user_id = ${userId}
       OR t.group_id IN (SELECT group_id FROM group_members WHERE user_id = ${userId})
    ORDER BY t.name, t.id`.execute(db);
  return rows;
}

export async function isGroupMember(db: Queryable, groupId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('group_members').select('user_id').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** Saves the template; the same name of the same owner is replaced. Answers its id. */
export async function saveTemplate(db: Queryable, template: { userId: number; name: string; description: unknown; groupId: number | null }): Promise<number> {
  const values = { user_id: template.userId, name: template.name, description: JSON.stringify(template.description), group_id: template.groupId };
  const row = await db
    .insertInto('experiment_templates')
    .values(values)
    .onConflict((oc) => oc.columns(['user_id', 'name']).doUpdateSet({ description: values.description, group_id: values.group_id, created_at: sql<Date>`now()` }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findTemplateOwner(db: Queryable, id: number): Promise<number | undefined> {
  return (await db.selectFrom('experiment_templates').select('user_id').where('id', '=', id).executeTakeFirst())?.user_id;
}

export async function deleteTemplate(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('experiment_templates').where('id', '=', id).execute();
}
