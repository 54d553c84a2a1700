-- Solved ALTCHA challenges, so that a solution is accepted once only, whichever server instance sees it.
-- A row is kept until its challenge has expired; after that the signature check refuses it anyway.
CREATE TABLE captcha_solutions (
  challenge_id text PRIMARY KEY CHECK (length(challenge_id) BETWEEN 1 AND 200),
  expires_at   timestamptz NOT NULL
);
CREATE INDEX captcha_solutions_expires_idx ON captcha_solutions (expires_at);
