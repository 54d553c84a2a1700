// Queries of the usage policies and of what a user already holds that they limit.
import { sql } from 'kysely';
import type { UsageLimits } from '@testbed/contract';
import type { Queryable } from '../../db/database.js';

export interface UsagePolicyRow {
  id: number;
  device_type_id: number;
  device_type: string;
  group_id: number | null;
  group_name: string | null;
  max_duration_minutes: number | null;
  max_days_ahead: number | null;
  max_devices_at_once: number | null;
  max_device_hours_per_week: number | null;
}

const limitsOf = (row: UsagePolicyRow): UsageLimits => ({
  maxDurationMinutes: row.max_duration_minutes,
  maxDaysAhead: row.max_days_ahead,
  maxDevicesAtOnce: row.max_devices_at_once,
  maxDeviceHoursPerWeek: row.max_device_hours_per_week,
});

export const presentUsagePolicy = (row: UsagePolicyRow) => ({
  usagePolicyId: row.id,
  deviceType: row.device_type,
  groupId: row.group_id,
  groupName: row.group_name,
  ...limitsOf(row),
});

const selectPolicies = sql`
  SELECT p.id, p.device_type_id, t.name AS device_type, p.group_id, g.name AS group_name, p.max_duration_minutes,
         p.max_days_ahead, p.max_devices_at_once, p.max_device_hours_per_week
  FROM usage_policies p JOIN device_types t ON t.id = p.device_type_id LEFT JOIN groups g ON g.id = p.group_id`;

export async function listUsagePolicies(db: Queryable): Promise<UsagePolicyRow[]> {
  const { rows } = await sql<UsagePolicyRow>`${selectPolicies} ORDER BY t.name, p.group_id NULLS FIRST, g.name`.execute(db);
  return rows;
}

/** The policies that may bind the user: each type's policy for everybody and those of the user's groups. */
export async function policiesForUser(db: Queryable, userId: number): Promise<UsagePolicyRow[]> {
  const { rows } = await sql<UsagePolicyRow>`${selectPolicies}
    WHERE p.group_id IS NULL OR p.group_id IN (SELECT group_id FROM group_members WHERE user_id = ${userId})`.execute(db);
  return rows;
}

/**
 * The limits that bind a user for each type: a group policy of theirs takes the place of the policy for
 * everybody (groups are how an administrator grants more), the most generous of them when they are in several.
 */
export function resolveLimits(rows: UsagePolicyRow[]): Map<string, UsageLimits> {
  const byType = new Map<string, { everybody?: UsageLimits; groups: UsageLimits[] }>();
  for (const row of rows) {
    const entry = byType.get(row.device_type) ?? { groups: [] };
    if (row.group_id === null) entry.everybody = limitsOf(row);
    else entry.groups.push(limitsOf(row));
    byType.set(row.device_type, entry);
  }
  const result = new Map<string, UsageLimits>();
  for (const [type, entry] of byType) {
    if (entry.groups.length === 0) {
      if (entry.everybody) result.set(type, entry.everybody);
      continue;
    }
    const generous = (key: keyof UsageLimits) =>
      entry.groups.some((limits) => limits[key] === null) ? null : Math.max(...entry.groups.map((limits) => limits[key]!));
    result.set(type, {
      maxDurationMinutes: generous('maxDurationMinutes'),
      maxDaysAhead: generous('maxDaysAhead'),
      maxDevicesAtOnce: generous('maxDevicesAtOnce'),
      maxDeviceHoursPerWeek: generous('maxDeviceHoursPerWeek'),
    });
  }
  return result;
}

export async function findDeviceTypeId(db: Queryable, name: string): Promise<number | undefined> {
  const row = await db.selectFrom('device_types').select('id').where('name', '=', name).executeTakeFirst();
  return row?.id;
}

/** Sets the policy of a type for everybody (groupId null) or a group; with no limit at all, removes it. */
export async function savePolicy(db: Queryable, deviceTypeId: number, groupId: number | null, limits: UsageLimits): Promise<void> {
  const sameGroup = groupId === null ? sql`group_id IS NULL` : sql`group_id = ${groupId}`;
  await sql`DELETE FROM usage_policies WHERE device_type_id = ${deviceTypeId} AND ${sameGroup}`.execute(db);
  if (Object.values(limits).every((limit) => limit === null)) return;
  await db
    .insertInto('usage_policies')
    .values({
      device_type_id: deviceTypeId,
      group_id: groupId,
      max_duration_minutes: limits.maxDurationMinutes,
      max_days_ahead: limits.maxDaysAhead,
      max_devices_at_once: limits.maxDevicesAtOnce,
      max_device_hours_per_week: limits.maxDeviceHoursPerWeek,
    })
    .execute();
}

/**
 * What the user already holds of a type, leaving one reservation out (the one being changed): the devices
 * booked during [start, end) and the device-hours booked within [weekStart, weekEnd).
 */
export async function heldByUser(
  db: Queryable,
  options: { userId: number; deviceType: string; start: Date; end: Date; weekStart: Date; weekEnd: Date; except: number | null },
): Promise<{ devices: number; deviceHours: number }> {
  const { rows } = await sql<{ devices: number; device_hours: number }>`
    SELECT count(DISTINCT rd.device_id) FILTER (WHERE rd.during && tstzrange(${options.start}::timestamptz, ${options.end}::timestamptz, '[)'))::int AS devices,
           COALESCE(sum(extract(epoch FROM least(upper(rd.during), ${options.weekEnd}::timestamptz)
                                     - greatest(lower(rd.during), ${options.weekStart}::timestamptz)) / 3600)
                    FILTER (WHERE rd.during && tstzrange(${options.weekStart}::timestamptz, ${options.weekEnd}::timestamptz, '[)')), 0)::float8 AS device_hours
    FROM reservations r
    JOIN reservation_devices rd ON rd.reservation_id = r.id
    JOIN devices d ON d.id = rd.device_id
    JOIN device_types t ON t.id = d.device_type_id
    WHERE r.responsible_user_id = ${options.userId} AND t.name = ${options.deviceType}
      AND r.id IS DISTINCT FROM ${options.except}::int
      AND rd.during && tstzrange(least(${options.start}::timestamptz, ${options.weekStart}::timestamptz),
                                 greatest(${options.end}::timestamptz, ${options.weekEnd}::timestamptz), '[)')`.execute(db);
  return { devices: rows[0]?.devices ?? 0, deviceHours: rows[0]?.device_hours ?? 0 };
}
