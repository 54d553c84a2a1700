-- An experiment waiting on its devices' flash jobs (flashing, or ending while they are flashed back) is due at
-- once when one of them ends, and the experiment runners of every instance are told (NOTIFY experiments_due):
-- it becomes ready, or over, without waiting for its next look. A job that ends while a step of the experiment
-- runs (the step may have read it still running) marks it due_again: that step's end makes it due at once.
ALTER TABLE experiments ADD COLUMN due_again boolean NOT NULL DEFAULT false;
CREATE INDEX experiment_devices_flash_job_idx ON experiment_devices (flash_job_id) WHERE flash_job_id IS NOT NULL;
CREATE INDEX experiment_devices_clean_job_idx ON experiment_devices (clean_job_id) WHERE clean_job_id IS NOT NULL;

CREATE FUNCTION experiments_due_on_flash_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE experiments e SET next_step_at = least(e.next_step_at, now()), due_again = true
  FROM experiment_devices d
  WHERE (d.flash_job_id = NEW.id OR d.clean_job_id = NEW.id) AND e.id = d.experiment_id
    AND e.state IN ('flashing', 'ending');
  IF FOUND THEN
    PERFORM pg_notify('experiments_due', '');
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER experiments_due_on_flash_end AFTER UPDATE OF state ON flash_jobs
  FOR EACH ROW WHEN (NEW.state IN ('done', 'failed', 'cancelled') AND OLD.state IS DISTINCT FROM NEW.state)
  EXECUTE FUNCTION experiments_due_on_flash_end();
