import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { accountSecurityMessages as text, messages, PASSWORD_MESSAGE, userMessages, type SigninReply } from '@testbed/contract';
import { buildTestApp, createUser, loginAs, signIn, TEST_PASSWORD, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
let admin: Caller;
beforeAll(async () => {
  ctx = await buildTestApp({ PUBLIC_URL: 'https://portal.example.org' });
  admin = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
});
afterAll(() => ctx.close());

type Caller = Awaited<ReturnType<typeof loginAs>>;

const NEW_PASSWORD = 'Fresh#Orchid-2027';

// Each test calls from an address of its own, so that the per-address limits of one test stay out of the others.
let addressSequence = 0;
const nextAddress = () => `203.0.113.${(addressSequence += 1)}`;

async function emailOf(userId: number) {
  const row = await ctx.database.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.email;
}

async function mailsTo(address: string) {
  return ctx.database.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'text_body'])
    .where(sql`lower(to_address)`, '=', address.toLowerCase())
    .orderBy('id')
    .execute();
}

/** The token of the last link to `route` mailed to `address`. */
async function linkToken(address: string, route: string): Promise<string> {
  const mails = await mailsTo(address);
  const pattern = new RegExp(`https://portal\\.example\\.org/${route}/([A-Za-z0-9_-]+)`);
  const tokens = mails.map((mail) => pattern.exec(mail.text_body)?.[1]).filter((token): token is string => Boolean(token));
  expect(tokens.length, `a ${route} link mailed to ${address}`).toBeGreaterThan(0);
  return tokens.at(-1)!;
}

const requestReset = (email: string, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/checkEmailResetPassword', query: { email }, remoteAddress });

const resetPassword = (token: string, newPassword: string, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/changePasswordForgottingPassword', payload: { token, newPassword }, remoteAddress });

const checkToken = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/checkTokenExits', payload: { token }, remoteAddress: nextAddress() });

const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

async function expectSignInWorks(username: string, password: string, works: boolean) {
  const reply = await signIn(ctx, username, password, nextAddress());
  expect(reply.statusCode, `sign-in of ${username}`).toBe(works ? 200 : 401);
}

describe('GET /api/auth/checkEmailResetPassword', () => {
  it("answers the same sentence for a known and an unknown address, and mails a one-hour link only to the known one", async () => {
    const user = await createUser(ctx);
    const known = await requestReset(`  ${user.username.toUpperCase()}@EXAMPLE.ORG `);
    const unknown = await requestReset('nobody-here@example.org');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: messages.RESET_PASSWORD_SENT });
    expect(unknown.body).toBe(known.body);

    expect(await mailsTo('nobody-here@example.org')).toEqual([]);
    const mails = await mailsTo(await emailOf(user.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain(user.username);
    const token = await linkToken(await emailOf(user.id), 'resetPassword');
    expect(token.length).toBeGreaterThanOrEqual(43);
    // The raw token is never stored, and the link lives at most an hour.
    const stored = await ctx.database.db
      .selectFrom('account_tokens')
      .select(['kind', 'token_hash', sql<number>`extract(epoch from expires_at - created_at)::int`.as('lifetime')])
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.kind).toBe('password_reset');
    expect(stored[0]!.lifetime).toBeLessThanOrEqual(3600);
    expect(Buffer.from(stored[0]!.token_hash).toString('base64url')).not.toBe(token);
  });

  it('refuses an address that is not one with 400', async () => {
    const reply = await requestReset('not-an-address');
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toContain(text.INVALID_EMAIL);
  });

  it('answers 429 with Retry-After past its limit per address', async () => {
    const address = nextAddress();
    for (let i = 0; i < 5; i += 1) expect((await requestReset(`someone${i}@example.org`, address)).statusCode).toBe(200);
    const limited = await requestReset('someone@example.org', address);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toBe(messages.TOO_MANY_REQUESTS);
  });

  it('mails one link a minute at most to an account, and makes an older link useless once a newer one is sent', async () => {
    const user = await createUser(ctx);
    await requestReset(await emailOf(user.id));
    const first = await linkToken(await emailOf(user.id), 'resetPassword');
    const again = await requestReset(await emailOf(user.id));
    expect(again.json()).toEqual({ message: messages.RESET_PASSWORD_SENT });
    expect(await mailsTo(await emailOf(user.id))).toHaveLength(1);

    await ctx.database.db
      .updateTable('account_tokens')
      .set({ created_at: sql`created_at - interval '2 minutes'` })
      .where('user_id', '=', user.id)
      .execute();
    await requestReset(await emailOf(user.id));
    expect(await mailsTo(await emailOf(user.id))).toHaveLength(2);
    const second = await linkToken(await emailOf(user.id), 'resetPassword');
    expect(second).not.toBe(first);
    expect((await checkToken(first)).json()).toEqual({ valid: false, problem: 'used' });
    expect((await checkToken(second)).json()).toEqual({ valid: true });
  });
});

describe('POST /api/auth/changePasswordForgottingPassword', () => {
  it('sets the new password, ends every session, and refuses the link a second time', async () => {
    const user = await loginAs(ctx);
    await requestReset(await emailOf(user.id));
    const token = await linkToken(await emailOf(user.id), 'resetPassword');
    expect((await checkToken(token)).json()).toEqual({ valid: true });

    const reply = await resetPassword(token, NEW_PASSWORD);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ changed: true });
    expect((await me(user.session.accessToken)).statusCode).toBe(401);
    await expectSignInWorks(user.username, TEST_PASSWORD, false);
    await expectSignInWorks(user.username, NEW_PASSWORD, true);
    expect((await mailsTo(await emailOf(user.id))).at(-1)!.subject).toMatch(/password has been changed/);

    expect((await checkToken(token)).json()).toEqual({ valid: false, problem: 'used' });
    const again = await resetPassword(token, 'Another#Pass-2028');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.TOKEN_ALREADY_USED);
    await expectSignInWorks(user.username, NEW_PASSWORD, true);
  });

  it('refuses an unknown and an expired link with the invalid-token text', async () => {
    const unknown = await resetPassword('x'.repeat(43), NEW_PASSWORD);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(messages.TOKEN_INVALID);
    expect((await checkToken('x'.repeat(43))).json()).toEqual({ valid: false, problem: 'invalid' });

    const user = await createUser(ctx);
    await requestReset(await emailOf(user.id));
    const token = await linkToken(await emailOf(user.id), 'resetPassword');
    await ctx.database.db
      .updateTable('account_tokens')
      .set({ created_at: sql`now() - interval '2 hours'`, expires_at: sql`now() - interval '1 hour'` })
      .where('user_id', '=', user.id)
      .execute();
    expect((await checkToken(token)).json()).toEqual({ valid: false, problem: 'expired' });
    const expired = await resetPassword(token, NEW_PASSWORD);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(messages.TOKEN_INVALID);
    await expectSignInWorks(user.username, TEST_PASSWORD, true);
  });

  it('refuses a password breaking the rule or a common one, and keeps the link usable', async () => {
    const user = await createUser(ctx);
    await requestReset(await emailOf(user.id));
    const token = await linkToken(await emailOf(user.id), 'resetPassword');

    const weak = await resetPassword(token, 'short1A');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fieldErrors.newPassword).toEqual([PASSWORD_MESSAGE]);
    for (const common of ['Password123!', 'P@ssw0rd', 'Qwerty123!', '!1Sunshine']) {
      const reply = await resetPassword(token, common);
      expect(reply.statusCode, common).toBe(400);
      expect(reply.json()).toEqual({ message: text.COMMON_PASSWORD, fieldErrors: { newPassword: [text.COMMON_PASSWORD] } });
    }
    expect((await checkToken(token)).json()).toEqual({ valid: true });
    expect((await resetPassword(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 429 with Retry-After to an address that tries too many links', async () => {
    const address = nextAddress();
    const tryLink = (i: number) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/checkTokenExits', payload: { token: `guess-${i}` }, remoteAddress: address });
    for (let i = 0; i < 30; i += 1) expect((await tryLink(i)).statusCode).toBe(200);
    const limited = await tryLink(30);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets exactly one of 16 parallel uses of one link succeed', async () => {
    const user = await createUser(ctx);
    await requestReset(await emailOf(user.id));
    const token = await linkToken(await emailOf(user.id), 'resetPassword');
    const address = nextAddress();
    const passwords = Array.from({ length: 16 }, (_, i) => `Parallel#${i}-Lily${i * 7}`);
    const replies = await Promise.all(passwords.map((password) => resetPassword(token, password, address)));
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    const winner = passwords[statuses.indexOf(200)]!;
    await expectSignInWorks(user.username, winner, true);
    const loser = passwords[statuses.findIndex((status) => status !== 200)]!;
    await expectSignInWorks(user.username, loser, false);
    const changes = await ctx.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'account.password_reset')
      .where('target_id', '=', String(user.id))
      .execute();
    expect(changes).toHaveLength(1);
  });
});

describe('POST /api/changePassword', () => {
  const change = (caller: Caller, payload: Record<string, unknown>) =>
    caller.inject({ method: 'POST', url: '/api/changePassword', payload, remoteAddress: nextAddress() });

  it('changes the password with the right current one, keeps this session with a fresh token and ends the others', async () => {
    const user = await loginAs(ctx);
    const otherSession = (await signIn(ctx, user.username, TEST_PASSWORD, nextAddress())).json<SigninReply>();
    const reply = await change(user, { userId: user.id, currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(reply.statusCode).toBe(200);
    const body = reply.json<{ changed: true; session: SigninReply }>();
    expect(body.changed).toBe(true);
    expect(body.session.userId).toBe(user.id);
    expect((await me(body.session.accessToken)).statusCode).toBe(200);
    expect((await me(user.session.accessToken)).statusCode).toBe(401);
    expect((await me(otherSession.accessToken)).statusCode).toBe(401);
    await expectSignInWorks(user.username, NEW_PASSWORD, true);
    await expectSignInWorks(user.username, TEST_PASSWORD, false);
    expect((await mailsTo(await emailOf(user.id))).at(-1)!.subject).toMatch(/password has been changed/);
  });

  it("refuses a wrong current password with the catalogue's text and changes nothing", async () => {
    const user = await loginAs(ctx);
    const reply = await change(user, { userId: user.id, currentPassword: 'Wrong#Pass-1', newPassword: NEW_PASSWORD });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      message: messages.CURRENT_PASSWORD_WRONG,
      fieldErrors: { currentPassword: [messages.CURRENT_PASSWORD_WRONG] },
    });
    expect((await me(user.session.accessToken)).statusCode).toBe(200);
    await expectSignInWorks(user.username, TEST_PASSWORD, true);
  });

  it('refuses a new password breaking the rule, a common one, or the same one', async () => {
    const user = await loginAs(ctx);
    const weak = await change(user, { userId: user.id, currentPassword: TEST_PASSWORD, newPassword: 'alllowercase1!' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fieldErrors.newPassword).toEqual([PASSWORD_MESSAGE]);
    const common = await change(user, { userId: user.id, currentPassword: TEST_PASSWORD, newPassword: 'Welcome1!' });
    expect(common.json().message).toBe(text.COMMON_PASSWORD);
    const same = await change(user, { userId: user.id, currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD });
    expect(same.json().message).toBe(text.SAME_PASSWORD);
    await expectSignInWorks(user.username, TEST_PASSWORD, true);
  });

  it("lets nobody change another user's password here: 403 for a user, 401 anonymous", async () => {
    const user = await loginAs(ctx);
    const victim = await createUser(ctx);
    const payload = { userId: victim.id, currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD };
    expect((await change(user, payload)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/changePassword', payload });
    expect(anonymous.statusCode).toBe(401);
    await expectSignInWorks(victim.username, TEST_PASSWORD, true);
  });
});

describe('POST /api/changePasswordByAdmin', () => {
  const change = (caller: Caller, payload: Record<string, unknown>) =>
    caller.inject({ method: 'POST', url: '/api/changePasswordByAdmin', payload, remoteAddress: nextAddress() });

  it("sets a user's password, ends their sessions and tells them by mail", async () => {
    const user = await loginAs(ctx);
    const reply = await change(admin, { userId: user.id, newPassword: NEW_PASSWORD });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ changed: true });
    expect((await me(user.session.accessToken)).statusCode).toBe(401);
    expect((await me(admin.session.accessToken)).statusCode).toBe(200);
    await expectSignInWorks(user.username, NEW_PASSWORD, true);
    expect((await mailsTo(await emailOf(user.id))).at(-1)!.text_body).toContain('An administrator has changed the password');
  });

  it('is for administrators only, checks the rule and knows unknown users', async () => {
    const user = await loginAs(ctx);
    const other = await createUser(ctx);
    expect((await change(user, { userId: other.id, newPassword: NEW_PASSWORD })).statusCode).toBe(403);
    expect((await change(user, { userId: user.id, newPassword: NEW_PASSWORD })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/changePasswordByAdmin', payload: { userId: other.id, newPassword: NEW_PASSWORD } })).statusCode).toBe(401);
    expect((await change(admin, { userId: other.id, newPassword: 'password' })).statusCode).toBe(400);
    expect((await change(admin, { userId: other.id, newPassword: 'Dragon2024!' })).json().message).toBe(text.COMMON_PASSWORD);
    const unknown = await change(admin, { userId: 999_999, newPassword: NEW_PASSWORD });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(text.USER_NOT_FOUND);
    await expectSignInWorks(other.username, TEST_PASSWORD, true);
  });
});

describe('e-mail changes', () => {
  const changeEmail = (caller: Caller, userId: number, newEmail: string, byAdmin = false) =>
    caller.inject({ method: 'POST', url: byAdmin ? '/api/changeEmailByAdmin' : '/api/changeEmail', payload: { userId, newEmail } });
  const confirm = (token: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/confirmTokenChangeEmail', payload: { token }, remoteAddress: nextAddress() });

  it('changes the address only when the link mailed to the new one is opened, and tells the old one', async () => {
    const user = await loginAs(ctx);
    const oldEmail = await emailOf(user.id);
    const newEmail = `${user.username}.new@example.net`;
    const reply = await changeEmail(user, user.id, ` ${newEmail} `);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ userId: user.id, newEmail, confirmationSent: true });
    expect(await emailOf(user.id)).toBe(oldEmail);
    const summary = await user.inject({ method: 'GET', url: `/api/accountSummary/${user.id}` });
    expect(summary.json()).toMatchObject({ userId: user.id, email: oldEmail, pendingEmail: newEmail, deleted: false });

    const token = await linkToken(newEmail, 'confirmChangeEmail');
    const lifetime = await ctx.database.db
      .selectFrom('account_tokens')
      .select(sql<number>`extract(epoch from expires_at - created_at)::int`.as('seconds'))
      .where('user_id', '=', user.id)
      .where('kind', '=', 'email_change')
      .executeTakeFirstOrThrow();
    expect(lifetime.seconds).toBeLessThanOrEqual(24 * 3600);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ userId: user.id, email: newEmail });
    expect(await emailOf(user.id)).toBe(newEmail);
    const told = await mailsTo(oldEmail);
    expect(told.at(-1)!.subject).toMatch(/e-mail address has been changed/);
    expect(told.at(-1)!.text_body).toContain(newEmail);

    const again = await confirm(token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.TOKEN_ALREADY_USED);
    expect((await confirm('y'.repeat(43))).json().message).toBe(messages.TOKEN_INVALID);
    // The user's session survives an address change.
    expect((await me(user.session.accessToken)).statusCode).toBe(200);
  });

  it('refuses an address of another account whatever its case, an invalid one, and the current one', async () => {
    const user = await loginAs(ctx);
    const other = await createUser(ctx);
    const taken = await changeEmail(user, user.id, (await emailOf(other.id)).toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: text.EMAIL_TAKEN, fieldErrors: { newEmail: [text.EMAIL_TAKEN] } });
    const invalid = await changeEmail(user, user.id, 'not@an@address');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain(text.INVALID_EMAIL);
    const same = await changeEmail(user, user.id, (await emailOf(user.id)).toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(text.SAME_EMAIL);
  });

  it('refuses the link when the address was taken meanwhile, and changes nothing', async () => {
    const user = await loginAs(ctx);
    const other = await loginAs(ctx);
    const wanted = `wanted.${user.username}@example.net`;
    expect((await changeEmail(user, user.id, wanted)).statusCode).toBe(200);
    const userToken = await linkToken(wanted, 'confirmChangeEmail');
    expect((await changeEmail(other, other.id, wanted.toUpperCase())).statusCode).toBe(200);
    const otherToken = await linkToken(wanted, 'confirmChangeEmail');
    expect((await confirm(otherToken)).statusCode).toBe(200);
    const late = await confirm(userToken);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(text.EMAIL_TAKEN);
    expect(await emailOf(user.id)).toBe(`${user.username}@example.org`);
  });

  it("lets an administrator change a user's address through the same link, and nobody else's", async () => {
    const user = await loginAs(ctx);
    const stranger = await loginAs(ctx);
    const newEmail = `${user.username}.byadmin@example.net`;
    expect((await changeEmail(stranger, user.id, newEmail)).statusCode).toBe(403);
    expect((await changeEmail(stranger, user.id, newEmail, true)).statusCode).toBe(403);
    expect((await changeEmail(user, user.id, newEmail, true)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/changeEmail', payload: { userId: user.id, newEmail } })).statusCode).toBe(401);

    const reply = await changeEmail(admin, user.id, newEmail, true);
    expect(reply.statusCode).toBe(200);
    expect(await emailOf(user.id)).toBe(`${user.username}@example.org`);
    const mail = (await mailsTo(newEmail)).at(-1)!;
    expect(mail.text_body).toContain('An administrator has asked');
    expect((await confirm(await linkToken(newEmail, 'confirmChangeEmail'))).statusCode).toBe(200);
    expect(await emailOf(user.id)).toBe(newEmail);
  });
});

describe('GET /api/accountSummary/{id}', () => {
  it('shows the account to its owner and to administrators only', async () => {
    const user = await loginAs(ctx);
    const other = await loginAs(ctx);
    const own = await user.inject({ method: 'GET', url: `/api/accountSummary/${user.id}` });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      userId: user.id,
      username: user.username,
      firstname: 'Ada',
      lastname: expect.any(String),
      email: `${user.username}@example.org`,
      pendingEmail: null,
      deleted: false,
    });
    expect((await other.inject({ method: 'GET', url: `/api/accountSummary/${user.id}` })).statusCode).toBe(403);
    expect((await admin.inject({ method: 'GET', url: `/api/accountSummary/${user.id}` })).statusCode).toBe(200);
    expect((await admin.inject({ method: 'GET', url: '/api/accountSummary/999999' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/accountSummary/${user.id}` })).statusCode).toBe(401);
  });
});

/** A past reservation of the user, with them as responsible and as a colleague of somebody else's booking. */
async function giveHistory(userId: number) {
  const db = ctx.database.db;
  const type = await db.selectFrom('reservation_types').select('id').where('label', '=', 'Exclusive').executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('reservations')
    .values({
      responsible_user_id: userId,
      reservation_type_id: type.id,
      start_date: new Date(Date.now() - 3 * 3600_000),
      end_date: new Date(Date.now() - 2 * 3600_000),
      description: 'history',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('reservation_users').values({ reservation_id: id, user_id: userId }).execute();
  return id;
}

async function addPersonalData(userId: number) {
  const db = ctx.database.db;
  await db
    .insertInto('credentials')
    .values({ user_id: userId, ssh_key: 'ssh-ed25519 AAAA test', key_type: 'ssh-ed25519', fingerprint: `SHA256:${userId}` })
    .execute();
  await db.insertInto('intended_usages').values({ user_id: userId, description: 'Testing routers' }).execute();
  const employer = await db
    .insertInto('employers')
    .values({ institute_name: 'Institute', country_name: 'France' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_employers').values({ user_id: userId, employer_id: employer.id, is_current: true }).execute();
}

async function countPersonalData(userId: number) {
  const db = ctx.database.db;
  const count = async (table: 'credentials' | 'intended_usages' | 'user_employers' | 'user_roles') =>
    (await db.selectFrom(table).select('user_id').where('user_id', '=', userId).execute()).length;
  return {
    credentials: await count('credentials'),
    intendedUsages: await count('intended_usages'),
    employers: await count('user_employers'),
    roles: await count('user_roles'),
  };
}

describe('POST /api/deleteUserPartiallyByUser/{id}', () => {
  const deleteOwn = (caller: Caller, userId: number, password: string) =>
    caller.inject({ method: 'POST', url: `/api/deleteUserPartiallyByUser/${userId}`, payload: { password }, remoteAddress: nextAddress() });

  it("refuses a wrong password with the catalogue's text and keeps the account", async () => {
    const user = await loginAs(ctx);
    const reply = await deleteOwn(user, user.id, 'Wrong#Pass-1');
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ message: messages.PASSWORD_WRONG, fieldErrors: { password: [messages.PASSWORD_WRONG] } });
    const empty = await deleteOwn(user, user.id, '');
    expect(empty.json().fieldErrors.password).toEqual([text.PASSWORD_REQUIRED]);
    expect((await me(user.session.accessToken)).statusCode).toBe(200);
  });

  it('deletes an account without history, ends its sessions and says goodbye by mail', async () => {
    const user = await loginAs(ctx);
    const email = await emailOf(user.id);
    await addPersonalData(user.id);
    const reply = await deleteOwn(user, user.id, TEST_PASSWORD);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ userId: user.id, deleted: true });
    expect(await ctx.database.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
    expect((await me(user.session.accessToken)).statusCode).toBe(401);
    await expectSignInWorks(user.username, TEST_PASSWORD, false);
    expect((await mailsTo(email)).at(-1)!.subject).toMatch(/account has been deleted/);
  });

  it('anonymises an account that reservations refer to, and the reservations stay', async () => {
    const user = await loginAs(ctx);
    const reservationId = await giveHistory(user.id);
    await addPersonalData(user.id);
    const reply = await deleteOwn(user, user.id, TEST_PASSWORD);
    expect(reply.statusCode).toBe(200);
    const row = await ctx.database.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ firstname: 'Deleted', lastname: 'user', password_hash: null, is_enabled: false });
    expect(row.username).not.toBe(user.username);
    expect(row.email).not.toContain(user.username);
    expect(row.anonymised_at).not.toBeNull();
    expect(await countPersonalData(user.id)).toEqual({ credentials: 0, intendedUsages: 0, employers: 0, roles: 0 });
    const reservation = await ctx.database.db.selectFrom('reservations').select('responsible_user_id').where('id', '=', reservationId).executeTakeFirstOrThrow();
    expect(reservation.responsible_user_id).toBe(user.id);
    expect((await me(user.session.accessToken)).statusCode).toBe(401);
    await expectSignInWorks(user.username, TEST_PASSWORD, false);
    await expectSignInWorks(row.username, TEST_PASSWORD, false);
    // Nothing is left to reset a password with.
    await requestReset(`${user.username}@example.org`);
    expect(await mailsTo(`${user.username}@example.org`)).toHaveLength(1);
  });

  it("refuses another user's account (403) and anonymous callers (401)", async () => {
    const user = await loginAs(ctx);
    const other = await loginAs(ctx);
    expect((await deleteOwn(other, user.id, TEST_PASSWORD)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'POST', url: `/api/deleteUserPartiallyByUser/${user.id}`, payload: { password: TEST_PASSWORD } });
    expect(anonymous.statusCode).toBe(401);
    expect((await me(user.session.accessToken)).statusCode).toBe(200);
  });
});

describe('the last enabled administrator', () => {
  it('can neither delete their own account nor be partially deleted: someone must approve accounts', async () => {
    // A database of its own, where this administrator is the only one.
    const alone = await buildTestApp();
    try {
      const only = await loginAs(alone, { roles: ['ADMIN', 'USER'] });
      const own = await only.inject({ method: 'POST', url: `/api/deleteUserPartiallyByUser/${only.id}`, payload: { password: TEST_PASSWORD } });
      expect(own.statusCode).toBe(409);
      expect(own.json().message).toBe(userMessages.LAST_ADMIN);
      const partial = await only.inject({ method: 'DELETE', url: `/api/deleteUserPartiallyByAdmin/${only.id}` });
      expect(partial.statusCode).toBe(409);
      expect((await only.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);

      // With a second administrator, either may go.
      const second = await loginAs(alone, { roles: ['ADMIN', 'USER'] });
      expect((await second.inject({ method: 'DELETE', url: `/api/deleteUserPartiallyByAdmin/${only.id}` })).statusCode).toBe(200);
      const last = await second.inject({ method: 'POST', url: `/api/deleteUserPartiallyByUser/${second.id}`, payload: { password: TEST_PASSWORD } });
      expect(last.statusCode).toBe(409);
    } finally {
      await alone.close();
    }
  });
});

describe('DELETE /api/deleteUserPartiallyByAdmin/{id}', () => {
  const partial = (caller: Caller, userId: number) => caller.inject({ method: 'DELETE', url: `/api/deleteUserPartiallyByAdmin/${userId}` });

  it('drops credentials, intended usages, employers and the password, ends the sessions and keeps the history', async () => {
    const user = await loginAs(ctx);
    const reservationId = await giveHistory(user.id);
    await addPersonalData(user.id);
    const reply = await partial(admin, user.id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ userId: user.id, partiallyDeleted: true, anonymisedAt: expect.any(String) });
    expect(await countPersonalData(user.id)).toEqual({ credentials: 0, intendedUsages: 0, employers: 0, roles: 0 });
    const row = await ctx.database.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ username: user.username, password_hash: null, is_enabled: false });
    expect((await me(user.session.accessToken)).statusCode).toBe(401);
    await expectSignInWorks(user.username, TEST_PASSWORD, false);
    expect(await ctx.database.db.selectFrom('reservations').select('id').where('id', '=', reservationId).executeTakeFirst()).toBeDefined();

    const summary = await admin.inject({ method: 'GET', url: `/api/accountSummary/${user.id}` });
    expect(summary.json()).toMatchObject({ deleted: true, username: user.username });
    // Done twice, the second time says that it was already done, and changes nothing.
    const again = await partial(admin, user.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This account is already anonymised.');
    const after = await ctx.database.db.selectFrom('users').select('anonymised_at').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(after.anonymised_at).toEqual(row.anonymised_at);
    // Nothing else can be done to it.
    expect((await admin.inject({ method: 'POST', url: '/api/changePasswordByAdmin', payload: { userId: user.id, newPassword: NEW_PASSWORD } })).json().message).toBe(text.ACCOUNT_DELETED);
  });

  it('is for administrators only', async () => {
    const user = await loginAs(ctx);
    const other = await createUser(ctx);
    expect((await partial(user, other.id)).statusCode).toBe(403);
    expect((await partial(user, user.id)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/deleteUserPartiallyByAdmin/${other.id}` })).statusCode).toBe(401);
    expect((await partial(admin, 999_999)).statusCode).toBe(404);
    await expectSignInWorks(other.username, TEST_PASSWORD, true);
  });
});

describe('authorization of every account-security call', () => {
  type CallerName = 'anonymous' | 'owner' | 'other' | 'admin' | 'pending';
  const CALLERS: CallerName[] = ['anonymous', 'owner', 'other', 'admin', 'pending'];
  type Expected = Record<CallerName, number>;
  // Open to anybody; a caller who sends a token that no longer opens anything is told so, as everywhere.
  const PUBLIC = (status: number): Expected => ({ anonymous: status, owner: status, other: status, admin: status, pending: 401 });
  const OWNER_OR_ADMIN: Expected = { anonymous: 401, owner: 200, other: 403, admin: 200, pending: 401 };
  const ADMIN_ONLY: Expected = { anonymous: 401, owner: 403, other: 403, admin: 200, pending: 401 };

  interface Row {
    method: 'GET' | 'POST' | 'DELETE';
    url: (ownerId: number) => string;
    body?: (ownerId: number) => Record<string, unknown>;
    expected: Expected;
  }
  let unique = 0;
  const freshEmail = () => `matrix${(unique += 1)}.${Date.now()}@example.net`;

  const rows: Record<string, Row> = {
    'GET /auth/checkEmailResetPassword': { method: 'GET', url: () => '/api/auth/checkEmailResetPassword?email=someone%40example.org', expected: PUBLIC(200) },
    'POST /auth/checkTokenExits': { method: 'POST', url: () => '/api/auth/checkTokenExits', body: () => ({ token: 'z'.repeat(43) }), expected: PUBLIC(200) },
    'POST /auth/changePasswordForgottingPassword': {
      method: 'POST',
      url: () => '/api/auth/changePasswordForgottingPassword',
      body: () => ({ token: 'z'.repeat(43), newPassword: NEW_PASSWORD }),
      expected: PUBLIC(400),
    },
    'POST /confirmTokenChangeEmail': { method: 'POST', url: () => '/api/confirmTokenChangeEmail', body: () => ({ token: 'z'.repeat(43) }), expected: PUBLIC(400) },
    'POST /changePassword': {
      method: 'POST',
      url: () => '/api/changePassword',
      body: (userId) => ({ userId, currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }),
      expected: OWNER_OR_ADMIN,
    },
    'POST /changePasswordByAdmin': {
      method: 'POST',
      url: () => '/api/changePasswordByAdmin',
      body: (userId) => ({ userId, newPassword: NEW_PASSWORD }),
      expected: ADMIN_ONLY,
    },
    'GET /accountSummary/{id}': { method: 'GET', url: (userId) => `/api/accountSummary/${userId}`, expected: OWNER_OR_ADMIN },
    'POST /changeEmail': { method: 'POST', url: () => '/api/changeEmail', body: (userId) => ({ userId, newEmail: freshEmail() }), expected: OWNER_OR_ADMIN },
    'POST /changeEmailByAdmin': {
      method: 'POST',
      url: () => '/api/changeEmailByAdmin',
      body: (userId) => ({ userId, newEmail: freshEmail() }),
      expected: ADMIN_ONLY,
    },
    'POST /deleteUserPartiallyByUser/{id}': {
      method: 'POST',
      url: (userId) => `/api/deleteUserPartiallyByUser/${userId}`,
      body: () => ({ password: TEST_PASSWORD }),
      expected: OWNER_OR_ADMIN,
    },
    'DELETE /deleteUserPartiallyByAdmin/{id}': { method: 'DELETE', url: (userId) => `/api/deleteUserPartiallyByAdmin/${userId}`, expected: ADMIN_ONLY },
  };

  /** Each cell acts on an account of its own, since most of these calls end the account's sessions. */
  async function callAs(caller: CallerName, row: Row) {
    const owner = await loginAs(ctx);
    const options = { method: row.method, url: row.url(owner.id), payload: row.body?.(owner.id), remoteAddress: nextAddress() };
    switch (caller) {
      case 'anonymous':
        return ctx.app.inject(options);
      case 'owner':
        return ctx.app.inject({ ...options, headers: { authorization: `Bearer ${owner.session.accessToken}` } });
      case 'other':
        return (await loginAs(ctx)).inject(options);
      case 'admin':
        return (await loginAs(ctx, { roles: ['ADMIN', 'USER'] })).inject(options);
      case 'pending': {
        // Back to waiting for an administrator after it had a session: its token no longer opens anything.
        const pending = await loginAs(ctx);
        await ctx.database.db.updateTable('users').set({ is_enabled: false, validation_pending: true }).where('id', '=', pending.id).execute();
        return pending.inject({ ...options, url: row.url(pending.id), payload: row.body?.(pending.id) });
      }
    }
  }

  it.each(Object.entries(rows))('%s', async (_name, row) => {
    const seen: Partial<Expected> = {};
    for (const caller of CALLERS) {
      const reply = await callAs(caller, row);
      seen[caller] = reply.statusCode;
      expect(reply.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
    }
    expect(seen).toEqual(row.expected);
  });
});
