-- The free-slot search answers from each instance's memory: the busy times of each type's devices by day
-- (now modules/reservations/reply-cache.ts) and the usage limits of each user (a cache since removed: migration 20261127030000 drops its triggers).
--
-- Busy times include the devices' maintenance: a change of a maintenance's devices alone is announced on
-- `reservations_changed` too, as a change of the maintenance window already is.
CREATE TRIGGER maintenance_devices_list_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON maintenance_devices
  FOR EACH STATEMENT EXECUTE FUNCTION notify_reservations_changed();

-- Each instance keeps the usage limits that bind each user for the reads that show or apply them outside a
-- booking (a cache since removed: migration 20261127030000 drops its triggers). A change of the policies, of the groups' members or of a
-- device type's name is announced on `usage_policies_changed` as its transaction commits, once per
-- transaction, so that every instance forgets them. (Deleting a group or a type deletes its policies and
-- members, which their own triggers announce.)
CREATE FUNCTION notify_usage_policies_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('usage_policies_changed', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER usage_policies_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON usage_policies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_usage_policies_changed();
CREATE TRIGGER group_members_usage_policies_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON group_members
  FOR EACH STATEMENT EXECUTE FUNCTION notify_usage_policies_changed();
CREATE TRIGGER device_types_usage_policies_changed AFTER UPDATE OR DELETE OR TRUNCATE ON device_types
  FOR EACH STATEMENT EXECUTE FUNCTION notify_usage_policies_changed();
