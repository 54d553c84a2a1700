// Queries on roles and the users holding them. Functions take the database or a transaction and return rows.
import { sql } from 'kysely';
import { PROTECTED_ROLES, type Role, type RoleDetails } from '@testbed/contract';
import type { Queryable } from '../../db/database.js';
import { presentUserSummary, userSummaryColumns } from '../user-summary.js';

export interface RoleRow {
  id: number;
  name: string;
  user_count: number;
}

export interface RoleUserRow {
  id: number;
  firstname: string;
  lastname: string;
  username: string;
}

export function isProtectedRole(name: string): boolean {
  return (PROTECTED_ROLES as readonly string[]).includes(name);
}

export function presentRole(row: RoleRow): Role {
  return { roleId: row.id, roleName: row.name, userCount: row.user_count, protected: isProtectedRole(row.name) };
}

export function presentRoleDetails(row: RoleRow, users: RoleUserRow[]): RoleDetails {
  return {
    ...presentRole(row),
    users: users.map((user) => presentUserSummary(user.id, user)),
  };
}

function selectRoles(db: Queryable) {
  return db
    .selectFrom('roles')
    .select([
      'roles.id',
      'roles.name',
      sql<number>`(SELECT count(*)::int FROM user_roles ur WHERE ur.role_id = roles.id)`.as('user_count'),
    ]);
}

export async function listRoles(db: Queryable): Promise<RoleRow[]> {
  return selectRoles(db).orderBy('roles.name').execute();
}

export async function findRole(db: Queryable, id: number): Promise<RoleRow | undefined> {
  return selectRoles(db).where('roles.id', '=', id).executeTakeFirst();
}

/** Locks the role for the rest of the transaction, so that a rename or a deletion sees no concurrent grant. */
export async function lockRole(db: Queryable, id: number) {
  return db.selectFrom('roles').select(['id', 'name']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The most users a role's details list; the count tells how many hold it in all (USER: nearly everybody). */
export const ROLE_USERS_SHOWN = 500;

export async function listRoleUsers(db: Queryable, roleId: number): Promise<RoleUserRow[]> {
  return db
    .selectFrom('user_roles')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .select(['users.id', ...userSummaryColumns])
    .where('user_roles.role_id', '=', roleId)
    .orderBy('users.lastname')
    .orderBy('users.firstname')
    .orderBy('users.id')
    .limit(ROLE_USERS_SHOWN)
    .execute();
}

// Plain one-statement writes, alike in shape only to other tables' ones: each keeps its SQL in sight.
export async function insertRole(db: Queryable, name: string): Promise<number> {
  const { id } = await db.insertInto('roles').values({ name }).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function renameRole(db: Queryable, id: number, name: string): Promise<void> {
  await db.updateTable('roles').set({ name }).where('id', '=', id).execute();
}

export async function countRoleUsers(db: Queryable, roleId: number): Promise<number> {
  const row = await db
    .selectFrom('user_roles')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('role_id', '=', roleId)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function deleteRole(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.deleteFrom('roles').where('id', '=', id).returning('id').execute();
  return rows.length > 0;
}
