// Bulk import of accounts (docs/accounts.md): every line is checked first (the sign-up rules,
// duplicates inside the text and against the database), then each good line is written in a transaction of
// its own, so a line refused by the database at the last moment (a sign-up taking the same username
// meanwhile) is reported and leaves nothing behind; each imported user is mailed a link to set a password.
import { messages, registrationMessages, type ImportAccountsReply, type ImportLineError } from '@testbed/contract';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/database.js';
import { isConstraintError } from '../../db/constraint-errors.js';
import { enqueueLetter } from '../../mail/outbox.js';
import { issueToken } from '../../security/account-tokens.js';
import { hashPassword } from '../../security/passwords.js';
import { authorize } from '../../security/policies.js';
import type { Principal } from '../../security/principal.js';
import { recordAudit } from '../../db/audit-writer.js';
import { parseSshPublicKey, type ParsedSshKey } from '../credentials/ssh-key.js';
import { insertUser } from '../users/service.js';
import { publicLink } from './links.js';
import { parseImportText, type ParsedImportLine } from './import-csv.js';
import {
  labelIndex,
  addUserKey,
  completeImportedUser,
  findOrCreateEmployer,
  findTakenNames,
  listEmployerTypeLabels,
  listProfessionalStatusLabels,
  recordIntendedUsage,
  setCurrentEmployment,
} from './repo.js';

export class AccountImport {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'PUBLIC_URL'>,
  ) {}

  async importAccounts(principal: Principal | null, csv: string, ip: string): Promise<ImportAccountsReply> {
    const admin = authorize(principal, 'accounts:import');
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
      const problem = await this.importOne(admin, ip, item);
      if (problem) errors.push(problem);
      else count += 1;
    }
    errors.sort((a, b) => a.line - b.line);
    await recordAudit(this.db, {
      actorUserId: admin.userId,
      action: 'accounts.import',
      ip,
      details: { imported: count, rejectedLines: errors.map((error) => error.line) },
    });
    return { count, errors };
  }

  /** Writes one account in its own transaction; a refusal by the database becomes that line's error. */
  private async importOne(
    admin: Principal,
    ip: string,
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
          ip,
          details: { line },
        });
      });
      return null;
    } catch (error) {
      if (!isConstraintError(error)) throw error;
      const constraint = error.constraint ?? '';
      if (constraint.includes('username')) return { line, message: `username: ${registrationMessages.USERNAME_TAKEN}` };
      if (constraint.includes('email')) return { line, message: `email: ${registrationMessages.EMAIL_TAKEN}` };
      return { line, message: 'This line could not be stored: one of its values is refused by the database.' };
    }
  }

  private async sendWelcome(tx: Queryable, userId: number, data: ParsedImportLine['data']): Promise<void> {
    const token = await issueToken(tx, userId, 'account_setup');
    await enqueueLetter(tx, data, 'your account has been created', [
      'An administrator of the testbed has created an account for you.',
      `Your username: ${data.username}`,
      '',
      data.password
        ? 'Open this link to choose your own password (it is valid for 24 hours and can be used once):'
        : 'Open this link to choose your password (it is valid for 24 hours and can be used once):',
      publicLink(this.config, `/resetPassword/${token}`),
      '',
      `If the link has expired, ask for a new one from ${publicLink(this.config, '/passwordForgotten')}.`,
    ]);
  }
}
