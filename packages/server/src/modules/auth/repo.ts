// The account as signing in reads it: by its name, with its password hash, state and what the session shows.
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';

const signInColumns = [
  'id',
  'username',
  'password_hash',
  'is_enabled',
  'anonymised_at',
  'session_generation',
  'authorities',
  'time_zone',
  sql<boolean>`EXISTS (SELECT 1 FROM credentials c WHERE c.user_id = users.id)`.as('has_ssh_key'),
] as const;

export function findUserForSignIn(db: Queryable, username: string) {
  return db.selectFrom('users').select(signInColumns).where(sql`lower(username)`, '=', username.trim().toLowerCase()).executeTakeFirst();
}

export function findSignedInUser(db: Queryable, userId: number) {
  return db.selectFrom('users').select(signInColumns).where('id', '=', userId).executeTakeFirst();
}

export type SignInUser = NonNullable<Awaited<ReturnType<typeof findUserForSignIn>>>;
