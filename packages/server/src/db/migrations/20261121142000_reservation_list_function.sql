-- The reservation lists (GET /api/userReservations/{id}, /otherReservations/{id},
-- /currentUserReservations/{id}) answered by one function that returns the JSON text of the reply.
-- PL/pgSQL keeps the plans of its statements for the life of a connection, so the lists are not planned
-- again on every call: planning these queries costs several times their execution.
--
--   p_kind  'mine': reservations p_user is responsible for or among the users of; 'others': the rest
--   p_all   false: those that have not ended, soonest start first; true: all of them, newest start first
--
-- Each reservation has the shape of the contract's reservationSchema; instants are written as
-- JavaScript's toISOString writes them (UTC, milliseconds, 'Z').
CREATE FUNCTION reservation_list_json(p_kind text, p_user integer, p_all boolean, p_limit integer, p_offset integer)
RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  page_ids integer[];
  body text;
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
    SELECT array_agg(other.id ORDER BY other.start_date, other.id) INTO page_ids FROM (
      SELECT r.id, r.start_date FROM reservations r
      WHERE r.end_date > now() AND r.responsible_user_id <> p_user
        AND r.id NOT IN (SELECT ru.reservation_id FROM reservation_users ru WHERE ru.user_id = p_user)
      ORDER BY r.start_date, r.id LIMIT p_limit OFFSET p_offset) AS other;
  ELSE
    -- Backwards along reservations_start_idx, stopping after the page.
    SELECT array_agg(other.id ORDER BY other.start_date DESC, other.id DESC) INTO page_ids FROM (
      SELECT r.id, r.start_date FROM reservations r
      WHERE r.responsible_user_id <> p_user
        AND r.id NOT IN (SELECT ru.reservation_id FROM reservation_users ru WHERE ru.user_id = p_user)
      ORDER BY r.start_date DESC, r.id DESC LIMIT p_limit OFFSET p_offset) AS other;
  END IF;

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
