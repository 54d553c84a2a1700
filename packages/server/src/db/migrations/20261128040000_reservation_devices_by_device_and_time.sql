-- A device's bookings are looked up by device and time (the booking timeline, the conflicts of a booking, the
-- free-slot search's busy times): the exclusion constraint's GiST index on (device_id, during, sharing_slot)
-- finds the bookings of a device that overlap a window and reads no other. The B-tree on device_id alone
-- looked cheaper to the planner once a device had a few dozen bookings, so it read every booking of the device
-- and filtered them by time: its cost grew with the history (a week of a type's 100 devices read 100 bookings
-- per device at 200,000 reservations), where the GiST index reads only what overlaps. Lookups by device alone
-- (a device's deletion checking its bookings) use the GiST index too.
DROP INDEX reservation_devices_device_idx;
