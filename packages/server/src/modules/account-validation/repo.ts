// Queries of account re-validation and import. Functions take the database or a transaction and return rows.
import { sql } from 'kysely';
import type { UpdateAccountPrefill } from '@testbed/contract';
import type { Queryable, SelectedRow } from '../../db/database.js';
import type { CurrentEmployment } from '../employers/service.js';
import { lockUserRow } from '../user-rows.js';

function selectAccounts(db: Queryable) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'firstname',
      'lastname',
      'username',
      'email',
      'sign_up_date',
      'last_validation_date',
      'is_enabled',
      'validation_pending',
    ])
    .where('anonymised_at', 'is', null);
}

export type AccountRow = SelectedRow<typeof selectAccounts>;

/**
 * Approved accounts last validated before `before` (or never), not already asked: the validate-accounts
 * search. Accounts still waiting for their first approval are the sign-up chain's business, not this one's,
 * and the administrator asking is left out: they cannot ask themselves.
 */
export async function listAccountsToUpdate(db: Queryable, before: Date, exceptUserId: number): Promise<AccountRow[]> {
  return selectAccounts(db)
    .where('id', '!=', exceptUserId)
    .where('approved_date', 'is not', null)
    .where('validation_pending', '=', false)
    .where((eb) => eb.or([eb('last_validation_date', 'is', null), eb('last_validation_date', '<', before)]))
    .orderBy(sql`lower(lastname)`)
    .orderBy(sql`lower(firstname)`)
    .orderBy('id')
    .execute();
}

export async function listPendingAccounts(db: Queryable): Promise<AccountRow[]> {
  return selectAccounts(db)
    .where('validation_pending', '=', true)
    .orderBy(sql`lower(lastname)`)
    .orderBy(sql`lower(firstname)`)
    .orderBy('id')
    .execute();
}

/** What a re-validation request and an account update read of the users they lock. */
const lockedColumns = ['id', 'username', 'email', 'firstname', 'lastname', 'validation_pending', 'anonymised_at'] as const;

/** Locks the chosen users for the request, so that two administrators asking at once mail each user once. */
export async function lockAccounts(db: Queryable, ids: readonly number[]) {
  return db
    .selectFrom('users')
    .select(lockedColumns)
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Disables the account until an administrator approves its update, and ends its sessions. */
export async function markValidationRequested(db: Queryable, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      is_enabled: false,
      validation_pending: true,
      session_generation: eb('session_generation', '+', 1),
    }))
    .where('id', '=', userId)
    .execute();
}

export async function findUpdatableUser(db: Queryable, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'email',
      'firstname',
      'lastname',
      'phone_number',
      'instant_messaging',
      'personal_url',
      'validation_pending',
      'anonymised_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function lockUpdatableUser(db: Queryable, userId: number) {
  return lockUserRow(db, userId, lockedColumns);
}

export async function listUserKeys(db: Queryable, userId: number) {
  return db
    .selectFrom('credentials')
    .select(['id', 'ssh_key', 'fingerprint'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export async function findLatestIntendedUsage(db: Queryable, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('intended_usages')
    .select('description')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.description ?? null;
}

export async function listEmployerTypeLabels(db: Queryable): Promise<{ id: number; label: string }[]> {
  return db.selectFrom('employer_types').select(['id', 'label']).orderBy('id').execute();
}

export async function listProfessionalStatusLabels(db: Queryable): Promise<{ id: number; label: string }[]> {
  return db.selectFrom('professional_statuses').select(['id', 'label']).orderBy('id').execute();
}

export function presentPrefill(
  user: NonNullable<Awaited<ReturnType<typeof findUpdatableUser>>>,
  keys: Awaited<ReturnType<typeof listUserKeys>>,
  employment: CurrentEmployment | undefined,
  intendedUsage: string | null,
): UpdateAccountPrefill {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    username: user.username,
    email: user.email,
    phoneNumber: user.phone_number ?? '',
    instantMessaging: user.instant_messaging ?? '',
    personnalURL: user.personal_url ?? '',
    credentials: keys.map((key) => ({ credentialId: key.id, sshKey: key.ssh_key, fingerprint: key.fingerprint })),
    instituteName: employment?.institute_name ?? '',
    countryName: employment?.country_name ?? '',
    laboratoryName: employment?.laboratory_name ?? '',
    teamName: employment?.team_name ?? '',
    location: employment?.location ?? '',
    employerURL: employment?.employer_url ?? '',
    employerType: employment?.employer_type ?? '',
    professionalStatus: employment?.professional_status ?? '',
    intendedUsage: intendedUsage ?? '',
  };
}

export interface ProfileUpdate {
  firstname: string;
  lastname: string;
  phone_number: string | null;
  instant_messaging: string | null;
  personal_url: string | null;
  password_hash: string;
}

export async function updateProfile(db: Queryable, userId: number, profile: ProfileUpdate): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ ...profile, session_generation: eb('session_generation', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

/** Deletes the listed keys of the user (ids of other users' keys are ignored). */
export async function deleteUserKeys(db: Queryable, userId: number, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db.deleteFrom('credentials').where('user_id', '=', userId).where('id', 'in', ids).returning('id').execute();
  return rows.length;
}

export interface NewKey {
  ssh_key: string;
  key_type: string;
  fingerprint: string;
}

/** Adds a key unless the user already has it. */
export async function addUserKey(db: Queryable, userId: number, key: NewKey): Promise<void> {
  await db
    .insertInto('credentials')
    .values({ user_id: userId, ...key })
    .onConflict((oc) => oc.columns(['user_id', 'fingerprint']).doNothing())
    .execute();
}

export interface EmployerFields {
  instituteName: string;
  countryName: string;
  laboratoryName?: string;
  teamName?: string;
  location?: string;
  employerURL?: string;
}

/** The employer with these names (case-insensitive), created when there is none. */
export async function findOrCreateEmployer(db: Queryable, fields: EmployerFields): Promise<number> {
  const existing = await db
    .selectFrom('employers')
    .select('id')
    .where(sql`lower(institute_name)`, '=', fields.instituteName.toLowerCase())
    .where(sql`lower(country_name)`, '=', fields.countryName.toLowerCase())
    .where(sql`lower(coalesce(laboratory_name, ''))`, '=', (fields.laboratoryName ?? '').toLowerCase())
    .where(sql`lower(coalesce(team_name, ''))`, '=', (fields.teamName ?? '').toLowerCase())
    .orderBy('id')
    .executeTakeFirst();
  if (existing) return existing.id;
  const { id } = await db
    .insertInto('employers')
    .values({
      institute_name: fields.instituteName,
      country_name: fields.countryName,
      laboratory_name: fields.laboratoryName ?? null,
      team_name: fields.teamName ?? null,
      location: fields.location ?? null,
      employer_url: fields.employerURL ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface Employment {
  employerId: number;
  employerTypeId: number | null;
  professionalStatusId: number | null;
}

/**
 * Makes the employer the user's current one: the same employer keeps its row (type and status updated);
 * another one ends the current employment and starts a new one.
 */
export async function setCurrentEmployment(db: Queryable, userId: number, employment: Employment): Promise<void> {
  const current = await db
    .selectFrom('user_employers')
    .select(['id', 'employer_id'])
    .where('user_id', '=', userId)
    .where('is_current', '=', true)
    .executeTakeFirst();
  if (current && current.employer_id === employment.employerId) {
    await db
      .updateTable('user_employers')
      .set({ employer_type_id: employment.employerTypeId, professional_status_id: employment.professionalStatusId })
      .where('id', '=', current.id)
      .execute();
    return;
  }
  if (current) {
    await db
      .updateTable('user_employers')
      .set({ is_current: false, end_date: sql`greatest(start_date, now())` })
      .where('id', '=', current.id)
      .execute();
  }
  await db
    .insertInto('user_employers')
    .values({
      user_id: userId,
      employer_id: employment.employerId,
      employer_type_id: employment.employerTypeId,
      professional_status_id: employment.professionalStatusId,
      is_current: true,
    })
    .execute();
}

/** Records the intended usage unless it is the same text as the latest one. */
export async function recordIntendedUsage(db: Queryable, userId: number, description: string): Promise<void> {
  if ((await findLatestIntendedUsage(db, userId)) === description) return;
  await db.insertInto('intended_usages').values({ user_id: userId, description }).execute();
}


/** The approval of an account update: enabled again, no longer pending, validated today. */
export async function approveAccountUpdate(db: Queryable, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({
      is_enabled: true,
      validation_pending: false,
      last_validation_date: sql`now()`,
      approved_date: sql`coalesce(approved_date, now())`,
    })
    .where('id', '=', userId)
    .execute();
}

// Import ------------------------------------------------------------------------------------------------

/** Which of these usernames and e-mails (lower-cased) are already taken. */
export async function findTakenNames(db: Queryable, usernames: readonly string[], emails: readonly string[]) {
  const taken = { usernames: new Set<string>(), emails: new Set<string>() };
  if (usernames.length === 0 && emails.length === 0) return taken;
  const rows = await db
    .selectFrom('users')
    .select([sql<string>`lower(username)`.as('username'), sql<string>`lower(email)`.as('email')])
    .where((eb) =>
      eb.or([
        eb(sql`lower(username)`, 'in', usernames.length ? usernames : ['']),
        eb(sql`lower(email)`, 'in', emails.length ? emails : ['']),
      ]),
    )
    .execute();
  for (const row of rows) {
    taken.usernames.add(row.username);
    taken.emails.add(row.email);
  }
  return taken;
}

export interface ImportedProfile {
  phone_number: string | null;
  instant_messaging: string | null;
  personal_url: string | null;
  /** Null until the user chooses one from their welcome link. */
  password_hash: string | null;
}

export async function completeImportedUser(db: Queryable, userId: number, profile: ImportedProfile): Promise<void> {
  await db.updateTable('users').set(profile).where('id', '=', userId).execute();
}

/** Labels to ids, case-insensitively; undefined stays null, an unknown label is an error of the field. */
export function labelIndex(rows: { id: number; label: string }[]) {
  const byLabel = new Map(rows.map((row) => [row.label.toLowerCase(), row.id]));
  return (label: string | undefined): number | null | 'unknown' => (label ? (byLabel.get(label.toLowerCase()) ?? 'unknown') : null);
}
