// The colleagues a user can add to a booking (GET /api/validUsers), searched on every keystroke. The
// active accounts are kept in memory and matched there; one cheap read of a version that a database
// trigger raises on every change to them tells whether the copy is still current, on every instance.
import { VALID_USERS_MAX, type ValidUser, type ValidUsersQuery } from '@testbed/contract';
import type { Queryable } from '../../db/database.js';
import { NotifiedCache } from '../../db/notified-cache.js';
import { authorize } from '../../security/policies.js';
import type { Principal } from '../../security/principal.js';
import { loadUsersDirectory, readUsersDirectoryVersion, type DirectoryUser } from './repo.js';

interface Entry {
  user: ValidUser;
  /** Last name, first name and username in lower case, the fields a search matches. */
  text: string;
}

interface Snapshot {
  version: bigint;
  entries: Entry[];
  /** Replies already serialised from this snapshot, by search: the same keystrokes come from many users. */
  replies: Map<string, string>;
}

/** Serialised replies kept per snapshot; past this many the oldest half goes. */
const REPLIES_KEPT = 2000;

/** The API shape of a directory row. */
export function presentValidUser(row: DirectoryUser): ValidUser {
  return { userId: row.id, firstname: row.firstname, lastname: row.lastname, username: row.username };
}

export const USERS_DIRECTORY_CHANNEL = 'users_directory_changed';

export class ValidUsersDirectory extends NotifiedCache {
  /** The newest snapshot loaded: reused, listening or not, as long as the version row says it is current. */
  private snapshot?: Snapshot;
  private loading?: Promise<Snapshot>;
  /**
   * The snapshot known to be current (its one key is the directory). While the database's announcements
   * are heard (the trigger that raises the version also sends `NOTIFY users_directory_changed`), a snapshot
   * stays true until one arrives and the version row need not be read on every search; otherwise every
   * search reads it.
   */
  private readonly trusted = this.createMap<'directory', Snapshot>();
  /** Answers from memory and reads from the database, for the metrics. */
  readonly stats = this.trusted.stats;

  constructor(private readonly db: Queryable) {
    super(USERS_DIRECTORY_CHANNEL);
  }

  /**
   * Enabled, not anonymised accounts whose last name, first name or username contains `name` (any case),
   * by last name then first name, at most 100. The caller is not left out: the client removes itself.
   */
  async search(principal: Principal | null, query: ValidUsersQuery): Promise<ValidUser[]> {
    authorize(principal, 'user:search');
    const { entries } = await this.current();
    const needle = (query.name ?? '').toLowerCase();
    const limit = Math.min(query.limit ?? VALID_USERS_MAX, VALID_USERS_MAX);
    const found: ValidUser[] = [];
    for (const entry of entries) {
      if (needle && !entry.text.includes(needle)) continue;
      found.push(entry.user);
      if (found.length >= limit) break;
    }
    return found;
  }

  /** `search` serialised, reused while the directory does not change. */
  async searchJson(principal: Principal | null, query: ValidUsersQuery): Promise<string> {
    authorize(principal, 'user:search');
    const snapshot = await this.current();
    const key = `${(query.name ?? '').toLowerCase()}\u0000${query.limit ?? VALID_USERS_MAX}`;
    const kept = snapshot.replies.get(key);
    if (kept !== undefined) return kept;
    const json = JSON.stringify(await this.search(principal, query));
    if (snapshot.replies.size >= REPLIES_KEPT) {
      for (const old of [...snapshot.replies.keys()].slice(0, REPLIES_KEPT / 2)) snapshot.replies.delete(old);
    }
    snapshot.replies.set(key, json);
    return json;
  }

  private current(): Promise<Snapshot> {
    return this.trusted.get('directory', () => this.checked());
  }

  private async checked(): Promise<Snapshot> {
    const version = BigInt(await readUsersDirectoryVersion(this.db));
    if (this.snapshot && this.snapshot.version >= version) return this.snapshot;
    // Concurrent callers share one load, unless it started before the change this caller has seen.
    const shared = await (this.loading ??= this.load().finally(() => (this.loading = undefined)));
    return shared.version >= version ? shared : this.load();
  }

  private async load(): Promise<Snapshot> {
    const { version, users } = await loadUsersDirectory(this.db);
    const entries = users.map((user) => ({
      user: presentValidUser(user),
      // The separator keeps a search from matching across two fields.
      text: `${user.lastname}\u0000${user.firstname}\u0000${user.username}`.toLowerCase(),
    }));
    const snapshot = { version: BigInt(version), entries, replies: new Map<string, string>() };
    if (!this.snapshot || this.snapshot.version < snapshot.version) this.snapshot = snapshot;
    return snapshot;
  }
}
