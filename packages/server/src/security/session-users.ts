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
import type { Db, Subscribe } from '../db/database.js';
import { findSessionUser } from '../modules/users/repo.js';
import { findApiTokenByHash } from '../modules/api-tokens/repo.js';

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

export class SessionUsers {
  /** Answers from memory and reads from the database, for the metrics. */
  readonly stats = { hits: 0, misses: 0 };
  private readonly entries = new Map<number, { user: SessionUser | undefined; readAt: number }>();
  /** Personal API tokens by the hex of their hash; forgotten with their owner. Unknown hashes are not kept. */
  private readonly apiTokens = new Map<string, { token: SessionApiToken; readAt: number }>();
  private listening = false;
  /** Raised by every invalidation: a read that started before one must not fill the cache after it. */
  private epoch = 0;
  private unsubscribe: (() => Promise<void>) | undefined;

  constructor(private readonly db: Db) {}

  /** Starts trusting the cache, as long as the subscription is live. */
  async listen(subscribe: Subscribe): Promise<void> {
    this.unsubscribe = await subscribe(
      SESSION_CHANNEL,
      (payload) => this.forget(Number(payload)),
      (listening) => {
        this.listening = listening;
        this.forgetAll();
      },
    );
  }

  /** Whether the database's announcements are heard now (the readiness check shows it). */
  get isListening(): boolean {
    return this.listening;
  }

  async close(): Promise<void> {
    this.listening = false;
    this.forgetAll();
    await this.unsubscribe?.();
  }

  async get(userId: number): Promise<SessionUser | undefined> {
    const cached = this.entries.get(userId);
    if (cached && this.listening && performance.now() - cached.readAt < MAX_AGE_MS) {
      this.stats.hits++;
      return cached.user;
    }
    this.stats.misses++;
    const epoch = this.epoch;
    const user = await findSessionUser(this.db, userId);
    if (this.listening && epoch === this.epoch) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(userId, { user, readAt: performance.now() });
    }
    return user;
  }

  async getApiToken(hash: Buffer): Promise<SessionApiToken | undefined> {
    const key = hash.toString('hex');
    const cached = this.apiTokens.get(key);
    if (cached && this.listening && performance.now() - cached.readAt < MAX_AGE_MS) return cached.token;
    const epoch = this.epoch;
    const row = await findApiTokenByHash(this.db, hash);
    const token = row && {
      ...row,
      expires_at: new Date(row.expires_at),
      revoked_at: row.revoked_at && new Date(row.revoked_at),
      last_used_at: row.last_used_at && new Date(row.last_used_at),
    };
    if (token && this.listening && epoch === this.epoch) {
      if (this.apiTokens.size >= MAX_ENTRIES) this.apiTokens.clear();
      this.apiTokens.set(key, { token, readAt: performance.now() });
    }
    return token;
  }

  forget(userId: number): void {
    this.epoch++;
    this.entries.delete(userId);
    for (const [key, { token }] of this.apiTokens) if (token.user_id === userId) this.apiTokens.delete(key);
  }

  forgetAll(): void {
    this.epoch++;
    this.entries.clear();
    this.apiTokens.clear();
  }
}
