import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper.js';
import type { DatabaseHandle } from '../db/database.js';
import { AltchaVerifier, SiteVerifyCaptcha } from './captcha.js';

let database: DatabaseHandle;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
});
afterAll(() => dispose());

const SECRET = 'a-test-secret-of-at-least-32-characters';

async function solved(verifier: AltchaVerifier): Promise<string> {
  const challenge = await verifier.challenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('ALTCHA verification', () => {
  it('accepts a solved challenge once, even when it is sent several times at once', async () => {
    const verifier = new AltchaVerifier(SECRET, { counterMin: 100, counterMax: 1000, lifetimeMs: 60_000 });
    const answer = await solved(verifier);
    const results = await Promise.all(Array.from({ length: 8 }, () => verifier.verify(database.db, answer)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('refuses a challenge past its expiry', async () => {
    const verifier = new AltchaVerifier(SECRET, { counterMin: 100, counterMax: 1000, lifetimeMs: -1000 });
    expect(await verifier.verify(database.db, await solved(verifier))).toBe(false);
  });

  it('refuses a challenge signed with another secret', async () => {
    const other = new AltchaVerifier(`${SECRET}-other`, { counterMin: 100, counterMax: 1000, lifetimeMs: 60_000 });
    const verifier = new AltchaVerifier(SECRET);
    expect(await verifier.verify(database.db, await solved(other))).toBe(false);
  });
});

describe('siteverify providers', () => {
  // The providers themselves are never called from tests: a stand-in answers their siteverify call.
  function provider(answer: () => Promise<Response>) {
    const calls: Array<{ url: string; body: URLSearchParams }> = [];
    const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), body: new URLSearchParams(String(init?.body)) });
      return answer();
    }) as typeof fetch;
    return { calls, fetchImpl };
  }
  const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));

  it.each([
    ['recaptcha', 'https://www.google.com/recaptcha/api/siteverify'],
    ['hcaptcha', 'https://api.hcaptcha.com/siteverify'],
    ['turnstile', 'https://challenges.cloudflare.com/turnstile/v0/siteverify'],
  ] as const)('%s: sends the secret, the answer and the address to %s and trusts only success: true', async (name, url) => {
    const ok = provider(() => json({ success: true }));
    const captcha = new SiteVerifyCaptcha(name, 'site-key', 'secret-key', ok.fetchImpl);
    expect(captcha.publicConfig()).toEqual({ provider: name, siteKey: 'site-key' });
    expect(await captcha.verify(database.db, 'answer-token', '192.0.2.7')).toBe(true);
    expect(ok.calls[0]!.url).toBe(url);
    expect(Object.fromEntries(ok.calls[0]!.body)).toEqual({ secret: 'secret-key', response: 'answer-token', remoteip: '192.0.2.7' });

    const refused = provider(() => json({ success: false, 'error-codes': ['timeout-or-duplicate'] }));
    expect(await new SiteVerifyCaptcha(name, 'site-key', 'secret-key', refused.fetchImpl).verify(database.db, 'x', '192.0.2.7')).toBe(false);
    const down = provider(() => Promise.reject(new Error('ECONNREFUSED')));
    expect(await new SiteVerifyCaptcha(name, 'site-key', 'secret-key', down.fetchImpl).verify(database.db, 'x', '192.0.2.7')).toBe(false);
  });
});
