// Queries on users and their roles. Functions take the database or a transaction and return rows.
import { sql } from 'kysely';
import type { AuthorityName } from '@testbed/contract';
import type { Queryable } from '../../db/database.js';

/** What the authentication hook needs on every request: one primary-key lookup. */
export async function findSessionUser(db: Queryable, userId: number) {
  const row = await db
    .selectFrom('users')
    .select([
      'users.id',
      'users.username',
      'users.is_enabled',
      'users.session_generation',
      sql<AuthorityName[]>`ARRAY(SELECT r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id
        WHERE ur.user_id = users.id AND r.name IN ('ADMIN', 'USER') ORDER BY r.name)`.as('authorities'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return row;
}

export async function findUserForSignIn(db: Queryable, username: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'password_hash',
      'is_enabled',
      'anonymised_at',
      'session_generation',
      sql<AuthorityName[]>`ARRAY(SELECT r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id
        WHERE ur.user_id = users.id AND r.name IN ('ADMIN', 'USER') ORDER BY r.name)`.as('authorities'),
      sql<boolean>`EXISTS (SELECT 1 FROM credentials c WHERE c.user_id = users.id)`.as('has_ssh_key'),
    ])
    .where(sql`lower(username)`, '=', username.trim().toLowerCase())
    .executeTakeFirst();
}

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
  await db
    .insertInto('user_roles')
    .columns(['user_id', 'role_id'])
    .expression((eb) => eb.selectFrom('roles').select([eb.val(id).as('user_id'), 'roles.id']).where('name', 'in', roles))
    .execute();
  return id;
}

/** The version of the active accounts, raised by a trigger on every change to them. */
export async function readUsersDirectoryVersion(db: Queryable): Promise<string> {
  const { rows } = await sql<{ version: string }>`SELECT version::text AS version FROM users_directory_version`.execute(db);
  return rows[0]?.version ?? '0';
}

export interface DirectoryUser {
  id: number;
  firstname: string;
  lastname: string;
  username: string;
}

/**
 * Every enabled, not anonymised account by last name then first name, with the version it was read at
 * (one statement, so both come from one snapshot).
 */
export async function loadUsersDirectory(db: Queryable): Promise<{ version: string; users: DirectoryUser[] }> {
  const { rows } = await sql<{ version: string; users: DirectoryUser[] | string }>`
    SELECT (SELECT version::text FROM users_directory_version) AS version,
           COALESCE(json_agg(json_build_object('id', id, 'firstname', firstname, 'lastname', lastname, 'username', username)
                             ORDER BY lower(lastname), lower(firstname), id), '[]'::json) AS users
    FROM users WHERE is_enabled AND anonymised_at IS NULL`.execute(db);
  const row = rows[0]!;
  return { version: row.version ?? '0', users: typeof row.users === 'string' ? (JSON.parse(row.users) as DirectoryUser[]) : row.users };
}
