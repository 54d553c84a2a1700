-- The booking timeline's reservations of a device type within a window, each with its period (epoch
-- milliseconds) beside its JSON, soonest start first (then id), at most p_limit. With the period, an instance
-- can keep the reservations of each UTC day of a type (modules/reservations/reply-cache.ts) and answer any
-- window of those days, shifted by an hour or a day, without asking the database again. Replaces
-- reservation_window_page (migration 20261202000000), which answered the texts alone.
CREATE FUNCTION reservation_window_entries(p_type text, p_from timestamptz, p_to timestamptz, p_limit integer)
RETURNS TABLE (reservation_id integer, starts_ms float8, ends_ms float8, list_json text) LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
DECLARE
  type_id integer;
BEGIN
  SELECT t.id INTO type_id FROM device_types t WHERE t.name = p_type;
  -- A reservation's device bookings share its period, which moves with its end (repo.ts, moveReservationEnd).
  RETURN QUERY
    SELECT w.id, (extract(epoch FROM w.starts) * 1000)::float8, (extract(epoch FROM w.ends) * 1000)::float8, r.list_json
    FROM (SELECT rd.reservation_id AS id, min(lower(rd.during)) AS starts, max(upper(rd.during)) AS ends
          FROM reservation_devices rd
          WHERE rd.device_type_id = type_id AND rd.during && tstzrange(p_from, p_to, '[)')
            AND rd.device_id IN (SELECT d.id FROM devices d WHERE d.device_type_id = type_id AND d.in_inventory)
          GROUP BY rd.reservation_id
          ORDER BY 2, 1
          LIMIT p_limit) AS w
    JOIN reservations r ON r.id = w.id
    ORDER BY w.starts, w.id;
END
$$;

DROP FUNCTION reservation_window_page(text, timestamptz, timestamptz, integer);
