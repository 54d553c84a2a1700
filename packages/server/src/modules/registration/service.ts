// Rules of the account request and its validation chain:
// sign-up creates a disabled account without roles and mails an e-mail validation link; the e-mail link
// mails the administrators an account-validation link. That link only shows the request to a signed-in
// administrator (a mail scanner that opens links changes nothing); the administrator then approves it (the
// account is enabled with the USER role) or refuses it with a reason, and the applicant is told by mail.
// Each link decides once, whatever the concurrency, and the audit names the administrator who decided.
import {
  detectImageType,
  messages,
  type AccountRequest,
  type RefuseAccountReply,
  PHOTO_MAX_BYTES,
  registrationMessages,
  type AvailabilityReply,
  type CaptchaConfig,
  type SignupChoices,
  type SignupForm,
  type SignupReply,
  type TokenConfirmationReply,
} from '@testbed/contract';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { isConstraintError, UNIQUE_VIOLATION } from '../../db/constraint-errors.js';
import { administratorEmails } from '../../mail/administrators.js';
import { enqueueLetter, enqueueMail } from '../../mail/outbox.js';
import { consumeToken, issueToken, peekToken } from '../../security/account-tokens.js';
import type { CaptchaVerifier } from '../../security/captcha.js';
import { isCommonPassword } from '../../security/common-passwords.js';
import { hashPassword } from '../../security/passwords.js';
import { authorize } from '../../security/policies.js';
import type { Caller } from '../../security/principal.js';
import { recordAudit } from '../../db/audit-writer.js';
import { insertCredential } from '../credentials/service.js';
import { employerTypeExists, insertEmployer, presentEmployerFields, professionalStatusExists } from '../employers/service.js';
import { parseSshPublicKey } from '../credentials/ssh-key.js';
import {
  approveAccount,
  emailTaken,
  employerExists,
  findDecider,
  findRegistrant,
  insertCurrentEmployment,
  insertIntendedUsage,
  insertRegistrant,
  loadSignupChoices,
  markEmailVerified,
  refuseAccount,
  usernameTaken,
} from './repo.js';

const fieldError = (code: 'validation' | 'conflict', field: string, message: string) =>
  new AppError(code, message, { fieldErrors: { [field]: [message] } });

const invalidToken = () => new AppError('not_found', messages.TOKEN_INVALID);

/** The photo's bytes and type, judged by content; base64 with an optional data: URL prefix. */
export function decodePhoto(value: string): { bytes: Buffer; mime: string } {
  const base64 = value.replace(/^data:[\w/+.-]*;base64,/, '').replace(/\s+/g, '');
  const bytes = Buffer.from(base64, 'base64');
  const invalid = () => fieldError('validation', 'userPhoto', registrationMessages.INVALID_PHOTO);
  // Node skips what it cannot decode: only canonical base64 round-trips.
  if (bytes.length === 0 || bytes.toString('base64').replace(/=+$/, '') !== base64.replace(/=+$/, '')) throw invalid();
  if (bytes.length > PHOTO_MAX_BYTES) throw invalid();
  const mime = detectImageType(bytes);
  if (!mime) throw invalid();
  return { bytes, mime };
}

/**
 * Uses a mail link of the sign-up chain: the user it is for, or null when it was used already (the reply's
 * `alreadyValidated`); an unknown or expired link is an invalid token.
 */
async function openMailLink(tx: Tx, kind: 'email_verification' | 'account_validation', token: string, caller: Caller): Promise<number | null> {
  const use = await consumeToken(tx, kind, token);
  if (!use.ok) {
    if (use.problem === 'used') return null;
    throw invalidToken();
  }
  authorize(caller.principal, 'account:use-mail-link', { linkValid: use.ok });
  return use.userId;
}

export class RegistrationService {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'PUBLIC_URL'>,
    private readonly captcha: CaptchaVerifier,
  ) {}

  captchaConfig(): CaptchaConfig {
    return this.captcha.publicConfig();
  }

  async captchaChallenge() {
    const challenge = await this.captcha.challenge();
    if (!challenge) throw new AppError('not_found', 'This portal does not use ALTCHA.');
    return challenge;
  }

  async choices(): Promise<SignupChoices> {
    const { employers, employerTypes, professionalStatuses } = await loadSignupChoices(this.db);
    return { employers: employers.map((row) => presentEmployerFields(row.id, row)), employerTypes, professionalStatuses };
  }

  async usernameAvailability(username: string): Promise<AvailabilityReply> {
    if (await usernameTaken(this.db, username)) return { available: false, message: registrationMessages.USERNAME_TAKEN };
    return { available: true };
  }

  async emailAvailability(email: string): Promise<AvailabilityReply> {
    if (await emailTaken(this.db, email)) return { available: false, message: registrationMessages.EMAIL_TAKEN };
    return { available: true };
  }

  async signUp(form: SignupForm, caller: Caller): Promise<SignupReply> {
    authorize(caller.principal, 'account:register');
    // Everything that can be judged without writing is judged first: bad input changes nothing.
    if (isCommonPassword(form.password)) throw fieldError('validation', 'password', registrationMessages.COMMON_PASSWORD);
    const photo = form.userPhoto ? decodePhoto(form.userPhoto) : null;
    const sshKey = form.sshKey ? parseSshPublicKey(form.sshKey) : null;
    if (await usernameTaken(this.db, form.username)) throw fieldError('conflict', 'username', registrationMessages.USERNAME_TAKEN);
    if (await emailTaken(this.db, form.email)) throw fieldError('conflict', 'email', registrationMessages.EMAIL_TAKEN);
    if (form.employerId !== undefined && !(await employerExists(this.db, form.employerId))) {
      throw fieldError('validation', 'employerId', registrationMessages.UNKNOWN_EMPLOYER);
    }
    if (form.employerType !== undefined && !(await employerTypeExists(this.db, form.employerType))) {
      throw fieldError('validation', 'employerType', registrationMessages.UNKNOWN_EMPLOYER_TYPE);
    }
    if (form.professionalStatus !== undefined && !(await professionalStatusExists(this.db, form.professionalStatus))) {
      throw fieldError('validation', 'professionalStatus', registrationMessages.UNKNOWN_PROFESSIONAL_STATUS);
    }
    const passwordHash = await hashPassword(form.password);

    try {
      await this.db.transaction().execute(async (tx) => {
        // The captcha's use commits with the account, so a request refused below can be sent again.
        if (!(await this.captcha.verify(tx, form.appRecaptcha, caller.ip))) {
          throw fieldError('validation', 'appRecaptcha', registrationMessages.CAPTCHA_FAILED);
        }
        const userId = await insertRegistrant(tx, {
          username: form.username,
          email: form.email,
          firstname: form.firstname,
          lastname: form.lastname,
          phone_number: form.phoneNumber ?? null,
          instant_messaging: form.instantMessaging ?? null,
          personal_url: form.personnalURL ?? null,
          photo: photo?.bytes ?? null,
          photo_mime: photo?.mime ?? null,
          password_hash: passwordHash,
        });
        const employerId =
          form.employerId ??
          (await insertEmployer(tx, {
            institute_name: form.instituteName,
            laboratory_name: form.laboratoryName ?? null,
            team_name: form.teamName ?? null,
            location: form.location ?? null,
            country_name: form.countryName,
            employer_url: form.employerURL ?? null,
          }));
        await insertCurrentEmployment(tx, {
          user_id: userId,
          employer_id: employerId,
          employer_type_id: form.employerType ?? null,
          professional_status_id: form.professionalStatus ?? null,
        });
        if (form.intendedUsage) await insertIntendedUsage(tx, userId, form.intendedUsage);
        if (sshKey) {
          await insertCredential(tx, { user_id: userId, ssh_key: sshKey.normalisedLine, key_type: sshKey.type, fingerprint: sshKey.fingerprint });
        }
        const token = await issueToken(tx, userId, 'email_verification');
        await enqueueLetter(tx, form, 'please validate your email', [
          `You requested an account on the Testbed Portal with the username ${form.username}.`,
          'Open this link within 24 hours to validate your email:',
          `${this.config.PUBLIC_URL}/confirm-email/${token}`,
          '',
          'An administrator will then validate your account, and you will receive an email once it is done.',
          'If you did not request this account, ignore this email.',
        ]);
        await recordAudit(tx, {
          actorUserId: userId,
          action: 'registration.signup',
          targetType: 'user',
          targetId: userId,
          ip: caller.ip,
          details: { username: form.username, employerId, newEmployer: form.employerId === undefined, sshKey: sshKey !== null },
        });
      });
    } catch (error) {
      // Two requests for one name at once: the unique index lets one through.
      if (isConstraintError(error, UNIQUE_VIOLATION)) {
        if (error.constraint === 'users_email_key') throw fieldError('conflict', 'email', registrationMessages.EMAIL_TAKEN);
        throw fieldError('conflict', 'username', registrationMessages.USERNAME_TAKEN);
      }
      throw error;
    }
    return { message: registrationMessages.REGISTRATION_PENDING };
  }

  /** The e-mail validation link (confirm-email/{token}): on first use the administrators are asked to validate. */
  async confirmEmail(token: string, caller: Caller): Promise<TokenConfirmationReply> {
    return this.db.transaction().execute(async (tx) => {
      const userId = await openMailLink(tx, 'email_verification', token, caller);
      if (userId === null) return { alreadyValidated: true };
      await markEmailVerified(tx, userId);
      await this.askAdministrators(tx, userId);
      await recordAudit(tx, { actorUserId: userId, action: 'registration.email_verified', targetType: 'user', targetId: userId, ip: caller.ip });
      return { alreadyValidated: false };
    });
  }

  private async askAdministrators(tx: Tx, userId: number) {
    const user = await findRegistrant(tx, userId);
    if (!user) throw invalidToken();
    const token = await issueToken(tx, userId, 'account_validation');
    const employer = [user.institute_name, user.laboratory_name, user.team_name, user.country_name].filter(Boolean).join(', ');
    const text = [
      'Hello,',
      '',
      'A new account request is waiting for validation on the Testbed Portal.',
      '',
      `Name: ${user.firstname} ${user.lastname}`,
      `Username: ${user.username}`,
      `Email: ${user.email} (validated)`,
      `Employer: ${employer || '-'}`,
      `Employer type: ${user.employer_type ?? '-'}`,
      `Professional status: ${user.professional_status ?? '-'}`,
      `Intended usage: ${user.intended_usage ?? '-'}`,
      '',
      'Open this link, signed in as an administrator, to read the request and approve or refuse it',
      '(the first administrator to decide settles it for everybody):',
      `${this.config.PUBLIC_URL}/confirmUserAccount/${token}`,
    ].join('\n');
    for (const to of await administratorEmails(tx)) {
      await enqueueMail(tx, { to, subject: `Testbed Portal: account request of ${user.firstname} ${user.lastname} (${user.username})`, text });
    }
  }

  /**
   * What the account-validation link shows an administrator: the applicant and whether someone decided
   * already. Reading changes nothing; an unknown or expired link is an invalid token.
   */
  async accountRequest(token: string, caller: Caller): Promise<AccountRequest> {
    authorize(caller.principal, 'account-request:decide');
    const link = await peekToken(this.db, 'account_validation', token);
    if (!link.ok && link.problem !== 'used') throw invalidToken();
    const user = link.userId === undefined ? undefined : await findRegistrant(this.db, link.userId);
    if (!user || user.anonymised_at) throw invalidToken();
    const status = user.refused_at ? 'refused' : link.ok ? 'pending' : 'approved';
    return {
      userId: user.id,
      username: user.username,
      firstname: user.firstname,
      lastname: user.lastname,
      email: user.email,
      signUpDate: new Date(user.sign_up_date).toISOString(),
      employer: [user.institute_name, user.laboratory_name, user.team_name, user.country_name].filter(Boolean).join(', ') || null,
      employerType: user.employer_type ?? null,
      professionalStatus: user.professional_status ?? null,
      intendedUsage: user.intended_usage ?? null,
      status,
      decidedBy: status === 'pending' ? null : await findDecider(this.db, user.id),
    };
  }

  /**
   * Approves the request of the account-validation link (confirmUserAccount/{token}): the first decision
   * wins; a second approval says "already validated", an approval after a refusal is a conflict.
   */
  async confirmUserAccount(token: string, caller: Caller): Promise<TokenConfirmationReply> {
    const alreadyValidated = await this.decideRequest(token, caller, 'approve', async (tx, user) => {
      await approveAccount(tx, user.id);
      await enqueueLetter(tx, user, 'your account has been validated', [
        'An administrator has validated your account on the Testbed Portal.',
        `You can now sign in with your username ${user.username}:`,
        `${this.config.PUBLIC_URL}/signin`,
      ]);
      return { viaLink: true };
    });
    return { alreadyValidated };
  }

  /**
   * Refuses the request of the account-validation link with a reason that is mailed to the applicant; the
   * account stays disabled. A second refusal says so; a refusal after an approval is a conflict.
   */
  async refuseUserAccount(token: string, reason: string, caller: Caller): Promise<RefuseAccountReply> {
    const alreadyRefused = await this.decideRequest(token, caller, 'refuse', async (tx, user) => {
      await refuseAccount(tx, user.id);
      await enqueueLetter(tx, user, 'your account request was not accepted', [
        `An administrator of the Testbed Portal has refused your account request (username ${user.username}), for this reason:`,
        '',
        reason,
        '',
        'You may reply to the administrators of the testbed if you think this is a mistake.',
      ]);
      return { reason };
    });
    return { alreadyRefused };
  }

  /**
   * The decision on the request of an account-validation link, in one transaction with its audit row:
   * `apply` records it and mails the applicant, and answers the audit's details. True when the link was
   * used already by the same decision; a conflict when by the other one.
   */
  private async decideRequest(
    token: string,
    caller: Caller,
    decision: 'approve' | 'refuse',
    apply: (tx: Tx, user: NonNullable<Awaited<ReturnType<typeof findRegistrant>>>) => Promise<Record<string, unknown>>,
  ): Promise<boolean> {
    const admin = authorize(caller.principal, 'account-request:decide');
    return this.db.transaction().execute(async (tx) => {
      const userId = await openMailLink(tx, 'account_validation', token, caller);
      if (userId === null) {
        const refused = Boolean((await this.decidedRequest(tx, token)).refused_at);
        if (refused && decision === 'approve') throw new AppError('conflict', registrationMessages.ALREADY_REFUSED);
        if (!refused && decision === 'refuse') throw new AppError('conflict', registrationMessages.ALREADY_APPROVED);
        return true;
      }
      const user = await findRegistrant(tx, userId);
      if (!user || user.anonymised_at) throw invalidToken();
      const details = await apply(tx, user);
      await recordAudit(tx, {
        actorUserId: admin.userId,
        action: `registration.${decision}`,
        targetType: 'user',
        targetId: userId,
        ip: caller.ip,
        details: { username: user.username, ...details },
      });
      return false;
    });
  }

  /** The account of a link used already (by an approval or a refusal). */
  private async decidedRequest(tx: Tx, token: string) {
    const link = await peekToken(tx, 'account_validation', token);
    const user = link.userId === undefined ? undefined : await findRegistrant(tx, link.userId);
    if (!user || user.anonymised_at) throw invalidToken();
    return user;
  }
}
