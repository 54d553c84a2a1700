import { sql } from 'kysely';
import type { Statistics } from '@testbed/contract';
import type { Queryable } from '../../db/database.js';

type Tables = Omit<Statistics, 'from' | 'to' | 'timeZone'>;

/**
 * Every table of the statistics page for [from, to), in one statement: `booked` (each booked device's window
 * clipped to the range, and whether the device was flashed during its reservation, which is what "used"
 * means here) is computed once and read by the tables built on it. Months and hours of the week are those of
 * `timeZone`. Hours are decimal, rounded to two places.
 */
export async function computeStatistics(db: Queryable, from: Date, to: Date, timeZone: string): Promise<Tables> {
  const { rows } = await sql<{ tables: Tables }>`
    WITH params AS (
      SELECT ${from}::timestamptz AS f, ${to}::timestamptz AS t, ${timeZone}::text AS tz
    ), booked AS (
      SELECT rd.device_id, r.responsible_user_id AS user_id, rd.during * tstzrange(p.f, p.t) AS span,
             EXISTS (SELECT 1 FROM flash_jobs fj
                      WHERE fj.device_id = rd.device_id
                        AND fj.started_at >= lower(rd.during) AND fj.started_at < upper(rd.during)) AS used
        FROM params p
        JOIN reservation_devices rd ON rd.during && tstzrange(p.f, p.t)
        JOIN reservations r ON r.id = rd.reservation_id
    ), months AS (
      SELECT to_char(m, 'YYYY-MM') AS month, tstzrange(m AT TIME ZONE p.tz, (m + interval '1 month') AT TIME ZONE p.tz) AS span
        FROM params p, generate_series(date_trunc('month', p.f AT TIME ZONE p.tz), p.t AT TIME ZONE p.tz - interval '1 microsecond', interval '1 month') m
    ), by_type_month AS (
      SELECT mo.month, dt.name AS device_type,
             sum(extract(epoch FROM upper(b.span * mo.span) - lower(b.span * mo.span))) / 3600 AS booked,
             coalesce(sum(extract(epoch FROM upper(b.span * mo.span) - lower(b.span * mo.span))) FILTER (WHERE b.used), 0) / 3600 AS used
        FROM booked b
        JOIN months mo ON mo.span && b.span
        JOIN devices d ON d.id = b.device_id
        JOIN device_types dt ON dt.id = d.device_type_id
       GROUP BY 1, 2
    ), by_group AS (
      SELECT coalesce(g.name, '(no group)') AS name,
             sum(extract(epoch FROM upper(b.span) - lower(b.span))) / 3600 AS booked,
             coalesce(sum(extract(epoch FROM upper(b.span) - lower(b.span))) FILTER (WHERE b.used), 0) / 3600 AS used
        FROM booked b
        LEFT JOIN group_members gm ON gm.user_id = b.user_id
        LEFT JOIN groups g ON g.id = gm.group_id
       GROUP BY 1
    ), by_employer AS (
      SELECT coalesce(e.institute_name, '(no employer)') AS name,
             sum(extract(epoch FROM upper(b.span) - lower(b.span))) / 3600 AS booked,
             coalesce(sum(extract(epoch FROM upper(b.span) - lower(b.span))) FILTER (WHERE b.used), 0) / 3600 AS used
        FROM booked b
        LEFT JOIN user_employers ue ON ue.user_id = b.user_id AND ue.is_current
        LEFT JOIN employers e ON e.id = ue.employer_id
       GROUP BY 1
    ), activity AS (
      -- Who booked (holder or colleague; counted in the month the reservation starts within the range),
      -- flashed or signed in.
      SELECT r.responsible_user_id AS user_id, greatest(r.start_date, p.f) AS at
        FROM params p
        JOIN reservations r ON r.start_date < p.t AND r.end_date > p.f
      UNION ALL
      SELECT ru.user_id, greatest(r.start_date, p.f)
        FROM params p
        JOIN reservations r ON r.start_date < p.t AND r.end_date > p.f
        JOIN reservation_users ru ON ru.reservation_id = r.id
      UNION ALL
      SELECT fj.user_id, fj.started_at FROM params p JOIN flash_jobs fj ON fj.started_at >= p.f AND fj.started_at < p.t
      UNION ALL
      SELECT a.actor_user_id, a.at FROM params p
        JOIN audit_log a ON a.action = 'auth.signin.success' AND a.at >= p.f AND a.at < p.t
    ), active AS (
      SELECT to_char(date_trunc('month', a.at AT TIME ZONE p.tz), 'YYYY-MM') AS month, count(DISTINCT a.user_id) AS users
        FROM activity a, params p
       WHERE a.user_id IS NOT NULL
       GROUP BY 1
    ), sign_ups AS (
      SELECT mo.month,
             (SELECT count(*) FROM users u, params p WHERE u.sign_up_date <@ mo.span AND u.sign_up_date >= p.f AND u.sign_up_date < p.t) AS sign_ups,
             (SELECT count(*) FROM users u, params p WHERE u.approved_date <@ mo.span AND u.approved_date >= p.f AND u.approved_date < p.t) AS approvals
        FROM months mo
    ), flashes AS (
      SELECT to_char(date_trunc('month', fj.started_at AT TIME ZONE p.tz), 'YYYY-MM') AS month, dt.name AS device_type,
             count(*) AS flashes, count(*) FILTER (WHERE fj.state = 'done') AS succeeded
        FROM params p
        JOIN flash_jobs fj ON fj.started_at >= p.f AND fj.started_at < p.t AND fj.state IN ('done', 'failed')
        JOIN devices d ON d.id = fj.device_id
        JOIN device_types dt ON dt.id = d.device_type_id
       GROUP BY 1, 2
    ), ends AS (
      -- Occupancy by hour of the week without cutting windows into hours (a window may last days): with
      -- F_c(t) the time from a fixed Monday 00:00 to t that falls in hour-of-week c, a window [a, b) gives
      -- cell c exactly F_c(b) - F_c(a). F_c(t) = 3600 * (whole weeks) + min(max(r - 3600c, 0), 3600), r being
      -- t's offset in its week; summed over every window end (+1) and start (-1), each cell is
      -- 3600 * sum(sign * week) + 3600 * (sum of signs of ends in later hours) + (their offsets within cell c).
      -- Wall-clock time of the zone: a window across a change of clocks counts the hours the clock showed.
      SELECT e.sign, extract(epoch FROM (e.at AT TIME ZONE p.tz)) - 345600 AS since_monday -- 1970-01-05, a Monday
        FROM booked b, params p, LATERAL (VALUES (-1, lower(b.span)), (1, upper(b.span))) AS e(sign, at)
    ), parts AS (
      SELECT sign, floor(since_monday / 604800) AS week, since_monday - floor(since_monday / 604800) * 604800 AS offset_in_week FROM ends
    ), per_hour AS (
      SELECT floor(offset_in_week / 3600)::int AS cell, sum(sign) AS signs, sum(sign * (offset_in_week - floor(offset_in_week / 3600) * 3600)) AS within
        FROM parts GROUP BY 1
    ), heat_cells AS (
      SELECT c.cell,
             ((SELECT coalesce(sum(sign * week), 0) * 3600 FROM parts)
              + 3600 * coalesce((SELECT sum(signs) FROM per_hour ph WHERE ph.cell > c.cell), 0)
              + coalesce((SELECT within FROM per_hour ph WHERE ph.cell = c.cell), 0)) / 3600 AS device_hours
        FROM generate_series(0, 167) AS c(cell)
    ), heat AS (
      SELECT cell / 24 + 1 AS day, cell % 24 AS hour, device_hours FROM heat_cells WHERE round(device_hours::numeric, 2) > 0
    )
    SELECT json_build_object(
      'deviceHoursByTypeMonth', coalesce((SELECT json_agg(json_build_object('month', month, 'deviceType', device_type,
          'bookedHours', round(booked::numeric, 2), 'usedHours', round(used::numeric, 2)) ORDER BY month, device_type) FROM by_type_month), '[]'),
      'deviceHoursByGroup', coalesce((SELECT json_agg(json_build_object('group', name, 'bookedHours', round(booked::numeric, 2),
          'usedHours', round(used::numeric, 2)) ORDER BY booked DESC, name) FROM by_group), '[]'),
      'deviceHoursByEmployer', coalesce((SELECT json_agg(json_build_object('employer', name, 'bookedHours', round(booked::numeric, 2),
          'usedHours', round(used::numeric, 2)) ORDER BY booked DESC, name) FROM by_employer), '[]'),
      'activeUsersByMonth', coalesce((SELECT json_agg(json_build_object('month', mo.month, 'activeUsers', coalesce(a.users, 0)) ORDER BY mo.month)
          FROM months mo LEFT JOIN active a ON a.month = mo.month), '[]'),
      'signUpsByMonth', coalesce((SELECT json_agg(json_build_object('month', month, 'signUps', sign_ups, 'approvals', approvals) ORDER BY month) FROM sign_ups), '[]'),
      'flashesByTypeMonth', coalesce((SELECT json_agg(json_build_object('month', month, 'deviceType', device_type, 'flashes', flashes,
          'succeeded', succeeded, 'successRate', round(succeeded::numeric / nullif(flashes, 0), 4)) ORDER BY month, device_type) FROM flashes), '[]'),
      'occupancyByHourOfWeek', coalesce((SELECT json_agg(json_build_object('day', day, 'hour', hour, 'deviceHours', round(device_hours::numeric, 2))
          ORDER BY day, hour) FROM heat), '[]')
    ) AS tables`.execute(db);
  const tables = rows[0]!.tables;
  return typeof tables === 'string' ? (JSON.parse(tables) as Tables) : tables;
}
