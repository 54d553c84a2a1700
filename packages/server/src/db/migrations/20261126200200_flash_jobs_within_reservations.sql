-- A flash job lives inside the reservation that allowed it, and its log keeps every status line its driver wrote.
--
-- A job started by a holder (or colleague) of an Exclusive reservation names it (reservation_id); an
-- administrator's job on a device they do not hold names none and is bound by its deadline only. The insert
-- takes the reservation's row FOR SHARE and is refused unless the reservation runs and holds the device, so a
-- release, a deletion or an end moved earlier, which take the row FOR UPDATE, either come before (the job is
-- refused) or after (the job is cancelled by the same transaction). A reservation that simply reaches its end
-- is noticed by the runners (flash_jobs_cancel_ended, called at every pass of every instance).
--
-- A cancelled job ends as 'cancelled' with the reason kept in its log; `flash_job_cancelled` announces it
-- to every instance, so that the one running its flash command stops it.
ALTER TABLE flash_jobs DROP CONSTRAINT flash_jobs_state_check;
ALTER TABLE flash_jobs ADD CONSTRAINT flash_jobs_state_check
  CHECK (state IN ('pending', 'flashing', 'waiting_ready', 'restoring', 'done', 'failed', 'cancelled'));
DROP INDEX flash_jobs_one_active;
CREATE UNIQUE INDEX flash_jobs_one_active ON flash_jobs (device_id) WHERE state NOT IN ('done', 'failed', 'cancelled');

ALTER TABLE flash_jobs ADD COLUMN reservation_id integer REFERENCES reservations (id) ON DELETE SET NULL;
CREATE INDEX flash_jobs_running_reservation_idx ON flash_jobs (reservation_id)
  WHERE reservation_id IS NOT NULL AND state NOT IN ('done', 'failed', 'cancelled');

CREATE FUNCTION flash_jobs_within_reservation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.reservation_id IS NULL THEN
    RETURN NEW;
  END IF;
  -- clock_timestamp(), not now(): a transaction that began before a release committed must not read the
  -- new end as still ahead of it (the row lock's re-check evaluates it again after the wait).
  PERFORM 1 FROM reservations r
    JOIN reservation_devices rd ON rd.reservation_id = r.id AND rd.device_id = NEW.device_id
   WHERE r.id = NEW.reservation_id AND r.start_date <= clock_timestamp() AND r.end_date > clock_timestamp()
     FOR SHARE OF r;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'reservation % does not hold device % now', NEW.reservation_id, NEW.device_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'flash_jobs_within_reservation';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER flash_jobs_within_reservation
  BEFORE INSERT OR UPDATE OF reservation_id ON flash_jobs
  FOR EACH ROW EXECUTE FUNCTION flash_jobs_within_reservation();

-- Ends the running jobs of a reservation as cancelled at `p_at`, with the reason; answers their ids.
CREATE FUNCTION flash_jobs_cancel(p_reservation integer, p_at timestamptz, p_reason text) RETURNS SETOF integer
LANGUAGE sql AS $$
  UPDATE flash_jobs
     SET state = 'cancelled', error = left(p_reason, 1000), finished_at = p_at, updated_at = now(),
         lease_owner = NULL, lease_until = NULL
   WHERE reservation_id = p_reservation AND state NOT IN ('done', 'failed', 'cancelled')
  RETURNING id
$$;

-- A release, a deletion or an end moved to now or earlier stops the reservation's jobs in its own transaction.
CREATE FUNCTION reservations_cancel_flash_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM flash_jobs_cancel(OLD.id, clock_timestamp(),
      format('Cancelled: reservation %s was deleted. The flash was stopped and no account was restored.', OLD.id));
    RETURN OLD;
  END IF;
  IF NEW.end_date < OLD.end_date AND NEW.end_date <= clock_timestamp() THEN
    -- The jobs end with the reservation (endReservationNow records the wall clock once it holds the row).
    PERFORM flash_jobs_cancel(NEW.id, NEW.end_date, format(
      'Cancelled: reservation %s ended at %s (released or shortened). The flash was stopped and no account was restored.',
      NEW.id, to_char(NEW.end_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')));
  END IF;
  RETURN NEW;
END
$$;

-- BEFORE, so that a deletion cancels the jobs while they still name the reservation (ON DELETE SET NULL).
CREATE TRIGGER reservations_cancel_flash_jobs
  BEFORE UPDATE OF end_date OR DELETE ON reservations
  FOR EACH ROW EXECUTE FUNCTION reservations_cancel_flash_jobs();

-- The jobs whose reservation reached its end (no request tells of that): any instance may call it at any time.
CREATE FUNCTION flash_jobs_cancel_ended() RETURNS SETOF integer LANGUAGE sql AS $$
  UPDATE flash_jobs j
     SET state = 'cancelled',
         error = format('Cancelled: reservation %s ended at %s. The flash was stopped and no account was restored.',
                        r.id, to_char(r.end_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
         finished_at = clock_timestamp(), updated_at = now(), lease_owner = NULL, lease_until = NULL
    FROM reservations r
   WHERE r.id = j.reservation_id AND r.end_date <= clock_timestamp()
     AND j.reservation_id IS NOT NULL AND j.state NOT IN ('done', 'failed', 'cancelled')
  RETURNING j.id
$$;

CREATE FUNCTION notify_flash_job_cancelled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state = 'cancelled' AND OLD.state IS DISTINCT FROM 'cancelled' THEN
    PERFORM pg_notify('flash_job_cancelled', NEW.id::text);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER flash_job_cancelled_notify
  AFTER UPDATE OF state ON flash_jobs
  FOR EACH ROW EXECUTE FUNCTION notify_flash_job_cancelled();

-- Every status line: the runner hands over the lines its driver wrote since the last ones kept, counted by
-- status_lines, and they are logged one entry each, in order. The count makes a hand-over of the same lines
-- twice (a step repeated after a takeover) change nothing. Before, only the newest line at each step was
-- logged, through the status_line column, and lines written between two steps were lost.
ALTER TABLE flash_jobs ADD COLUMN status_lines integer NOT NULL DEFAULT 0 CHECK (status_lines >= 0);

CREATE FUNCTION flash_job_add_lines(p_job integer, p_owner text, p_from integer, p_lines text[]) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  v_line text;
BEGIN
  IF cardinality(p_lines) = 0 THEN
    RETURN true;
  END IF;
  -- The row's lock, taken here, orders this job's log entries as their transactions commit.
  UPDATE flash_jobs
     SET status_lines = p_from + cardinality(p_lines), status_line = p_lines[cardinality(p_lines)],
         updated_at = now(), idle_wait_ms = 0, next_step_at = now()
   WHERE id = p_job AND lease_owner = p_owner AND status_lines = p_from
     AND state NOT IN ('done', 'failed', 'cancelled');
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  FOREACH v_line IN ARRAY p_lines LOOP
    PERFORM flash_job_log_add(p_job, 'line', v_line, false);
  END LOOP;
  RETURN true;
END
$$;

-- The log trigger: a status_line written with its count is logged by flash_job_add_lines; one written
-- alone (a script) is still logged here. A cancelled job's reason is always kept, like a failed job's error.
CREATE OR REPLACE FUNCTION flash_jobs_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM flash_job_log_add(NEW.id, 'stage', NEW.state, true);
    RETURN NULL;
  END IF;
  IF NEW.status_line IS DISTINCT FROM OLD.status_line AND NEW.status_line IS NOT NULL
     AND NEW.status_lines = OLD.status_lines THEN
    PERFORM flash_job_log_add(NEW.id, 'line', NEW.status_line, false);
  END IF;
  IF NEW.error IS DISTINCT FROM OLD.error AND NEW.error IS NOT NULL THEN
    PERFORM flash_job_log_add(NEW.id, 'error', NEW.error, NEW.state IN ('failed', 'cancelled'));
  END IF;
  IF NEW.state IS DISTINCT FROM OLD.state THEN
    PERFORM flash_job_log_add(NEW.id, 'stage', NEW.state, true);
  END IF;
  RETURN NULL;
END
$$;
