// Queries of the account-security area: the account a password, e-mail or deletion acts on, and the
// changes themselves. Functions take the database or a transaction and return plain rows.
import { sql } from 'kysely';
import type { AccountSummary } from '@testbed/contract';
import type { Queryable, SelectedRow } from '../../db/database.js';

function selectAccount(db: Queryable) {
  return db
    .selectFrom('users')
    .select([
      'users.id',
      'users.username',
      'users.firstname',
      'users.lastname',
      'users.email',
      'users.password_hash',
      'users.is_enabled',
      'users.anonymised_at',
      'users.session_generation',
      // The newest e-mail change still waiting for its link to be opened.
      sql<string | null>`(SELECT t.payload->>'newEmail' FROM account_tokens t
        WHERE t.user_id = users.id AND t.kind = 'email_change' AND t.used_at IS NULL AND t.expires_at > now()
        ORDER BY t.created_at DESC, t.id DESC LIMIT 1)`.as('pending_email'),
    ]);
}

// The row type and its presenter: alike in shape only to other areas', each maps fields of its own.
export type AccountRow = SelectedRow<typeof selectAccount>;

export function presentAccountSummary(row: AccountRow): AccountSummary {
  return {
    userId: row.id,
    username: row.username,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    pendingEmail: row.pending_email,
    deleted: row.anonymised_at !== null,
  };
}

export async function findAccount(db: Queryable, userId: number): Promise<AccountRow | undefined> {
  return selectAccount(db).where('users.id', '=', userId).executeTakeFirst();
}

/** Locks the account's row for the rest of the transaction: changes to one account are serialised. */
export async function lockAccount(db: Queryable, userId: number): Promise<AccountRow | undefined> {
  return selectAccount(db).where('users.id', '=', userId).forUpdate().executeTakeFirst();
}

/** The account that may reset its password with this address (case-insensitive), if any. */
export async function findResettableAccountByEmail(db: Queryable, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'firstname', 'lastname', 'username'])
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .where('anonymised_at', 'is', null)
    .executeTakeFirst();
}

/** Whether a reset link was mailed to the account within the last `seconds` and is still unused. */
export async function hasRecentResetLink(db: Queryable, userId: number, seconds: number): Promise<boolean> {
  const row = await db
    .selectFrom('account_tokens')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', 'password_reset')
    .where('used_at', 'is', null)
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether another account already has this address (case-insensitive, as the unique index compares). */
export async function isEmailTakenByOther(db: Queryable, email: string, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .where('id', '<>', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets the password and raises the session generation, so every token issued before stops working. */
export async function setPassword(db: Queryable, userId: number, passwordHash: string): Promise<number> {
  const row = await db
    .updateTable('users')
    .set({ password_hash: passwordHash, session_generation: sql`session_generation + 1` })
    .where('id', '=', userId)
    .returning('session_generation')
    .executeTakeFirstOrThrow();
  return row.session_generation;
}

export async function setEmail(db: Queryable, userId: number, email: string): Promise<void> {
  // Opening the link sent to the address proves it is the person's.
  await db.updateTable('users').set({ email, email_verified_at: sql`now()` }).where('id', '=', userId).execute();
}

/**
 * Deletes the account's row unless rows that history needs (reservations, flash jobs ...) refer to it;
 * says whether it did. Whatever table refers to users with ON DELETE RESTRICT, now or later, decides.
 */
export async function deleteAccountRowIfUnreferenced(db: Queryable, userId: number): Promise<boolean> {
  await sql`SAVEPOINT account_delete`.execute(db);
  try {
    await db.deleteFrom('users').where('id', '=', userId).execute();
    await sql`RELEASE SAVEPOINT account_delete`.execute(db);
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code !== '23503') throw error;
    await sql`ROLLBACK TO SAVEPOINT account_delete`.execute(db);
    return false;
  }
}

/**
 * Drops what an anonymised account may not keep: SSH keys, intended usages, employments, roles, group
 * memberships, pending tokens, contact details and the password; disables it and ends its sessions.
 * `identity` replaces the names, username and address too (the person deleted their own account).
 */
export async function anonymiseAccount(
  db: Queryable,
  userId: number,
  identity?: { username: string; email: string; firstname: string; lastname: string },
): Promise<Date> {
  await db.deleteFrom('credentials').where('user_id', '=', userId).execute();
  await db.deleteFrom('intended_usages').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_employers').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  await db.deleteFrom('group_members').where('user_id', '=', userId).execute();
  await db.deleteFrom('group_managers').where('user_id', '=', userId).execute();
  await db.deleteFrom('account_tokens').where('user_id', '=', userId).execute();
  await db.deleteFrom('sign_in_known_addresses').where('user_id', '=', userId).execute();
  const row = await db
    .updateTable('users')
    .set({
      ...identity,
      password_hash: null,
      phone_number: null,
      instant_messaging: null,
      personal_url: null,
      photo: null,
      photo_mime: null,
      is_enabled: false,
      validation_pending: false,
      session_generation: sql`session_generation + 1`,
      anonymised_at: sql`COALESCE(anonymised_at, now())`,
    })
    .where('id', '=', userId)
    .returning('anonymised_at')
    .executeTakeFirstOrThrow();
  return new Date(row.anonymised_at!);
}
