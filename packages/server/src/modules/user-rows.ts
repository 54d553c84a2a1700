// The user's row as the other areas' queries touch it: whether an account exists before something is added to
// it, and its row lock, which serialises one user's concurrent changes (keys, tokens, employments, updates).
import type { SelectExpression, Selection } from 'kysely';
import type { Queryable } from '../db/database.js';
import type { Database } from '../db/schema.js';

export async function userExists(db: Queryable, userId: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}

/** Locks the user's row for the rest of the transaction and reads `columns` of it; undefined when there is none. */
export function lockUserRow<Column extends SelectExpression<Database, 'users'>>(
  db: Queryable,
  userId: number,
  columns: readonly Column[],
): Promise<Selection<Database, 'users', Column> | undefined> {
  return db.selectFrom('users').select(columns).where('id', '=', userId).forUpdate().executeTakeFirst();
}
