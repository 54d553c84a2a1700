-- The signed-in users, the colleague search's accounts and the usage limits are read from the database on
-- every call: no instance keeps them in memory any more. The triggers that announced changes of the sessions
-- (session_changed) and of the usage limits (usage_policies_changed) go, and so does the directory's version.
-- (The reservation replies and the colleague search's replies are still kept: reservations_changed and
-- users_directory_changed stay.)
DROP TRIGGER users_session_changed ON users;
DROP TRIGGER user_roles_session_changed ON user_roles;
DROP TRIGGER api_tokens_session_changed ON api_tokens;
DROP FUNCTION notify_session_changed();

-- The colleague search keeps its replies (not the accounts): a change of what it shows is still announced, but
-- the version it was read at is no longer kept.
DROP TRIGGER users_directory_changed ON users;
DROP FUNCTION bump_users_directory_version();
DROP TABLE users_directory_version;
CREATE FUNCTION notify_users_directory_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('users_directory_changed', '');
  RETURN NULL;
END
$$;
CREATE TRIGGER users_directory_changed
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF username, firstname, lastname, is_enabled, anonymised_at ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_users_directory_changed();

DROP TRIGGER usage_policies_changed ON usage_policies;
DROP TRIGGER group_members_usage_policies_changed ON group_members;
DROP TRIGGER device_types_usage_policies_changed ON device_types;
DROP FUNCTION notify_usage_policies_changed();

-- The colleague search (GET /api/validUsers) matches a text anywhere in the last name, first name or username
-- of the active accounts, on every keystroke, from two letters on. Each account keeps its distinct pairs of
-- letters (lower case, never across two fields) in a generated column, indexed: a search reads only the
-- accounts holding every pair of its text, then checks the text itself (a column, so that the index's recheck
-- reads the pairs rather than computing them again). A search of one letter walks the accounts in the reply's
-- order: most accounts match it, so the first page comes at once.
CREATE FUNCTION name_bigrams(lastname text, firstname text, username text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(field, n, 2)), '{}')
  FROM unnest(ARRAY[lower(lastname), lower(firstname), lower(username)]) AS field,
       generate_series(1, length(field) - 1) AS n
$$;

ALTER TABLE users ADD COLUMN name_pairs text[] GENERATED ALWAYS AS (name_bigrams(lastname, firstname, username)) STORED;
CREATE INDEX users_active_name_pairs_idx ON users USING gin (name_pairs) WHERE is_enabled AND anonymised_at IS NULL;
CREATE INDEX users_active_by_name_idx ON users (lower(lastname), lower(firstname), id)
  WHERE is_enabled AND anonymised_at IS NULL;
