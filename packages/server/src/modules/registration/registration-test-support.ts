// Test support of the sign-up: solving the real ALTCHA challenge the way the widget does, a complete
// valid form, and reading the links of the mails in the outbox.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge } from 'altcha-lib/types';
import type { SignupFormInput } from '@testbed/contract';
import type { TestContext } from '../../../test/helper.js';

let sequence = 0;
/** A fresh address per caller, so that the per-address limits of one test do not spill into another. */
export function nextAddress(): string {
  sequence += 1;
  return `10.${Math.floor(sequence / 250) % 250}.${sequence % 250}.${1 + (Math.floor(Math.random() * 250))}`;
}

export async function solveCaptcha(ctx: TestContext, ip = nextAddress()): Promise<string> {
  const reply = await ctx.app.inject({ method: 'GET', url: '/api/auth/captcha/challenge', remoteAddress: ip });
  if (reply.statusCode !== 200) throw new Error(`no challenge: ${reply.body}`);
  const challenge = reply.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A 1x1 PNG. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export const SIGNUP_PASSWORD = 'Kestrel#Orbit42';

export function signupForm(overrides: Partial<SignupFormInput> = {}): SignupFormInput {
  sequence += 1;
  const username = `newcomer_${sequence}_${Math.random().toString(36).slice(2, 7)}`;
  return {
    firstname: 'Grace',
    lastname: 'Hopper',
    username,
    email: `${username}@example.org`,
    reemail: `${username}@example.org`,
    phoneNumber: '0612345678',
    instantMessaging: '@grace:matrix.org',
    personnalURL: 'https://example.org/~grace',
    password: SIGNUP_PASSWORD,
    repassword: SIGNUP_PASSWORD,
    instituteName: 'Institute of Testbeds',
    laboratoryName: 'Networks Lab',
    teamName: 'Wireless',
    location: 'Grenoble',
    countryName: 'France',
    employerURL: 'https://example.org',
    intendedUsage: 'Experiments on low-power wireless routing.',
    appRecaptcha: 'filled in by signUp()',
    ...overrides,
  };
}

export async function signUp(ctx: TestContext, form: SignupFormInput, ip = nextAddress()) {
  const appRecaptcha = form.appRecaptcha === 'filled in by signUp()' ? await solveCaptcha(ctx, ip) : form.appRecaptcha;
  return ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { ...form, appRecaptcha }, remoteAddress: ip });
}

export async function mailsTo(ctx: TestContext, address: string) {
  return ctx.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', address).orderBy('id').execute();
}

/** The token of the last link `/<route>/<token>` mailed to the address. */
export async function tokenMailedTo(ctx: TestContext, address: string, route: string): Promise<string> {
  const mails = await mailsTo(ctx, address);
  for (const mail of mails.reverse()) {
    const match = new RegExp(`${ctx.config.PUBLIC_URL}/${route}/([A-Za-z0-9_-]+)`).exec(mail.text_body);
    if (match) return match[1]!;
  }
  throw new Error(`no ${route} link mailed to ${address}`);
}
