// Queries on employers and on users' employments. Functions take the database or a transaction.
import { sql, type Selectable } from 'kysely';
import type { Queryable, SelectedRow } from '../../db/database.js';
import type { EmployersTable } from '../../db/schema.js';
import { lockUserRow } from '../user-rows.js';

/** An employer's own columns, in the queries that name the employers table `e`. */
const employerColumns = ['e.institute_name', 'e.country_name', 'e.laboratory_name', 'e.team_name', 'e.location', 'e.employer_url'] as const;

function selectEmployers(db: Queryable) {
  return db
    .selectFrom('employers as e')
    .select([
      'e.id',
      ...employerColumns,
      sql<string>`(SELECT count(DISTINCT ue.user_id) FROM user_employers ue WHERE ue.employer_id = e.id)`.as('user_count'),
    ]);
}

// The row type and its presenter: alike in shape only to other areas', each maps fields of its own.
export type EmployerRow = SelectedRow<typeof selectEmployers>;

export async function listEmployers(db: Queryable) {
  return selectEmployers(db).orderBy(sql`lower(e.institute_name)`).orderBy('e.id').execute();
}

export async function findEmployer(db: Queryable, id: number) {
  return selectEmployers(db).where('e.id', '=', id).executeTakeFirst();
}

/** An employer's own columns, without its id: what is inserted and updated. */
export type EmployerValues = Omit<Selectable<EmployersTable>, 'id'>;

export async function insertEmployer(db: Queryable, values: EmployerValues): Promise<number> {
  const { id } = await db.insertInto('employers').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateEmployer(db: Queryable, id: number, values: EmployerValues): Promise<boolean> {
  const rows = await db.updateTable('employers').set(values).where('id', '=', id).returning('id').execute();
  return rows.length > 0;
}

/** Locks the employer row so that no employment is added to it while it is being deleted. */
export async function lockEmployer(db: Queryable, id: number) {
  return db.selectFrom('employers').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The employments of an employer (`employer_id`) or of a user (`user_id`). */
export async function countEmployments(db: Queryable, of: 'employer_id' | 'user_id', id: number): Promise<number> {
  const { n } = await db
    .selectFrom('user_employers')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(of, '=', id)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function deleteEmployer(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('employers').where('id', '=', id).execute();
}

/** Locks the user's row: the employments of one user change one request at a time. */
export function lockUserForEmployments(db: Queryable, userId: number) {
  return lockUserRow(db, userId, ['id', 'anonymised_at']);
}

export async function findEmployment(db: Queryable, id: number) {
  return db.selectFrom('user_employers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function employerTypeExists(db: Queryable, id: number): Promise<boolean> {
  return (await db.selectFrom('employer_types').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function professionalStatusExists(db: Queryable, id: number): Promise<boolean> {
  return (await db.selectFrom('professional_statuses').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export interface EmploymentValues {
  employer_type_id: number | null;
  professional_status_id: number | null;
  start_date: string;
  end_date: string | null;
  is_current: boolean;
}

/** Only one employment of a user is current: making one current clears the others first. */
export async function clearCurrent(db: Queryable, userId: number, exceptId?: number): Promise<void> {
  let query = db.updateTable('user_employers').set({ is_current: false }).where('user_id', '=', userId).where('is_current', '=', true);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  await query.execute();
}

export async function insertEmployment(
  db: Queryable,
  values: EmploymentValues & { user_id: number; employer_id: number },
): Promise<number> {
  const { id } = await db.insertInto('user_employers').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateEmployment(db: Queryable, id: number, values: EmploymentValues): Promise<void> {
  await db.updateTable('user_employers').set(values).where('id', '=', id).execute();
}

export async function deleteEmployment(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('user_employers').where('id', '=', id).execute();
}

/**
 * A user's employments joined to their employer, type and status, the current one first, then the newest
 * start date first; the caller selects the columns it needs.
 */
function selectEmploymentsOfUser(db: Queryable, userId: number) {
  return db
    .selectFrom('user_employers as ue')
    .innerJoin('employers as e', 'e.id', 'ue.employer_id')
    .leftJoin('employer_types as et', 'et.id', 'ue.employer_type_id')
    .leftJoin('professional_statuses as ps', 'ps.id', 'ue.professional_status_id')
    .where('ue.user_id', '=', userId)
    .orderBy('ue.is_current', 'desc')
    .orderBy('ue.start_date', 'desc');
}

/** The user's employments, the current one first, then the newest start date first. */
export async function listEmploymentsOfUser(db: Queryable, userId: number) {
  return selectEmploymentsOfUser(db, userId)
    .select([
      'ue.id',
      'ue.user_id',
      'ue.start_date',
      'ue.end_date',
      'ue.is_current',
      'e.id as employer_id',
      ...employerColumns,
      'et.id as employer_type_id',
      'et.label as employer_type_label',
      'ps.id as professional_status_id',
      'ps.label as professional_status_label',
    ])
    .orderBy('ue.id', 'desc')
    .execute();
}

export type EmploymentRow = Awaited<ReturnType<typeof listEmploymentsOfUser>>[number];

export async function findCurrentEmployment(db: Queryable, userId: number) {
  return selectEmploymentsOfUser(db, userId)
    .select([
      'ue.id as user_employer_id',
      'e.id as employer_id',
      ...employerColumns,
      'et.label as employer_type',
      'ps.label as professional_status',
    ])
    .limit(1)
    .executeTakeFirst();
}

export type CurrentEmployment = NonNullable<Awaited<ReturnType<typeof findCurrentEmployment>>>;
