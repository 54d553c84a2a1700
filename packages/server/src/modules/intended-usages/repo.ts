// Queries on intended usages. Functions take the database or a transaction and return rows.
import type { IntendedUsage } from '@testbed/contract';
import type { Queryable, SelectedRow } from '../../db/database.js';
import { presentUserSummary } from '../user-summary.js';

function selectUsages(db: Queryable) {
  return db
    .selectFrom('intended_usages as iu')
    .innerJoin('users as u', 'u.id', 'iu.user_id')
    .select(['iu.id', 'iu.user_id', 'iu.description', 'iu.created_at', 'u.firstname', 'u.lastname', 'u.username']);
}

export type IntendedUsageRow = SelectedRow<typeof selectUsages>;

export function presentIntendedUsage(row: IntendedUsageRow): IntendedUsage {
  return {
    intendedUsageId: row.id,
    description: row.description,
    createdAt: new Date(row.created_at).toISOString(),
    user: presentUserSummary(row.user_id, row),
  };
}

export async function listIntendedUsages(db: Queryable) {
  return selectUsages(db).orderBy('u.lastname').orderBy('u.firstname').orderBy('iu.id').execute();
}

export async function findIntendedUsage(db: Queryable, id: number) {
  return selectUsages(db).where('iu.id', '=', id).executeTakeFirst();
}

export async function insertIntendedUsage(db: Queryable, userId: number, description: string): Promise<number> {
  const { id } = await db
    .insertInto('intended_usages')
    .values({ user_id: userId, description })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateIntendedUsage(db: Queryable, id: number, description: string): Promise<boolean> {
  return (await db.updateTable('intended_usages').set({ description }).where('id', '=', id).returning('id').execute()).length > 0;
}

export async function deleteIntendedUsage(db: Queryable, id: number): Promise<boolean> {
  return (await db.deleteFrom('intended_usages').where('id', '=', id).returning('id').execute()).length > 0;
}
