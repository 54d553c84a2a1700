-- An administrator may refuse an account request as well as approve it. The refused account stays
-- disabled and is no longer counted among the requests that wait; the reason is in the audit log and in
-- the mail sent to the applicant.
ALTER TABLE users ADD COLUMN refused_at timestamptz;
