-- Open progress streams of flash jobs (modules/flashing/stream-slots.ts), one row each while it is open, so
-- that a user's streams are counted whichever instances they are open on. The instance holding a stream
-- renews its lease; the row of a stream whose instance died lapses with its lease and is deleted by the next
-- count of that user.
CREATE TABLE flash_progress_streams (
  id         uuid PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX flash_progress_streams_user_idx ON flash_progress_streams (user_id);
