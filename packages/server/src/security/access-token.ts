// Access tokens are JWTs signed with HS256 (fixed: a token naming any other algorithm is refused).
import { SignJWT, jwtVerify } from 'jose';
import type { AccessTokenClaims, AuthorityName } from '@testbed/contract';

const ALGORITHM = 'HS256';
export const ACCESS_TOKEN_LIFETIME_SECONDS = 8 * 3600;
const MAX_REMEMBERED = 10_000;

export class AccessTokens {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature has been checked, with their claims: a signed token never changes, so its
   * HMAC need not be computed again on every call. Expiry is still checked each time; whether the session
   * still holds is the authentication hook's business.
   */
  private readonly verified = new Map<string, AccessTokenClaims>();

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(userId: number, authorities: AuthorityName[], generation: number) {
    const expiresAt = Math.floor(Date.now() / 1000) + ACCESS_TOKEN_LIFETIME_SECONDS;
    const token = await new SignJWT({ authorities, gen: generation })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { token, expiresAt };
  }

  /** Returns the claims of a valid, unexpired token, or null. */
  async verify(token: string): Promise<AccessTokenClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > Date.now() / 1000) return known;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALGORITHM] });
      if (typeof payload.sub !== 'string' || !/^\d+$/.test(payload.sub) || typeof payload.gen !== 'number') return null;
      const claims = payload as unknown as AccessTokenClaims;
      if (this.verified.size >= MAX_REMEMBERED) this.verified.clear();
      this.verified.set(token, claims);
      return claims;
    } catch {
      return null;
    }
  }
}
