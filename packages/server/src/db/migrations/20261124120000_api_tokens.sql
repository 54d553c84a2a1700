-- Personal API tokens: a user's named, scoped, expiring bearer tokens for scripts (`tbp_...`). Only the
-- SHA-256 of a token is kept; it is shown once when created.
CREATE TABLE api_tokens (
  id                 integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id            integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name               text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  token_hash         bytea NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
  scope              text NOT NULL CHECK (scope IN ('read', 'read+book+flash')),
  created_at         timestamptz NOT NULL DEFAULT now(),
  last_used_at       timestamptz,
  expires_at         timestamptz NOT NULL,
  revoked_at         timestamptz,
  -- 'user', 'admin' or 'account' (the account's sessions ended: password, disable, deletion, anonymisation).
  revoked_reason     text CHECK (revoked_reason IN ('user', 'admin', 'account')),
  CHECK (expires_at > created_at AND expires_at <= created_at + interval '366 days'),
  CHECK ((revoked_at IS NULL) = (revoked_reason IS NULL))
);
CREATE INDEX api_tokens_user_idx ON api_tokens (user_id, created_at DESC);

-- Whatever ends a user's sessions (their session generation raised by a password change or reset, a
-- disable, a re-validation, a deletion or an anonymisation) ends their API tokens in the same transaction.
CREATE FUNCTION revoke_api_tokens_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.session_generation IS DISTINCT FROM OLD.session_generation
     OR (OLD.is_enabled AND NOT NEW.is_enabled)
     OR (OLD.anonymised_at IS NULL AND NEW.anonymised_at IS NOT NULL) THEN
    UPDATE api_tokens SET revoked_at = now(), revoked_reason = 'account'
      WHERE user_id = NEW.id AND revoked_at IS NULL;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER users_revoke_api_tokens
  AFTER UPDATE OF session_generation, is_enabled, anonymised_at ON users
  FOR EACH ROW EXECUTE FUNCTION revoke_api_tokens_of_user();

-- Every instance keeps the tokens it has just checked in memory (a cache since removed: migration 20261127030000 drops these triggers): a revocation is
-- announced on `session_changed` with the owner's id, as for sessions. Last-use writes are not announced.
CREATE TRIGGER api_tokens_session_changed
  AFTER UPDATE OF revoked_at, expires_at OR DELETE ON api_tokens
  FOR EACH ROW EXECUTE FUNCTION notify_session_changed();
