-- The colleague search keeps the active accounts in memory (a cache since replaced by the kept replies of db/notified-replies.ts). Besides raising
-- the directory's version, a change now announces itself on `users_directory_changed`, so that an instance
-- that hears the announcements need not read the version on every search.
CREATE OR REPLACE FUNCTION bump_users_directory_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users_directory_version SET version = version + 1;
  PERFORM pg_notify('users_directory_changed', '');
  RETURN NULL;
END
$$;
