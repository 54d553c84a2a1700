// Where a mail to the administrators goes: every enabled administrator's address, in a stable order. The
// account requests, the account updates and the quarantined devices are mailed to them through this one query.
import type { Queryable } from '../db/database.js';

export async function administratorEmails(db: Queryable): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('users.email')
    .where('roles.name', '=', 'ADMIN')
    .where('users.is_enabled', '=', true)
    .where('users.anonymised_at', 'is', null)
    .orderBy('users.id')
    .execute();
  return rows.map((row) => row.email);
}
