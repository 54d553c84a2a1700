// The queries of the authentication hook, below the modules: the signed-in user, or a personal API token with
// its user, looked up on every request, and a token's use recorded.
import { sql } from 'kysely';
import type { ApiTokenScope, AuthorityName } from '@testbed/contract';
import type { Queryable } from '../db/database.js';

/**
 * What the authentication hook needs on every request: one primary-key lookup. The authorities (ADMIN, USER) are
 * the column the database keeps from the roles held (migration 20261204000000).
 */
export async function findSessionUser(db: Queryable, userId: number) {
  const { rows } = await sql<{ id: number; username: string; is_enabled: boolean; session_generation: number; authorities: AuthorityName[] }>`
    SELECT id, username, is_enabled, session_generation, authorities FROM users WHERE id = ${userId}::int`.execute(db);
  return rows[0];
}

/** A personal API token by the hash of its text, with its user as findSessionUser reads it: one statement. */
export async function findApiTokenSession(db: Queryable, tokenHash: Uint8Array) {
  const { rows } = await sql<{
    token_id: number;
    scope: ApiTokenScope;
    expires_at: Date;
    revoked_at: Date | null;
    last_used_at: Date | null;
    id: number;
    username: string;
    is_enabled: boolean;
    authorities: AuthorityName[];
  }>`SELECT t.id AS token_id, t.scope, t.expires_at, t.revoked_at, t.last_used_at, u.id, u.username, u.is_enabled, u.authorities
     FROM api_tokens t JOIN users u ON u.id = t.user_id
     WHERE t.token_hash = ${tokenHash}::bytea`.execute(db);
  return rows[0];
}

/**
 * Records a use unless one was recorded within the last minute, by one conditional UPDATE so that any
 * number of instances write at most one row a minute per token. Answers whether this call wrote it.
 */
export async function touchApiToken(db: Queryable, id: number): Promise<boolean> {
  const rows = await db
    .updateTable('api_tokens')
    .set({ last_used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]))
    .returning('id')
    .execute();
  return rows.length > 0;
}
