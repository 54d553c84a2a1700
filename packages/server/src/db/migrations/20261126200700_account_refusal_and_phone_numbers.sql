-- An administrator may refuse an account request as well as approve it. The refused account stays
-- disabled and is no longer counted among the requests that wait; the reason is in the audit log and in
-- the mail sent to the applicant.
ALTER TABLE users ADD COLUMN refused_at timestamptz;

-- Phone numbers: the national digits as before, or an international number kept in its international form
-- ("+33 6 12 34 56 78"), which the contract checks with libphonenumber before it gets here.
ALTER TABLE users DROP CONSTRAINT users_phone_number_check;
ALTER TABLE users ADD CONSTRAINT users_phone_number_check CHECK (phone_number ~ '^([0-9]{1,20}|\+[0-9][0-9 ]{3,30})$');
