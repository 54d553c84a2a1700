// The lock of an upload, seen by every instance: a row of image_upload_locks with a short lease that its
// holder renews while its request writes. tus asks a request that holds the lock to let go when another
// wants it (a client resuming after a lost connection, maybe through another instance): the waiter marks the
// row and the holder, at its next renewal, lets go. A holder killed with its instance frees the lock when
// the lease runs out.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import type { Db } from '../../db/database.js';
import { claimUploadLock, releaseUploadLock, renewUploadLock, requestUploadLockRelease } from './repo.js';

const LEASE_SECONDS = 10;
const RENEW_MS = 2_000;
const RETRY_MS = 200;
/** How long a request waits for the lock before it is refused (tus's own in-memory locker waits as long). */
const ACQUIRE_TIMEOUT_MS = 30_000;

export class DatabaseLocker implements Locker {
  constructor(private readonly db: Db) {}

  newLock(id: string): Lock {
    return new DatabaseLock(this.db, id);
  }
}

class DatabaseLock implements Lock {
  private readonly holder = randomUUID();
  private renewal?: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly uploadId: string,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const giveUpAt = Date.now() + ACQUIRE_TIMEOUT_MS;
    while (!(await claimUploadLock(this.db, this.uploadId, this.holder, LEASE_SECONDS))) {
      if (signal.aborted || Date.now() > giveUpAt) throw ERRORS.ERR_LOCK_TIMEOUT;
      await requestUploadLockRelease(this.db, this.uploadId, this.holder);
      await sleep(RETRY_MS);
    }
    this.renewal = setInterval(() => {
      renewUploadLock(this.db, this.uploadId, this.holder, LEASE_SECONDS).then(
        (state) => {
          if (state !== 'held') void requestRelease();
        },
        // A renewal that fails leaves the lease to run out; the write goes on until then.
        () => undefined,
      );
    }, RENEW_MS);
    this.renewal.unref();
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    await releaseUploadLock(this.db, this.uploadId, this.holder);
  }
}
