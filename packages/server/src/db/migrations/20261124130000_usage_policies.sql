-- Usage policies: limits on booking per device type, for everybody (group_id NULL) or for the members of a
-- group. A NULL limit is no limit. Administrators are not bound by them.
CREATE TABLE usage_policies (
  id                        integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  device_type_id            integer NOT NULL REFERENCES device_types (id) ON DELETE CASCADE,
  group_id                  integer REFERENCES groups (id) ON DELETE CASCADE,
  max_duration_minutes      integer CHECK (max_duration_minutes BETWEEN 1 AND 527040),
  max_days_ahead            integer CHECK (max_days_ahead BETWEEN 0 AND 3660),
  max_devices_at_once       integer CHECK (max_devices_at_once BETWEEN 1 AND 100000),
  max_device_hours_per_week integer CHECK (max_device_hours_per_week BETWEEN 1 AND 1000000),
  updated_at                timestamptz NOT NULL DEFAULT now()
);
-- One policy per type for everybody, one per type and group.
CREATE UNIQUE INDEX usage_policies_type_default ON usage_policies (device_type_id) WHERE group_id IS NULL;
CREATE UNIQUE INDEX usage_policies_type_group ON usage_policies (device_type_id, group_id) WHERE group_id IS NOT NULL;
