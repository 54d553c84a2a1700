-- Each reservation keeps the text its calendar event shows (the summary and the description, as iCalendar
-- TEXT values: escaped, unfolded), written in the transaction that changes the reservation or anything the
-- text names: its devices, its colleagues, a rename of a user, a device, a device type or a reservation
-- type. A calendar feed of thousands of events then reads one row per event, instead of looking up every
-- event's colleagues and devices on each poll.
ALTER TABLE reservations
  ADD COLUMN calendar_summary text NOT NULL DEFAULT '',
  ADD COLUMN calendar_description text NOT NULL DEFAULT '';

-- An iCalendar TEXT value (RFC 5545 3.3.11) as ical-generator writes it: backslash, semicolon and comma
-- escaped, each line break (CRLF, CR or LF) written as \n.
CREATE FUNCTION ical_text(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT replace(replace(replace(replace(replace(replace(value, '\', '\\'), ';', '\;'), ',', '\,'),
                 E'\r\n', E'\n'), E'\r', E'\n'), E'\n', '\n')
$$;

CREATE FUNCTION reservations_write_calendar_text(ids integer[]) RETURNS void LANGUAGE sql AS $$
  WITH texts AS (
    SELECT r.id,
           'Testbed: ' || dv.count || ' device' || CASE WHEN dv.count = 1 THEN '' ELSE 's' END
             || CASE WHEN r.description <> '' THEN ' – ' || ical_text(r.description) ELSE '' END AS summary,
           'Holder: ' || ical_text(h.username)
             || CASE WHEN c.names IS NULL THEN '' ELSE '\nColleagues: ' || c.names END
             || '\nType: ' || ical_text(rt.label) || '\nDevices: ' || coalesce(dv.labels, '')
             || CASE WHEN r.description <> '' THEN '\n\n' || ical_text(r.description) ELSE '' END AS description
      FROM reservations r
      JOIN users h ON h.id = r.responsible_user_id
      JOIN reservation_types rt ON rt.id = r.reservation_type_id
      CROSS JOIN LATERAL (
        SELECT string_agg(ical_text(u.username), '\, ' ORDER BY u.username) AS names
          FROM reservation_users ru JOIN users u ON u.id = ru.user_id WHERE ru.reservation_id = r.id) AS c
      CROSS JOIN LATERAL (
        SELECT count(*) AS count,
               string_agg(d.mac_address || ' (' || ical_text(t.name) || '\, ' || host(d.ip_address) || ')', '\, '
                          ORDER BY t.name, d.mac_address) AS labels
          FROM reservation_devices rd JOIN devices d ON d.id = rd.device_id JOIN device_types t ON t.id = d.device_type_id
         WHERE rd.reservation_id = r.id) AS dv
     WHERE r.id = ANY (ids)
  )
  UPDATE reservations r SET calendar_summary = t.summary, calendar_description = t.description
    FROM texts t
   WHERE r.id = t.id AND (r.calendar_summary, r.calendar_description) IS DISTINCT FROM (t.summary, t.description)
$$;

-- New reservations, and the devices and colleagues added to or taken from one: each statement's rows at once.
CREATE FUNCTION reservations_calendar_text_of_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reservations_write_calendar_text(ARRAY(SELECT id FROM changed));
  RETURN NULL;
END $$;
CREATE TRIGGER reservations_calendar_text_inserted AFTER INSERT ON reservations
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION reservations_calendar_text_of_new();

CREATE FUNCTION reservations_calendar_text_of_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reservations_write_calendar_text(ARRAY(SELECT DISTINCT reservation_id FROM changed));
  RETURN NULL;
END $$;
CREATE TRIGGER reservation_devices_calendar_text_inserted AFTER INSERT ON reservation_devices
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION reservations_calendar_text_of_links();
CREATE TRIGGER reservation_devices_calendar_text_deleted AFTER DELETE ON reservation_devices
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION reservations_calendar_text_of_links();
CREATE TRIGGER reservation_users_calendar_text_inserted AFTER INSERT ON reservation_users
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION reservations_calendar_text_of_links();
CREATE TRIGGER reservation_users_calendar_text_deleted AFTER DELETE ON reservation_users
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION reservations_calendar_text_of_links();

-- What the text names, changed in place (rare: an edit, an anonymised account, a device moved to another
-- address): every reservation that names it.
CREATE FUNCTION reservations_calendar_text_of_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'reservations' THEN
    PERFORM reservations_write_calendar_text(ARRAY[NEW.id]);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM reservations_write_calendar_text(ARRAY(
      SELECT id FROM reservations WHERE responsible_user_id = NEW.id
      UNION SELECT reservation_id FROM reservation_users WHERE user_id = NEW.id));
  ELSIF TG_TABLE_NAME = 'devices' THEN
    PERFORM reservations_write_calendar_text(ARRAY(SELECT reservation_id FROM reservation_devices WHERE device_id = NEW.id));
  ELSIF TG_TABLE_NAME = 'device_types' THEN
    PERFORM reservations_write_calendar_text(ARRAY(
      SELECT DISTINCT rd.reservation_id FROM reservation_devices rd JOIN devices d ON d.id = rd.device_id WHERE d.device_type_id = NEW.id));
  ELSIF TG_TABLE_NAME = 'reservation_types' THEN
    PERFORM reservations_write_calendar_text(ARRAY(SELECT id FROM reservations WHERE reservation_type_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER reservations_calendar_text_changed AFTER UPDATE OF description, responsible_user_id, reservation_type_id ON reservations
  FOR EACH ROW WHEN ((OLD.description, OLD.responsible_user_id, OLD.reservation_type_id) IS DISTINCT FROM (NEW.description, NEW.responsible_user_id, NEW.reservation_type_id))
  EXECUTE FUNCTION reservations_calendar_text_of_renamed();
CREATE TRIGGER users_calendar_text_changed AFTER UPDATE OF username ON users
  FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username) EXECUTE FUNCTION reservations_calendar_text_of_renamed();
CREATE TRIGGER devices_calendar_text_changed AFTER UPDATE OF mac_address, ip_address, device_type_id ON devices
  FOR EACH ROW WHEN ((OLD.mac_address, OLD.ip_address, OLD.device_type_id) IS DISTINCT FROM (NEW.mac_address, NEW.ip_address, NEW.device_type_id))
  EXECUTE FUNCTION reservations_calendar_text_of_renamed();
CREATE TRIGGER device_types_calendar_text_changed AFTER UPDATE OF name ON device_types
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION reservations_calendar_text_of_renamed();
CREATE TRIGGER reservation_types_calendar_text_changed AFTER UPDATE OF label ON reservation_types
  FOR EACH ROW WHEN (OLD.label IS DISTINCT FROM NEW.label) EXECUTE FUNCTION reservations_calendar_text_of_renamed();

SELECT reservations_write_calendar_text(ARRAY(SELECT id FROM reservations));
