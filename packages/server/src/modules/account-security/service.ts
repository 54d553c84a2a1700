// Rules of passwords, e-mail changes and account deletion: the contract's password rule plus no common
// password; a change or reset of a password
// ends the account's sessions (its session generation is raised); reset links live one hour and e-mail
// links a day, each used once; an address changes only when the link sent to it is opened, and the old
// address is told; a deleted account keeps no way in, and rows that history needs stay, anonymised.
import { randomBytes } from 'node:crypto';
import {
  accountSecurityMessages as text,
  userMessages,
  messages,
  type AccountSummary,
  type ChangeEmailBody,
  type ChangeEmailReply,
  type ChangePasswordBody,
  type ChangePasswordByAdminBody,
  type CheckTokenReply,
  type ConfirmChangeEmailReply,
  type DeleteAccountReply,
  type PartialDeletionReply,
  type PasswordChangedReply,
  type PasswordForgottenReply,
  type ResetPasswordBody,
  type SigninReply,
} from '@testbed/contract';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { isConstraintError, UNIQUE_VIOLATION } from '../../db/constraint-errors.js';
import { clearAccountFailures } from '../../security/sign-in-throttle.js';
import type { AccessTokens } from '../../security/access-token.js';
import { consumeToken, issueToken, peekToken, revokeTokens, type TokenLookup, type TokenProblem } from '../../security/account-tokens.js';
import { isCommonPassword } from '../../security/common-passwords.js';
import { hashPassword, verifyPassword } from '../../security/passwords.js';
import { authorize } from '../../security/policies.js';
import type { Caller, Principal } from '../../security/principal.js';
import { enqueueMail } from '../../mail/outbox.js';
import { recordAudit } from '../../db/audit-writer.js';
import { freshSession } from '../auth/service.js';
import { keepAnAdministrator } from '../users/service.js';
import {
  anonymiseAccount,
  deleteAccountRowIfUnreferenced,
  findAccount,
  findResettableAccountByEmail,
  hasRecentResetLink,
  isEmailTakenByOther,
  lockAccount,
  presentAccountSummary,
  setEmail,
  setPassword,
  type AccountRow,
} from './repo.js';

/** Who is asking, as the routes hand it over. */
/** At most one reset mail per account in this time. */
const RESET_MAIL_INTERVAL_SECONDS = 60;

const userNotFound = () => new AppError('not_found', text.USER_NOT_FOUND);
const accountDeleted = () => new AppError('conflict', text.ACCOUNT_DELETED);
const emailTaken = () => new AppError('conflict', text.EMAIL_TAKEN, { fieldErrors: { newEmail: [text.EMAIL_TAKEN] } });

/** A refused link: an unknown or expired token is invalid, a used one says so. */
function tokenRefused(problem: TokenProblem): AppError {
  if (problem === 'used') return new AppError('conflict', messages.TOKEN_ALREADY_USED, { fieldErrors: { token: ['used'] } });
  return new AppError('validation', messages.TOKEN_INVALID, { fieldErrors: { token: [problem] } });
}

function assertAcceptablePassword(password: string, field: string) {
  if (isCommonPassword(password)) {
    throw new AppError('validation', text.COMMON_PASSWORD, { fieldErrors: { [field]: [text.COMMON_PASSWORD] } });
  }
}

const fullName = (row: Pick<AccountRow, 'firstname' | 'lastname'>) => `${row.firstname} ${row.lastname}`;

export class AccountSecurityService {
  constructor(
    private readonly db: Db,
    private readonly tokens: AccessTokens,
    private readonly config: Config,
  ) {}

  private link(route: string, token: string) {
    return `${this.config.PUBLIC_URL}/${route}/${encodeURIComponent(token)}`;
  }

  private async liveAccount(db: Queryable, userId: number, lock = false): Promise<AccountRow> {
    const row = lock ? await lockAccount(db, userId) : await findAccount(db, userId);
    if (!row) throw userNotFound();
    if (row.anonymised_at) throw accountDeleted();
    return row;
  }

  /** A new session for the caller after their own password change, under the raised generation. */
  private async freshSession(row: AccountRow, generation: number): Promise<SigninReply | undefined> {
    return freshSession(this.db, this.tokens, row.username, generation);
  }

  // Forgotten password ------------------------------------------------------------------------------------

  /** Always the same one sentence, so the reply tells nothing about which addresses exist. */
  async requestPasswordReset(email: string, ip: string): Promise<PasswordForgottenReply> {
    const reply = { message: messages.RESET_PASSWORD_SENT } as const;
    const account = await findResettableAccountByEmail(this.db, email);
    if (!account) return reply;
    // Requests from many addresses must not flood one mailbox: the link of a minute ago still works.
    if (await hasRecentResetLink(this.db, account.id, RESET_MAIL_INTERVAL_SECONDS)) return reply;
    await this.db.transaction().execute(async (tx) => {
      // Only the newest link works: an older mail lying around is of no use to anybody.
      await revokeTokens(tx, account.id, ['password_reset']);
      const token = await issueToken(tx, account.id, 'password_reset');
      await enqueueMail(tx, {
        to: account.email,
        subject: 'Testbed Portal: reset your password',
        text:
          `Hello ${account.firstname} ${account.lastname},\n\n` +
          `Somebody, hopefully you, asked to reset the password of your Testbed Portal account "${account.username}".\n` +
          `To choose a new password, open this link within one hour:\n\n${this.link('resetPassword', token)}\n\n` +
          `The link works once. If you did not ask for it, ignore this mail: your password stays as it is.\n`,
      });
      await recordAudit(tx, { actorUserId: null, action: 'account.password_reset.requested', targetType: 'user', targetId: account.id, ip });
    });
    return reply;
  }

  async checkResetToken(token: string): Promise<CheckTokenReply> {
    const lookup = await lookUpPasswordLink(token, (kind) => peekToken(this.db, kind, token));
    return lookup.ok ? { valid: true } : { valid: false, problem: lookup.problem };
  }

  async resetPassword(body: ResetPasswordBody, ip: string): Promise<PasswordChangedReply> {
    assertAcceptablePassword(body.newPassword, 'newPassword');
    const passwordHash = await hashPassword(body.newPassword);
    await this.db.transaction().execute(async (tx) => {
      const used = await lookUpPasswordLink(body.token, (kind) => consumeToken(tx, kind, body.token));
      if (!used.ok) throw tokenRefused(used.problem);
      authorize(null, 'account:use-mail-link', { linkValid: used.ok });
      const account = await lockAccount(tx, used.userId);
      if (!account || account.anonymised_at) throw tokenRefused('invalid');
      await setPassword(tx, account.id, passwordHash);
      await revokeTokens(tx, account.id, PASSWORD_LINK_KINDS);
      // Whoever made the account wait, the mailed link proves the user: they may sign in at once.
      await clearAccountFailures(tx, account.id);
      await this.mailPasswordChanged(tx, account, 'reset');
      await recordAudit(tx, { actorUserId: account.id, action: 'account.password_reset', targetType: 'user', targetId: account.id, ip });
    });
    return { changed: true };
  }

  private async mailPasswordChanged(db: Queryable, account: AccountRow, how: 'reset' | 'self' | 'admin') {
    const cause =
      how === 'admin' ? 'An administrator has changed the password of' : how === 'reset' ? 'You have reset the password of' : 'You have changed the password of';
    await enqueueMail(db, {
      to: account.email,
      subject: 'Testbed Portal: your password has been changed',
      text:
        `Hello ${fullName(account)},\n\n${cause} your Testbed Portal account "${account.username}".\n` +
        `Every session signed in with the old password has been signed out.\n\n` +
        `If you did not expect this, reset your password at ${this.config.PUBLIC_URL}/passwordForgotten ` +
        `and tell an administrator.\n`,
    });
  }

  // Password change ---------------------------------------------------------------------------------------

  async changePassword(caller: Caller, body: ChangePasswordBody): Promise<PasswordChangedReply> {
    const actor = authorize(caller.principal, 'account:change-password', { userId: body.userId });
    const account = await this.liveAccount(this.db, body.userId);
    if (!(await verifyPassword(account.password_hash, body.currentPassword))) {
      await recordAudit(this.db, { actorUserId: actor.userId, action: 'account.password_change.refused', targetType: 'user', targetId: account.id, ip: caller.ip });
      throw new AppError('validation', messages.CURRENT_PASSWORD_WRONG, {
        fieldErrors: { currentPassword: [messages.CURRENT_PASSWORD_WRONG] },
      });
    }
    if (body.newPassword === body.currentPassword) {
      throw new AppError('validation', text.SAME_PASSWORD, { fieldErrors: { newPassword: [text.SAME_PASSWORD] } });
    }
    return this.replacePassword(account, body.newPassword, 'self', actor.userId, caller.ip);
  }

  async changePasswordByAdmin(caller: Caller, body: ChangePasswordByAdminBody): Promise<PasswordChangedReply> {
    const actor = authorize(caller.principal, 'account:change-password-by-admin');
    const account = await this.liveAccount(this.db, body.userId);
    return this.replacePassword(account, body.newPassword, 'admin', actor.userId, caller.ip);
  }

  /**
   * Stores a new password (after its rules are checked), ends the password links and the other sessions and
   * mails the owner. A caller changing their own password gets a new session: the page returns them to
   * their account, signed in here while their other sessions end.
   */
  private async replacePassword(
    account: AccountRow,
    newPassword: string,
    by: 'self' | 'admin',
    actorUserId: number,
    ip: string,
  ): Promise<PasswordChangedReply> {
    assertAcceptablePassword(newPassword, 'newPassword');
    const passwordHash = await hashPassword(newPassword);
    const generation = await this.db.transaction().execute(async (tx) => {
      const locked = await this.liveAccount(tx, account.id, true);
      const next = await setPassword(tx, locked.id, passwordHash);
      await revokeTokens(tx, locked.id, PASSWORD_LINK_KINDS);
      await this.mailPasswordChanged(tx, locked, by);
      const action = by === 'self' ? 'account.password_change' : 'admin.password_change';
      await recordAudit(tx, { actorUserId, action, targetType: 'user', targetId: locked.id, ip });
      return next;
    });
    const session = actorUserId === account.id ? await this.freshSession(account, generation) : undefined;
    return { changed: true, session };
  }

  // E-mail change -----------------------------------------------------------------------------------------

  async summary(caller: Caller, userId: number): Promise<AccountSummary> {
    authorize(caller.principal, 'account:read-summary', { userId });
    const row = await findAccount(this.db, userId);
    if (!row) throw userNotFound();
    return presentAccountSummary(row);
  }

  async changeEmail(caller: Caller, body: ChangeEmailBody): Promise<ChangeEmailReply> {
    const actor = authorize(caller.principal, 'account:change-email', { userId: body.userId });
    return this.requestEmailChange(actor, caller.ip, body, 'account.email_change.requested');
  }

  async changeEmailByAdmin(caller: Caller, body: ChangeEmailBody): Promise<ChangeEmailReply> {
    const actor = authorize(caller.principal, 'account:change-email-by-admin');
    return this.requestEmailChange(actor, caller.ip, body, 'admin.email_change.requested');
  }

  private async requestEmailChange(actor: Principal, ip: string, body: ChangeEmailBody, action: string): Promise<ChangeEmailReply> {
    const newEmail = body.newEmail.trim();
    return this.db.transaction().execute(async (tx) => {
      const account = await this.liveAccount(tx, body.userId, true);
      if (account.email.toLowerCase() === newEmail.toLowerCase()) {
        throw new AppError('validation', text.SAME_EMAIL, { fieldErrors: { newEmail: [text.SAME_EMAIL] } });
      }
      if (await isEmailTakenByOther(tx, newEmail, account.id)) throw emailTaken();
      // One change waits at a time: a newer request replaces the older link.
      await revokeTokens(tx, account.id, ['email_change']);
      const token = await issueToken(tx, account.id, 'email_change', { newEmail });
      const byAdmin = actor.userId !== account.id;
      await enqueueMail(tx, {
        to: newEmail,
        subject: 'Testbed Portal: confirm your new e-mail address',
        text:
          `Hello ${fullName(account)},\n\n` +
          (byAdmin
            ? `An administrator has asked to change the e-mail address of your Testbed Portal account "${account.username}" to this address.\n`
            : `You have asked to change the e-mail address of your Testbed Portal account "${account.username}" to this address.\n`) +
          `To confirm, open this link within 24 hours:\n\n${this.link('confirmChangeEmail', token)}\n\n` +
          `Until then the account keeps its current address. If you did not expect this mail, ignore it.\n`,
      });
      await recordAudit(tx, { actorUserId: actor.userId, action, targetType: 'user', targetId: account.id, ip });
      return { userId: account.id, newEmail, confirmationSent: true as const };
    });
  }

  async confirmChangeEmail(token: string, ip: string): Promise<ConfirmChangeEmailReply> {
    try {
      return await this.db.transaction().execute(async (tx) => {
        const used = await consumeToken(tx, 'email_change', token);
        if (!used.ok) throw tokenRefused(used.problem);
        authorize(null, 'account:use-mail-link', { linkValid: used.ok });
        const newEmail = typeof used.payload.newEmail === 'string' ? used.payload.newEmail : null;
        const account = await lockAccount(tx, used.userId);
        if (!newEmail || !account || account.anonymised_at) throw tokenRefused('invalid');
        if (await isEmailTakenByOther(tx, newEmail, account.id)) throw emailTaken();
        await setEmail(tx, account.id, newEmail);
        await revokeTokens(tx, account.id, ['email_change']);
        await enqueueMail(tx, {
          to: account.email,
          subject: 'Testbed Portal: your e-mail address has been changed',
          text:
            `Hello ${fullName(account)},\n\n` +
            `The e-mail address of your Testbed Portal account "${account.username}" is now ${newEmail}.\n` +
            `Mail of the portal no longer comes to this address.\n\n` +
            `If you did not expect this, tell an administrator at once.\n`,
        });
        await recordAudit(tx, { actorUserId: account.id, action: 'account.email_change', targetType: 'user', targetId: account.id, ip });
        return { userId: account.id, email: newEmail };
      });
    } catch (error) {
      // Another account took the address between the check and the update.
      if (isConstraintError(error, UNIQUE_VIOLATION)) throw emailTaken();
      throw error;
    }
  }

  // Deletion ----------------------------------------------------------------------------------------------

  /**
   * The person deletes their own account with their password. A row that reservations or flash jobs
   * refer to stays for their history, with nothing left of the person; any other row is deleted.
   */
  async deleteOwnAccount(caller: Caller, userId: number, password: string): Promise<DeleteAccountReply> {
    const actor = authorize(caller.principal, 'account:delete', { userId });
    const account = await this.liveAccount(this.db, userId);
    if (!(await verifyPassword(account.password_hash, password))) {
      await recordAudit(this.db, { actorUserId: actor.userId, action: 'account.delete.refused', targetType: 'user', targetId: account.id, ip: caller.ip });
      throw new AppError('validation', messages.PASSWORD_WRONG, { fieldErrors: { password: [messages.PASSWORD_WRONG] } });
    }
    await this.db.transaction().execute(async (tx) => {
      // The lock also waits for bookings that are referring to the account right now.
      const locked = await this.liveAccount(tx, userId, true);
      await keepAnAdministrator(tx, locked.id);
      await enqueueMail(tx, {
        to: locked.email,
        subject: 'Testbed Portal: your account has been deleted',
        text:
          `Hello ${fullName(locked)},\n\nYour Testbed Portal account "${locked.username}" has been deleted at your request, ` +
          `with your personal data, SSH keys, employers and intended usages.\n`,
      });
      await recordAudit(tx, { actorUserId: actor.userId, action: 'account.delete', targetType: 'user', targetId: locked.id, ip: caller.ip });
      if (!(await deleteAccountRowIfUnreferenced(tx, locked.id))) {
        const tag = `${locked.id}_${randomBytes(4).toString('hex')}`;
        await anonymiseAccount(tx, locked.id, {
          username: `deleted_${tag}`,
          email: `deleted-${tag}@invalid.invalid`,
          firstname: 'Deleted',
          lastname: 'user',
        });
      }
    });
    return { userId, deleted: true };
  }

  /** An administrator's partial deletion (anonymisation): the account stays, emptied and locked. */
  async deletePartiallyByAdmin(caller: Caller, userId: number): Promise<PartialDeletionReply> {
    const actor = authorize(caller.principal, 'account:delete-partially');
    return this.db.transaction().execute(async (tx) => {
      const account = await lockAccount(tx, userId);
      if (!account) throw userNotFound();
      // Saying so rather than answering 200 again tells an administrator that nothing was done this time.
      if (account.anonymised_at) throw new AppError('conflict', userMessages.ALREADY_ANONYMISED);
      await keepAnAdministrator(tx, account.id);
      const anonymisedAt = await anonymiseAccount(tx, account.id);
      await recordAudit(tx, { actorUserId: actor.userId, action: 'admin.user.delete_partially', targetType: 'user', targetId: account.id, ip: caller.ip });
      return { userId: account.id, partiallyDeleted: true as const, anonymisedAt: anonymisedAt.toISOString() };
    });
  }
}

/**
 * The links that lead to the reset-password page: a reset asked for on passwordForgotten (valid one hour)
 * and the welcome link of an imported account, whose owner may first read it the next day (account_setup,
 * valid 24 hours). A token is of one kind only; the first kind that knows it answers.
 */
const PASSWORD_LINK_KINDS = ['password_reset', 'account_setup'] as const;

async function lookUpPasswordLink(token: string, lookUp: (kind: (typeof PASSWORD_LINK_KINDS)[number]) => Promise<TokenLookup>): Promise<TokenLookup> {
  let answer: TokenLookup = { ok: false, problem: 'invalid' };
  for (const kind of PASSWORD_LINK_KINDS) {
    answer = await lookUp(kind);
    if (answer.ok || answer.problem !== 'invalid') return answer;
  }
  return answer;
}
