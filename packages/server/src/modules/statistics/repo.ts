import { sql } from 'kysely';
import type { Statistics } from '@testbed/contract';
import type { Queryable } from '../../db/database.js';

type Tables = Omit<Statistics, 'from' | 'to' | 'timeZone'>;

/**
 * Every table of the statistics page for [from, to), in two statements. `booked` is each booked device's window
 * clipped to the range, with whether the device was flashed during its reservation (what "used" means here).
 * Months and hours of the week are read on the wall clock of `timeZone` (a window across a change of clocks
 * counts the hours the clock showed). Hours are decimal, rounded to two places.
 *
 * Device-hours per month and per hour of the week are summed from the windows' two ends rather than by
 * cutting windows into months or hours (a reservation may last days): with F_c(t) the time before t that falls
 * in period c (a month, or an hour of the week), a window [a, b) gives c exactly F_c(b) - F_c(a), and F_c(t) is
 * the whole length of c when t lies after it, the part of c before t when t lies in it, else 0. Summed over
 * every end (+1) and start (-1), period c gets its length times the signs of the ends in later periods, plus
 * the offsets within c of the ends in c. Two rows per window, whatever its length.
 */
export async function computeStatistics(db: Queryable, from: Date, to: Date, timeZone: string): Promise<Tables> {
  const replies = await Promise.all(statisticsStatements(from, to, timeZone).map((statement) => statement.execute(db)));
  const parts = replies.map(({ rows }) => rows[0]!.tables).map((tables) => (typeof tables === 'string' ? (JSON.parse(tables) as Partial<Tables>) : tables));
  return Object.assign({}, ...parts) as Tables;
}

/**
 * The statements, for EXPLAIN when tuning them: the device-hours (every booked window in the range) and the
 * people (activity, sign-ups, flashes), run side by side on two connections.
 */
export function statisticsStatements(from: Date, to: Date, timeZone: string) {
  // The range is written into each clause rather than read from a CTE, so that the planner sees it: it then
  // joins the year's reservations by hash instead of looking each one up.
  const usage = sql<{ tables: Partial<Tables> }>`
    WITH held AS MATERIALIZED (
      SELECT rd.reservation_id, rd.device_id, d.device_type_id AS type_id, r.responsible_user_id AS user_id,
             lower(rd.during) AS starts, upper(rd.during) AS ends
        FROM reservation_devices rd
        JOIN reservations r ON r.id = rd.reservation_id
        JOIN devices d ON d.id = rd.device_id
       WHERE rd.during && tstzrange(${from}::timestamptz, ${to}::timestamptz)
    ), flashed AS (
      -- The windows whose device was flashed during them, as one semi-join rather than a lookup per window.
      SELECT h.reservation_id, h.device_id FROM held h
       WHERE EXISTS (SELECT 1 FROM flash_jobs fj WHERE fj.device_id = h.device_id AND fj.started_at >= h.starts AND fj.started_at < h.ends)
    ), booked AS MATERIALIZED (
      SELECT h.type_id, h.user_id, greatest(h.starts, ${from}::timestamptz) AS lo, least(h.ends, ${to}::timestamptz) AS hi,
             f.reservation_id IS NOT NULL AS used
        FROM held h LEFT JOIN flashed f ON f.reservation_id = h.reservation_id AND f.device_id = h.device_id
    ), ends AS MATERIALIZED (
      -- Each end on the wall clock, and as seconds since 1970-01-01 00:00 of that clock (at): a double holds
      -- them to the microsecond, and their sums far closer than the hundredth of an hour shown.
      SELECT sign, type_id, used, local, date_part('epoch', local) AS at
        FROM (SELECT -1 AS sign, type_id, used, lo AT TIME ZONE ${timeZone}::text AS local FROM booked
              UNION ALL
              SELECT 1, type_id, used, hi AT TIME ZONE ${timeZone}::text FROM booked) e
    ), months AS (
      SELECT m FROM generate_series(date_trunc('month', ${from}::timestamptz AT TIME ZONE ${timeZone}::text),
                                    ${to}::timestamptz AT TIME ZONE ${timeZone}::text - interval '1 microsecond', interval '1 month') m
    ), month_ends AS (
      -- The ends' offsets within their month, summed as sum(sign * at) - sum(sign) * (the month's start).
      SELECT type_id, m, signs, signed_at - signs * date_part('epoch', m) AS within,
             used_signs, used_signed_at - used_signs * date_part('epoch', m) AS used_within
        FROM (SELECT type_id, date_trunc('month', local) AS m, sum(sign) AS signs, sum(sign * at) AS signed_at,
                     coalesce(sum(sign) FILTER (WHERE used), 0) AS used_signs, coalesce(sum(sign * at) FILTER (WHERE used), 0) AS used_signed_at
                FROM ends GROUP BY 1, 2) sums
    ), type_months AS (
      -- With the month holding the range's end: a window clipped there ends in it, after every month shown.
      SELECT types.type_id, mo.m, date_part('epoch', (mo.m + interval '1 month') - mo.m) AS length
        FROM (SELECT DISTINCT type_id FROM month_ends) types
        CROSS JOIN (SELECT m FROM months UNION SELECT date_trunc('month', ${to}::timestamptz AT TIME ZONE ${timeZone}::text)) mo
    ), by_type_month AS (
      SELECT to_char(tm.m, 'YYYY-MM') AS month, dt.name AS device_type,
             (tm.length * coalesce(sum(coalesce(me.signs, 0)) OVER later, 0) + coalesce(me.within, 0)) / 3600 AS booked,
             (tm.length * coalesce(sum(coalesce(me.used_signs, 0)) OVER later, 0) + coalesce(me.used_within, 0)) / 3600 AS used
        FROM type_months tm
        LEFT JOIN month_ends me ON me.type_id = tm.type_id AND me.m = tm.m
        JOIN device_types dt ON dt.id = tm.type_id
      WINDOW later AS (PARTITION BY tm.type_id ORDER BY tm.m DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
    ), by_user AS (
      SELECT user_id, sum(date_part('epoch', hi - lo)) AS booked, coalesce(sum(date_part('epoch', hi - lo)) FILTER (WHERE used), 0) AS used
        FROM booked GROUP BY 1
    ), by_group AS (
      SELECT coalesce(g.name, '(no group)') AS name, sum(bu.booked) / 3600 AS booked, sum(bu.used) / 3600 AS used
        FROM by_user bu
        LEFT JOIN group_members gm ON gm.user_id = bu.user_id
        LEFT JOIN groups g ON g.id = gm.group_id
       GROUP BY 1
    ), by_employer AS (
      SELECT coalesce(e.institute_name, '(no employer)') AS name, sum(bu.booked) / 3600 AS booked, sum(bu.used) / 3600 AS used
        FROM by_user bu
        LEFT JOIN user_employers ue ON ue.user_id = bu.user_id AND ue.is_current
        LEFT JOIN employers e ON e.id = ue.employer_id
       GROUP BY 1
    ), per_hour AS (
      -- Offsets from a Monday 00:00 (1970-01-05) of the wall clock, cut into weeks and hours of the week, in
      -- one pass: per hour of the week, its ends' signs, their offsets within the hour and their weeks.
      SELECT cell, signs, signed_offset - 3600 * cell * signs AS within, signed_weeks
        FROM (SELECT floor(offset_in_week / 3600)::int AS cell, sum(sign) AS signs, sum(sign * offset_in_week) AS signed_offset,
                     sum(sign * week) AS signed_weeks
                FROM (SELECT sign, week, (at - 345600) - week * 604800 AS offset_in_week
                        FROM (SELECT sign, at, floor((at - 345600) / 604800) AS week FROM ends) e) o
               GROUP BY 1) sums
    ), weeks AS (
      SELECT coalesce(sum(signed_weeks), 0) * 3600 AS seconds FROM per_hour
    ), heat_cells AS (
      SELECT c.cell,
             (w.seconds
              + 3600 * coalesce(sum(coalesce(ph.signs, 0)) OVER (ORDER BY c.cell DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)
              + coalesce(ph.within, 0)) / 3600 AS device_hours
        FROM generate_series(0, 167) AS c(cell)
        LEFT JOIN per_hour ph ON ph.cell = c.cell
        CROSS JOIN weeks w
    ), heat AS (
      SELECT cell / 24 + 1 AS day, cell % 24 AS hour, device_hours FROM heat_cells WHERE round(device_hours::numeric, 2) > 0
    )
    SELECT json_build_object(
      'deviceHoursByTypeMonth', coalesce((SELECT json_agg(json_build_object('month', month, 'deviceType', device_type,
          'bookedHours', round(booked::numeric, 2), 'usedHours', round(used::numeric, 2)) ORDER BY month, device_type) FROM by_type_month
          WHERE round(booked::numeric, 2) > 0 AND month IN (SELECT to_char(m, 'YYYY-MM') FROM months)), '[]'),
      'deviceHoursByGroup', coalesce((SELECT json_agg(json_build_object('group', name, 'bookedHours', round(booked::numeric, 2),
          'usedHours', round(used::numeric, 2)) ORDER BY booked DESC, name) FROM by_group), '[]'),
      'deviceHoursByEmployer', coalesce((SELECT json_agg(json_build_object('employer', name, 'bookedHours', round(booked::numeric, 2),
          'usedHours', round(used::numeric, 2)) ORDER BY booked DESC, name) FROM by_employer), '[]'),
      'occupancyByHourOfWeek', coalesce((SELECT json_agg(json_build_object('day', day, 'hour', hour, 'deviceHours', round(device_hours::numeric, 2))
          ORDER BY day, hour) FROM heat), '[]')
    ) AS tables`;
  const people = sql<{ tables: Partial<Tables> }>`
    WITH params AS (
      SELECT ${from}::timestamptz AS f, ${to}::timestamptz AS t, ${timeZone}::text AS tz
    ), months AS (
      SELECT m FROM params p, generate_series(date_trunc('month', p.f AT TIME ZONE p.tz), p.t AT TIME ZONE p.tz - interval '1 microsecond', interval '1 month') m
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
      -- Distinct (month, user) pairs by hashing, then counted: cheaper than count(DISTINCT), which sorts; the
      -- month is named once per month, not once per row.
      SELECT to_char(m, 'YYYY-MM') AS month, count(*) AS users
        FROM (SELECT DISTINCT date_trunc('month', a.at AT TIME ZONE p.tz) AS m, a.user_id
                FROM activity a, params p WHERE a.user_id IS NOT NULL) pairs
       GROUP BY m
    ), signed_up AS (
      SELECT to_char(date_trunc('month', u.sign_up_date AT TIME ZONE p.tz), 'YYYY-MM') AS month, count(*) AS n
        FROM params p JOIN users u ON u.sign_up_date >= p.f AND u.sign_up_date < p.t
       GROUP BY 1
    ), approved AS (
      SELECT to_char(date_trunc('month', u.approved_date AT TIME ZONE p.tz), 'YYYY-MM') AS month, count(*) AS n
        FROM params p JOIN users u ON u.approved_date >= p.f AND u.approved_date < p.t
       GROUP BY 1
    ), sign_ups AS (
      SELECT to_char(mo.m, 'YYYY-MM') AS month, coalesce(s.n, 0) AS sign_ups, coalesce(a.n, 0) AS approvals
        FROM months mo LEFT JOIN signed_up s ON s.month = to_char(mo.m, 'YYYY-MM') LEFT JOIN approved a ON a.month = to_char(mo.m, 'YYYY-MM')
    ), flashes AS (
      SELECT to_char(date_trunc('month', fj.started_at AT TIME ZONE p.tz), 'YYYY-MM') AS month, dt.name AS device_type,
             count(*) AS flashes, count(*) FILTER (WHERE fj.state = 'done') AS succeeded
        FROM params p
        JOIN flash_jobs fj ON fj.started_at >= p.f AND fj.started_at < p.t AND fj.state IN ('done', 'failed')
        JOIN devices d ON d.id = fj.device_id
        JOIN device_types dt ON dt.id = d.device_type_id
       GROUP BY 1, 2
    )
    SELECT json_build_object(
      'activeUsersByMonth', coalesce((SELECT json_agg(json_build_object('month', to_char(mo.m, 'YYYY-MM'), 'activeUsers', coalesce(a.users, 0)) ORDER BY mo.m)
          FROM months mo LEFT JOIN active a ON a.month = to_char(mo.m, 'YYYY-MM')), '[]'),
      'signUpsByMonth', coalesce((SELECT json_agg(json_build_object('month', month, 'signUps', sign_ups, 'approvals', approvals) ORDER BY month) FROM sign_ups), '[]'),
      'flashesByTypeMonth', coalesce((SELECT json_agg(json_build_object('month', month, 'deviceType', device_type, 'flashes', flashes,
          'succeeded', succeeded, 'successRate', round(succeeded::numeric / nullif(flashes, 0), 4)) ORDER BY month, device_type) FROM flashes), '[]')
    ) AS tables`;
  return [usage, people] as const;
}
