-- The request limits of the public calls (sign-in, sign-up, password forgotten, the mail-link tokens, API token
-- creation, the calendar feed) are counted here, so that every instance on this database counts the same
-- hits (security/rate-limit-store.ts). One row per route and key (an address, or a feed): the hits of its
-- current window, which starts at its first hit and lasts the route's window. Rows whose window ended are
-- pruned a batch at a time as new windows open; Redis replaces this table when REDIS_URL is set.
-- Unlogged: a count lost in a crash of the database costs nothing, and each limited request writes no WAL.
CREATE UNLOGGED TABLE rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  window_ends_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_window_ends_idx ON rate_limits (window_ends_at);
