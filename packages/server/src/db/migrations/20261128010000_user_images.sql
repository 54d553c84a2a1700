-- Images that users upload and flash (modules/images). The bytes live in files under DATA_DIR/images named by
-- the SHA-256 of their content (image_blobs: identical uploads are stored once); user_images are the named,
-- owned entries that point at them. An upload under way is an image_uploads row (its tus id) and a file named
-- by that id; image_upload_locks holds the lease of the request writing to it, seen by every instance.

-- The formats a device type accepts from its users (the testbed file's `formats`); none: no user images.
ALTER TABLE device_types ADD COLUMN image_formats text[] NOT NULL DEFAULT '{}';

-- Quotas in bytes set by administrators; NULL: the configuration's default (IMAGE_QUOTA_BYTES).
ALTER TABLE users ADD COLUMN image_quota_bytes bigint CHECK (image_quota_bytes >= 0);
ALTER TABLE groups ADD COLUMN image_quota_bytes bigint CHECK (image_quota_bytes >= 0);

CREATE TABLE image_blobs (
  sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  size_bytes bigint NOT NULL CHECK (size_bytes > 0),
  format text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_images (
  id serial PRIMARY KEY,
  owner_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  sha256 text NOT NULL REFERENCES image_blobs (sha256) ON DELETE RESTRICT,
  name text NOT NULL,
  version text NOT NULL,
  description text NOT NULL DEFAULT '',
  device_types text[] NOT NULL CHECK (cardinality(device_types) > 0),
  visibility text NOT NULL DEFAULT 'private' CHECK (visibility IN ('private', 'group', 'public')),
  group_id integer REFERENCES groups (id) ON DELETE SET NULL,
  -- A public image is offered to others only once an administrator approved it.
  public_approved_at timestamptz,
  deprecated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_flashed_at timestamptz,
  CHECK (visibility <> 'group' OR group_id IS NOT NULL),
  UNIQUE (owner_id, name, version)
);
CREATE INDEX user_images_owner ON user_images (owner_id);
CREATE INDEX user_images_sha256 ON user_images (sha256);
CREATE INDEX user_images_device_types ON user_images USING gin (device_types);

CREATE TABLE image_uploads (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
  owner_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  version text NOT NULL,
  description text NOT NULL DEFAULT '',
  device_types text[] NOT NULL,
  declared_bytes bigint NOT NULL CHECK (declared_bytes > 0),
  -- The SHA-256 the user expects, checked at the end; NULL when none was given.
  expected_sha256 text CHECK (expected_sha256 ~ '^[0-9a-f]{64}$'),
  -- The SHA-256 of the first hashed_bytes bytes, as hash-wasm's saved state: hashing resumes where the last
  -- request stopped, on whichever instance. -1: the file and the state disagree (a broken write), rehash it.
  hash_state bytea,
  hashed_bytes bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX image_uploads_owner ON image_uploads (owner_id);
CREATE INDEX image_uploads_updated ON image_uploads (updated_at);

CREATE TABLE image_upload_locks (
  upload_id text PRIMARY KEY,
  holder uuid NOT NULL,
  expires_at timestamptz NOT NULL,
  -- Another request waits for the lock: the holder lets go (tus's requestRelease).
  release_requested boolean NOT NULL DEFAULT false
);

-- Which image a flash job wrote: an operator's (user_image_id NULL) or a user's, with its checksum.
ALTER TABLE flash_jobs ADD COLUMN user_image_id integer REFERENCES user_images (id) ON DELETE SET NULL;
ALTER TABLE flash_jobs ADD COLUMN image_sha256 text;
CREATE INDEX flash_jobs_user_image ON flash_jobs (user_image_id) WHERE user_image_id IS NOT NULL;
