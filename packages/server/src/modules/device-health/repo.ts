// Queries of device health: each device's flash outcome streak and its quarantine. A quarantined device
// counts as down wherever the portal reads device state (flashing-aware-driver.ts), so it is not bookable
// and not offered.
import { sql, type RawBuilder } from 'kysely';
import type { Queryable } from '../../db/database.js';

/**
 * The SQL condition "the device is quarantined", for a `devices` row under the given alias (e.g. a free-slot
 * search: `WHERE NOT ${deviceIsQuarantined('d')}`).
 */
function deviceIsQuarantined(alias: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${alias}.quarantined_at`)} IS NOT NULL)`;
}

/** MAC addresses of the quarantined devices. */
export async function quarantinedDeviceMacs(db: Queryable): Promise<string[]> {
  const { rows } = await sql<{ mac_address: string }>`
    SELECT d.mac_address FROM devices d WHERE ${deviceIsQuarantined('d')}`.execute(db);
  return rows.map((row) => row.mac_address);
}

export interface OutcomeResult {
  /** Whether this outcome put the device in quarantine (at most once per streak). */
  quarantinedNow: boolean;
  failureStreak: number;
}

/**
 * Counts a finished flash on its device: a success ends the failure streak; a failure lengthens it, and the
 * failure that brings it to `threshold` quarantines the device, in one conditional UPDATE so that exactly one
 * caller sees `quarantinedNow` whatever the concurrency.
 */
export async function recordFlashOutcome(
  db: Queryable,
  deviceId: number,
  outcome: { ok: true } | { ok: false; reason: string; threshold: number },
): Promise<OutcomeResult> {
  if (outcome.ok) {
    await sql`UPDATE devices SET failure_streak = 0, last_success_at = now() WHERE id = ${deviceId}`.execute(db);
    return { quarantinedNow: false, failureStreak: 0 };
  }
  // The row lock of the UPDATE serialises concurrent outcomes; the quarantine is set only from none, at this
  // transaction's now(), which tells the one outcome that set it.
  const { rows } = await sql<{ failure_streak: number; quarantined_now: boolean }>`
    UPDATE devices SET
      failure_streak = failure_streak + 1,
      last_failure_at = now(),
      quarantined_by = CASE WHEN quarantined_at IS NULL AND failure_streak + 1 >= ${outcome.threshold} THEN NULL ELSE quarantined_by END,
      quarantine_reason = CASE WHEN quarantined_at IS NULL AND failure_streak + 1 >= ${outcome.threshold}
                               THEN left(${outcome.reason}, 1000) ELSE quarantine_reason END,
      quarantined_at = CASE WHEN quarantined_at IS NULL AND failure_streak + 1 >= ${outcome.threshold} THEN now() ELSE quarantined_at END
    WHERE id = ${deviceId}
    RETURNING failure_streak, (quarantined_at = now() AND quarantined_by IS NULL) AS quarantined_now`.execute(db);
  const row = rows[0];
  return { quarantinedNow: row?.quarantined_now ?? false, failureStreak: row?.failure_streak ?? 0 };
}

/** Puts a device in quarantine (by an administrator, or by no one: a failed flash back); answers false when it already was. */
export async function quarantineDevice(db: Queryable, deviceId: number, reason: string, byUserId: number | null): Promise<boolean> {
  const result = await db
    .updateTable('devices')
    .set({ quarantined_at: sql<Date>`now()`, quarantine_reason: reason, quarantined_by: byUserId })
    .where('id', '=', deviceId)
    .where('quarantined_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Takes a device out of quarantine and starts its failure streak afresh; answers false when it was not in. */
export async function releaseDevice(db: Queryable, deviceId: number): Promise<boolean> {
  const result = await db
    .updateTable('devices')
    .set({ quarantined_at: null, quarantine_reason: null, quarantined_by: null, failure_streak: 0 })
    .where('id', '=', deviceId)
    .where('quarantined_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface DeviceHealthRow {
  id: number;
  device_type: string;
  mac_address: string;
  ip_address: string;
  failure_streak: number;
  last_success_at: Date | null;
  last_failure_at: Date | null;
  quarantined_at: Date | null;
  quarantine_reason: string | null;
  quarantined_by_username: string | null;
  running_job: boolean;
  last_flashes: Array<{ handle: string; state: string; image: string; started_at: string; finished_at: string | null }>;
}

/** Every device of the testbed file with its health and its last five flashes; types by name, devices by IP. */
export async function listDeviceHealth(db: Queryable, mac?: string): Promise<DeviceHealthRow[]> {
  const only = mac ? sql`AND d.mac_address = ${mac}` : sql``;
  const { rows } = await sql<DeviceHealthRow>`
    SELECT d.id, t.name AS device_type, d.mac_address, host(d.ip_address) AS ip_address, d.failure_streak,
           d.last_success_at, d.last_failure_at, d.quarantined_at, d.quarantine_reason, u.username AS quarantined_by_username,
           EXISTS (SELECT 1 FROM flash_jobs r WHERE r.device_id = d.id AND r.state NOT IN ('done', 'failed', 'cancelled')) AS running_job,
           COALESCE(f.flashes, '[]'::json) AS last_flashes
    FROM devices d
    JOIN device_types t ON t.id = d.device_type_id
    LEFT JOIN users u ON u.id = d.quarantined_by
    LEFT JOIN LATERAL (
      SELECT json_agg(json_build_object('handle', j.handle::text, 'state', j.state, 'image', j.image_name,
                                        'started_at', j.started_at, 'finished_at', j.finished_at) ORDER BY j.started_at DESC) AS flashes
      FROM (SELECT * FROM flash_jobs WHERE device_id = d.id ORDER BY started_at DESC LIMIT 5) j) f ON true
    WHERE d.in_inventory ${only}
    ORDER BY t.name, d.ip_address`.execute(db);
  return rows;
}
