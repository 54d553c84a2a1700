-- An experiment's live stream (modules/experiments/experiment-stream.ts) and the notifications inside the portal
-- (modules/notifications).

-- Every change a reader of an experiment sees (its state, error, end, stop asked; a device's state, error, jobs)
-- NOTIFYs `experiment_changed` with the experiment's id, whichever instance or statement made it: each instance
-- LISTENs once and its open streams of that experiment read it again.
CREATE FUNCTION notify_experiment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'experiments' THEN
    PERFORM pg_notify('experiment_changed', NEW.id::text);
  ELSE
    PERFORM pg_notify('experiment_changed', NEW.experiment_id::text);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER experiments_notify_changed
  AFTER UPDATE ON experiments
  FOR EACH ROW
  WHEN ((OLD.state, OLD.error, OLD.end_at, OLD.stop_requested_at) IS DISTINCT FROM (NEW.state, NEW.error, NEW.end_at, NEW.stop_requested_at))
  EXECUTE FUNCTION notify_experiment_changed();

CREATE TRIGGER experiment_devices_notify_changed
  AFTER UPDATE ON experiment_devices
  FOR EACH ROW
  WHEN ((OLD.state, OLD.error, OLD.flash_job_id, OLD.clean_job_id) IS DISTINCT FROM (NEW.state, NEW.error, NEW.flash_job_id, NEW.clean_job_id))
  EXECUTE FUNCTION notify_experiment_changed();

-- A stream ticket opens either a flash job's stream or an experiment's. The previous release still inserts
-- tickets with a job only, which the check accepts.
ALTER TABLE flash_stream_tickets
  ALTER COLUMN job_id DROP NOT NULL,
  ADD COLUMN experiment_id integer REFERENCES experiments (id) ON DELETE CASCADE,
  ADD CONSTRAINT flash_stream_tickets_one_subject CHECK (num_nonnulls(job_id, experiment_id) = 1);

-- What the portal tells a user besides a mail (an experiment ready, or failed), written in the transaction of
-- the change it tells of. Kept 90 days (the flash runner's hourly prune removes older ones).
CREATE TABLE notifications (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('experiment-ready', 'experiment-failed')),
  title text NOT NULL,
  text text NOT NULL,
  link text,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);
CREATE INDEX notifications_created_idx ON notifications (created_at);
