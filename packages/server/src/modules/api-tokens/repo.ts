// Queries on personal API tokens. Functions take the database or a transaction and return rows.
import { sql } from 'kysely';
import type { ApiToken, ApiTokenScope } from '@testbed/contract';
import type { Queryable, SelectedRow } from '../../db/database.js';
import { lockUserRow } from '../user-rows.js';
import { presentUserSummary, userSummaryColumns } from '../user-summary.js';

// Each area's select list names its own columns; its likeness to other lists is Kysely's shape only.
function selectTokens(db: Queryable) {
  return db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select([
      'api_tokens.id',
      'api_tokens.user_id',
      'api_tokens.name',
      'api_tokens.scope',
      'api_tokens.created_at',
      'api_tokens.last_used_at',
      'api_tokens.expires_at',
      'api_tokens.revoked_at',
      'api_tokens.revoked_reason',
      ...userSummaryColumns,
    ]);
}

export type ApiTokenRow = SelectedRow<typeof selectTokens>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function presentApiToken(row: ApiTokenRow, now = new Date()): ApiToken {
  const expiresAt = new Date(row.expires_at);
  return {
    tokenId: row.id,
    name: row.name,
    scope: row.scope,
    createdAt: iso(row.created_at)!,
    lastUsedAt: iso(row.last_used_at),
    expiresAt: expiresAt.toISOString(),
    revokedAt: iso(row.revoked_at),
    revokedReason: row.revoked_reason,
    status: row.revoked_at ? 'revoked' : expiresAt <= now ? 'expired' : 'active',
    user: presentUserSummary(row.user_id, row),
  };
}

export function listApiTokensOfUser(db: Queryable, userId: number): Promise<ApiTokenRow[]> {
  return selectTokens(db).where('api_tokens.user_id', '=', userId).orderBy('api_tokens.created_at', 'desc').orderBy('api_tokens.id', 'desc').execute();
}

/** Every token that can still be used, then those ended within the last 30 days, newest first. */
export function listApiTokens(db: Queryable): Promise<ApiTokenRow[]> {
  return selectTokens(db)
    .where((eb) =>
      eb.or([
        eb('api_tokens.revoked_at', 'is', null),
        eb('api_tokens.revoked_at', '>', sql<Date>`now() - interval '30 days'`),
      ]),
    )
    .where('api_tokens.expires_at', '>', sql<Date>`now() - interval '30 days'`)
    .orderBy('api_tokens.created_at', 'desc')
    .orderBy('api_tokens.id', 'desc')
    .limit(1000)
    .execute();
}

export function findApiToken(db: Queryable, id: number): Promise<ApiTokenRow | undefined> {
  return selectTokens(db).where('api_tokens.id', '=', id).executeTakeFirst();
}

export interface NewApiToken {
  userId: number;
  name: string;
  tokenHash: Uint8Array;
  scope: ApiTokenScope;
  expiresInDays: number;
}

export async function insertApiToken(db: Queryable, token: NewApiToken): Promise<number> {
  const { id } = await db
    .insertInto('api_tokens')
    .values({
      user_id: token.userId,
      name: token.name,
      token_hash: token.tokenHash,
      scope: token.scope,
      expires_at: sql<Date>`now() + make_interval(days => ${token.expiresInDays})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Revokes the token if it is still in force; answers whether it was. */
export async function revokeApiToken(db: Queryable, id: number, reason: 'user' | 'admin'): Promise<boolean> {
  const rows = await db
    .updateTable('api_tokens')
    .set({ revoked_at: sql<Date>`now()`, revoked_reason: reason })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** What authentication needs of a token: found by its hash, whatever its state. */
export function lockTokenOwner(db: Queryable, userId: number) {
  return lockUserRow(db, userId, ['id', 'anonymised_at', 'is_enabled']);
}

export async function countActiveApiTokens(db: Queryable, userId: number): Promise<number> {
  const row = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
