// The signed-in user behind a token (enabled? which session generation? which roles?) is needed by every
// API call, and so is the row of a personal API token (revoked? expired? whose?). Reading them from the
// database each time doubled the round trips of every read, so each instance keeps what it has just read,
// for a few seconds at most, and forgets it (a token with its owner):
// - at once when the database announces a change of that user (the `session_changed` NOTIFY raised by
//   a trigger as the changing transaction commits, whichever instance or script made it);
// - entirely after any unsafe call (POST, PUT, DELETE) answered by this instance, before its reply leaves,
//   so that a caller who changes something and then reads never meets the old state;
// - and it caches nothing while it is not listening (no subscription, or the connection dropped).
import type { ApiTokenScope, AuthorityName } from '@testbed/contract';
import type { Db } from '../db/database.js';
import { NotifiedCache } from '../db/notified-cache.js';
import { findApiTokenByHash, findSessionUser } from './session-queries.js';

export interface SessionUser {
  id: number;
  username: string;
  is_enabled: boolean;
  session_generation: number;
  authorities: AuthorityName[];
}

/** A personal API token as authentication needs it. */
export interface SessionApiToken {
  id: number;
  user_id: number;
  scope: ApiTokenScope;
  expires_at: Date;
  revoked_at: Date | null;
  /** When a use was last recorded, as far as this instance knows. */
  last_used_at: Date | null;
}

export const SESSION_CHANNEL = 'session_changed';
const MAX_AGE_MS = 5_000;
const MAX_ENTRIES = 10_000;

export class SessionUsers extends NotifiedCache {
  private readonly users = this.createMap<number, SessionUser | undefined>({ maxAgeMs: MAX_AGE_MS, maxEntries: MAX_ENTRIES });
  /** Personal API tokens by the hex of their hash; forgotten with their owner. Unknown hashes are not kept. */
  private readonly apiTokens = this.createMap<string, SessionApiToken | undefined>({ maxAgeMs: MAX_AGE_MS, maxEntries: MAX_ENTRIES });
  /** Answers from memory and reads from the database, for the metrics (the users: every call needs one). */
  readonly stats = this.users.stats;

  constructor(private readonly db: Db) {
    super(SESSION_CHANNEL);
  }

  /** The payload is the changed user's id: only that user and their tokens are forgotten. */
  protected override onNotify(payload: string): void {
    const userId = Number(payload);
    this.users.forget(userId);
    this.apiTokens.forgetWhere((token) => token?.user_id === userId);
  }

  get(userId: number): Promise<SessionUser | undefined> {
    return this.users.get(userId, () => findSessionUser(this.db, userId));
  }

  getApiToken(hash: Buffer): Promise<SessionApiToken | undefined> {
    return this.apiTokens.get(
      hash.toString('hex'),
      async () => {
        const row = await findApiTokenByHash(this.db, hash);
        return (
          row && {
            ...row,
            expires_at: new Date(row.expires_at),
            revoked_at: row.revoked_at && new Date(row.revoked_at),
            last_used_at: row.last_used_at && new Date(row.last_used_at),
          }
        );
      },
      // An unknown hash is not kept: anyone can send new ones.
      (token) => (token ? Infinity : 0),
    );
  }
}
