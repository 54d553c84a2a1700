-- Indexes of the reservation lists (GET /api/userReservations, /otherReservations, ...).
-- The current-and-future lists scan the reservations that have not ended; this index answers them
-- without visiting the table (start date, id and responsible user are carried in it).
CREATE INDEX reservations_current_idx ON reservations (end_date) INCLUDE (start_date, id, responsible_user_id);
DROP INDEX reservations_end_idx;
-- The whole history, newest first, is read backwards along this one and stops after a page.
CREATE INDEX reservations_start_idx ON reservations (start_date, id) INCLUDE (responsible_user_id);
