// A user as the replies of other areas name them (the contract's userSummarySchema): the columns the queries
// that join `users` select for them, and the presenter every such reply uses.
import type * as z from 'zod/mini';
import type { userSummarySchema } from '@testbed/contract';

/** The user's columns besides the id, in a query that joins the users table as `users`. */
export const userSummaryColumns = ['users.firstname', 'users.lastname', 'users.username'] as const;

/** A user named in a reply: their id and the columns above. */
export function presentUserSummary(userId: number, row: { firstname: string; lastname: string; username: string }): z.infer<typeof userSummarySchema> {
  return { userId, firstname: row.firstname, lastname: row.lastname, username: row.username };
}
