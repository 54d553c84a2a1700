import type { Payload } from 'altcha-lib/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messages,
  PASSWORD_MESSAGE,
  registrationMessages,
  USERNAME_MESSAGE,
  type SignupChoices,
  type SignupFormInput,
} from '@testbed/contract';
import { buildTestApp, createUser, loginAs, signIn, type TestContext } from '../../../test/helper.js';
import { makeTestKey } from '../credentials/ssh-test-keys.js';
import {
  mailsTo,
  nextAddress,
  PNG_BASE64,
  SIGNUP_PASSWORD,
  signUp,
  signupForm,
  solveCaptcha,
  tokenMailedTo,
} from './registration-test-support.js';

let ctx: TestContext;
let admins: Array<{ id: number; username: string }>;
/** The signed-in administrator who decides on the requests. */
let reviewer: Awaited<ReturnType<typeof loginAs>>;
beforeAll(async () => {
  ctx = await buildTestApp();
  reviewer = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
  admins = [reviewer, await createUser(ctx, { roles: ['ADMIN', 'USER'] })];
  // A disabled administrator is not asked to validate anything.
  await createUser(ctx, { roles: ['ADMIN', 'USER'], enabled: false });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

async function findUser(username: string) {
  return db().selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

async function countUsers() {
  const row = await db().selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function rolesOf(userId: number) {
  const rows = await db()
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('roles.name')
    .where('user_roles.user_id', '=', userId)
    .execute();
  return rows.map((row) => row.name).sort();
}

const adminEmails = () => admins.map((admin) => `${admin.username}@example.org`);

const confirmEmail = (token: string, ip = nextAddress()) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/sendEmailAdminConfirmationAccount', payload: { token }, remoteAddress: ip });
const confirmAccount = (token: string, ip = nextAddress()) =>
  reviewer.inject({ method: 'POST', url: '/api/auth/confirmUserAccount', payload: { token }, remoteAddress: ip });
const refuseAccount = (token: string, reason: unknown, ip = nextAddress()) =>
  reviewer.inject({ method: 'POST', url: '/api/auth/refuseUserAccount', payload: { token, reason }, remoteAddress: ip });
const accountRequest = (token: string, ip = nextAddress()) =>
  reviewer.inject({ method: 'POST', url: '/api/auth/accountRequest', payload: { token }, remoteAddress: ip });

/** Signs up and opens the e-mail link: the account then waits for an administrator. */
async function signedUpAndEmailConfirmed(overrides: Partial<SignupFormInput> = {}) {
  const form = signupForm(overrides);
  expect((await signUp(ctx, form)).statusCode).toBe(201);
  const emailToken = await tokenMailedTo(ctx, form.email!, 'confirm-email');
  expect((await confirmEmail(emailToken)).json()).toEqual({ alreadyValidated: false });
  return form;
}

async function adminLinkFor(username: string) {
  const mails = await mailsTo(ctx, adminEmails()[0]!);
  const mail = mails.reverse().find((m) => m.text_body.includes(`Username: ${username}`));
  const match = mail && new RegExp(`${ctx.config.PUBLIC_URL}/confirmUserAccount/([A-Za-z0-9_-]+)`).exec(mail.text_body);
  if (!match) throw new Error(`no validation link for ${username}`);
  return match[1]!;
}

describe('GET /api/auth/captcha and /api/auth/captcha/challenge', () => {
  it('tells the forms to use ALTCHA and hands out signed, expiring challenges that are not cached', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/captcha' })).json()).toEqual({
      provider: 'altcha',
      challengeUrl: '/api/auth/captcha/challenge',
    });
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/auth/captcha/challenge', remoteAddress: nextAddress() });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const challenge = reply.json();
    expect(challenge.signature).toEqual(expect.any(String));
    expect(challenge.parameters.expiresAt * 1000).toBeGreaterThan(Date.now());
  });
});

describe('POST /api/auth/signup', () => {
  it('creates a disabled account without roles, with its employer, usage, key and photo, and mails the e-mail link', async () => {
    const key = makeTestKey('ed25519', 'grace@laptop');
    const form = signupForm({ sshKey: `  ${key.publicLine}\n`, userPhoto: `data:image/png;base64,${PNG_BASE64}` });
    const ip = nextAddress();
    const reply = await signUp(ctx, form, ip);
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toEqual({ message: registrationMessages.REGISTRATION_PENDING });

    const user = await findUser(form.username!);
    expect(user).toMatchObject({
      email: form.email,
      firstname: 'Grace',
      lastname: 'Hopper',
      phone_number: '0612345678',
      personal_url: 'https://example.org/~grace',
      instant_messaging: '@grace:matrix.org',
      is_enabled: false,
      email_verified_at: null,
      approved_date: null,
      photo_mime: 'image/png',
    });
    expect(Buffer.from(user!.photo!).equals(Buffer.from(PNG_BASE64, 'base64'))).toBe(true);
    expect(user!.password_hash).not.toContain(SIGNUP_PASSWORD);
    expect(await rolesOf(user!.id)).toEqual([]);

    const employment = await db()
      .selectFrom('user_employers')
      .innerJoin('employers', 'employers.id', 'user_employers.employer_id')
      .selectAll()
      .where('user_id', '=', user!.id)
      .execute();
    expect(employment).toHaveLength(1);
    expect(employment[0]).toMatchObject({ institute_name: 'Institute of Testbeds', country_name: 'France', team_name: 'Wireless', is_current: true });
    const usages = await db().selectFrom('intended_usages').selectAll().where('user_id', '=', user!.id).execute();
    expect(usages.map((u) => u.description)).toEqual(['Experiments on low-power wireless routing.']);
    const keys = await db().selectFrom('credentials').selectAll().where('user_id', '=', user!.id).execute();
    expect(keys.map((k) => [k.ssh_key, k.fingerprint])).toEqual([[key.publicLine, key.fingerprint]]);

    const mails = await mailsTo(ctx, form.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toMatch(new RegExp(`${ctx.config.PUBLIC_URL}/confirm-email/[A-Za-z0-9_-]{43}\\b`));
    expect(mails[0]!.text_body).toContain(form.username);

    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'registration.signup').where('actor_user_id', '=', user!.id).execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).not.toContain(SIGNUP_PASSWORD);
  });

  it('refuses to sign the new account in with the account-invalid text until it is validated', async () => {
    const form = signupForm();
    expect((await signUp(ctx, form)).statusCode).toBe(201);
    const reply = await signIn(ctx, form.username!, SIGNUP_PASSWORD, nextAddress());
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toBe(messages.ACCOUNT_INVALID);
  });

  it('accepts the optional fields left empty', async () => {
    const form = signupForm({
      phoneNumber: '',
      instantMessaging: '',
      personnalURL: '',
      sshKey: '',
      userPhoto: '',
      laboratoryName: '',
      teamName: '',
      location: '',
      employerURL: '',
      intendedUsage: '',
      employerType: null,
      professionalStatus: null,
    });
    expect((await signUp(ctx, form)).statusCode).toBe(201);
    const user = await findUser(form.username!);
    expect(user).toMatchObject({ phone_number: null, personal_url: null, instant_messaging: null, photo: null });
  });

  const requiredFields: Array<[keyof SignupFormInput, string]> = [
    ['firstname', 'First name is required'],
    ['lastname', 'Last name is required'],
    ['username', 'Username is required'],
    ['email', 'Email is required'],
    ['reemail', 'Email verification is required'],
    ['password', 'Password is required'],
    ['repassword', 'Password verification is required'],
    ['instituteName', 'Institute name is required'],
    ['countryName', 'Country is required'],
    ['appRecaptcha', 'Captcha is required'],
  ];
  it.each(requiredFields)('requires %s: "%s", and stores nothing', async (field, message) => {
    const before = await countUsers();
    for (const value of ['', undefined]) {
      const form: Record<string, unknown> = { ...signupForm(), appRecaptcha: 'x', [field]: value };
      const reply = await ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: form, remoteAddress: nextAddress() });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().fieldErrors[field]).toContain(message);
    }
    expect(await countUsers()).toBe(before);
  });

  const badValues: Array<[string, Partial<SignupFormInput>, string, string]> = [
    ['a username against the rule', { username: 'Grace' }, 'username', USERNAME_MESSAGE],
    ['a one-letter username', { username: 'g' }, 'username', USERNAME_MESSAGE],
    ['an invalid email', { email: 'grace.example.org', reemail: 'grace.example.org' }, 'email', registrationMessages.INVALID_EMAIL],
    ['a different email verification', { reemail: 'other@example.org' }, 'reemail', registrationMessages.EMAIL_MISMATCH],
    ['a password against the rule', { password: 'kestrelorbit42', repassword: 'kestrelorbit42' }, 'password', PASSWORD_MESSAGE],
    ['a password with a space', { password: 'Kestrel Orbit#42', repassword: 'Kestrel Orbit#42' }, 'password', PASSWORD_MESSAGE],
    ['a different password verification', { repassword: 'Kestrel#Orbit43' }, 'repassword', registrationMessages.PASSWORD_MISMATCH],
    ['a phone number with letters', { phoneNumber: '06 12 AB' }, 'phoneNumber', registrationMessages.INVALID_PHONE],
    ['a blank intended usage', { intendedUsage: '   ' }, 'intendedUsage', registrationMessages.INVALID_DATA],
    ['a malformed SSH key', { sshKey: 'ssh-ed25519 not-base64!' }, 'sshKey', messages.INVALID_SSH_KEY],
    ['a personal URL that is not http(s)', { personnalURL: 'javascript:alert(1)' }, 'personnalURL', registrationMessages.INVALID_URL],
    ['a name with a line break', { lastname: 'Hopper\nBcc: someone@example.org' }, 'lastname', registrationMessages.INVALID_DATA],
  ];
  it.each(badValues)('refuses %s with the rule message and stores nothing', async (_name, overrides, field, message) => {
    const before = await countUsers();
    const reply = await signUp(ctx, signupForm(overrides));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().fieldErrors[field]).toContain(message);
    expect(await countUsers()).toBe(before);
  });

  it.each(['Password1!', 'P@ssw0rd1', 'Qwerty123!', 'Iloveyou#1'])('refuses the common password %s', async (password) => {
    const before = await countUsers();
    const reply = await signUp(ctx, signupForm({ password, repassword: password }));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().fieldErrors.password).toEqual([registrationMessages.COMMON_PASSWORD]);
    expect(await countUsers()).toBe(before);
  });

  it('refuses an SSH key that only looks like one (checked by the real parser)', async () => {
    const key = makeTestKey('ed25519');
    const [type, data] = key.bareLine.split(' ');
    const broken = `${type} ${data!.slice(0, -8)}AAAAAAA=`;
    const reply = await signUp(ctx, signupForm({ sshKey: broken }));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().fieldErrors.sshKey).toEqual([messages.INVALID_SSH_KEY]);
  });

  it.each([
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1').toString('base64')],
    ['a text file named like a PNG', Buffer.from('not an image at all').toString('base64')],
    ['a PNG over 1 MiB', Buffer.concat([Buffer.from(PNG_BASE64, 'base64'), Buffer.alloc(1024 * 1024)]).toString('base64')],
    ['broken base64', '%%%%'],
  ])('refuses %s as photo', async (_name, userPhoto) => {
    const before = await countUsers();
    const reply = await signUp(ctx, signupForm({ userPhoto }));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().fieldErrors.userPhoto).toEqual([registrationMessages.INVALID_PHOTO]);
    expect(await countUsers()).toBe(before);
  });

  it('accepts JPEG and WebP photos, judged by content', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32)]).toString('base64');
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x20, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(24)]).toString('base64');
    for (const [photo, mime] of [[jpeg, 'image/jpeg'], [webp, 'image/webp']] as const) {
      const form = signupForm({ userPhoto: photo });
      expect((await signUp(ctx, form)).statusCode).toBe(201);
      expect((await findUser(form.username!))!.photo_mime).toBe(mime);
    }
  });

  it('refuses a username or an email already used (whatever the case) with 409 and the server message', async () => {
    const existing = await createUser(ctx);
    const byName = await signUp(ctx, signupForm({ username: existing.username }));
    expect(byName.statusCode).toBe(409);
    expect(byName.json().fieldErrors.username).toEqual([registrationMessages.USERNAME_TAKEN]);
    const email = `${existing.username}@EXAMPLE.org`;
    const byEmail = await signUp(ctx, signupForm({ email, reemail: email }));
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().fieldErrors.email).toEqual([registrationMessages.EMAIL_TAKEN]);
  });

  it('creates one account when the same request is sent twice at once', async () => {
    const form = signupForm();
    const [a, b] = await Promise.all([signUp(ctx, form), signUp(ctx, form)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const rows = await db().selectFrom('users').select('id').where('username', '=', form.username!).execute();
    expect(rows).toHaveLength(1);
  });

  describe('captcha', () => {
    it.each([
      ['a made-up derived key', (p: Payload, _other: Payload) => ({ ...p, solution: { ...p.solution, derivedKey: '00'.repeat(32) } })],
      ['the solution of another challenge', (p: Payload, other: Payload) => ({ ...p, solution: other.solution })],
      ['a challenge whose expiry was pushed back', (p: Payload, _other: Payload) => ({
        ...p,
        challenge: { ...p.challenge, parameters: { ...p.challenge.parameters, expiresAt: p.challenge.parameters.expiresAt! + 3600 } },
      })],
    ])('refuses %s', async (_name, forge) => {
      const ip = nextAddress();
      const decode = (value: string) => JSON.parse(Buffer.from(value, 'base64').toString()) as Payload;
      const [mine, other] = [decode(await solveCaptcha(ctx, ip)), decode(await solveCaptcha(ctx, ip))];
      const forged = Buffer.from(JSON.stringify(forge(mine, other))).toString('base64');
      const reply = await signUp(ctx, signupForm({ appRecaptcha: forged }), ip);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().fieldErrors.appRecaptcha).toEqual([registrationMessages.CAPTCHA_FAILED]);
    });

    it('refuses garbage', async () => {
      const reply = await signUp(ctx, signupForm({ appRecaptcha: 'bm90IGEgcGF5bG9hZA==' }));
      expect(reply.statusCode).toBe(400);
      expect(reply.json().fieldErrors.appRecaptcha).toEqual([registrationMessages.CAPTCHA_FAILED]);
    });

    it('accepts a solved challenge once only', async () => {
      const ip = nextAddress();
      const solved = await solveCaptcha(ctx, ip);
      expect((await signUp(ctx, signupForm({ appRecaptcha: solved }), ip)).statusCode).toBe(201);
      const again = await signUp(ctx, signupForm({ appRecaptcha: solved }), ip);
      expect(again.statusCode).toBe(400);
      expect(again.json().fieldErrors.appRecaptcha).toEqual([registrationMessages.CAPTCHA_FAILED]);
    });

    it('keeps a solution usable when the request it came with was refused', async () => {
      const ip = nextAddress();
      const solved = await solveCaptcha(ctx, ip);
      const existing = await createUser(ctx);
      expect((await signUp(ctx, signupForm({ username: existing.username, appRecaptcha: solved }), ip)).statusCode).toBe(409);
      expect((await signUp(ctx, signupForm({ appRecaptcha: solved }), ip)).statusCode).toBe(201);
    });
  });

  it('answers 429 with Retry-After past 20 requests an hour from one address', async () => {
    const ip = nextAddress();
    for (let i = 0; i < 20; i += 1) {
      const reply = await ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: {}, remoteAddress: ip });
      expect(reply.statusCode).toBe(400);
    }
    const limited = await ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: {}, remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toBe(messages.TOO_MANY_REQUESTS);
  });
});

describe('GET /api/auth/signupChoices', () => {
  it('lists the existing employers, the employer types and the professional statuses', async () => {
    const form = signupForm({ instituteName: 'Choice University', countryName: 'Chile', teamName: 'Radio' });
    expect((await signUp(ctx, form)).statusCode).toBe(201);
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/auth/signupChoices' });
    expect(reply.statusCode).toBe(200);
    const choices = reply.json<SignupChoices>();
    expect(choices.employers).toContainEqual(
      expect.objectContaining({ instituteName: 'Choice University', countryName: 'Chile', teamName: 'Radio', employerId: expect.any(Number) }),
    );
    expect(choices.employerTypes.map((t) => t.label)).toContain('Academic');
    expect(choices.professionalStatuses.map((s) => s.label)).toContain('PhD student');
  });

  it('links the new account to an employer picked from the list, without creating another', async () => {
    const { employers, employerTypes, professionalStatuses } = (await ctx.app.inject({ method: 'GET', url: '/api/auth/signupChoices' })).json<SignupChoices>();
    const picked = employers[0]!;
    const before = employers.length;
    const form = signupForm({
      employerId: picked.employerId,
      instituteName: picked.instituteName,
      countryName: picked.countryName,
      employerType: employerTypes[1]!.id,
      professionalStatus: professionalStatuses[2]!.id,
    });
    expect((await signUp(ctx, form)).statusCode).toBe(201);
    const user = await findUser(form.username!);
    const employment = await db().selectFrom('user_employers').selectAll().where('user_id', '=', user!.id).executeTakeFirstOrThrow();
    expect(employment).toMatchObject({
      employer_id: picked.employerId,
      employer_type_id: employerTypes[1]!.id,
      professional_status_id: professionalStatuses[2]!.id,
    });
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/auth/signupChoices' })).json<SignupChoices>();
    expect(after.employers).toHaveLength(before);
  });

  it.each([
    ['employerId', registrationMessages.UNKNOWN_EMPLOYER],
    ['employerType', registrationMessages.UNKNOWN_EMPLOYER_TYPE],
    ['professionalStatus', registrationMessages.UNKNOWN_PROFESSIONAL_STATUS],
  ])('refuses an unknown %s with 400', async (field, message) => {
    const reply = await signUp(ctx, signupForm({ [field]: 999_999 }));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().fieldErrors[field]).toEqual([message]);
  });
});

describe('GET /api/auth/checkIfUsernameAvailable and /api/auth/checkIfEmailAvailable', () => {
  it('says whether a username is free, with the sentence to show when it is not', async () => {
    const existing = await createUser(ctx);
    const free = await ctx.app.inject({ method: 'GET', url: '/api/auth/checkIfUsernameAvailable?username=nobody_has_this' });
    expect(free.json()).toEqual({ available: true });
    const taken = await ctx.app.inject({ method: 'GET', url: `/api/auth/checkIfUsernameAvailable?username=${existing.username}` });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ available: false, message: registrationMessages.USERNAME_TAKEN });
    const invalid = await ctx.app.inject({ method: 'GET', url: '/api/auth/checkIfUsernameAvailable?username=No' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors.username).toEqual([USERNAME_MESSAGE]);
  });

  it('says whether an email is free, whatever its case', async () => {
    const existing = await createUser(ctx);
    const free = await ctx.app.inject({ method: 'GET', url: '/api/auth/checkIfEmailAvailable?email=free%40example.org' });
    expect(free.json()).toEqual({ available: true });
    const taken = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/checkIfEmailAvailable?email=${encodeURIComponent(`${existing.username.toUpperCase()}@example.org`)}`,
    });
    expect(taken.json()).toEqual({ available: false, message: registrationMessages.EMAIL_TAKEN });
    const invalid = await ctx.app.inject({ method: 'GET', url: '/api/auth/checkIfEmailAvailable?email=nope' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors.email).toEqual([registrationMessages.INVALID_EMAIL]);
  });
});

describe('POST /api/auth/sendEmailAdminConfirmationAccount (the e-mail link)', () => {
  it('validates the e-mail once, asks every enabled administrator, and says "already validated" afterwards', async () => {
    const form = signupForm();
    expect((await signUp(ctx, form)).statusCode).toBe(201);
    const token = await tokenMailedTo(ctx, form.email!, 'confirm-email');
    const adminMailsBefore = (await mailsTo(ctx, adminEmails()[0]!)).length;

    const first = await confirmEmail(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ alreadyValidated: false });
    const user = await findUser(form.username!);
    expect(user!.email_verified_at).not.toBeNull();
    expect(user!.is_enabled).toBe(false);

    for (const email of adminEmails()) {
      const mails = await mailsTo(ctx, email);
      const mail = mails.at(-1)!;
      expect(mail.subject).toContain(form.username);
      expect(mail.text_body).toContain('Grace Hopper');
      expect(mail.text_body).toContain('Experiments on low-power wireless routing.');
      expect(mail.text_body).toMatch(new RegExp(`${ctx.config.PUBLIC_URL}/confirmUserAccount/[A-Za-z0-9_-]{43}\\b`));
    }
    expect((await mailsTo(ctx, adminEmails()[0]!)).length).toBe(adminMailsBefore + 1);

    const again = await confirmEmail(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ alreadyValidated: true });
    expect((await mailsTo(ctx, adminEmails()[0]!)).length).toBe(adminMailsBefore + 1);
    // Still waiting for an administrator.
    expect((await signIn(ctx, form.username!, SIGNUP_PASSWORD, nextAddress())).json().message).toBe(messages.ACCOUNT_INVALID);
  });

  it('answers 404 with the token-invalid text for an unknown or expired token', async () => {
    const unknown = await confirmEmail('this-token-does-not-exist');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messages.TOKEN_INVALID);

    const form = signupForm();
    expect((await signUp(ctx, form)).statusCode).toBe(201);
    const token = await tokenMailedTo(ctx, form.email!, 'confirm-email');
    const user = await findUser(form.username!);
    await db()
      .updateTable('account_tokens')
      .set({ created_at: new Date(Date.now() - 3 * 86_400_000), expires_at: new Date(Date.now() - 86_400_000) })
      .where('user_id', '=', user!.id)
      .execute();
    const expired = await confirmEmail(token);
    expect(expired.statusCode).toBe(404);
    expect((await findUser(form.username!))!.email_verified_at).toBeNull();
  });

  it('lets exactly one of 16 parallel uses of one token validate the e-mail', async () => {
    const form = signupForm();
    expect((await signUp(ctx, form)).statusCode).toBe(201);
    const token = await tokenMailedTo(ctx, form.email!, 'confirm-email');
    const before = (await mailsTo(ctx, adminEmails()[0]!)).length;
    const ip = nextAddress();
    const replies = await Promise.all(Array.from({ length: 16 }, () => confirmEmail(token, ip)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(16).fill(200));
    const outcomes = replies.map((r) => r.json().alreadyValidated);
    expect(outcomes.filter((v) => v === false)).toHaveLength(1);
    expect(outcomes.filter((v) => v === true)).toHaveLength(15);
    // One set of administrator mails, one validation link.
    expect((await mailsTo(ctx, adminEmails()[0]!)).length).toBe(before + 1);
    const user = await findUser(form.username!);
    const tokens = await db().selectFrom('account_tokens').select('id').where('user_id', '=', user!.id).where('kind', '=', 'account_validation').execute();
    expect(tokens).toHaveLength(1);
  });

  it('answers 429 with Retry-After past 30 uses a minute from one address', async () => {
    const ip = nextAddress();
    for (let i = 0; i < 30; i += 1) expect((await confirmEmail(`unknown-${i}`, ip)).statusCode).toBe(404);
    const limited = await confirmEmail('unknown', ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /api/auth/confirmUserAccount (the administrators\' link)', () => {
  it('enables the account with the USER role, mails the user, and says "already validated" to the next administrator', async () => {
    const form = await signedUpAndEmailConfirmed();
    const token = await adminLinkFor(form.username!);

    const first = await confirmAccount(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ alreadyValidated: false });
    const user = await findUser(form.username!);
    expect(user).toMatchObject({ is_enabled: true });
    expect(user!.approved_date).not.toBeNull();
    expect(user!.last_validation_date).not.toBeNull();
    expect(await rolesOf(user!.id)).toEqual(['USER']);

    const mails = await mailsTo(ctx, form.email!);
    expect(mails.at(-1)!.subject).toBe('Testbed Portal: your account has been validated');
    expect(mails.at(-1)!.text_body).toContain(`${ctx.config.PUBLIC_URL}/signin`);

    const second = await confirmAccount(token);
    expect(second.json()).toEqual({ alreadyValidated: true });
    expect((await mailsTo(ctx, form.email!)).length).toBe(mails.length);

    const signin = await signIn(ctx, form.username!, SIGNUP_PASSWORD, nextAddress());
    expect(signin.statusCode).toBe(200);
    expect(signin.json().authorities).toEqual([{ authority: 'USER' }]);

    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'registration.approve').where('target_id', '=', String(user!.id)).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_user_id).toBe(reviewer.id);
  });

  it('asks for a signed-in administrator: opening the link without one changes nothing', async () => {
    const form = await signedUpAndEmailConfirmed();
    const token = await adminLinkFor(form.username!);
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/auth/confirmUserAccount', payload: { token }, remoteAddress: nextAddress() });
    expect(anonymous.statusCode).toBe(401);
    const someone = await loginAs(ctx);
    const user = await someone.inject({ method: 'POST', url: '/api/auth/confirmUserAccount', payload: { token }, remoteAddress: nextAddress() });
    expect(user.statusCode).toBe(403);
    expect((await findUser(form.username!))!.is_enabled).toBe(false);
    // The link still works for an administrator.
    expect((await confirmAccount(token)).json()).toEqual({ alreadyValidated: false });
  });

  it('answers 404 with the token-invalid text for an unknown token, and refuses an e-mail token', async () => {
    const unknown = await confirmAccount('nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messages.TOKEN_INVALID);
    const form = signupForm();
    expect((await signUp(ctx, form)).statusCode).toBe(201);
    const emailToken = await tokenMailedTo(ctx, form.email!, 'confirm-email');
    expect((await confirmAccount(emailToken)).statusCode).toBe(404);
    expect((await findUser(form.username!))!.is_enabled).toBe(false);
  });

  it('lets exactly one of 16 parallel uses of one link validate the account', async () => {
    const form = await signedUpAndEmailConfirmed();
    const token = await adminLinkFor(form.username!);
    const ip = nextAddress();
    const replies = await Promise.all(Array.from({ length: 16 }, () => confirmAccount(token, ip)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(16).fill(200));
    expect(replies.filter((r) => r.json().alreadyValidated === false)).toHaveLength(1);
    const approvedMails = (await mailsTo(ctx, form.email!)).filter((m) => m.subject.includes('validated'));
    expect(approvedMails).toHaveLength(1);
  });
});

describe('POST /api/auth/accountRequest (what the administrators\' link shows)', () => {
  it('shows the applicant to an administrator without deciding anything, then who decided', async () => {
    const form = await signedUpAndEmailConfirmed({ intendedUsage: 'Measuring radio links, with Wi-Fi & BLE (2.4 GHz).' });
    const token = await adminLinkFor(form.username!);
    for (let i = 0; i < 2; i += 1) {
      const reply = await accountRequest(token);
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toMatchObject({
        username: form.username,
        firstname: 'Grace',
        lastname: 'Hopper',
        email: form.email,
        intendedUsage: 'Measuring radio links, with Wi-Fi & BLE (2.4 GHz).',
        status: 'pending',
        decidedBy: null,
      });
      expect(reply.json().employer).toContain(form.instituteName);
    }
    expect((await findUser(form.username!))!.is_enabled).toBe(false);

    expect((await confirmAccount(token)).json()).toEqual({ alreadyValidated: false });
    expect((await accountRequest(token)).json()).toMatchObject({
      status: 'approved',
      decidedBy: expect.stringContaining(`(${reviewer.username})`),
    });
  });

  it('answers 401 to nobody, 403 to a user and 404 to an unknown link', async () => {
    const form = await signedUpAndEmailConfirmed();
    const token = await adminLinkFor(form.username!);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/accountRequest', payload: { token } })).statusCode).toBe(401);
    const someone = await loginAs(ctx);
    expect((await someone.inject({ method: 'POST', url: '/api/auth/accountRequest', payload: { token } })).statusCode).toBe(403);
    const unknown = await accountRequest('no-such-link');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messages.TOKEN_INVALID);
  });
});

describe('POST /api/auth/refuseUserAccount', () => {
  it('keeps the account disabled, mails the applicant the reason and names the administrator in the audit', async () => {
    const form = await signedUpAndEmailConfirmed();
    const token = await adminLinkFor(form.username!);
    const reason = 'Please apply with your institutional address, so that we know your laboratory.';
    const reply = await refuseAccount(token, reason);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ alreadyRefused: false });

    const user = await findUser(form.username!);
    expect(user).toMatchObject({ is_enabled: false, approved_date: null });
    expect(user!.refused_at).not.toBeNull();
    expect(await rolesOf(user!.id)).toEqual([]);
    const mail = (await mailsTo(ctx, form.email!)).at(-1)!;
    expect(mail.subject).toBe('Testbed Portal: your account request was not accepted');
    expect(mail.text_body).toContain(reason);
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'registration.refuse').where('target_id', '=', String(user!.id)).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_user_id).toBe(reviewer.id);
    expect(audit[0]!.details).toMatchObject({ reason });

    expect((await refuseAccount(token, 'again')).json()).toEqual({ alreadyRefused: true });
    const approve = await confirmAccount(token);
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toBe(registrationMessages.ALREADY_REFUSED);
    expect((await findUser(form.username!))!.is_enabled).toBe(false);
    expect((await accountRequest(token)).json()).toMatchObject({ status: 'refused', decidedBy: expect.stringContaining(reviewer.username) });
    expect((await signIn(ctx, form.username!, SIGNUP_PASSWORD, nextAddress())).json().message).toBe(messages.ACCOUNT_INVALID);
  });

  it('asks for a reason, naming the field, and refuses nothing once the account is approved', async () => {
    const form = await signedUpAndEmailConfirmed();
    const token = await adminLinkFor(form.username!);
    const blank = await refuseAccount(token, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors.reason).toEqual([registrationMessages.REFUSAL_REASON_REQUIRED]);
    expect((await findUser(form.username!))!.refused_at).toBeNull();

    expect((await confirmAccount(token)).json()).toEqual({ alreadyValidated: false });
    const late = await refuseAccount(token, 'Too late');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(registrationMessages.ALREADY_APPROVED);
    expect((await findUser(form.username!))!.is_enabled).toBe(true);
  });
});
