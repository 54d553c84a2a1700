// Rules of account re-validation and bulk import (accounts document, sections 2, 4, 5, 7 and 8; DESIGN.md
// decisions 8, 9 and 11).
//
// Re-validation: an administrator picks accounts last validated before a day; each is disabled, marked
// pending, its sessions end, and it gets an 'account_update' link. The user completes the form behind the
// link (the token is used once, whatever the concurrency) and every administrator gets one
// 'account_update_validation' link; the first to open it enables the account again and sets its last
// validation date, the others read that another administrator was first.
//
// Import: every line is checked first (the sign-up rules, duplicates inside the text and against the
// database), then each good line is written in a transaction of its own, so a line refused by the database
// at the last moment (a sign-up taking the same username meanwhile) is reported and leaves nothing behind.
import {
  accountValidationMessages as text,
  messages,
  registrationMessages,
  updateAccountFormSchema,
  type AccountToValidate,
  type ConfirmUserAccountUpdateReply,
  type ImportAccountsReply,
  type ImportLineError,
  type UpdateAccountBody,
  type UpdateTokenCheckReply,
  type ValidationCountReply,
} from '@testbed/contract';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { enqueueMail } from '../../mail/outbox.js';
import { consumeToken, issueToken, peekToken, revokeTokens } from '../../security/account-tokens.js';
import { hashPassword } from '../../security/passwords.js';
import { authorize } from '../../security/policies.js';
import type { Principal } from '../../security/principal.js';
import { recordAudit } from '../audit/repo.js';
import { parseSshPublicKey, type ParsedSshKey } from '../credentials/ssh-key.js';
import { insertUser, listAdministratorEmails } from '../users/repo.js';
import { parseImportText, type ParsedImportLine } from './import-csv.js';
import {
  addUserKey,
  approveAccountUpdate,
  completeImportedUser,
  deleteUserKeys,
  findCurrentEmployment,
  findLatestIntendedUsage,
  findOrCreateEmployer,
  findTakenNames,
  findUpdatableUser,
  listAccountsToUpdate,
  listEmployerTypeLabels,
  listPendingAccounts,
  listProfessionalStatusLabels,
  listUserKeys,
  lockAccounts,
  lockUpdatableUser,
  markValidationRequested,
  presentAccount,
  presentPrefill,
  recordIntendedUsage,
  setCurrentEmployment,
  updateProfile,
} from './repo.js';

export interface Caller {
  principal: Principal | null;
  ip: string;
}

const tokenInvalid = () => new AppError('not_found', messages.TOKEN_INVALID);

function isDatabaseConstraintError(error: unknown): error is { code: string; constraint?: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('23');
}

/** Labels to ids, case-insensitively; undefined stays null, an unknown label is an error of the field. */
function labelIndex(rows: { id: number; label: string }[]) {
  const byLabel = new Map(rows.map((row) => [row.label.toLowerCase(), row.id]));
  return (label: string | undefined): number | null | 'unknown' => (label ? (byLabel.get(label.toLowerCase()) ?? 'unknown') : null);
}

export class AccountValidationService {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'PUBLIC_URL'>,
  ) {}

  private link(path: string): string {
    return `${this.config.PUBLIC_URL.replace(/\/+$/, '')}${path}`;
  }

  // Re-validation requests ----------------------------------------------------------------------------

  async accountsToUpdate(caller: Caller, dateMs: number): Promise<AccountToValidate[]> {
    const admin = authorize(caller.principal, 'admin');
    return (await listAccountsToUpdate(this.db, new Date(dateMs), admin.userId)).map(presentAccount);
  }

  async pendingAccounts(caller: Caller): Promise<AccountToValidate[]> {
    authorize(caller.principal, 'admin');
    return (await listPendingAccounts(this.db)).map(presentAccount);
  }

  async requestValidation(caller: Caller, userIds: number[]): Promise<ValidationCountReply> {
    const admin = authorize(caller.principal, 'admin');
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
        await enqueueMail(tx, {
          to: user.email,
          subject: 'Testbed Portal: please update and validate your account',
          text: [
            `Hello ${user.firstname} ${user.lastname},`,
            '',
            'An administrator of the testbed asks you to check and update your account. Until it is validated',
            'again, your account is disabled and you cannot sign in.',
            '',
            'Open this link to update your account (it is valid for 24 hours and can be used once):',
            this.link(`/updateAccount/${token}`),
            '',
            `Your username: ${user.username}`,
          ].join('\n'),
        });
        await recordAudit(tx, {
          actorUserId: admin.userId,
          action: 'account.validation_requested',
          targetType: 'user',
          targetId: user.id,
          ip: caller.ip,
        });
        count += 1;
      }
      return { count };
    });
  }

  // The user's update -----------------------------------------------------------------------------------

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

  async updateAccount(caller: Caller, body: UpdateAccountBody): Promise<{ username: string }> {
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
      for (const to of await listAdministratorEmails(tx)) {
        await enqueueMail(tx, {
          to,
          subject: `Testbed Portal: account update of ${user.username} to validate`,
          text: [
            'Hello,',
            '',
            `${form.firstname} ${form.lastname} (${user.username}, ${user.email}) has updated their account and asks`,
            'for its validation. Open this link to validate it and enable the account again:',
            this.link(`/confirmUserAccountUpdate/${approval}`),
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
        ip: caller.ip,
        details: { removedKeys: form.removedCredentialIds.length, addedKey: key?.fingerprint ?? null },
      });
      return { username: user.username };
    });
  }

  // The administrator's approval --------------------------------------------------------------------------

  async confirmUpdate(caller: Caller, token: string): Promise<ConfirmUserAccountUpdateReply> {
    return this.db.transaction().execute(async (tx) => {
      const use = await consumeToken(tx, 'account_update_validation', token);
      if (!use.ok && use.problem !== 'used') throw tokenInvalid();
      const user = await findUpdatableUser(tx, use.userId!);
      if (!user || user.anonymised_at) throw tokenInvalid();
      const present = { userId: user.id, firstname: user.firstname, lastname: user.lastname, username: user.username };
      if (!use.ok) return { alreadyValidated: true, user: present };

      await approveAccountUpdate(tx, user.id);
      await enqueueMail(tx, {
        to: user.email,
        subject: 'Testbed Portal: your account is validated',
        text: [
          `Hello ${user.firstname} ${user.lastname},`,
          '',
          'An administrator has validated your account. You can sign in again:',
          this.link('/signin'),
        ].join('\n'),
      });
      await recordAudit(tx, {
        // The link is the administrator's credential here; the session, if any, says who opened it.
        actorUserId: caller.principal?.userId ?? null,
        action: 'account.update_validated',
        targetType: 'user',
        targetId: user.id,
        ip: caller.ip,
      });
      return { alreadyValidated: false, user: present };
    });
  }

  // Import ------------------------------------------------------------------------------------------------

  async importAccounts(caller: Caller, csv: string): Promise<ImportAccountsReply> {
    const admin = authorize(caller.principal, 'admin');
    const { lines, errors } = parseImportText(csv);
    const [employerTypes, professionalStatuses] = await Promise.all([
      listEmployerTypeLabels(this.db),
      listProfessionalStatusLabels(this.db),
    ]);
    const employerTypeOf = labelIndex(employerTypes);
    const professionalStatusOf = labelIndex(professionalStatuses);
    const taken = await findTakenNames(
      this.db,
      lines.map(({ data }) => data.username.toLowerCase()),
      lines.map(({ data }) => data.email.toLowerCase()),
    );
    const seenUsernames = new Map<string, number>();
    const seenEmails = new Map<string, number>();

    const accepted: Array<{ line: ParsedImportLine; key: ParsedSshKey | null; employerTypeId: number | null; professionalStatusId: number | null }> = [];
    for (const line of lines) {
      const { data } = line;
      const problems: string[] = [];
      const username = data.username.toLowerCase();
      const email = data.email.toLowerCase();
      const earlierUsername = seenUsernames.get(username);
      const earlierEmail = seenEmails.get(email);
      if (earlierUsername !== undefined) problems.push(`username: "${data.username}" is already on line ${earlierUsername}`);
      else if (taken.usernames.has(username)) problems.push(`username: ${registrationMessages.USERNAME_TAKEN}`);
      if (earlierEmail !== undefined) problems.push(`email: "${data.email}" is already on line ${earlierEmail}`);
      else if (taken.emails.has(email)) problems.push(`email: ${registrationMessages.EMAIL_TAKEN}`);
      seenUsernames.set(username, earlierUsername ?? line.line);
      seenEmails.set(email, earlierEmail ?? line.line);

      let key: ParsedSshKey | null = null;
      if (data.sshKey) {
        try {
          key = parseSshPublicKey(data.sshKey);
        } catch {
          problems.push(`sshKey: ${messages.INVALID_SSH_KEY}`);
        }
      }
      const employerTypeId = employerTypeOf(data.employerType);
      if (employerTypeId === 'unknown') problems.push(`employerType: ${registrationMessages.UNKNOWN_EMPLOYER_TYPE}`);
      const professionalStatusId = professionalStatusOf(data.professionalStatus);
      if (professionalStatusId === 'unknown') {
        problems.push(`professionalStatus: ${registrationMessages.UNKNOWN_PROFESSIONAL_STATUS}`);
      }
      if (problems.length > 0 || employerTypeId === 'unknown' || professionalStatusId === 'unknown') {
        errors.push({ line: line.line, message: problems.join('; ') });
        continue;
      }
      accepted.push({ line, key, employerTypeId, professionalStatusId });
    }

    let count = 0;
    for (const item of accepted) {
      const problem = await this.importOne(caller, admin, item);
      if (problem) errors.push(problem);
      else count += 1;
    }
    errors.sort((a, b) => a.line - b.line);
    await recordAudit(this.db, {
      actorUserId: admin.userId,
      action: 'accounts.import',
      ip: caller.ip,
      details: { imported: count, rejectedLines: errors.map((error) => error.line) },
    });
    return { count, errors };
  }

  /** Writes one account in its own transaction; a refusal by the database becomes that line's error. */
  private async importOne(
    caller: Caller,
    admin: Principal,
    item: { line: ParsedImportLine; key: ParsedSshKey | null; employerTypeId: number | null; professionalStatusId: number | null },
  ): Promise<ImportLineError | null> {
    const { line, data } = { line: item.line.line, data: item.line.data };
    const passwordHash = data.password ? await hashPassword(data.password) : null;
    try {
      await this.db.transaction().execute(async (tx) => {
        const now = new Date();
        const userId = await insertUser(
          tx,
          {
            username: data.username,
            email: data.email,
            firstname: data.firstname,
            lastname: data.lastname,
            // Replaced just below: an imported account without a password has none until its owner chooses one.
            password_hash: '',
            is_enabled: true,
            // The administrator vouches for the address, and the welcome link is only usable from it.
            email_verified_at: now,
            approved_date: now,
            last_validation_date: now,
          },
          ['USER'],
        );
        await completeImportedUser(tx, userId, {
          phone_number: data.phoneNumber ?? null,
          instant_messaging: data.instantMessaging ?? null,
          personal_url: data.personnalURL ?? null,
          password_hash: passwordHash,
        });
        const employerId = await findOrCreateEmployer(tx, data);
        await setCurrentEmployment(tx, userId, {
          employerId,
          employerTypeId: item.employerTypeId,
          professionalStatusId: item.professionalStatusId,
        });
        if (data.intendedUsage) await recordIntendedUsage(tx, userId, data.intendedUsage);
        if (item.key) {
          await addUserKey(tx, userId, { ssh_key: item.key.normalisedLine, key_type: item.key.type, fingerprint: item.key.fingerprint });
        }
        await this.sendWelcome(tx, userId, data);
        await recordAudit(tx, {
          actorUserId: admin.userId,
          action: 'account.imported',
          targetType: 'user',
          targetId: userId,
          ip: caller.ip,
          details: { line },
        });
      });
      return null;
    } catch (error) {
      if (!isDatabaseConstraintError(error)) throw error;
      const constraint = error.constraint ?? '';
      if (constraint.includes('username')) return { line, message: `username: ${registrationMessages.USERNAME_TAKEN}` };
      if (constraint.includes('email')) return { line, message: `email: ${registrationMessages.EMAIL_TAKEN}` };
      return { line, message: 'This line could not be stored: one of its values is refused by the database.' };
    }
  }

  private async sendWelcome(tx: Queryable, userId: number, data: ParsedImportLine['data']): Promise<void> {
    const token = await issueToken(tx, userId, 'account_setup');
    await enqueueMail(tx, {
      to: data.email,
      subject: 'Testbed Portal: your account has been created',
      text: [
        `Hello ${data.firstname} ${data.lastname},`,
        '',
        'An administrator of the testbed has created an account for you.',
        `Your username: ${data.username}`,
        '',
        data.password
          ? 'Open this link to choose your own password (it is valid for 24 hours and can be used once):'
          : 'Open this link to choose your password (it is valid for 24 hours and can be used once):',
        this.link(`/resetPassword/${token}`),
        '',
        `If the link has expired, ask for a new one from ${this.link('/passwordForgotten')}.`,
      ].join('\n'),
    });
  }
}
