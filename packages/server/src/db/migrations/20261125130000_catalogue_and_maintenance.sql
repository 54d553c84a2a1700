-- The device catalogue and maintenance windows.

-- Each device's properties from the testbed file (its type's, then its own): model, site, room, radios,
-- memory and any key the operator adds. Values are strings, numbers, booleans or lists of strings.
ALTER TABLE devices ADD COLUMN properties jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(properties) = 'object');

-- A maintenance: an administrator blocks devices (chosen, or every device of a type) for a window, with a
-- reason. Its devices are listed in maintenance_devices, each with the window, so that a booking, an
-- extension and a free-slot search look it up device by device through the GiST index, as for reservations.
CREATE TABLE maintenance_windows (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reason         text NOT NULL CHECK (length(btrim(reason)) BETWEEN 1 AND 500),
  start_date     timestamptz NOT NULL,
  end_date       timestamptz NOT NULL,
  -- Set when the whole type was blocked (for the list); its devices are in maintenance_devices all the same.
  device_type_id integer REFERENCES device_types (id) ON DELETE SET NULL,
  created_by     integer REFERENCES users (id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date > start_date)
);
CREATE INDEX maintenance_windows_end_idx ON maintenance_windows (end_date);

CREATE TABLE maintenance_devices (
  maintenance_id integer NOT NULL REFERENCES maintenance_windows (id) ON DELETE CASCADE,
  device_id      integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  during         tstzrange NOT NULL CHECK (NOT isempty(during)),
  PRIMARY KEY (maintenance_id, device_id)
);
CREATE INDEX maintenance_devices_during_idx ON maintenance_devices USING gist (device_id, during);

-- The booking timeline and the lists forget their copies when maintenance changes, like for reservations.
CREATE TRIGGER maintenance_list_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON maintenance_windows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_reservations_changed();
