// The colleagues a user can add to a booking: any signed-in user may search them.
import { VALID_USERS_MAX, type ValidUser, type ValidUsersQuery } from '@testbed/contract';
import type { Queryable } from '../../db/database.js';
import { authorize } from '../../security/policies.js';
import type { Principal } from '../../security/principal.js';
import { searchValidUsers } from './repo.js';

/** The API shape of a valid-user row. */
export function presentValidUser(row: { id: number; firstname: string; lastname: string; username: string }): ValidUser {
  return { userId: row.id, firstname: row.firstname, lastname: row.lastname, username: row.username };
}

export async function findValidUsers(db: Queryable, principal: Principal | null, query: ValidUsersQuery): Promise<ValidUser[]> {
  authorize(principal, 'user:search');
  const rows = await searchValidUsers(db, query.name ?? '', Math.min(query.limit ?? VALID_USERS_MAX, VALID_USERS_MAX));
  return rows.map(presentValidUser);
}
