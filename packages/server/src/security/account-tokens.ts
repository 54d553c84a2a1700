// Account tokens: 256 random bits handed out once, only their SHA-256
// kept, an expiry, and single use enforced by one conditional UPDATE so that of any number of concurrent
// uses exactly one wins.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Queryable } from '../db/database.js';
import type { AccountTokenKind } from '../db/schema.js';

export const TOKEN_LIFETIME_MS: Record<AccountTokenKind, number> = {
  password_reset: 60 * 60 * 1000, // at most 1 hour
  email_verification: 24 * 60 * 60 * 1000, // e-mail links: at most 24 hours
  email_change: 24 * 60 * 60 * 1000,
  account_update: 24 * 60 * 60 * 1000,
  // Welcome link of an imported account to choose its first password: an e-mail link, not a reset link.
  account_setup: 24 * 60 * 60 * 1000,
  // Links for administrators: they may not act the same day, but a week is plenty.
  account_validation: 7 * 24 * 60 * 60 * 1000,
  account_update_validation: 7 * 24 * 60 * 60 * 1000,
};

export type TokenPayload = Record<string, unknown>;

/** Why a token cannot be used; pages map each to a catalogue text. */
export type TokenProblem = 'invalid' | 'expired' | 'used';

export type TokenLookup =
  | { ok: true; userId: number; payload: TokenPayload }
  | { ok: false; problem: TokenProblem; userId?: number };

function hashToken(raw: string): Buffer {
  return createHash('sha256').update(raw, 'utf8').digest();
}

/** Creates a token of `kind` for the user and returns the raw value, to be put in a link and never stored. */
export async function issueToken(
  db: Queryable,
  userId: number,
  kind: AccountTokenKind,
  payload: TokenPayload = {},
  lifetimeMs = TOKEN_LIFETIME_MS[kind],
): Promise<string> {
  const raw = randomBytes(32).toString('base64url');
  await db
    .insertInto('account_tokens')
    .values({
      user_id: userId,
      kind,
      token_hash: hashToken(raw),
      payload: JSON.stringify(payload),
      expires_at: new Date(Date.now() + lifetimeMs),
    })
    .execute();
  return raw;
}

/** Reads a token without using it (a page checks its link on entry). */
export async function peekToken(db: Queryable, kind: AccountTokenKind, raw: string): Promise<TokenLookup> {
  const row = await db
    .selectFrom('account_tokens')
    .select(['user_id', 'payload', 'used_at', sql<boolean>`expires_at <= now()`.as('expired')])
    .where('kind', '=', kind)
    .where('token_hash', '=', hashToken(raw))
    .executeTakeFirst();
  if (!row) return { ok: false, problem: 'invalid' };
  if (row.used_at) return { ok: false, problem: 'used', userId: row.user_id };
  if (row.expired) return { ok: false, problem: 'expired', userId: row.user_id };
  return { ok: true, userId: row.user_id, payload: row.payload as TokenPayload };
}

/**
 * Uses a token: marks it used if it is unused and unexpired, in the caller's transaction so that the change
 * it allows and its use commit together. Exactly one of concurrent callers gets `ok: true`.
 */
export async function consumeToken(db: Queryable, kind: AccountTokenKind, raw: string): Promise<TokenLookup> {
  const used = await db
    .updateTable('account_tokens')
    .set({ used_at: sql`now()` })
    .where('kind', '=', kind)
    .where('token_hash', '=', hashToken(raw))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'payload'])
    .executeTakeFirst();
  if (used) return { ok: true, userId: used.user_id, payload: used.payload as TokenPayload };
  return peekToken(db, kind, raw);
}

/** Ends the unused tokens of a kind for a user, e.g. older reset links when a new one is sent. */
export async function revokeTokens(db: Queryable, userId: number, kinds: readonly AccountTokenKind[]): Promise<void> {
  if (kinds.length === 0) return;
  await db
    .updateTable('account_tokens')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('kind', 'in', kinds)
    .where('used_at', 'is', null)
    .execute();
}
