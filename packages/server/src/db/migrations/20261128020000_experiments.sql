-- Experiments: a description booked, flashed and followed to ready by the server, kept for a replay.
--
-- A row per experiment carries its state and a lease like flash_jobs: any instance takes the step that is due
-- (next_step_at) once the lease of the instance that held it ran out, so an experiment goes on after a crash
-- and no two instances step it at once. Each device of it is a row with its state, the image it got (with the
-- checksum the testbed file gives, if any), the flash job that put it on and the one that flashed it back.

-- The image every device of a type is flashed back to when an experiment ends (the testbed file's defaultImage).
ALTER TABLE device_types ADD COLUMN default_image text;

-- A flash back to the default image puts nobody's account on the node.
ALTER TABLE flash_jobs ADD COLUMN restore_account boolean NOT NULL DEFAULT true;

CREATE TABLE experiments (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  description jsonb NOT NULL,
  state text NOT NULL DEFAULT 'waiting'
    CHECK (state IN ('waiting', 'flashing', 'ready', 'running', 'ending', 'done', 'failed', 'cancelled')),
  -- What it ends as once its devices are back: chosen when it starts ending.
  end_state text CHECK (end_state IN ('done', 'failed', 'cancelled')),
  all_or_nothing boolean NOT NULL DEFAULT false,
  reservation_id integer REFERENCES reservations (id) ON DELETE SET NULL,
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  error text,
  stop_requested_at timestamptz,
  ready_at timestamptz,
  ended_at timestamptz,
  run_of integer REFERENCES experiments (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  next_step_at timestamptz NOT NULL DEFAULT now(),
  lease_owner text,
  lease_until timestamptz
);
CREATE INDEX experiments_user_idx ON experiments (user_id, id DESC);
CREATE INDEX experiments_due_idx ON experiments (next_step_at) WHERE state NOT IN ('done', 'failed', 'cancelled');

CREATE TABLE experiment_devices (
  experiment_id integer NOT NULL REFERENCES experiments (id) ON DELETE CASCADE,
  device_id integer NOT NULL REFERENCES devices (id),
  group_index integer NOT NULL,
  state text NOT NULL DEFAULT 'waiting'
    CHECK (state IN ('waiting', 'flashing', 'ready', 'failed', 'cleaning', 'released', 'quarantined')),
  image_name text NOT NULL,
  image_checksum text,
  image_ref jsonb NOT NULL,
  flash_job_id integer REFERENCES flash_jobs (id) ON DELETE SET NULL,
  clean_job_id integer REFERENCES flash_jobs (id) ON DELETE SET NULL,
  error text,
  PRIMARY KEY (experiment_id, device_id)
);
