-- The calendar text of many reservations at once (a bulk insert, an import) looked up each reservation's
-- devices with a hash join over the whole devices table whenever the planner's figures for the links just
-- inserted were stale: 1.5 ms a reservation, twenty minutes for 200,000. Each link now reads its one device
-- by primary key, whatever the planner believes about the tables: `OFFSET 0` keeps the lateral subquery from
-- being merged into a join that the planner may then run as a hash over every device.
CREATE OR REPLACE FUNCTION reservations_write_calendar_text(ids integer[]) RETURNS void LANGUAGE sql AS $$
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
          FROM reservation_users ru CROSS JOIN LATERAL (SELECT username FROM users WHERE id = ru.user_id) AS u
         WHERE ru.reservation_id = r.id) AS c
      CROSS JOIN LATERAL (
        SELECT count(*) AS count,
               string_agg(d.mac_address || ' (' || ical_text(d.type_name) || '\, ' || host(d.ip_address) || ')', '\, '
                          ORDER BY d.type_name, d.mac_address) AS labels
          FROM reservation_devices rd
          CROSS JOIN LATERAL (
            SELECT dev.mac_address, dev.ip_address, t.name AS type_name
              FROM devices dev JOIN device_types t ON t.id = dev.device_type_id
             WHERE dev.id = rd.device_id
            OFFSET 0) AS d
         WHERE rd.reservation_id = r.id) AS dv
     WHERE r.id = ANY (ids)
  )
  UPDATE reservations r SET calendar_summary = t.summary, calendar_description = t.description
    FROM texts t
   WHERE r.id = t.id AND (r.calendar_summary, r.calendar_description) IS DISTINCT FROM (t.summary, t.description)
$$;
