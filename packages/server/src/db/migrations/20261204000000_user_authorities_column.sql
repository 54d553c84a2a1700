-- The authentication hook reads the caller's account on every request. Reading the authorities through
-- user_roles and roles (session_user_row) cost PostgreSQL about twice a primary-key SELECT: three index probes
-- and a sort on each call. Each account now keeps its authorities (the ADMIN and USER roles it holds, by name) in
-- a column that the database keeps true as roles are granted, withdrawn or renamed, so that the hook's lookup is
-- one primary-key read. The prepared statements of each connection (db/prepared-statements.ts) keep its plan,
-- so the functions that existed to keep plans go.
CREATE FUNCTION user_authorities(p_user integer) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(r.name ORDER BY r.name), '{}')
  FROM user_roles ur JOIN roles r ON r.id = ur.role_id
  WHERE ur.user_id = p_user AND r.name IN ('ADMIN', 'USER')
$$;

ALTER TABLE users ADD COLUMN authorities text[] NOT NULL DEFAULT '{}';
UPDATE users SET authorities = user_authorities(id);

CREATE FUNCTION refresh_user_authorities() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'roles' THEN
    UPDATE users u SET authorities = user_authorities(u.id)
    WHERE u.id IN (SELECT ur.user_id FROM user_roles ur WHERE ur.role_id = NEW.id);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE users u SET authorities = user_authorities(u.id) WHERE u.id = NEW.user_id;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE users u SET authorities = user_authorities(u.id) WHERE u.id = OLD.user_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER user_roles_authorities AFTER INSERT OR DELETE OR UPDATE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION refresh_user_authorities();
CREATE TRIGGER roles_authorities AFTER UPDATE OF name ON roles
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION refresh_user_authorities();

DROP FUNCTION api_token_session_row(bytea);
DROP FUNCTION session_user_row(integer);
