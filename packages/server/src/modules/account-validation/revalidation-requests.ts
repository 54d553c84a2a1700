// An administrator asks accounts to be validated again:
// the accounts last validated before a day are listed; each one asked is disabled, marked pending, its
// sessions end, and it gets an 'account_update' link (account-update.ts takes it from there).
import { accountValidationMessages as text, type AccountToValidate, type ValidationCountReply } from '@testbed/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { enqueueLetter } from '../../mail/outbox.js';
import { issueToken, revokeTokens } from '../../security/account-tokens.js';
import { authorize } from '../../security/policies.js';
import type { Principal } from '../../security/principal.js';
import { recordAudit } from '../../db/audit-writer.js';
import { publicLink } from './links.js';
import { listAccountsToUpdate, listPendingAccounts, lockAccounts, markValidationRequested, type AccountRow } from './repo.js';
import { presentAccountIdentity } from '../users/service.js';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function presentAccount(row: AccountRow): AccountToValidate {
  return {
    ...presentAccountIdentity(row),
    lastValidationDate: iso(row.last_validation_date),
    isEnabled: row.is_enabled,
    userAccountValidationPending: row.validation_pending,
  };
}

export class RevalidationRequests {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'PUBLIC_URL'>,
  ) {}

  async accountsToUpdate(principal: Principal | null, dateMs: number): Promise<AccountToValidate[]> {
    const admin = authorize(principal, 'accounts-to-validate:read');
    return (await listAccountsToUpdate(this.db, new Date(dateMs), admin.userId)).map(presentAccount);
  }

  async pendingAccounts(principal: Principal | null): Promise<AccountToValidate[]> {
    authorize(principal, 'accounts-to-validate:read');
    return (await listPendingAccounts(this.db)).map(presentAccount);
  }

  async requestValidation(principal: Principal | null, userIds: number[], ip: string): Promise<ValidationCountReply> {
    const admin = authorize(principal, 'account-validation:request');
    const ids = [...new Set(userIds)];
    if (ids.includes(admin.userId)) throw new AppError('validation', text.CANNOT_ASK_YOURSELF);
    return this.db.transaction().execute(async (tx) => {
      const users = await lockAccounts(tx, ids);
      if (users.length !== ids.length || users.some((user) => user.anonymised_at)) {
        throw new AppError('not_found', text.ACCOUNT_NOT_FOUND);
      }
      let count = 0;
      for (const user of users) {
        // Asked meanwhile by another administrator: one request, one mail.
        if (user.validation_pending) continue;
        await markValidationRequested(tx, user.id);
        await revokeTokens(tx, user.id, ['account_update', 'account_update_validation']);
        const token = await issueToken(tx, user.id, 'account_update');
        await enqueueLetter(tx, user, 'please update and validate your account', [
          'An administrator of the testbed asks you to check and update your account. Until it is validated',
          'again, your account is disabled and you cannot sign in.',
          '',
          'Open this link to update your account (it is valid for 24 hours and can be used once):',
          publicLink(this.config, `/updateAccount/${token}`),
          '',
          `Your username: ${user.username}`,
        ]);
        await recordAudit(tx, {
          actorUserId: admin.userId,
          action: 'account.validation_requested',
          targetType: 'user',
          targetId: user.id,
          ip,
        });
        count += 1;
      }
      return { count };
    });
  }

  // The user's update -----------------------------------------------------------------------------------
}
