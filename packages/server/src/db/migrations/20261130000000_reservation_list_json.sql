-- Each reservation keeps its JSON in the lists' shape (the contract's reservationSchema) beside its calendar
-- text, written by the same triggers in the transaction that changes the reservation or anything it shows:
-- its devices and colleagues, its window and description, a rename of a user, a device, a device type or a
-- reservation type. A list or the booking timeline then finds its ids through an index and joins their texts,
-- instead of building each reservation's JSON from five tables on every read.
ALTER TABLE reservations ADD COLUMN list_json text NOT NULL DEFAULT '';

CREATE FUNCTION reservations_write_derived_text(ids integer[]) RETURNS void LANGUAGE sql AS $$
  WITH texts AS (
    SELECT r.id,
           'Testbed: ' || dv.count || ' device' || CASE WHEN dv.count = 1 THEN '' ELSE 's' END
             || CASE WHEN r.description <> '' THEN ' – ' || ical_text(r.description) ELSE '' END AS summary,
           'Holder: ' || ical_text(h.username)
             || CASE WHEN c.names IS NULL THEN '' ELSE '\nColleagues: ' || c.names END
             || '\nType: ' || ical_text(rt.label) || '\nDevices: ' || coalesce(dv.labels, '')
             || CASE WHEN r.description <> '' THEN '\n\n' || ical_text(r.description) ELSE '' END AS description,
           json_build_object(
             'reservationId', r.id,
             'responsibleUser', json_build_object('userId', h.id, 'firstname', h.firstname, 'lastName', h.lastname),
             'users', coalesce(c.people, '[]'::json),
             'submissionDate', to_char(r.submission_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'startDate', to_char(r.start_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'endDate', to_char(r.end_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'description', r.description,
             'reservationType', rt.label,
             'deviceReservations', coalesce(dv.entries, '[]'::json))::text AS list_json
      FROM reservations r
      JOIN users h ON h.id = r.responsible_user_id
      JOIN reservation_types rt ON rt.id = r.reservation_type_id
      -- Each colleague and each device read by primary key, whatever the planner believes about the links
      -- just inserted (`OFFSET 0` keeps the lateral lookup from becoming a hash join over the whole table).
      CROSS JOIN LATERAL (
        SELECT string_agg(ical_text(u.username), '\, ' ORDER BY u.username) AS names,
               json_agg(json_build_object('userId', u.id, 'firstname', u.firstname, 'lastName', u.lastname)
                        ORDER BY u.lastname, u.firstname, u.id) AS people
          FROM reservation_users ru
          CROSS JOIN LATERAL (SELECT id, username, firstname, lastname FROM users WHERE id = ru.user_id OFFSET 0) AS u
         WHERE ru.reservation_id = r.id) AS c
      CROSS JOIN LATERAL (
        SELECT count(*) AS count,
               string_agg(d.mac_address || ' (' || ical_text(d.type_name) || '\, ' || host(d.ip_address) || ')', '\, '
                          ORDER BY d.type_name, d.mac_address) AS labels,
               json_agg(json_build_object('device', json_build_object(
                          'ipAddress', host(d.ip_address), 'macAddress', d.mac_address, 'deviceType', d.type_name))
                        ORDER BY d.ip_address) AS entries
          FROM reservation_devices rd
          CROSS JOIN LATERAL (
            SELECT dev.mac_address, dev.ip_address, t.name AS type_name
              FROM devices dev JOIN device_types t ON t.id = dev.device_type_id
             WHERE dev.id = rd.device_id
            OFFSET 0) AS d
         WHERE rd.reservation_id = r.id) AS dv
     WHERE r.id = ANY (ids)
  )
  UPDATE reservations r SET calendar_summary = t.summary, calendar_description = t.description, list_json = t.list_json
    FROM texts t
   WHERE r.id = t.id
     AND (r.calendar_summary, r.calendar_description, r.list_json) IS DISTINCT FROM (t.summary, t.description, t.list_json)
$$;

CREATE OR REPLACE FUNCTION reservations_calendar_text_of_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reservations_write_derived_text(ARRAY(SELECT id FROM changed));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION reservations_calendar_text_of_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reservations_write_derived_text(ARRAY(SELECT DISTINCT reservation_id FROM changed));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION reservations_calendar_text_of_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'reservations' THEN
    PERFORM reservations_write_derived_text(ARRAY[NEW.id]);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM reservations_write_derived_text(ARRAY(
      SELECT id FROM reservations WHERE responsible_user_id = NEW.id
      UNION SELECT reservation_id FROM reservation_users WHERE user_id = NEW.id));
  ELSIF TG_TABLE_NAME = 'devices' THEN
    PERFORM reservations_write_derived_text(ARRAY(SELECT reservation_id FROM reservation_devices WHERE device_id = NEW.id));
  ELSIF TG_TABLE_NAME = 'device_types' THEN
    PERFORM reservations_write_derived_text(ARRAY(
      SELECT DISTINCT rd.reservation_id FROM reservation_devices rd JOIN devices d ON d.id = rd.device_id WHERE d.device_type_id = NEW.id));
  ELSIF TG_TABLE_NAME = 'reservation_types' THEN
    PERFORM reservations_write_derived_text(ARRAY(SELECT id FROM reservations WHERE reservation_type_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;

DROP FUNCTION reservations_write_calendar_text(integer[]);

-- The list's JSON names the window and the people's names too.
DROP TRIGGER reservations_calendar_text_changed ON reservations;
CREATE TRIGGER reservations_calendar_text_changed AFTER UPDATE OF description, responsible_user_id, reservation_type_id, start_date, end_date ON reservations
  FOR EACH ROW WHEN ((OLD.description, OLD.responsible_user_id, OLD.reservation_type_id, OLD.start_date, OLD.end_date)
                     IS DISTINCT FROM (NEW.description, NEW.responsible_user_id, NEW.reservation_type_id, NEW.start_date, NEW.end_date))
  EXECUTE FUNCTION reservations_calendar_text_of_renamed();
DROP TRIGGER users_calendar_text_changed ON users;
CREATE TRIGGER users_calendar_text_changed AFTER UPDATE OF username, firstname, lastname ON users
  FOR EACH ROW WHEN ((OLD.username, OLD.firstname, OLD.lastname) IS DISTINCT FROM (NEW.username, NEW.firstname, NEW.lastname))
  EXECUTE FUNCTION reservations_calendar_text_of_renamed();

-- The lists and the timeline answer rows: each reservation's text, in the list's order; the server joins
-- them into the reply. (string_agg over a page of 100 texts took the database five times as long as sending
-- the rows.) The pages are chosen as before (migration 20261122160100).
DROP FUNCTION reservation_list_json(text, integer, boolean, integer, integer);
DROP FUNCTION reservation_window_json(text, timestamptz, timestamptz, integer);
DROP FUNCTION reservations_json(integer[]);

CREATE FUNCTION reservation_texts(page_ids integer[]) RETURNS SETOF text LANGUAGE sql STABLE AS $$
  SELECT r.list_json FROM unnest(page_ids) WITH ORDINALITY AS page(id, n) JOIN reservations r ON r.id = page.id ORDER BY page.n
$$;

CREATE FUNCTION reservation_list_page(p_kind text, p_user integer, p_all boolean, p_limit integer, p_offset integer)
RETURNS SETOF text LANGUAGE plpgsql STABLE AS $$
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
    -- Along reservations_current_idx (index only): the reservations that have not ended, planned on every
    -- call with the instant known (a plan kept for any instant walked the whole table by start date).
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
  RETURN QUERY SELECT t.text FROM reservation_texts(page_ids) AS t(text);
END
$$;

-- The reservations holding an inventory device of the type within [from, to), soonest start first, at most
-- p_limit, found through the exclusion constraint's GiST index on (device_id, during).
CREATE FUNCTION reservation_window_page(p_type text, p_from timestamptz, p_to timestamptz, p_limit integer)
RETURNS SETOF text LANGUAGE plpgsql STABLE AS $$
DECLARE
  found_ids integer[];
BEGIN
  SELECT array_agg(w.id ORDER BY w.start_date, w.id) INTO found_ids FROM (
    SELECT DISTINCT r.id, r.start_date
    FROM device_types t
    JOIN devices d ON d.device_type_id = t.id AND d.in_inventory
    JOIN reservation_devices rd ON rd.device_id = d.id AND rd.during && tstzrange(p_from, p_to, '[)')
    JOIN reservations r ON r.id = rd.reservation_id
    WHERE t.name = p_type
    ORDER BY r.start_date, r.id
    LIMIT p_limit) AS w;
  RETURN QUERY SELECT t.text FROM reservation_texts(found_ids) AS t(text);
END
$$;

SELECT reservations_write_derived_text(ARRAY(SELECT id FROM reservations));

