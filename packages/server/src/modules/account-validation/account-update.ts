// The user's side of a re-validation (docs/accounts.md): the
// 'account_update' link shows the account's data, the user completes the form (the token is used once,
// whatever the concurrency) and every administrator gets one 'account_update_validation' link; the first
// to open it enables the account again and sets its last validation date, the others read that another
// administrator was first.
import {
  accountValidationMessages as text,
  messages,
  registrationMessages,
  updateAccountFormSchema,
  type ConfirmUserAccountUpdateReply,
  type UpdateAccountBody,
  type UpdateTokenCheckReply,
} from '@testbed/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { administratorEmails } from '../../mail/administrators.js';
import { findCurrentEmployment } from '../employers/service.js';
import { enqueueLetter, enqueueMail } from '../../mail/outbox.js';
import { consumeToken, issueToken, peekToken, revokeTokens } from '../../security/account-tokens.js';
import { hashPassword } from '../../security/passwords.js';
import { authorize } from '../../security/policies.js';
import type { Principal } from '../../security/principal.js';
import { recordAudit } from '../../db/audit-writer.js';
import { parseSshPublicKey, type ParsedSshKey } from '../credentials/ssh-key.js';
import { publicLink } from './links.js';
import {
  labelIndex,
  addUserKey,
  approveAccountUpdate,
  deleteUserKeys,
  findLatestIntendedUsage,
  findOrCreateEmployer,
  findUpdatableUser,
  listEmployerTypeLabels,
  listProfessionalStatusLabels,
  listUserKeys,
  lockUpdatableUser,
  presentPrefill,
  recordIntendedUsage,
  setCurrentEmployment,
  updateProfile,
} from './repo.js';

const tokenInvalid = () => new AppError('not_found', messages.TOKEN_INVALID);

export class AccountUpdates {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'PUBLIC_URL'>,
  ) {}

  async checkUpdateToken(token: string): Promise<UpdateTokenCheckReply> {
    const [employerTypes, professionalStatuses] = await Promise.all([
      listEmployerTypeLabels(this.db),
      listProfessionalStatusLabels(this.db),
    ]);
    const choices = {
      employerTypes: employerTypes.map((row) => row.label),
      professionalStatuses: professionalStatuses.map((row) => row.label),
    };
    const lookup = await peekToken(this.db, 'account_update', token);
    if (!lookup.ok) {
      return { status: lookup.problem === 'used' ? 'token_already_used' : 'token_invalid', ...choices };
    }
    const user = await findUpdatableUser(this.db, lookup.userId);
    if (!user || user.anonymised_at) return { status: 'user_not_found', ...choices };
    const [keys, employment, intendedUsage] = await Promise.all([
      listUserKeys(this.db, user.id),
      findCurrentEmployment(this.db, user.id),
      findLatestIntendedUsage(this.db, user.id),
    ]);
    return { status: 'token_valid', account: presentPrefill(user, keys, employment, intendedUsage), ...choices };
  }

  async updateAccount(principal: Principal | null, body: UpdateAccountBody, ip: string): Promise<{ username: string }> {
    const parsed = updateAccountFormSchema.safeParse(body.updateAccountForm);
    if (!parsed.success) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0] ?? 'updateAccountForm')] ??= []).push(issue.message);
      const [field, problems] = Object.entries(fieldErrors)[0]!;
      throw new AppError('validation', `${field}: ${problems[0]}`, { fieldErrors });
    }
    const form = parsed.data;
    const key: ParsedSshKey | null = form.sshKey ? parseSshPublicKey(form.sshKey) : null;
    const [employerTypes, professionalStatuses] = await Promise.all([
      listEmployerTypeLabels(this.db),
      listProfessionalStatusLabels(this.db),
    ]);
    const employerTypeId = labelIndex(employerTypes)(form.employerType);
    const professionalStatusId = labelIndex(professionalStatuses)(form.professionalStatus);
    if (employerTypeId === 'unknown') {
      throw new AppError('validation', registrationMessages.UNKNOWN_EMPLOYER_TYPE, {
        fieldErrors: { employerType: [registrationMessages.UNKNOWN_EMPLOYER_TYPE] },
      });
    }
    if (professionalStatusId === 'unknown') {
      throw new AppError('validation', registrationMessages.UNKNOWN_PROFESSIONAL_STATUS, {
        fieldErrors: { professionalStatus: [registrationMessages.UNKNOWN_PROFESSIONAL_STATUS] },
      });
    }
    // Hashing is slow on purpose: done before the transaction so that no row stays locked meanwhile.
    const passwordHash = await hashPassword(form.password);

    return this.db.transaction().execute(async (tx) => {
      const use = await consumeToken(tx, 'account_update', body.token);
      if (!use.ok) {
        if (use.problem === 'used') throw new AppError('conflict', messages.ACCOUNT_ALREADY_UPDATED);
        throw tokenInvalid();
      }
      authorize(principal, 'account:use-mail-link', { linkValid: use.ok });
      const user = await lockUpdatableUser(tx, use.userId);
      if (!user || user.anonymised_at) throw new AppError('not_found', text.ACCOUNT_NOT_FOUND);

      await updateProfile(tx, user.id, {
        firstname: form.firstname,
        lastname: form.lastname,
        phone_number: form.phoneNumber ?? null,
        instant_messaging: form.instantMessaging ?? null,
        personal_url: form.personnalURL ?? null,
        password_hash: passwordHash,
      });
      await deleteUserKeys(tx, user.id, form.removedCredentialIds);
      if (key) await addUserKey(tx, user.id, { ssh_key: key.normalisedLine, key_type: key.type, fingerprint: key.fingerprint });
      const employerId = await findOrCreateEmployer(tx, form);
      await setCurrentEmployment(tx, user.id, { employerId, employerTypeId, professionalStatusId });
      await recordIntendedUsage(tx, user.id, form.intendedUsage);

      await revokeTokens(tx, user.id, ['account_update_validation']);
      const approval = await issueToken(tx, user.id, 'account_update_validation');
      for (const to of await administratorEmails(tx)) {
        await enqueueMail(tx, {
          to,
          subject: `Testbed Portal: account update of ${user.username} to validate`,
          text: [
            'Hello,',
            '',
            `${form.firstname} ${form.lastname} (${user.username}, ${user.email}) has updated their account and asks`,
            'for its validation. Open this link to validate it and enable the account again:',
            publicLink(this.config, `/confirmUserAccountUpdate/${approval}`),
            '',
            'The first administrator who opens the link validates the account; it is valid for 7 days.',
          ].join('\n'),
        });
      }
      await recordAudit(tx, {
        actorUserId: user.id,
        action: 'account.updated_for_validation',
        targetType: 'user',
        targetId: user.id,
        ip,
        details: { removedKeys: form.removedCredentialIds.length, addedKey: key?.fingerprint ?? null },
      });
      return { username: user.username };
    });
  }

  // The administrator's approval --------------------------------------------------------------------------

  async confirmUpdate(principal: Principal | null, token: string, ip: string): Promise<ConfirmUserAccountUpdateReply> {
    return this.db.transaction().execute(async (tx) => {
      const use = await consumeToken(tx, 'account_update_validation', token);
      if (!use.ok && use.problem !== 'used') throw tokenInvalid();
      const user = await findUpdatableUser(tx, use.userId!);
      if (!user || user.anonymised_at) throw tokenInvalid();
      const present = { userId: user.id, firstname: user.firstname, lastname: user.lastname, username: user.username };
      if (!use.ok) return { alreadyValidated: true, user: present };
      authorize(principal, 'account:use-mail-link', { linkValid: use.ok });

      await approveAccountUpdate(tx, user.id);
      await enqueueLetter(tx, user, 'your account is validated', [
        'An administrator has validated your account. You can sign in again:',
        publicLink(this.config, '/signin'),
      ]);
      await recordAudit(tx, {
        // The link is the administrator's credential here; the session, if any, says who opened it.
        actorUserId: principal?.userId ?? null,
        action: 'account.update_validated',
        targetType: 'user',
        targetId: user.id,
        ip,
      });
      return { alreadyValidated: false, user: present };
    });
  }
}
