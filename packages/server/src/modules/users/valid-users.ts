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
  /**
   * For each three letters that occur in an entry's text, the entries (by index, in order) where they do: a
   * search of three letters or more walks the shortest list of its own three-letter pieces rather than every
   * account, and a search that matches few accounts (most of them, once a name is being typed) reads only those.
   */
  byTrigram: Map<string, number[]>;
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
    const { entries, byTrigram } = await this.current();
    const needle = (query.name ?? '').toLowerCase();
    const limit = Math.min(query.limit ?? VALID_USERS_MAX, VALID_USERS_MAX);
    const found: ValidUser[] = [];
    const candidates = needle.length >= 3 ? shortestPostingList(byTrigram, needle) : undefined;
    const count = candidates ? candidates.length : entries.length;
    for (let index = 0; index < count && found.length < limit; index++) {
      const entry = entries[candidates ? candidates[index]! : index]!;
      if (needle && !entry.text.includes(needle)) continue;
      found.push(entry.user);
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
    const byTrigram = new Map<string, number[]>();
    entries.forEach((entry, index) => {
      for (const trigram of trigramsOf(entry.text)) {
        const list = byTrigram.get(trigram);
        if (list) list.push(index);
        else byTrigram.set(trigram, [index]);
      }
    });
    const snapshot = { version: BigInt(version), entries, byTrigram, replies: new Map<string, string>() };
    if (!this.snapshot || this.snapshot.version < snapshot.version) this.snapshot = snapshot;
    return snapshot;
  }
}

/** The distinct three-letter pieces of a text (those across a field separator never match a search). */
function trigramsOf(text: string): Set<string> {
  const trigrams = new Set<string>();
  for (let index = 0; index + 3 <= text.length; index++) trigrams.add(text.slice(index, index + 3));
  return trigrams;
}

/** The entries holding the rarest three-letter piece of the search, in order: none when one is held by none. */
function shortestPostingList(byTrigram: Map<string, number[]>, needle: string): number[] {
  let shortest: number[] | undefined;
  for (const trigram of trigramsOf(needle)) {
    const list = byTrigram.get(trigram) ?? [];
    if (!shortest || list.length < shortest.length) shortest = list;
  }
  return shortest ?? [];
}
