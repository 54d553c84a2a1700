-- Failed sign-ins are counted per address and, only for accounts that exist, per account id: a name that
-- names no account costs no row. Rows of quiet keys are pruned (updated_at index). Addresses from which a
-- user has signed in are remembered for 90 days, so that a user signing in from one of them is not kept
-- waiting by failures an attacker caused elsewhere.
DELETE FROM sign_in_throttle WHERE key LIKE 'account:%';
CREATE INDEX sign_in_throttle_updated_idx ON sign_in_throttle (updated_at);

CREATE TABLE sign_in_known_addresses (
  user_id         integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  address         text NOT NULL,
  last_success_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, address)
);
CREATE INDEX sign_in_known_addresses_age_idx ON sign_in_known_addresses (last_success_at);
