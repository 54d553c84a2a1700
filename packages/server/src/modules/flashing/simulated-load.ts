// Load for the benchmark (500 simulated flash jobs running at once, docs/benchmark.md): starts flash
// jobs on many free devices in one statement, as if that many people had pressed Flash. The simulator
// computes each job's status from its start time, so the load is the pipeline's own work (the runner's
// queries and the status files), not timers.
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';

export interface SimulatedLoad {
  /** How many jobs to start; fewer start when fewer devices are free. */
  count: number;
  /** The account the jobs flash for (give it an SSH key so that its jobs end with the account restored). */
  userId: number;
  /** How long each job may take; the default is an hour. */
  timeoutMs?: number;
  /** Only these devices (say, those that are up: a flash of a device that is down fails at once). */
  deviceIds?: number[];
}

/** Starts up to `count` jobs on in-inventory devices with no running job; answers their handles. */
export async function startSimulatedFlashJobs(db: Queryable, load: SimulatedLoad): Promise<string[]> {
  const seconds = (load.timeoutMs ?? 3_600_000) / 1000;
  const { rows } = await sql<{ handle: string }>`
    INSERT INTO flash_jobs (handle, user_id, device_id, image_name, deadline_at)
    SELECT gen_random_uuid(), ${load.userId}::int, d.id, i.name,
           now() + make_interval(secs => ${seconds}::double precision)
    FROM devices d
    JOIN LATERAL (SELECT im.name FROM images im WHERE im.device_type_id = d.device_type_id AND im.in_inventory
                  ORDER BY im.id LIMIT 1) i ON true
    WHERE d.in_inventory
      AND (${load.deviceIds ?? null}::int[] IS NULL OR d.id = ANY(${load.deviceIds ?? null}::int[]))
      AND NOT EXISTS (SELECT 1 FROM flash_jobs j WHERE j.device_id = d.id AND j.state NOT IN ('done', 'failed', 'cancelled'))
    ORDER BY d.id
    LIMIT ${load.count}
    RETURNING handle::text AS handle`.execute(db);
  return rows.map((row) => row.handle);
}
