// Row types of the tables, as Kysely sees them. Keep in step with migrations/*.sql.
import type { ColumnType, Generated, RawBuilder, Selectable } from 'kysely';
import type { AuthorityName } from '@testbed/contract';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = Record<string, unknown>> = ColumnType<T, T | string | undefined, T | string>;

export interface RolesTable {
  id: Generated<number>;
  name: string;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  firstname: string;
  lastname: string;
  phone_number: string | null;
  instant_messaging: string | null;
  personal_url: string | null;
  photo: Uint8Array | null;
  photo_mime: string | null;
  password_hash: string | null;
  sign_up_date: DefaultTimestamp;
  email_verified_at: Timestamp | null;
  approved_date: Timestamp | null;
  /** When an administrator refused the account request; the account then stays disabled. */
  refused_at: Timestamp | null;
  charter_acceptance_date: Timestamp | null;
  last_validation_date: Timestamp | null;
  expiration_date: Timestamp | null;
  is_enabled: Generated<boolean>;
  validation_pending: Generated<boolean>;
  session_generation: Generated<number>;
  /** The ADMIN and USER roles held, by name: kept by the database's triggers on user_roles and roles. */
  authorities: ColumnType<AuthorityName[], never, never>;
  anonymised_at: Timestamp | null;
  /** Minutes before a reservation's start and end at which it is reminded; null: no reminder. */
  reminder_before_start_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  reminder_before_end_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  /** IANA time zone the person reads times in (mails, command-line client); null: none chosen. */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  /** Bytes of images the user may keep; null: the configuration's IMAGE_QUOTA_BYTES. */
  image_quota_bytes: ColumnType<string | null, string | number | null | undefined, string | number | null>;
}
export type UserRow = Selectable<UsersTable>;

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface CredentialsTable {
  id: Generated<number>;
  user_id: number;
  ssh_key: string;
  key_type: string;
  fingerprint: string;
  created_at: DefaultTimestamp;
}

export interface EmployerTypesTable {
  id: Generated<number>;
  label: string;
}

export interface ProfessionalStatusesTable {
  id: Generated<number>;
  label: string;
}

export interface EmployersTable {
  id: Generated<number>;
  institute_name: string;
  country_name: string;
  laboratory_name: string | null;
  team_name: string | null;
  location: string | null;
  employer_url: string | null;
}

export interface UserEmployersTable {
  id: Generated<number>;
  user_id: number;
  employer_id: number;
  employer_type_id: number | null;
  professional_status_id: number | null;
  start_date: DefaultTimestamp;
  end_date: Timestamp | null;
  is_current: Generated<boolean>;
}

export interface IntendedUsagesTable {
  id: Generated<number>;
  user_id: number;
  description: string;
  created_at: DefaultTimestamp;
}

export interface GroupTypesTable {
  id: Generated<number>;
  label: string;
}

export interface GroupsTable {
  id: Generated<number>;
  name: string;
  group_type_id: number | null;
  /** Bytes of images shared with the group it may hold; null: the configuration's IMAGE_QUOTA_BYTES. */
  image_quota_bytes: ColumnType<string | null, string | number | null | undefined, string | number | null>;
}

export interface GroupMembersTable {
  group_id: number;
  user_id: number;
}

export type AccountTokenKind =
  | 'email_verification'
  | 'account_validation'
  | 'password_reset'
  | 'email_change'
  | 'account_update'
  | 'account_update_validation'
  | 'account_setup';

export interface AccountTokensTable {
  id: Generated<number>;
  user_id: number;
  kind: AccountTokenKind;
  token_hash: Uint8Array;
  payload: Json;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export type ApiTokenScope = 'read' | 'read+book+flash';

export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: Uint8Array;
  scope: ApiTokenScope;
  created_at: DefaultTimestamp;
  last_used_at: Timestamp | null;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: 'user' | 'admin' | 'account' | null;
}

export interface SignInThrottleTable {
  key: string;
  failures: Generated<number>;
  locked_until: Timestamp | null;
  updated_at: DefaultTimestamp;
}

/** The hits of each limited route and key in its current window (security/rate-limit-store.ts). */
export interface RateLimitsTable {
  key: string;
  hits: number;
  window_ends_at: Timestamp;
}

export interface SignInKnownAddressesTable {
  user_id: number;
  address: string;
  last_success_at: DefaultTimestamp;
}

export interface UsagePoliciesTable {
  id: Generated<number>;
  device_type_id: number;
  group_id: number | null;
  max_duration_minutes: number | null;
  max_days_ahead: number | null;
  max_devices_at_once: number | null;
  max_device_hours_per_week: number | null;
  updated_at: DefaultTimestamp;
}

export interface DeviceTypesTable {
  id: Generated<number>;
  name: string;
  /** The formats of user images it accepts (the testbed file's `formats`). */
  image_formats: Generated<string[]>;
  /** The image an experiment's device is flashed back to at its end (the testbed file's defaultImage). */
  default_image: string | null;
}

export interface DevicesTable {
  id: Generated<number>;
  device_type_id: number;
  mac_address: string;
  ip_address: string;
  in_inventory: Generated<boolean>;
  failure_streak: Generated<number>;
  last_success_at: Timestamp | null;
  last_failure_at: Timestamp | null;
  /** Set while the device is quarantined (modules/device-health/repo.ts). */
  quarantined_at: Timestamp | null;
  quarantine_reason: string | null;
  quarantined_by: number | null;
  /** The catalogue entry from the testbed file. */
  properties: Json<DeviceProperties>;
}

export type DeviceProperties = Record<string, string | number | boolean | string[]>;

export interface MaintenanceWindowsTable {
  id: Generated<number>;
  reason: string;
  start_date: Timestamp;
  end_date: Timestamp;
  device_type_id: number | null;
  created_by: number | null;
  created_at: DefaultTimestamp;
}

export interface MaintenanceDevicesTable {
  maintenance_id: number;
  device_id: number;
  during: string;
}

export interface ImagesTable {
  id: Generated<number>;
  device_type_id: number;
  name: string;
  in_inventory: Generated<boolean>;
}

export interface ReservationTypesTable {
  id: Generated<number>;
  label: string;
  exclusive: boolean;
}

export interface ReservationsTable {
  id: Generated<number>;
  responsible_user_id: number;
  reservation_type_id: number;
  submission_date: DefaultTimestamp;
  start_date: Timestamp;
  end_date: Timestamp;
  description: Generated<string>;
  /** The event's summary and description as iCalendar TEXT, kept by triggers (the calendar-text migration). */
  calendar_summary: Generated<string>;
  calendar_description: Generated<string>;
  /** The reservation in the lists' JSON shape, kept by triggers (migration 20261130000000). */
  list_json: Generated<string>;
}

export interface ReservationUsersTable {
  reservation_id: number;
  user_id: number;
}

export interface ReservationDevicesTable {
  reservation_id: number;
  device_id: number;
  /** The device's type, kept equal to it by a foreign key (migration 20261202000000). */
  device_type_id: number;
  /** tstzrange, written as a range literal such as '[2026-01-01T10:00Z,2026-01-01T12:00Z)'. */
  during: string;
  /** int4range; see the migration for its meaning. */
  sharing_slot: string;
}

export type FlashJobState = 'pending' | 'flashing' | 'waiting_ready' | 'restoring' | 'done' | 'failed' | 'cancelled';

export interface FlashJobsTable {
  id: Generated<number>;
  handle: string;
  user_id: number;
  device_id: number;
  image_name: string;
  state: Generated<FlashJobState>;
  status_line: string | null;
  error: string | null;
  started_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  finished_at: Timestamp | null;
  deadline_at: Timestamp;
  lease_owner: string | null;
  lease_until: Timestamp | null;
  next_step_at: DefaultTimestamp;
  idle_wait_ms: Generated<number>;
  /** The Exclusive reservation the job runs within (see the migration 20261126200200); null for an administrator's. */
  reservation_id: number | null;
  /** How many of the driver's status lines the log has received. */
  status_lines: Generated<number>;
  /** The user's image it writes (null: an operator's image, or the image was deleted since). */
  user_image_id: number | null;
  /** The SHA-256 of the user's image it writes. */
  image_sha256: string | null;
  /** False for a flash back to the type's default image at an experiment's end: no account is put on. */
  restore_account: Generated<boolean>;
}

/** Content of user images, stored once per SHA-256 under DATA_DIR/images (migration 20261128010000). */
export interface ImageBlobsTable {
  sha256: string;
  /** bigint: read as text. */
  size_bytes: ColumnType<string, string | number, string | number>;
  format: string;
  created_at: DefaultTimestamp;
}

export type ImageVisibility = 'private' | 'group' | 'public';

export interface UserImagesTable {
  id: Generated<number>;
  owner_id: number;
  sha256: string;
  name: string;
  version: string;
  description: Generated<string>;
  device_types: string[];
  visibility: Generated<ImageVisibility>;
  group_id: number | null;
  public_approved_at: Timestamp | null;
  deprecated_at: Timestamp | null;
  created_at: DefaultTimestamp;
  last_flashed_at: Timestamp | null;
}

export interface ImageUploadsTable {
  id: string;
  owner_id: number;
  name: string;
  version: string;
  description: Generated<string>;
  device_types: string[];
  declared_bytes: ColumnType<string, string | number, string | number>;
  expected_sha256: string | null;
  hash_state: Uint8Array | null;
  hashed_bytes: ColumnType<string, string | number | undefined, string | number>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface ImageUploadLocksTable {
  upload_id: string;
  holder: string;
  expires_at: Timestamp;
  release_requested: Generated<boolean>;
}

export type ExperimentRowState = 'waiting' | 'flashing' | 'ready' | 'running' | 'ending' | 'done' | 'failed' | 'cancelled';
export type ExperimentDeviceRowState = 'waiting' | 'flashing' | 'ready' | 'failed' | 'cleaning' | 'released' | 'quarantined';

/** See the migration 20261128020000. */
export interface ExperimentsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  description: Json<unknown>;
  state: Generated<ExperimentRowState>;
  end_state: 'done' | 'failed' | 'cancelled' | null;
  all_or_nothing: Generated<boolean>;
  reservation_id: number | null;
  start_at: Timestamp;
  end_at: Timestamp;
  error: string | null;
  stop_requested_at: Timestamp | null;
  /** A flash job of the experiment ended while a step ran: that step's end makes it due at once. */
  due_again: Generated<boolean>;
  ready_at: Timestamp | null;
  ended_at: Timestamp | null;
  run_of: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  next_step_at: DefaultTimestamp;
  lease_owner: string | null;
  lease_until: Timestamp | null;
}

/** See the migration 20261128020001. */
export interface ExperimentTemplatesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  description: Json<unknown>;
  group_id: number | null;
  created_at: DefaultTimestamp;
}

export interface ExperimentDevicesTable {
  experiment_id: number;
  device_id: number;
  group_index: number;
  state: Generated<ExperimentDeviceRowState>;
  image_name: string;
  image_checksum: string | null;
  image_ref: Json<Record<string, string>>;
  flash_job_id: number | null;
  clean_job_id: number | null;
  error: string | null;
}

export type FlashLogKind = 'stage' | 'line' | 'error' | 'note';

/** Written by triggers on flash_jobs (see the migration 20261124130000). */
export interface FlashJobLogTable {
  id: Generated<string>;
  job_id: number;
  at: DefaultTimestamp;
  kind: FlashLogKind;
  text: string;
}

export interface FlashStreamTicketsTable {
  token_hash: Uint8Array;
  user_id: number;
  /** The flash job whose stream it opens, or null for an experiment's. */
  job_id: number | null;
  experiment_id: number | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'experiment-ready' | 'experiment-failed';
  title: string;
  text: string;
  link: string | null;
  created_at: DefaultTimestamp;
  read_at: Timestamp | null;
}

export interface FlashProgressStreamsTable {
  id: string;
  user_id: number;
  expires_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: DefaultTimestamp;
  attempts: Generated<number>;
  next_attempt_at: DefaultTimestamp;
  sent_at: Timestamp | null;
  last_error: string | null;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: DefaultTimestamp;
  actor_user_id: number | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  details: Json;
  device_macs: ColumnType<string[], string[] | RawBuilder<unknown> | undefined, string[]>;
}

export interface ReservationRemindersTable {
  reservation_id: number;
  user_id: number;
  kind: 'start' | 'end';
  for_time: Timestamp;
  sent_at: DefaultTimestamp;
}

export interface CalendarFeedsTable {
  user_id: number;
  token_hash: Uint8Array;
  created_at: DefaultTimestamp;
  last_read_at: Timestamp | null;
}

/** Solved ALTCHA challenges, each accepted once (see its migration). */
export interface CaptchaSolutionsTable {
  challenge_id: string;
  expires_at: Timestamp;
}

export interface Database {
  roles: RolesTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  credentials: CredentialsTable;
  employer_types: EmployerTypesTable;
  professional_statuses: ProfessionalStatusesTable;
  employers: EmployersTable;
  user_employers: UserEmployersTable;
  intended_usages: IntendedUsagesTable;
  group_types: GroupTypesTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  group_managers: GroupMembersTable;
  account_tokens: AccountTokensTable;
  api_tokens: ApiTokensTable;
  sign_in_throttle: SignInThrottleTable;
  rate_limits: RateLimitsTable;
  sign_in_known_addresses: SignInKnownAddressesTable;
  device_types: DeviceTypesTable;
  usage_policies: UsagePoliciesTable;
  devices: DevicesTable;
  images: ImagesTable;
  reservation_types: ReservationTypesTable;
  reservations: ReservationsTable;
  reservation_users: ReservationUsersTable;
  reservation_devices: ReservationDevicesTable;
  flash_jobs: FlashJobsTable;
  image_blobs: ImageBlobsTable;
  user_images: UserImagesTable;
  image_uploads: ImageUploadsTable;
  image_upload_locks: ImageUploadLocksTable;
  experiments: ExperimentsTable;
  experiment_devices: ExperimentDevicesTable;
  experiment_templates: ExperimentTemplatesTable;
  flash_job_log: FlashJobLogTable;
  flash_stream_tickets: FlashStreamTicketsTable;
  flash_progress_streams: FlashProgressStreamsTable;
  notifications: NotificationsTable;
  mail_outbox: MailOutboxTable;
  audit_log: AuditLogTable;
  reservation_reminders: ReservationRemindersTable;
  calendar_feeds: CalendarFeedsTable;
  maintenance_windows: MaintenanceWindowsTable;
  maintenance_devices: MaintenanceDevicesTable;
  captcha_solutions: CaptchaSolutionsTable;
}
