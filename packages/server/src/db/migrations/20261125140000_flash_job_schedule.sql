-- When a running job is next due for a step, kept in its row so that the runner reads only the jobs that are
-- due (500 hour-long flashes must not cost 500 steps a second) and so that an instance taking a job over
-- keeps its pace. A flash whose status did not change waits twice as long each time (idle_wait_ms), up to a
-- few seconds; any change brings it back to every tick. Neither column fires the log trigger, which watches
-- state, status_line and error only.
ALTER TABLE flash_jobs ADD COLUMN next_step_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE flash_jobs ADD COLUMN idle_wait_ms integer NOT NULL DEFAULT 0 CHECK (idle_wait_ms >= 0);
