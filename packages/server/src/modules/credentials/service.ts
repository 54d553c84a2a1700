// Rules of the credentials area: who may see, add and delete which SSH keys (a user their own, an admin
// any), one valid public key line per credential, no key twice for one user, and the first-key and
// last-key answers the client needs to sign the user out.
import {
  credentialMessages,
  type AddCredentialReply,
  type Credential,
  type DeleteCredentialReply,
} from '@testbed/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../errors.js';
import { isConstraintError, UNIQUE_VIOLATION } from '../../db/constraint-errors.js';
import { authorize } from '../../security/policies.js';
import type { Caller } from '../../security/principal.js';
import { recordAudit } from '../../db/audit-writer.js';
import {
  countCredentialsOfUser,
  deleteCredential,
  findCredential,
  hasFingerprint,
  holdsReservationNotEnded,
  insertCredential,
  listCredentials,
  listCredentialsOfUser,
  lockCredentialOwner,
  presentCredential,
} from './repo.js';
import { parseSshPublicKey } from './ssh-key.js';
import { userExists } from '../user-rows.js';

/** Who is asking, as the routes hand it over. */
// A sign-up's key is stored in the sign-up's transaction, through here rather than through repo.ts.
export { insertCredential } from './repo.js';

const duplicate = () => new AppError('conflict', credentialMessages.DUPLICATE, { fieldErrors: { sshKey: [credentialMessages.DUPLICATE] } });

export class CredentialsService {
  constructor(private readonly db: Db) {}

  async list(caller: Caller): Promise<Credential[]> {
    authorize(caller.principal, 'credentials:list');
    return (await listCredentials(this.db)).map(presentCredential);
  }

  async listOfUser(caller: Caller, userId: number): Promise<Credential[]> {
    authorize(caller.principal, 'credentials:read', { userId });
    if (!(await userExists(this.db, userId))) throw new AppError('not_found', credentialMessages.USER_NOT_FOUND);
    return (await listCredentialsOfUser(this.db, userId)).map(presentCredential);
  }

  async get(caller: Caller, id: number): Promise<Credential> {
    const row = await findCredential(this.db, id);
    if (!row) throw notFound('Credential');
    authorize(caller.principal, 'credentials:read', { userId: row.user_id });
    return presentCredential(row);
  }

  async addToUser(caller: Caller, userId: number, sshKey: string): Promise<AddCredentialReply> {
    const actor = authorize(caller.principal, 'credentials:add', { userId });
    const key = parseSshPublicKey(sshKey);
    try {
      return await this.db.transaction().execute(async (tx) => {
        const owner = await lockCredentialOwner(tx, userId);
        if (!owner) throw new AppError('not_found', credentialMessages.USER_NOT_FOUND);
        if (owner.anonymised_at) throw new AppError('conflict', credentialMessages.ACCOUNT_DELETED);
        if (await hasFingerprint(tx, userId, key.fingerprint)) throw duplicate();
        const id = await insertCredential(tx, {
          user_id: userId,
          ssh_key: key.normalisedLine,
          key_type: key.type,
          fingerprint: key.fingerprint,
        });
        const count = await countCredentialsOfUser(tx, userId);
        await recordAudit(tx, {
          actorUserId: actor.userId,
          action: 'credential.add',
          targetType: 'credential',
          targetId: id,
          ip: caller.ip,
          details: { userId, keyType: key.type, fingerprint: key.fingerprint },
        });
        const row = await findCredential(tx, id);
        return { credential: presentCredential(row!), firstKey: count === 1 };
      });
    } catch (error) {
      // The user's row lock serialises adds, so this is only a safety net for the unique constraint.
      if (isConstraintError(error, UNIQUE_VIOLATION)) throw duplicate();
      throw error;
    }
  }

  async delete(caller: Caller, id: number): Promise<DeleteCredentialReply> {
    const row = await findCredential(this.db, id);
    if (!row) throw notFound('Credential');
    const actor = authorize(caller.principal, 'credentials:delete', { userId: row.user_id });
    return this.db.transaction().execute(async (tx) => {
      await lockCredentialOwner(tx, row.user_id);
      // Another request may have deleted it meanwhile: then it is unknown, as for any other id.
      if (!(await deleteCredential(tx, id))) throw notFound('Credential');
      const remaining = await countCredentialsOfUser(tx, row.user_id);
      // A user who deletes their own last key while booked could no longer log in to the devices they hold;
      // an administrator may still remove a key of someone else's (a key that leaked, say).
      if (remaining === 0 && actor.userId === row.user_id && (await holdsReservationNotEnded(tx, row.user_id))) {
        throw new AppError('conflict', credentialMessages.LAST_KEY_WHILE_BOOKED);
      }
      await recordAudit(tx, {
        actorUserId: actor.userId,
        action: 'credential.delete',
        targetType: 'credential',
        targetId: id,
        ip: caller.ip,
        details: { userId: row.user_id, keyType: row.key_type, fingerprint: row.fingerprint },
      });
      return { credentialId: id, userId: row.user_id, lastKey: remaining === 0 };
    });
  }
}
