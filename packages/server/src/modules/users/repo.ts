// Queries on users and their roles. Functions take the database or a transaction and return rows.
import { sql } from 'kysely';
import type { AuthorityName } from '@testbed/contract';
import type { Queryable } from '../../db/database.js';
import { lockUserRow } from '../user-rows.js';

export async function countAdmins(db: Queryable): Promise<number> {
  const row = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('roles.name', '=', 'ADMIN')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewUser {
  username: string;
  email: string;
  firstname: string;
  lastname: string;
  password_hash: string;
  is_enabled: boolean;
  email_verified_at?: Date | null;
  approved_date?: Date | null;
  last_validation_date?: Date | null;
}

export async function insertUser(db: Queryable, user: NewUser, roles: AuthorityName[]): Promise<number> {
  const { id } = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  // An account waiting for approval may hold no role yet.
  if (roles.length === 0) return id;
  await db
    .insertInto('user_roles')
    .columns(['user_id', 'role_id'])
    .expression((eb) => eb.selectFrom('roles').select([eb.val(id).as('user_id'), 'roles.id']).where('name', 'in', roles))
    .execute();
  return id;
}

/**
 * Enabled, not anonymised accounts whose last name, first name or username contains `name` (any case), by
 * last name, first name then id, at most `limit`: the JSON text of the reply (contract: validUserListSchema),
 * built by the database. From two letters on, the accounts are found through the index of their pairs of
 * letters (name_pairs, see its migration); the text itself is then checked.
 */
export async function validUsersJson(db: Queryable, name: string, limit: number): Promise<string> {
  const pattern = containsPattern(name);
  const pairs = letterPairs(name.toLowerCase());
  const byPairs = pairs.length > 0 ? sql`AND name_pairs @> ${pairs}::text[]` : sql``;
  const { rows } = await sql<{ body: string }>`
    SELECT COALESCE(json_agg(json_build_object('userId', id, 'firstname', firstname, 'lastname', lastname, 'username', username)
                             ORDER BY lower(lastname), lower(firstname), id), '[]')::text AS body
    FROM (SELECT id, firstname, lastname, username FROM users
          WHERE is_enabled AND anonymised_at IS NULL ${byPairs}
            AND (lower(lastname) LIKE ${pattern} OR lower(firstname) LIKE ${pattern} OR lower(username) LIKE ${pattern})
          ORDER BY lower(lastname), lower(firstname), id
          LIMIT ${limit}::int) AS found`.execute(db);
  return rows[0]!.body;
}

/**
 * The pairs of consecutive letters of a text in lower case, as name_bigrams (its migration) takes them from
 * the names. Taken here rather than by that function in the statement: PostgreSQL would run the function's
 * own query on every call of a prepared statement.
 */
export function letterPairs(text: string): string[] {
  const letters = Array.from(text);
  return [...new Set(letters.slice(1).map((letter, n) => `${letters[n]}${letter}`))];
}

// The users list, a user's details and their changes ------------------------------------------------------

/** `text` for a LIKE pattern that matches it literally anywhere, lower-cased. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface UserListFilter {
  firstname?: string;
  lastname?: string;
  /** Last name, first name or username. */
  name?: string;
  validOnly: boolean;
  limit: number;
  offset: number;
}

function filteredUsers(db: Queryable, filter: UserListFilter) {
  let query = db.selectFrom('users');
  if (filter.validOnly) query = query.where('users.is_enabled', '=', true);
  if (filter.firstname) query = query.where(sql`lower(users.firstname)`, 'like', containsPattern(filter.firstname));
  if (filter.lastname) query = query.where(sql`lower(users.lastname)`, 'like', containsPattern(filter.lastname));
  if (filter.name) {
    const pattern = containsPattern(filter.name);
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(users.lastname)`, 'like', pattern),
        eb(sql`lower(users.firstname)`, 'like', pattern),
        eb(sql`lower(users.username)`, 'like', pattern),
      ]),
    );
  }
  return query;
}

const isAdminColumn = sql<boolean>`EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id
  WHERE ur.user_id = users.id AND r.name = 'ADMIN')`;
const hasTokenColumn = sql<boolean>`EXISTS (SELECT 1 FROM account_tokens t
  WHERE t.user_id = users.id AND t.used_at IS NULL AND t.expires_at > now())`;

const listColumns = [
  'users.id',
  'users.firstname',
  'users.lastname',
  'users.username',
  'users.email',
  'users.sign_up_date',
  'users.approved_date',
  'users.last_validation_date',
  'users.expiration_date',
  'users.is_enabled',
  'users.validation_pending',
] as const;

/**
 * One page of users by last name then first name (the order of users_lastname_idx), and how many match.
 * The per-row flags are computed for the rows of the page only.
 */
export async function listUsers(db: Queryable, filter: UserListFilter) {
  // The page is cut first and the flags computed on its rows only: PostgreSQL would otherwise compute
  // them for every row skipped by the offset too.
  const page = filteredUsers(db, filter)
    .select(listColumns)
    .orderBy(sql`lower(users.lastname)`)
    .orderBy(sql`lower(users.firstname)`)
    .orderBy('users.id')
    .limit(filter.limit)
    .offset(filter.offset);
  const count = () => filteredUsers(db, filter).select((eb) => eb.fn.countAll<string>().as('n'));
  // One statement: the count rides on each row of the page (computed once, as an uncorrelated subquery).
  const found = await db
    .selectFrom(page.as('users'))
    .select([...listColumns, isAdminColumn.as('is_admin'), hasTokenColumn.as('has_token'), count().as('total')])
    .orderBy(sql`lower(users.lastname)`)
    .orderBy(sql`lower(users.firstname)`)
    .orderBy('users.id')
    .execute();
  const rows = found.map(({ total: _total, ...row }) => row);
  // A page past the last has no row to carry the count: only then is it a statement of its own.
  const total = found[0]?.total ?? (filter.offset > 0 ? (await count().executeTakeFirstOrThrow()).n : 0);
  return { rows, total: Number(total) };
}

export type UserListRow = Awaited<ReturnType<typeof listUsers>>['rows'][number];

export async function findUserRow(db: Queryable, id: number) {
  return db
    .selectFrom('users')
    .select([
      ...listColumns,
      'users.phone_number',
      'users.instant_messaging',
      'users.personal_url',
      'users.time_zone',
      'users.charter_acceptance_date',
      'users.anonymised_at',
      isAdminColumn.as('is_admin'),
      hasTokenColumn.as('has_token'),
    ])
    .where('users.id', '=', id)
    .executeTakeFirst();
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserRow>>>;

export function lockUser(db: Queryable, id: number) {
  return lockUserRow(db, id, ['id', 'is_enabled', 'approved_date', 'anonymised_at', 'last_validation_date', 'expiration_date']);
}

export async function listRolesOfUser(db: Queryable, userId: number) {
  return db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.id', 'roles.name'])
    .where('user_roles.user_id', '=', userId)
    .orderBy('roles.name')
    .execute();
}

export async function listAllRoles(db: Queryable) {
  return db.selectFrom('roles').select(['id', 'name']).orderBy('name').execute();
}

export async function listIntendedUsagesOfUser(db: Queryable, userId: number) {
  return db
    .selectFrom('intended_usages')
    .select(['id', 'description', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function listGroupsOfUser(db: Queryable, userId: number, as: 'member' | 'manager') {
  const link = as === 'member' ? 'group_members' : 'group_managers';
  return db
    .selectFrom(`${link} as link`)
    .innerJoin('groups as g', 'g.id', 'link.group_id')
    .leftJoin('group_types as gt', 'gt.id', 'g.group_type_id')
    .select(['g.id', 'g.name', 'gt.label as group_type'])
    .where('link.user_id', '=', userId)
    .orderBy('g.name')
    .execute();
}

export interface UserChanges {
  firstname: string;
  lastname: string;
  phone_number: string | null;
  instant_messaging: string | null;
  personal_url: string | null;
  time_zone?: string | null;
  last_validation_date?: Date | string | null;
  expiration_date?: Date | string | null;
  is_enabled?: boolean;
  approved_date?: Date;
}

export async function updateUserRow(db: Queryable, id: number, changes: UserChanges, endSessions: boolean) {
  await db
    .updateTable('users')
    .set((eb) => ({ ...changes, ...(endSessions ? { session_generation: eb('session_generation', '+', 1) } : {}) }))
    .where('id', '=', id)
    .execute();
}

/** Replaces the user's roles with the named ones; answers the names that do not exist. */
export async function replaceRoles(db: Queryable, userId: number, names: string[]): Promise<string[]> {
  const roles = names.length ? await db.selectFrom('roles').select(['id', 'name']).where('name', 'in', names).execute() : [];
  const unknown = names.filter((name) => !roles.some((role) => role.name === name));
  if (unknown.length) return unknown;
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  if (roles.length) {
    await db
      .insertInto('user_roles')
      .values(roles.map((role) => ({ user_id: userId, role_id: role.id })))
      .execute();
  }
  return [];
}

export async function isEnabledAdmin(db: Queryable, userId: number): Promise<boolean> {
  const { rows } = await sql<{ yes: boolean }>`
    SELECT EXISTS (SELECT 1 FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id
                   WHERE u.id = ${userId} AND u.is_enabled AND r.name = 'ADMIN') AS yes`.execute(db);
  return rows[0]?.yes ?? false;
}

/** Enabled administrators other than `userId`, counted under a lock so two demotions cannot race. */
export async function countOtherEnabledAdmins(db: Queryable, userId: number): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*)::text AS n FROM (
      SELECT u.id FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id
      WHERE r.name = 'ADMIN' AND u.is_enabled AND u.id <> ${userId}
      FOR UPDATE OF u) admins`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export interface NewUserDetails extends NewUser {
  phone_number: string | null;
  instant_messaging: string | null;
  personal_url: string | null;
}
