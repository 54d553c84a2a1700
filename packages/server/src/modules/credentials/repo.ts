// Queries on credentials (SSH public keys). Functions take the database or a transaction and return rows.
import { sql } from 'kysely';
import type { Credential } from '@testbed/contract';
import type { Queryable, SelectedRow } from '../../db/database.js';
import { lockUserRow } from '../user-rows.js';
import { presentUserSummary, userSummaryColumns } from '../user-summary.js';

// Each area's select list names its own columns; its likeness to other lists is Kysely's shape only.
function selectCredentials(db: Queryable) {
  return db
    .selectFrom('credentials')
    .innerJoin('users', 'users.id', 'credentials.user_id')
    .select([
      'credentials.id',
      'credentials.user_id',
      'credentials.ssh_key',
      'credentials.key_type',
      'credentials.fingerprint',
      'credentials.created_at',
      ...userSummaryColumns,
    ]);
}

// The row type and its presenter: alike in shape only to other areas', each maps fields of its own.
export type CredentialRow = SelectedRow<typeof selectCredentials>;

export function presentCredential(row: CredentialRow): Credential {
  return {
    credentialId: row.id,
    sshKey: row.ssh_key,
    fingerprint: row.fingerprint,
    keyType: row.key_type,
    createdAt: new Date(row.created_at).toISOString(),
    user: presentUserSummary(row.user_id, row),
  };
}

export async function listCredentials(db: Queryable): Promise<CredentialRow[]> {
  return selectCredentials(db).orderBy('users.lastname').orderBy('users.firstname').orderBy('credentials.id').execute();
}

export async function listCredentialsOfUser(db: Queryable, userId: number): Promise<CredentialRow[]> {
  return selectCredentials(db).where('credentials.user_id', '=', userId).orderBy('credentials.id').execute();
}

export async function findCredential(db: Queryable, id: number): Promise<CredentialRow | undefined> {
  return selectCredentials(db).where('credentials.id', '=', id).executeTakeFirst();
}

/**
 * Locks the user's row for the rest of the transaction, so that concurrent adds and deletes of one user's
 * keys are serialised and "first key" / "last key" are answered truthfully.
 */
export function lockCredentialOwner(db: Queryable, userId: number) {
  return lockUserRow(db, userId, ['id', 'anonymised_at']);
}

export async function hasFingerprint(db: Queryable, userId: number, fingerprint: string): Promise<boolean> {
  const row = await db
    .selectFrom('credentials')
    .select('id')
    .where('user_id', '=', userId)
    .where('fingerprint', '=', fingerprint)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countCredentialsOfUser(db: Queryable, userId: number): Promise<number> {
  const row = await db
    .selectFrom('credentials')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewCredential {
  user_id: number;
  ssh_key: string;
  key_type: string;
  fingerprint: string;
}

export async function insertCredential(db: Queryable, credential: NewCredential): Promise<number> {
  const { id } = await db.insertInto('credentials').values(credential).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Deletes the credential if it still exists; answers whether a row went. */
export async function deleteCredential(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.deleteFrom('credentials').where('id', '=', id).returning('id').execute();
  return rows.length > 0;
}

/** Whether the user holds, or was booked into, a reservation that has not ended yet. */
export async function holdsReservationNotEnded(db: Queryable, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('reservations')
    .select('reservations.id')
    .where('reservations.end_date', '>', sql<Date>`now()`)
    .where((eb) =>
      eb.or([
        eb('reservations.responsible_user_id', '=', userId),
        eb.exists(
          eb
            .selectFrom('reservation_users')
            .select('reservation_users.user_id')
            .whereRef('reservation_users.reservation_id', '=', 'reservations.id')
            .where('reservation_users.user_id', '=', userId),
        ),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
