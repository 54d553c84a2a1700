-- Kept flash logs, streamed progress and device health.
--
-- Every job keeps its log as rows: the stages it went through, the status lines the driver reported and
-- its errors, each with its time. The rows are written by triggers on flash_jobs, so whichever instance
-- (or script) moves a job on, its log follows. A job keeps at most 300 entries besides its stages (the
-- last one then says the log was cut) of at most 1000 characters each, and its final error is always
-- kept; the operator's retention (FLASH_LOG_RETENTION_DAYS) removes the logs of old jobs.
CREATE TABLE flash_job_log (
  id     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  job_id integer NOT NULL REFERENCES flash_jobs (id) ON DELETE CASCADE,
  at     timestamptz NOT NULL DEFAULT clock_timestamp(),
  kind   text NOT NULL CHECK (kind IN ('stage', 'line', 'error', 'note')),
  text   text NOT NULL CHECK (length(text) <= 1000)
);
CREATE INDEX flash_job_log_job_idx ON flash_job_log (job_id, id);
CREATE INDEX flash_jobs_finished_idx ON flash_jobs (finished_at) WHERE finished_at IS NOT NULL;

CREATE FUNCTION flash_job_log_add(p_job integer, p_kind text, p_text text, p_always boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  kept integer;
BEGIN
  IF p_kind = 'stage' OR p_always THEN
    INSERT INTO flash_job_log (job_id, kind, text) VALUES (p_job, p_kind, left(p_text, 1000));
    RETURN;
  END IF;
  SELECT count(*) INTO kept FROM flash_job_log WHERE job_id = p_job AND kind <> 'stage';
  IF kept < 299 THEN
    INSERT INTO flash_job_log (job_id, kind, text) VALUES (p_job, p_kind, left(p_text, 1000));
  ELSIF kept = 299 THEN
    INSERT INTO flash_job_log (job_id, kind, text)
    VALUES (p_job, 'note', 'This log reached its size cap of 300 entries: later lines were not kept.');
  END IF;
END
$$;

CREATE FUNCTION flash_jobs_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM flash_job_log_add(NEW.id, 'stage', NEW.state, true);
    RETURN NULL;
  END IF;
  IF NEW.status_line IS DISTINCT FROM OLD.status_line AND NEW.status_line IS NOT NULL THEN
    PERFORM flash_job_log_add(NEW.id, 'line', NEW.status_line, false);
  END IF;
  IF NEW.error IS DISTINCT FROM OLD.error AND NEW.error IS NOT NULL THEN
    PERFORM flash_job_log_add(NEW.id, 'error', NEW.error, NEW.state = 'failed');
  END IF;
  IF NEW.state IS DISTINCT FROM OLD.state THEN
    PERFORM flash_job_log_add(NEW.id, 'stage', NEW.state, true);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER flash_jobs_log
  AFTER INSERT OR UPDATE OF state, status_line, error ON flash_jobs
  FOR EACH ROW EXECUTE FUNCTION flash_jobs_log();

-- Every instance listens once on `flash_job_log`; the payload is the job's id, and each open progress
-- stream of that job reads its rows after the last one it sent.
CREATE FUNCTION notify_flash_job_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('flash_job_log', NEW.job_id::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER flash_job_log_notify
  AFTER INSERT ON flash_job_log
  FOR EACH ROW EXECUTE FUNCTION notify_flash_job_log();

-- Progress streams are opened by EventSource, which cannot send the bearer header: an authenticated POST
-- hands out a ticket for one job, valid 60 seconds and used once. Only its SHA-256 is stored, and any
-- instance can take it.
CREATE TABLE flash_stream_tickets (
  token_hash bytea PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  job_id     integer NOT NULL REFERENCES flash_jobs (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX flash_stream_tickets_expires_idx ON flash_stream_tickets (expires_at);

-- Device health: the outcome streak of each device's flashes and its quarantine. A quarantined device is
-- not bookable and shows as down (flashing-aware-driver.ts); the condition is `quarantined_at IS NOT NULL`.
ALTER TABLE devices
  ADD COLUMN failure_streak    integer NOT NULL DEFAULT 0 CHECK (failure_streak >= 0),
  ADD COLUMN last_success_at   timestamptz,
  ADD COLUMN last_failure_at   timestamptz,
  ADD COLUMN quarantined_at    timestamptz,
  ADD COLUMN quarantine_reason text CHECK (length(quarantine_reason) <= 1000),
  -- Who put it in quarantine by hand; NULL with quarantined_at set means the failure streak did.
  ADD COLUMN quarantined_by    integer REFERENCES users (id) ON DELETE SET NULL,
  ADD CONSTRAINT devices_quarantine_reason CHECK ((quarantined_at IS NULL) = (quarantine_reason IS NULL));
CREATE INDEX devices_quarantined_idx ON devices (id) WHERE quarantined_at IS NOT NULL;
CREATE INDEX flash_jobs_device_idx ON flash_jobs (device_id, started_at DESC);
