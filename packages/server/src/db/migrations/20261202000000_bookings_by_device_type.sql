-- The booking timeline's week of a device type, and the free-slot search's busy times of a type, were one probe
-- of the exclusion constraint's GiST index per device of the type (100 in the bench: 2.4 ms of the database's
-- time for a week of the timeline at 200,000 reservations, 2 ms for a day of busy times). Each device booking
-- now carries its device's type, kept equal to it by a foreign key on (device, type) that follows a change of
-- the device's type (ON UPDATE CASCADE), and a GiST index on (type, period) finds them in one probe (0.7 ms for
-- the week, most of it the texts read by primary key; 0.1 ms for the day). A booking's conflicts still look a
-- device up by device and time (migration 20261128040000).
ALTER TABLE devices ADD CONSTRAINT devices_id_type_key UNIQUE (id, device_type_id);

ALTER TABLE reservation_devices ADD COLUMN device_type_id integer;
UPDATE reservation_devices rd SET device_type_id = d.device_type_id FROM devices d WHERE d.id = rd.device_id;
ALTER TABLE reservation_devices ALTER COLUMN device_type_id SET NOT NULL;
ALTER TABLE reservation_devices ADD CONSTRAINT reservation_devices_device_type_fkey
  FOREIGN KEY (device_id, device_type_id) REFERENCES devices (id, device_type_id) ON UPDATE CASCADE;
CREATE INDEX reservation_devices_type_during_idx ON reservation_devices USING gist (device_type_id, during);

-- The reservations holding an inventory device of the type within [from, to), soonest start first (a
-- booking's period starts with its reservation), at most p_limit. The type's inventory devices are a
-- hash of a hundred ids: a join of every device to each booking found cost more than the probe itself.
CREATE OR REPLACE FUNCTION reservation_window_page(p_type text, p_from timestamptz, p_to timestamptz, p_limit integer)
RETURNS SETOF text LANGUAGE plpgsql STABLE AS $$
DECLARE
  type_id integer;
  found_ids integer[];
BEGIN
  SELECT t.id INTO type_id FROM device_types t WHERE t.name = p_type;
  SELECT array_agg(w.id ORDER BY w.starts, w.id) INTO found_ids FROM (
    SELECT DISTINCT rd.reservation_id AS id, lower(rd.during) AS starts
    FROM reservation_devices rd
    WHERE rd.device_type_id = type_id AND rd.during && tstzrange(p_from, p_to, '[)')
      AND rd.device_id IN (SELECT d.id FROM devices d WHERE d.device_type_id = type_id AND d.in_inventory)
    ORDER BY 2, 1
    LIMIT p_limit) AS w;
  RETURN QUERY SELECT t.text FROM reservation_texts(found_ids) AS t(text);
END
$$;

-- Every time a device of the type is busy within [from, until): its bookings, each telling whether it is in
-- the way of a Shared booking too (a Shared booking is in the way only of an Exclusive one), and its
-- maintenance windows (in the way of any). Epoch milliseconds. A function, so that its plan is kept.
CREATE FUNCTION device_type_busy_times(p_type text, p_from timestamptz, p_until timestamptz)
RETURNS TABLE (device_id integer, start float8, "end" float8, blocks_shared boolean) LANGUAGE plpgsql STABLE AS $$
DECLARE
  type_id integer;
BEGIN
  SELECT t.id INTO type_id FROM device_types t WHERE t.name = p_type;
  RETURN QUERY
    SELECT busy.device_id, (extract(epoch FROM lower(busy.during)) * 1000)::float8, (extract(epoch FROM upper(busy.during)) * 1000)::float8,
           busy.blocks_shared
    FROM (SELECT rd.device_id, rd.during, upper_inf(rd.sharing_slot) AS blocks_shared FROM reservation_devices rd
          WHERE rd.device_type_id = type_id AND rd.during && tstzrange(p_from, p_until, '[)')
          UNION ALL
          SELECT md.device_id, md.during, true FROM maintenance_devices md JOIN devices d ON d.id = md.device_id
          WHERE d.device_type_id = type_id AND md.during && tstzrange(p_from, p_until, '[)')) AS busy;
END
$$;

-- The free-slot search reads its busy times from the database on every call (the one probe above): no
-- instance keeps them any more, and nothing else an instance keeps shows maintenance, so a change of
-- maintenance is no longer announced on `reservations_changed` (migrations 20261125130000, 20261126120000).
DROP TRIGGER maintenance_list_changed ON maintenance_windows;
DROP TRIGGER maintenance_devices_list_changed ON maintenance_devices;
