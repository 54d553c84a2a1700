-- Initial schema: the portal's entities with the constraints that keep them true.
-- Forward-only: later changes go in new timestamped files.

CREATE EXTENSION IF NOT EXISTS btree_gist;

-- Accounts ---------------------------------------------------------------------------------------------

CREATE TABLE roles (
  id   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (name ~ '^[A-Z][A-Z0-9_]{1,31}$')
);

CREATE TABLE users (
  id                          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username                    text NOT NULL CHECK (username ~ '^[a-z][a-z0-9_]{1,31}$'),
  email                       text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  firstname                   text NOT NULL CHECK (length(firstname) BETWEEN 1 AND 100),
  lastname                    text NOT NULL CHECK (length(lastname) BETWEEN 1 AND 100),
  phone_number                text CHECK (phone_number ~ '^[0-9]{1,20}$'),
  instant_messaging           text CHECK (length(instant_messaging) <= 200),
  personal_url                text CHECK (length(personal_url) <= 500),
  photo                       bytea CHECK (octet_length(photo) <= 1048576),
  photo_mime                  text CHECK (photo_mime IN ('image/png', 'image/jpeg', 'image/webp')),
  password_hash               text,
  sign_up_date                timestamptz NOT NULL DEFAULT now(),
  email_verified_at           timestamptz,
  approved_date               timestamptz,
  charter_acceptance_date     timestamptz,
  last_validation_date        timestamptz,
  expiration_date             timestamptz,
  is_enabled                  boolean NOT NULL DEFAULT false,
  validation_pending          boolean NOT NULL DEFAULT false,
  -- Raised whenever existing sessions must end (password change or reset, disable, deletion):
  -- an access token carries the generation it was issued under.
  session_generation          integer NOT NULL DEFAULT 0,
  anonymised_at               timestamptz,
  CHECK ((photo IS NULL) = (photo_mime IS NULL))
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_lastname_idx ON users (lower(lastname), lower(firstname));

CREATE TABLE user_roles (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role_id integer NOT NULL REFERENCES roles (id) ON DELETE RESTRICT,
  PRIMARY KEY (user_id, role_id)
);
CREATE INDEX user_roles_role_idx ON user_roles (role_id);

CREATE TABLE credentials (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  ssh_key     text NOT NULL CHECK (length(ssh_key) <= 16384 AND ssh_key !~ '[\r\n]'),
  key_type    text NOT NULL,
  fingerprint text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, fingerprint)
);

CREATE TABLE employer_types (
  id    integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  label text NOT NULL UNIQUE
);

CREATE TABLE professional_statuses (
  id    integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  label text NOT NULL UNIQUE
);

CREATE TABLE employers (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  institute_name  text NOT NULL CHECK (length(btrim(institute_name)) BETWEEN 1 AND 200),
  country_name    text NOT NULL CHECK (length(btrim(country_name)) BETWEEN 1 AND 100),
  laboratory_name text CHECK (length(laboratory_name) <= 200),
  team_name       text CHECK (length(team_name) <= 200),
  location        text CHECK (length(location) <= 200),
  employer_url    text CHECK (length(employer_url) <= 500)
);

CREATE TABLE user_employers (
  id                     integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id                integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- An employer that still has users cannot be deleted (docs/directory.md).
  employer_id            integer NOT NULL REFERENCES employers (id) ON DELETE RESTRICT,
  employer_type_id       integer REFERENCES employer_types (id),
  professional_status_id integer REFERENCES professional_statuses (id),
  start_date             timestamptz NOT NULL DEFAULT now(),
  end_date               timestamptz,
  is_current             boolean NOT NULL DEFAULT false,
  CHECK (end_date IS NULL OR end_date >= start_date)
);
CREATE INDEX user_employers_user_idx ON user_employers (user_id);
CREATE INDEX user_employers_employer_idx ON user_employers (employer_id);
-- At most one current employer per user.
CREATE UNIQUE INDEX user_employers_one_current ON user_employers (user_id) WHERE is_current;

CREATE TABLE intended_usages (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  description text NOT NULL CHECK (length(btrim(description)) BETWEEN 1 AND 4000),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX intended_usages_user_idx ON intended_usages (user_id);

CREATE TABLE group_types (
  id    integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  label text NOT NULL UNIQUE CHECK (length(btrim(label)) BETWEEN 1 AND 100)
);

CREATE TABLE groups (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name          text NOT NULL UNIQUE CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  group_type_id integer REFERENCES group_types (id) ON DELETE RESTRICT
);

CREATE TABLE group_members (
  group_id integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  user_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX group_members_user_idx ON group_members (user_id);

CREATE TABLE group_managers (
  group_id integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  user_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX group_managers_user_idx ON group_managers (user_id);

-- Single-use account tokens (e-mail verification, admin validation, password reset, e-mail change,
-- account update and its validation). Only a SHA-256 of the token is stored.
CREATE TABLE account_tokens (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind       text NOT NULL CHECK (kind IN ('email_verification', 'account_validation', 'password_reset',
                                           'email_change', 'account_update', 'account_update_validation')),
  token_hash bytea NOT NULL UNIQUE,
  payload    jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  CHECK (expires_at > created_at)
);
CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, kind);

-- Failed sign-ins, counted per account name and per address, shared by every server instance.
CREATE TABLE sign_in_throttle (
  key          text PRIMARY KEY,
  failures     integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- Devices ----------------------------------------------------------------------------------------------

CREATE TABLE device_types (
  id   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (name ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$')
);

CREATE TABLE devices (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  device_type_id integer NOT NULL REFERENCES device_types (id) ON DELETE RESTRICT,
  mac_address    text NOT NULL UNIQUE CHECK (mac_address ~ '^[0-9a-f]{2}(:[0-9a-f]{2}){5}$'),
  ip_address     inet NOT NULL,
  -- false once the device left the testbed file: kept for the history of reservations.
  in_inventory   boolean NOT NULL DEFAULT true
);
CREATE UNIQUE INDEX devices_ip_in_inventory ON devices (ip_address) WHERE in_inventory;
CREATE INDEX devices_type_idx ON devices (device_type_id);

CREATE TABLE images (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  device_type_id integer NOT NULL REFERENCES device_types (id) ON DELETE CASCADE,
  name           text NOT NULL CHECK (name ~ '^[A-Za-z0-9][A-Za-z0-9_.+-]{0,127}$'),
  in_inventory   boolean NOT NULL DEFAULT true,
  UNIQUE (device_type_id, name)
);

CREATE TABLE reservation_types (
  id        integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  label     text NOT NULL UNIQUE,
  exclusive boolean NOT NULL
);

CREATE TABLE reservations (
  id                  integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  responsible_user_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  reservation_type_id integer NOT NULL REFERENCES reservation_types (id),
  submission_date     timestamptz NOT NULL DEFAULT now(),
  start_date          timestamptz NOT NULL,
  end_date            timestamptz NOT NULL,
  description         text NOT NULL DEFAULT '' CHECK (length(description) <= 100),
  CHECK (end_date > start_date)
);
CREATE INDEX reservations_responsible_idx ON reservations (responsible_user_id, end_date);
CREATE INDEX reservations_end_idx ON reservations (end_date);

CREATE TABLE reservation_users (
  reservation_id integer NOT NULL REFERENCES reservations (id) ON DELETE CASCADE,
  user_id        integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  PRIMARY KEY (reservation_id, user_id)
);
CREATE INDEX reservation_users_user_idx ON reservation_users (user_id);

-- One row per booked device, carrying the window and whether it excludes others so that the database
-- itself refuses a double booking whatever the concurrency:
--   `sharing_slot` is the whole integer line for an Exclusive booking and the single point
--   [reservation_id, reservation_id + 1) for a Shared one. Two rows of a device conflict when their
--   windows overlap and their slots overlap, i.e. unless both are Shared.
CREATE TABLE reservation_devices (
  reservation_id integer NOT NULL REFERENCES reservations (id) ON DELETE CASCADE,
  device_id      integer NOT NULL REFERENCES devices (id) ON DELETE RESTRICT,
  during         tstzrange NOT NULL CHECK (NOT isempty(during)),
  sharing_slot   int4range NOT NULL,
  PRIMARY KEY (reservation_id, device_id),
  CONSTRAINT reservation_devices_no_overlap
    EXCLUDE USING gist (device_id WITH =, during WITH &&, sharing_slot WITH &&)
);
CREATE INDEX reservation_devices_device_idx ON reservation_devices (device_id);

-- Flashing ---------------------------------------------------------------------------------------------

CREATE TABLE flash_jobs (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The opaque handle handed to the client instead of a status-file path.
  handle         uuid NOT NULL UNIQUE,
  user_id        integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  device_id      integer NOT NULL REFERENCES devices (id) ON DELETE RESTRICT,
  image_name     text NOT NULL,
  state          text NOT NULL DEFAULT 'pending'
                 CHECK (state IN ('pending', 'flashing', 'waiting_ready', 'restoring', 'done', 'failed')),
  status_line    text,
  error          text,
  started_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  finished_at    timestamptz,
  deadline_at    timestamptz NOT NULL,
  -- Which server instance drives the job and until when; a job whose lease ran out is taken over.
  lease_owner    text,
  lease_until    timestamptz
);
-- One running job per device.
CREATE UNIQUE INDEX flash_jobs_one_active ON flash_jobs (device_id) WHERE state NOT IN ('done', 'failed');
CREATE INDEX flash_jobs_user_idx ON flash_jobs (user_id, started_at DESC);

-- Mail and audit ---------------------------------------------------------------------------------------

-- Transactional outbox: written in the transaction of the change that causes the mail.
CREATE TABLE mail_outbox (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address      text NOT NULL,
  subject         text NOT NULL,
  text_body       text NOT NULL,
  html_body       text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz,
  last_error      text
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL;

CREATE TABLE audit_log (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at            timestamptz NOT NULL DEFAULT now(),
  actor_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  action        text NOT NULL,
  target_type   text,
  target_id     text,
  ip            text,
  details       jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_user_id, at DESC);

-- Reference data ---------------------------------------------------------------------------------------

INSERT INTO roles (name) VALUES ('ADMIN'), ('USER');
INSERT INTO reservation_types (label, exclusive) VALUES ('Exclusive', true), ('Shared', false);
INSERT INTO employer_types (label) VALUES
  ('Academic'), ('Research institute'), ('Company'), ('Start-up'), ('Government agency'),
  ('Non-profit organisation'), ('Other');
INSERT INTO professional_statuses (label) VALUES
  ('Professor'), ('Associate professor'), ('Researcher'), ('Research engineer'), ('Engineer'),
  ('Post-doctoral researcher'), ('PhD student'), ('Master student'), ('Bachelor student'), ('Intern'),
  ('Technician'), ('Other');
