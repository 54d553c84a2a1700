-- The time zone a person reads times in, on their profile: an IANA name (checked by the contract), or null for
-- none chosen (the web app then uses the browser's zone, mails and the command-line client UTC and the machine's).
-- It replaces the zone the reminder settings kept, which the web app filled in silently with the browser's.
ALTER TABLE users ADD COLUMN time_zone text CHECK (length(time_zone) BETWEEN 1 AND 64);
UPDATE users SET time_zone = reminder_time_zone WHERE reminder_time_zone <> 'UTC';
ALTER TABLE users DROP COLUMN reminder_time_zone;
