-- The devices being flashed and not ready yet are read on every booking and, at most once a second, for
-- the device lists; the flash history keeps growing, so that read goes through a partial index of the
-- few running jobs rather than over the whole table.
CREATE INDEX flash_jobs_busy_idx ON flash_jobs (device_id) WHERE state IN ('pending', 'flashing', 'waiting_ready');
