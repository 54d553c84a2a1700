// Queries on groups, group types, group members and group managers. Functions take the database or a
// transaction and return rows.
import { sql } from 'kysely';
import type { GroupDetails, GroupSummary, GroupType, GroupUser } from '@testbed/contract';
import type { Queryable } from '../../db/database.js';
import { presentUserSummary, userSummaryColumns } from '../user-summary.js';

export interface GroupTypeRow {
  id: number;
  label: string;
  group_count: number;
}

export interface GroupRow {
  id: number;
  name: string;
  group_type_id: number | null;
  group_type_label: string | null;
  member_count: number;
  manager_count: number;
}

export interface GroupUserRow {
  id: number;
  firstname: string;
  lastname: string;
  username: string;
}

export type GroupRole = 'member' | 'manager';
const membershipTable = (role: GroupRole) => (role === 'manager' ? 'group_managers' : 'group_members');

export function presentGroupType(row: GroupTypeRow): GroupType {
  return { groupTypeId: row.id, label: row.label, groupCount: row.group_count };
}

function presentGroupTypeRef(row: GroupRow) {
  return row.group_type_id === null ? null : { groupTypeId: row.group_type_id, label: row.group_type_label ?? '' };
}

export function presentGroupSummary(row: GroupRow): GroupSummary {
  return {
    groupId: row.id,
    name: row.name,
    groupType: presentGroupTypeRef(row),
    memberCount: row.member_count,
    managerCount: row.manager_count,
  };
}

const presentGroupUser = (row: GroupUserRow): GroupUser => presentUserSummary(row.id, row);

export function presentGroupDetails(row: GroupRow, members: GroupUserRow[], managers: GroupUserRow[]): GroupDetails {
  return {
    groupId: row.id,
    name: row.name,
    groupType: presentGroupTypeRef(row),
    users: members.map(presentGroupUser),
    managerUsers: managers.map(presentGroupUser),
  };
}

// Group types ------------------------------------------------------------------------------------------

function selectGroupTypes(db: Queryable) {
  return db
    .selectFrom('group_types')
    .select([
      'group_types.id',
      'group_types.label',
      sql<number>`(SELECT count(*)::int FROM groups g WHERE g.group_type_id = group_types.id)`.as('group_count'),
    ]);
}

export async function listGroupTypes(db: Queryable): Promise<GroupTypeRow[]> {
  return selectGroupTypes(db).orderBy(sql`lower(group_types.label)`).orderBy('group_types.id').execute();
}

export async function findGroupType(db: Queryable, id: number): Promise<GroupTypeRow | undefined> {
  return selectGroupTypes(db).where('group_types.id', '=', id).executeTakeFirst();
}

export async function lockGroupType(db: Queryable, id: number) {
  return db.selectFrom('group_types').select(['id', 'label']).where('id', '=', id).forUpdate().executeTakeFirst();
}

// Plain one-statement writes, alike in shape only to other tables' ones: each keeps its SQL in sight.
export async function insertGroupType(db: Queryable, label: string): Promise<number> {
  const { id } = await db.insertInto('group_types').values({ label }).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateGroupType(db: Queryable, id: number, label: string): Promise<void> {
  await db.updateTable('group_types').set({ label }).where('id', '=', id).execute();
}

export async function deleteGroupType(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('group_types').where('id', '=', id).execute();
}

// Groups -----------------------------------------------------------------------------------------------

// Each area's select list names its own columns; its likeness to other lists is Kysely's shape only.
function selectGroups(db: Queryable) {
  return db
    .selectFrom('groups')
    .leftJoin('group_types', 'group_types.id', 'groups.group_type_id')
    .select([
      'groups.id',
      'groups.name',
      'groups.group_type_id',
      'group_types.label as group_type_label',
      sql<number>`(SELECT count(*)::int FROM group_members m WHERE m.group_id = groups.id)`.as('member_count'),
      sql<number>`(SELECT count(*)::int FROM group_managers m WHERE m.group_id = groups.id)`.as('manager_count'),
    ]);
}

export async function listGroups(db: Queryable): Promise<GroupRow[]> {
  return selectGroups(db).orderBy(sql`lower(groups.name)`).orderBy('groups.id').execute();
}

export async function listGroupsOfType(db: Queryable, groupTypeId: number): Promise<GroupRow[]> {
  return selectGroups(db)
    .where('groups.group_type_id', '=', groupTypeId)
    .orderBy(sql`lower(groups.name)`)
    .orderBy('groups.id')
    .execute();
}

export async function findGroup(db: Queryable, id: number): Promise<GroupRow | undefined> {
  return selectGroups(db).where('groups.id', '=', id).executeTakeFirst();
}

/** Locks the group for the rest of the transaction: membership changes and deletion of one group queue up. */
export async function lockGroup(db: Queryable, id: number) {
  return db.selectFrom('groups').select(['id', 'name']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertGroup(db: Queryable, group: { name: string; group_type_id: number | null }): Promise<number> {
  const { id } = await db.insertInto('groups').values(group).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateGroup(db: Queryable, id: number, group: { name: string; group_type_id: number | null }) {
  await db.updateTable('groups').set(group).where('id', '=', id).execute();
}

export async function deleteGroup(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('groups').where('id', '=', id).execute();
}

export async function listGroupUsers(db: Queryable, groupId: number, role: GroupRole): Promise<GroupUserRow[]> {
  return db
    .selectFrom(membershipTable(role))
    .innerJoin('users', 'users.id', 'user_id')
    .select(['users.id', ...userSummaryColumns])
    .where('group_id', '=', groupId)
    .orderBy('users.lastname')
    .orderBy('users.firstname')
    .orderBy('users.id')
    .execute();
}

export async function listManagerIds(db: Queryable, groupId: number): Promise<number[]> {
  const rows = await db.selectFrom('group_managers').select('user_id').where('group_id', '=', groupId).execute();
  return rows.map((row) => row.user_id);
}

/** Adds the user; answers false when they already held that place in the group. */
export async function addGroupUser(db: Queryable, groupId: number, userId: number, role: GroupRole): Promise<boolean> {
  const rows = await db
    .insertInto(membershipTable(role))
    .values({ group_id: groupId, user_id: userId })
    .onConflict((oc) => oc.doNothing())
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

/** Removes the user; answers false when they did not hold that place in the group. */
export async function removeGroupUser(db: Queryable, groupId: number, userId: number, role: GroupRole): Promise<boolean> {
  const rows = await db
    .deleteFrom(membershipTable(role))
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

export async function findUserForGroup(db: Queryable, userId: number) {
  return db.selectFrom('users').select(['id', 'anonymised_at']).where('id', '=', userId).executeTakeFirst();
}

/** Reads the type under a shared lock: it cannot be deleted before the transaction that uses it ends. */
export async function shareGroupType(db: Queryable, id: number) {
  return db.selectFrom('group_types').select('id').where('id', '=', id).forShare().executeTakeFirst();
}
