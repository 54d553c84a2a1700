-- The colleague search (GET /api/validUsers) keeps the active accounts in memory. This counter is raised
-- in the transaction of every change to what the search shows, so each instance knows, with one cheap
-- read, whether its copy is still the database's.
CREATE TABLE users_directory_version (
  id      boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
);
INSERT INTO users_directory_version (version) VALUES (0);

CREATE FUNCTION bump_users_directory_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users_directory_version SET version = version + 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER users_directory_changed
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF username, firstname, lastname, is_enabled, anonymised_at ON users
  FOR EACH STATEMENT EXECUTE FUNCTION bump_users_directory_version();
