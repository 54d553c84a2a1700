// Rules of personal API tokens: a user creates tokens for themself only (named, scoped, at most a year),
// sees the token once, lists and revokes their own; an administrator lists and revokes anyone's. Every
// creation and revocation is audited, never with the token.
import { createHash, randomBytes } from 'node:crypto';
import {
  API_TOKEN_MAX_ACTIVE,
  API_TOKEN_PREFIX,
  apiTokenMessages,
  type ApiToken,
  type CreateApiToken,
  type CreateApiTokenReply,
} from '@testbed/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { authorize } from '../../security/policies.js';
import type { Caller } from '../../security/principal.js';
import { auditedTransaction } from '../list-steps.js';
import {
  countActiveApiTokens,
  findApiToken,
  insertApiToken,
  listApiTokens,
  listApiTokensOfUser,
  lockTokenOwner,
  presentApiToken,
  revokeApiToken,
} from './repo.js';

const notFound = () => new AppError('not_found', apiTokenMessages.NOT_FOUND);

export class ApiTokensService {
  constructor(private readonly db: Db) {}

  async list(caller: Caller): Promise<ApiToken[]> {
    authorize(caller.principal, 'api-tokens:list');
    return (await listApiTokens(this.db)).map((row) => presentApiToken(row));
  }

  async listOfUser(caller: Caller, userId: number): Promise<ApiToken[]> {
    authorize(caller.principal, 'api-tokens:read', { userId });
    return (await listApiTokensOfUser(this.db, userId)).map((row) => presentApiToken(row));
  }

  async create(caller: Caller, userId: number, form: CreateApiToken): Promise<CreateApiTokenReply> {
    const actor = authorize(caller.principal, 'api-token:create', { userId });
    // 256 random bits in base64url: 43 characters after the prefix.
    const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const tokenHash = createHash('sha256').update(token).digest();
    return auditedTransaction(this.db, actor, caller, async (tx, audit) => {
      const owner = await lockTokenOwner(tx, userId);
      if (!owner) throw notFound();
      if (owner.anonymised_at || !owner.is_enabled) throw new AppError('conflict', apiTokenMessages.ACCOUNT_DELETED);
      // Counted under the owner's row lock, so that parallel creations cannot pass the limit together.
      if ((await countActiveApiTokens(tx, userId)) >= API_TOKEN_MAX_ACTIVE) throw new AppError('conflict', apiTokenMessages.TOO_MANY);
      const id = await insertApiToken(tx, { userId, name: form.name, tokenHash, scope: form.scope, expiresInDays: form.expiresInDays });
      const row = (await findApiToken(tx, id))!;
      const expiresAt = new Date(row.expires_at).toISOString();
      await audit({ action: 'api_token.create', targetType: 'api_token', targetId: id, details: { userId, name: form.name, scope: form.scope, expiresAt } });
      return { token, apiToken: presentApiToken(row) };
    });
  }

  async revoke(caller: Caller, id: number): Promise<ApiToken> {
    const row = await findApiToken(this.db, id);
    if (!row) throw notFound();
    const actor = authorize(caller.principal, 'api-token:revoke', { userId: row.user_id });
    return auditedTransaction(this.db, actor, caller, async (tx, audit) => {
      const reason = actor.userId === row.user_id ? 'user' : 'admin';
      // Revoking an ended token changes nothing and answers it as it is.
      if (await revokeApiToken(tx, id, reason)) {
        await audit({ action: 'api_token.revoke', targetType: 'api_token', targetId: id, details: { userId: row.user_id, name: row.name, reason } });
      }
      return presentApiToken((await findApiToken(tx, id))!);
    });
  }
}
