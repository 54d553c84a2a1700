// The limits that bind each user, kept in memory for the reads that show or apply them outside a booking (the
// booking screen, the free-slot search), until the database announces a change of the policies, of the
// groups' members or of a type's name (`NOTIFY usage_policies_changed`, raised by triggers whichever instance
// or script made the change). A booking or an extension checks its policy in its own transaction, from the
// database, never from here.
import type { UsageLimits } from '@testbed/contract';
import { NotifiedCache } from '../../db/notified-cache.js';

export const USAGE_POLICIES_CHANNEL = 'usage_policies_changed';
/** A backstop: the limits are read again after this long whatever was announced. */
const MAX_AGE_MS = 60_000;
const USERS_KEPT = 10_000;

export class UsageLimitsCache extends NotifiedCache {
  private readonly byUser = this.createMap<number, ReadonlyMap<string, UsageLimits>>({ maxAgeMs: MAX_AGE_MS, maxEntries: USERS_KEPT });
  /** Answers from memory and reads from the database, for the metrics. */
  readonly stats = this.byUser.stats;

  constructor() {
    super(USAGE_POLICIES_CHANNEL);
  }

  /** The user's limits by device type, from memory or from `read`. */
  limitsFor(userId: number, read: () => Promise<ReadonlyMap<string, UsageLimits>>): Promise<ReadonlyMap<string, UsageLimits>> {
    return this.byUser.get(userId, read);
  }
}
