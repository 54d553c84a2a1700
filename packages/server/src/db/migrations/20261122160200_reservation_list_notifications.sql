-- Each instance keeps the reservation lists it answered (now modules/reservations/reply-cache.ts). Every change of
-- what those lists show is announced on `reservations_changed` as its transaction commits, once per
-- transaction (PostgreSQL folds identical notifications), so that every instance forgets its copies.
CREATE FUNCTION notify_reservations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('reservations_changed', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER reservations_list_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reservations
  FOR EACH STATEMENT EXECUTE FUNCTION notify_reservations_changed();
CREATE TRIGGER reservation_users_list_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reservation_users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_reservations_changed();
CREATE TRIGGER reservation_devices_list_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reservation_devices
  FOR EACH STATEMENT EXECUTE FUNCTION notify_reservations_changed();
CREATE TRIGGER reservation_types_list_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reservation_types
  FOR EACH STATEMENT EXECUTE FUNCTION notify_reservations_changed();
CREATE TRIGGER devices_list_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON devices
  FOR EACH STATEMENT EXECUTE FUNCTION notify_reservations_changed();
CREATE TRIGGER device_types_list_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON device_types
  FOR EACH STATEMENT EXECUTE FUNCTION notify_reservations_changed();
CREATE TRIGGER users_names_list_changed AFTER UPDATE OF firstname, lastname OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_reservations_changed();
