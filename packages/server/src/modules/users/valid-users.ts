// The colleagues a user can add to a booking (GET /api/validUsers), searched on every keystroke. The
// active accounts are kept in memory and matched there; one cheap read of a version that a database
// trigger raises on every change to them tells whether the copy is still current, on every instance.
import { VALID_USERS_MAX, type ValidUser, type ValidUsersQuery } from '@testbed/contract';
import type { Queryable } from '../../db/database.js';
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
}

/** The API shape of a directory row. */
export function presentValidUser(row: DirectoryUser): ValidUser {
  return { userId: row.id, firstname: row.firstname, lastname: row.lastname, username: row.username };
}

export class ValidUsersDirectory {
  private snapshot?: Snapshot;
  private loading?: Promise<Snapshot>;

  constructor(private readonly db: Queryable) {}

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

  private async current(): Promise<Snapshot> {
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
    const snapshot = { version: BigInt(version), entries };
    if (!this.snapshot || this.snapshot.version < snapshot.version) this.snapshot = snapshot;
    return snapshot;
  }
}
