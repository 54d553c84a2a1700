-- Reservation JSON for the lists and for the booking timeline.
-- - reservations_json(ids): the reply shape of the contract's reservationSchema for the given ids, in their
--   order; the lists and the timeline share it. PL/pgSQL keeps its plan for the life of a connection.
-- - reservation_list_json: unchanged, except that the page of the others' current reservations is planned
--   on each call with the instant as a value (see there).
-- - reservation_window_json(type, from, to, limit): the reservations holding a device of the type within
--   [from, to), soonest start first, found through the exclusion constraint's GiST index on
--   (device_id, during), as {"reservations": [...], "complete": true|false}.
CREATE FUNCTION reservations_json(page_ids integer[])
RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  body text;
BEGIN
  SELECT COALESCE(json_agg(json_build_object(
    'reservationId', r.id,
    'responsibleUser', json_build_object('userId', owner.id, 'firstname', owner.firstname, 'lastName', owner.lastname),
    'users', COALESCE((
      SELECT json_agg(json_build_object('userId', u.id, 'firstname', u.firstname, 'lastName', u.lastname)
                      ORDER BY u.lastname, u.firstname, u.id)
      FROM reservation_users ru JOIN users u ON u.id = ru.user_id
      WHERE ru.reservation_id = r.id), '[]'::json),
    'submissionDate', to_char(r.submission_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'startDate', to_char(r.start_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'endDate', to_char(r.end_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'description', r.description,
    'reservationType', rt.label,
    'deviceReservations', COALESCE((
      SELECT json_agg(json_build_object('device', json_build_object(
                        'ipAddress', host(d.ip_address), 'macAddress', d.mac_address, 'deviceType', t.name))
                      ORDER BY d.ip_address)
      FROM reservation_devices rd JOIN devices d ON d.id = rd.device_id JOIN device_types t ON t.id = d.device_type_id
      WHERE rd.reservation_id = r.id), '[]'::json))
    ORDER BY page.n), '[]'::json)::text
  INTO body
  FROM unnest(page_ids) WITH ORDINALITY AS page(id, n)
  JOIN reservations r ON r.id = page.id
  JOIN reservation_types rt ON rt.id = r.reservation_type_id
  JOIN users owner ON owner.id = r.responsible_user_id;
  RETURN body;
END
$$;

CREATE OR REPLACE FUNCTION reservation_list_json(p_kind text, p_user integer, p_all boolean, p_limit integer, p_offset integer)
RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  page_ids integer[];
BEGIN
  IF p_kind = 'mine' AND NOT p_all THEN
    SELECT array_agg(mine.id ORDER BY mine.start_date, mine.id) INTO page_ids FROM (
      SELECT r.id, r.start_date FROM (
        SELECT r.id, r.start_date FROM reservations r WHERE r.responsible_user_id = p_user AND r.end_date > now()
        UNION
        SELECT r.id, r.start_date FROM reservation_users ru JOIN reservations r ON r.id = ru.reservation_id
        WHERE ru.user_id = p_user AND r.end_date > now()) AS r
      ORDER BY r.start_date, r.id LIMIT p_limit OFFSET p_offset) AS mine;
  ELSIF p_kind = 'mine' THEN
    SELECT array_agg(mine.id ORDER BY mine.start_date DESC, mine.id DESC) INTO page_ids FROM (
      SELECT r.id, r.start_date FROM (
        SELECT r.id, r.start_date FROM reservations r WHERE r.responsible_user_id = p_user
        UNION
        SELECT r.id, r.start_date FROM reservation_users ru JOIN reservations r ON r.id = ru.reservation_id
        WHERE ru.user_id = p_user) AS r
      ORDER BY r.start_date DESC, r.id DESC LIMIT p_limit OFFSET p_offset) AS mine;
  ELSIF NOT p_all THEN
    -- Along reservations_current_idx (index only): the reservations that have not ended.
    -- Planned on every call with the instant known: a plan kept for any instant cannot tell how few
    -- reservations end after now, and walked the whole table by start date instead.
    EXECUTE $q$
      SELECT array_agg(other.id ORDER BY other.start_date, other.id) FROM (
        SELECT r.id, r.start_date FROM reservations r
        WHERE r.end_date > $1 AND r.responsible_user_id <> $2
          AND r.id NOT IN (SELECT ru.reservation_id FROM reservation_users ru WHERE ru.user_id = $2)
        ORDER BY r.start_date, r.id LIMIT $3 OFFSET $4) AS other$q$
      INTO page_ids USING now(), p_user, p_limit, p_offset;
  ELSE
    -- Backwards along reservations_start_idx, stopping after the page.
    SELECT array_agg(other.id ORDER BY other.start_date DESC, other.id DESC) INTO page_ids FROM (
      SELECT r.id, r.start_date FROM reservations r
      WHERE r.responsible_user_id <> p_user
        AND r.id NOT IN (SELECT ru.reservation_id FROM reservation_users ru WHERE ru.user_id = p_user)
      ORDER BY r.start_date DESC, r.id DESC LIMIT p_limit OFFSET p_offset) AS other;
  END IF;


  RETURN reservations_json(page_ids);
END
$$;

CREATE FUNCTION reservation_window_json(p_type text, p_from timestamptz, p_to timestamptz, p_limit integer)
RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  found_ids integer[];
  found integer;
BEGIN
  SELECT array_agg(w.id ORDER BY w.start_date, w.id) INTO found_ids FROM (
    SELECT DISTINCT r.id, r.start_date
    FROM device_types t
    JOIN devices d ON d.device_type_id = t.id AND d.in_inventory
    JOIN reservation_devices rd ON rd.device_id = d.id AND rd.during && tstzrange(p_from, p_to, '[)')
    JOIN reservations r ON r.id = rd.reservation_id
    WHERE t.name = p_type
    ORDER BY r.start_date, r.id
    LIMIT p_limit + 1) AS w;
  found := coalesce(array_length(found_ids, 1), 0);
  RETURN '{"reservations":' || reservations_json(found_ids[1:p_limit]) || ',"complete":' || (found <= p_limit)::text || '}';
END
$$;
