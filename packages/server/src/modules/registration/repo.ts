// Queries of the sign-up and its validation chain. Functions take the database or a transaction and
// return plain rows.
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';

export async function usernameTaken(db: Queryable, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(username)`, '=', username.trim().toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function emailTaken(db: Queryable, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where(sql`lower(email)`, '=', email.trim().toLowerCase()).executeTakeFirst();
  return row !== undefined;
}

/** The employers offered to pick from, with the reference lists of the employer section. */
export async function loadSignupChoices(db: Queryable) {
  const [employers, employerTypes, professionalStatuses] = await Promise.all([
    db
      .selectFrom('employers')
      .select(['id', 'institute_name', 'laboratory_name', 'team_name', 'location', 'country_name', 'employer_url'])
      .orderBy(sql`lower(institute_name)`)
      .orderBy(sql`lower(coalesce(laboratory_name, ''))`)
      .orderBy(sql`lower(coalesce(team_name, ''))`)
      .orderBy('id')
      .execute(),
    db.selectFrom('employer_types').select(['id', 'label']).orderBy('id').execute(),
    db.selectFrom('professional_statuses').select(['id', 'label']).orderBy('id').execute(),
  ]);
  return { employers, employerTypes, professionalStatuses };
}

export async function employerExists(db: Queryable, id: number): Promise<boolean> {
  return (await db.selectFrom('employers').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export type NewRegistrant = Pick<
  UserRow,
  'username' | 'email' | 'firstname' | 'lastname' | 'phone_number' | 'instant_messaging' | 'personal_url' | 'photo' | 'photo_mime'
> & { password_hash: string };

/** A requested account: disabled and without roles until an administrator validates it. */
export async function insertRegistrant(db: Queryable, user: NewRegistrant): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({ ...user, is_enabled: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertCurrentEmployment(
  db: Queryable,
  row: { user_id: number; employer_id: number; employer_type_id: number | null; professional_status_id: number | null },
): Promise<void> {
  await db.insertInto('user_employers').values({ ...row, is_current: true }).execute();
}

export async function insertIntendedUsage(db: Queryable, userId: number, description: string): Promise<void> {
  await db.insertInto('intended_usages').values({ user_id: userId, description }).execute();
}

export async function markEmailVerified(db: Queryable, userId: number): Promise<void> {
  await db.updateTable('users').set({ email_verified_at: sql`now()` }).where('id', '=', userId).execute();
}

/** What an administrator reads in the account-validation mail. */
export async function findRegistrant(db: Queryable, userId: number) {
  return db
    .selectFrom('users')
    .leftJoin('user_employers', (join) => join.onRef('user_employers.user_id', '=', 'users.id').on('user_employers.is_current', '=', true))
    .leftJoin('employers', 'employers.id', 'user_employers.employer_id')
    .leftJoin('employer_types', 'employer_types.id', 'user_employers.employer_type_id')
    .leftJoin('professional_statuses', 'professional_statuses.id', 'user_employers.professional_status_id')
    .select([
      'users.id',
      'users.username',
      'users.email',
      'users.firstname',
      'users.lastname',
      'users.is_enabled',
      'users.anonymised_at',
      'users.sign_up_date',
      'users.approved_date',
      'users.refused_at',
      'employers.institute_name',
      'employers.laboratory_name',
      'employers.team_name',
      'employers.country_name',
      'employer_types.label as employer_type',
      'professional_statuses.label as professional_status',
      sql<string | null>`(SELECT description FROM intended_usages iu WHERE iu.user_id = users.id ORDER BY iu.id DESC LIMIT 1)`.as(
        'intended_usage',
      ),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}


/** Validates the account: enabled, approved now, with the USER role. */
export async function approveAccount(db: Queryable, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_enabled: true, approved_date: sql`now()`, last_validation_date: sql`now()`, validation_pending: false })
    .where('id', '=', userId)
    .execute();
  await db
    .insertInto('user_roles')
    .columns(['user_id', 'role_id'])
    .expression((eb) => eb.selectFrom('roles').select([eb.val(userId).as('user_id'), 'roles.id']).where('name', '=', 'USER'))
    .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
    .execute();
}

/** Refuses the request: the account stays disabled and no longer waits for a decision. */
export async function refuseAccount(db: Queryable, userId: number): Promise<void> {
  await db.updateTable('users').set({ refused_at: sql`now()`, validation_pending: false }).where('id', '=', userId).execute();
}

/** Who decided on the account request last (approved or refused it), as the audit log names them. */
export async function findDecider(db: Queryable, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.actor_user_id')
    .select(['users.firstname', 'users.lastname', 'users.username'])
    .where('audit_log.target_type', '=', 'user')
    .where('audit_log.target_id', '=', String(userId))
    .where('audit_log.action', 'in', ['registration.approve', 'registration.refuse'])
    .orderBy('audit_log.id', 'desc')
    .executeTakeFirst();
  if (!row?.username) return null;
  return `${row.firstname} ${row.lastname} (${row.username})`;
}
