-- The ends of booked windows in time order: the free-slot search walks them from its start, one step per
-- candidate start, and stops as soon as it has its windows, instead of collecting every end of every device
-- of the type first. device_id follows so that a server able to filter on it inside the index (PostgreSQL 17's
-- array conditions) does so.
CREATE INDEX reservation_devices_end_idx ON reservation_devices ((upper(during)), device_id);
