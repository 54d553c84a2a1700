-- Each server instance keeps the signed-in users it has just checked in memory (a cache since removed: migration 20261127030000 drops these triggers).
-- A change that can end or alter a session is announced on the `session_changed` channel with the user's
-- id, as its transaction commits, so every instance forgets that user at once.
CREATE FUNCTION notify_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('session_changed', OLD.id::text);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('session_changed', NEW.user_id::text);
  ELSE
    PERFORM pg_notify('session_changed', OLD.user_id::text);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER users_session_changed
  AFTER UPDATE OF username, is_enabled, session_generation, anonymised_at OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_changed();

CREATE TRIGGER user_roles_session_changed
  AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION notify_session_changed();
