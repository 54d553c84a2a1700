import { messages, type MeReply, type SigninForm, type SigninReply } from '@testbed/contract';
import type { Db, Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { AccessTokens } from '../../security/access-token.js';
import { verifyPassword } from '../../security/passwords.js';
import { abilitiesOf, can } from '../../security/policies.js';
import { principalOf, type Principal } from '../../security/principal.js';
import { mustWait, recordFailure, recordSuccess } from '../../security/sign-in-throttle.js';
import { recordAudit } from '../../db/audit-writer.js';
import { findSignedInUser, findUserForSignIn, type SignInUser } from './repo.js';

/** Where a person lands after signing in: the home page, which starts from what they hold and what waits. */
export const redirectUrlFor = () => '/home';

/** What the client keeps of the signed-in user, with what the policies let them do. */
function presentSessionUser(user: SignInUser): MeReply {
  return {
    userId: user.id,
    username: user.username,
    authorities: user.authorities.map((authority) => ({ authority })),
    hasSshKey: user.has_ssh_key,
    timeZone: user.time_zone,
    redirectURL: redirectUrlFor(),
    abilities: abilitiesOf(principalOf(user)),
  };
}

/** Signs a session token for `user` under `generation`, answered with what the client keeps of the user. */
async function issueSession(tokens: AccessTokens, user: SignInUser, generation: number): Promise<SigninReply> {
  const { token, expiresAt } = await tokens.issue(user.id, user.authorities, generation);
  return { accessToken: token, tokenType: 'Bearer', expiresAt, ...presentSessionUser(user) };
}

/** A new session for an enabled account under `generation` (its own password just changed); none for a disabled one. */
export async function freshSession(db: Queryable, tokens: AccessTokens, username: string, generation: number): Promise<SigninReply | undefined> {
  const user = await findUserForSignIn(db, username);
  if (!user || !user.is_enabled) return undefined;
  return issueSession(tokens, user, generation);
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly tokens: AccessTokens,
  ) {}

  /**
   * Unknown user, wrong password and a waiting account all get the same reply and cost the same time.
   * Only the right password of a disabled account tells that the account is invalid (docs/accounts.md).
   */
  async signIn(form: SigninForm, ip: string): Promise<SigninReply> {
    const user = await findUserForSignIn(this.db, form.username);
    const attempt = { ip, userId: user?.id ?? null };
    const [waiting, passwordOk] = await Promise.all([mustWait(this.db, attempt), verifyPassword(user?.password_hash, form.password)]);
    const badLogin = new AppError('unauthenticated', messages.BAD_LOGIN);

    if (waiting || !user || !passwordOk || user.anonymised_at) {
      await recordFailure(this.db, attempt);
      // Only a failure on a real account is audited: a name that names no account leaves no row anywhere.
      if (user) {
        await recordAudit(this.db, {
          actorUserId: user.id,
          action: 'auth.signin.failure',
          ip,
          details: { reason: waiting ? 'locked' : 'bad_credentials' },
        });
      }
      throw badLogin;
    }
    await recordSuccess(this.db, user.id, ip);
    if (!can(null, 'session:create', { account: { enabled: user.is_enabled } })) {
      await recordAudit(this.db, { actorUserId: user.id, action: 'auth.signin.refused', ip, details: { reason: 'account_invalid' } });
      throw new AppError('forbidden', messages.ACCOUNT_INVALID);
    }
    const reply = await issueSession(this.tokens, user, user.session_generation);
    await recordAudit(this.db, { actorUserId: user.id, action: 'auth.signin.success', ip });
    return reply;
  }

  /** The signed-in user, as the sign-in reply shows them. */
  async me(principal: Principal): Promise<MeReply> {
    const user = await findSignedInUser(this.db, principal.userId);
    if (!user) throw new AppError('unauthenticated', 'Your session has ended. Please sign in again.');
    return presentSessionUser(user);
  }
}
