-- Insight for administrators and users: the audit log becomes readable (filters by user, action, device,
-- time; pages by id), reservations remind their people, and each user may hold a private calendar feed.

-- The devices an audit row concerns (MAC addresses): the device of a flash, the devices of a reservation.
ALTER TABLE audit_log ADD COLUMN device_macs text[] NOT NULL DEFAULT '{}';
UPDATE audit_log SET device_macs = ARRAY[target_id] WHERE target_type = 'device' AND target_id IS NOT NULL;
-- Pages are read newest first by id (the keyset); filters narrow them through these indexes.
CREATE INDEX audit_log_action_idx ON audit_log (action, id DESC);
CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id, id DESC);
CREATE INDEX audit_log_devices_idx ON audit_log USING gin (device_macs);
CREATE INDEX audit_log_actor_id_idx ON audit_log (actor_user_id, id DESC);

-- Reminder lead times per user, in minutes before a reservation starts and ends; NULL turns one off.
-- The time zone is the one the mails show times in (the browser's, saved with the settings).
ALTER TABLE users
  ADD COLUMN reminder_before_start_minutes integer DEFAULT 15 CHECK (reminder_before_start_minutes BETWEEN 1 AND 10080),
  ADD COLUMN reminder_before_end_minutes   integer DEFAULT 15 CHECK (reminder_before_end_minutes BETWEEN 1 AND 10080),
  ADD COLUMN reminder_time_zone            text NOT NULL DEFAULT 'UTC' CHECK (length(reminder_time_zone) BETWEEN 1 AND 64);

-- One row per reminder sent: the primary key is what makes a reminder go once, whichever instance's sweep
-- inserts it first (the mail is queued in the same transaction). `for_time` is the start or end the
-- reminder announced, so a reservation whose end moves gets a reminder of its new end.
CREATE TABLE reservation_reminders (
  reservation_id integer NOT NULL REFERENCES reservations (id) ON DELETE CASCADE,
  user_id        integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind           text NOT NULL CHECK (kind IN ('start', 'end')),
  for_time       timestamptz NOT NULL,
  sent_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (reservation_id, user_id, kind, for_time)
);
-- The sweep finds reservations starting or ending soon through reservations_start_idx and reservations_end_idx.

-- The private calendar feed: only a SHA-256 of its secret is kept; regenerating replaces it.
CREATE TABLE calendar_feeds (
  user_id    integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_read_at timestamptz
);

-- Statistics: "was the device flashed during the reservation" is looked up per booked device.
CREATE INDEX flash_jobs_device_started_idx ON flash_jobs (device_id, started_at);
