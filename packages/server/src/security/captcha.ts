// Captcha of the sign-up form. By default a self-hosted proof of work (ALTCHA), so that no third party is needed:
// the server hands out signed, expiring challenges, checks the solution itself and accepts each solved
// challenge once, through a table shared by every instance. reCAPTCHA, hCaptcha and Turnstile are
// configuration choices verified through their providers' siteverify calls, which are single use already.
import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge, Payload, Solution } from 'altcha-lib/types';
import type { CaptchaConfig, CaptchaProvider } from '@testbed/contract';
import type { Config } from '../config.js';
import type { Queryable } from '../db/database.js';

export const ALTCHA_CHALLENGE_PATH = '/api/auth/captcha/challenge';

/** How long a challenge may be solved and submitted. */
const CHALLENGE_LIFETIME_MS = 20 * 60 * 1000;

/** The work asked of a browser: the solver tries counters up to a secret random one. */
export interface AltchaDifficulty {
  counterMin: number;
  counterMax: number;
  lifetimeMs: number;
}
const DEFAULT_DIFFICULTY: AltchaDifficulty = { counterMin: 20_000, counterMax: 100_000, lifetimeMs: CHALLENGE_LIFETIME_MS };

const SITEVERIFY_URL: Record<Exclude<CaptchaProvider, 'altcha'>, string> = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
};

export interface CaptchaVerifier {
  readonly provider: CaptchaProvider;
  /** What the forms need to show the captcha. */
  publicConfig(): CaptchaConfig;
  /** A new ALTCHA challenge; null for the other providers. */
  challenge(): Promise<Challenge | null>;
  /**
   * Whether the answer is a valid, unused solution. Marks it used in `db`, so that within a transaction
   * the use commits or rolls back with the change the captcha protects.
   */
  verify(db: Queryable, answer: string, ip: string): Promise<boolean>;
}

/** Distinct keys for the two ALTCHA signatures, derived from the server secret. */
function deriveSecret(secret: string, label: string): string {
  return createHmac('sha256', secret).update(`altcha:${label}`).digest('hex');
}

function parseAltchaPayload(answer: string): Payload | null {
  try {
    const json = JSON.parse(Buffer.from(answer, 'base64').toString('utf8')) as Partial<Payload>;
    const challenge = json.challenge as Challenge | undefined;
    const solution = json.solution as Solution | undefined;
    if (!challenge?.parameters || typeof challenge.parameters.nonce !== 'string') return null;
    if (!solution || typeof solution.counter !== 'number' || typeof solution.derivedKey !== 'string') return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

export class AltchaVerifier implements CaptchaVerifier {
  readonly provider = 'altcha' as const;
  private readonly signatureSecret: string;
  private readonly keySecret: string;

  constructor(
    secret: string,
    private readonly difficulty: AltchaDifficulty = DEFAULT_DIFFICULTY,
  ) {
    this.signatureSecret = deriveSecret(secret, 'signature');
    this.keySecret = deriveSecret(secret, 'key');
  }

  publicConfig(): CaptchaConfig {
    return { provider: 'altcha', challengeUrl: ALTCHA_CHALLENGE_PATH };
  }

  challenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: randomInt(this.difficulty.counterMax, this.difficulty.counterMin),
      deriveKey,
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySecret,
      expiresAt: new Date(Date.now() + this.difficulty.lifetimeMs),
    });
  }

  async verify(db: Queryable, answer: string): Promise<boolean> {
    const payload = parseAltchaPayload(answer);
    if (!payload || payload.challenge.parameters.algorithm !== 'SHA-256') return false;
    // The expiry is part of the signed parameters: a challenge without one is not ours.
    const expiresAt = payload.challenge.parameters.expiresAt;
    if (typeof expiresAt !== 'number') return false;
    let verified: boolean;
    try {
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: this.signatureSecret,
        hmacKeySignatureSecret: this.keySecret,
      });
      verified = result.verified;
    } catch {
      verified = false;
    }
    if (!verified) return false;
    // Forget challenges that can no longer be used anyway, then record this one: of two uses, one inserts.
    await db.deleteFrom('captcha_solutions').where('expires_at', '<', new Date()).execute();
    const inserted = await db
      .insertInto('captcha_solutions')
      .values({ challenge_id: payload.challenge.parameters.nonce, expires_at: new Date(expiresAt * 1000) })
      .onConflict((oc) => oc.column('challenge_id').doNothing())
      .returning('challenge_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }
}

/** reCAPTCHA, hCaptcha and Turnstile share one siteverify protocol. */
export class SiteVerifyCaptcha implements CaptchaVerifier {
  constructor(
    readonly provider: Exclude<CaptchaProvider, 'altcha'>,
    private readonly siteKey: string,
    private readonly secret: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  publicConfig(): CaptchaConfig {
    return { provider: this.provider, siteKey: this.siteKey };
  }

  async challenge(): Promise<null> {
    return null;
  }

  async verify(_db: Queryable, answer: string, ip: string): Promise<boolean> {
    const body = new URLSearchParams({ secret: this.secret, response: answer, remoteip: ip });
    try {
      const response = await this.fetchImpl(SITEVERIFY_URL[this.provider], {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) return false;
      const result = (await response.json()) as { success?: unknown };
      return result.success === true;
    } catch {
      // An unreachable provider cannot vouch for the visitor.
      return false;
    }
  }
}

export function createCaptcha(config: Config, secret: string): CaptchaVerifier {
  if (config.CAPTCHA === 'altcha') return new AltchaVerifier(secret);
  return new SiteVerifyCaptcha(config.CAPTCHA, config.CAPTCHA_SITE_KEY!, config.CAPTCHA_SECRET!);
}
