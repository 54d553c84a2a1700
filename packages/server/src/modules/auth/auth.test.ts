import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { messages } from '@testbed/contract';
import { buildTestApp, createUser, loginAs, signIn, TEST_PASSWORD, type TestContext } from '../../../test/helper.js';
import { tokenMailedTo } from '../registration/registration-test-support.js';
import { addressKey } from '../../security/sign-in-throttle.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

describe('POST /api/auth/signin', () => {
  it('answers the sign-in reply with a token carrying the user id, authorities and an expiry', async () => {
    const user = await createUser(ctx, { roles: ['ADMIN', 'USER'] });
    const reply = await signIn(ctx, user.username, TEST_PASSWORD, '203.0.113.1');
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body).toMatchObject({
      userId: user.id,
      username: user.username,
      authorities: [{ authority: 'ADMIN' }, { authority: 'USER' }],
      hasSshKey: false,
      timeZone: null,
      redirectURL: '/home',
      tokenType: 'Bearer',
    });
    const claims = decodeJwt(body.accessToken);
    expect(claims.sub).toBe(String(user.id));
    expect(claims.authorities).toEqual(['ADMIN', 'USER']);
    expect(claims.exp).toBe(body.expiresAt);
    expect(claims.exp! * 1000).toBeGreaterThan(Date.now());
  });

  it('accepts the username in any case', async () => {
    const user = await createUser(ctx);
    const reply = await signIn(ctx, user.username.toUpperCase(), TEST_PASSWORD, '203.0.113.2');
    expect(reply.statusCode).toBe(200);
  });

  it('answers unknown user and wrong password alike, with the bad-login text of the catalogue', async () => {
    const user = await createUser(ctx);
    const wrong = await signIn(ctx, user.username, 'Wrong#Pass123', '203.0.113.3');
    const unknown = await signIn(ctx, 'nobody_here', 'Wrong#Pass123', '203.0.113.3');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: messages.BAD_LOGIN });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('tells a disabled account with the right password that the account is invalid', async () => {
    const user = await createUser(ctx, { enabled: false });
    const right = await signIn(ctx, user.username, TEST_PASSWORD, '203.0.113.4');
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ message: messages.ACCOUNT_INVALID });
    const wrong = await signIn(ctx, user.username, 'Wrong#Pass123', '203.0.113.4');
    expect(wrong.json()).toEqual({ message: messages.BAD_LOGIN });
  });

  it('refuses a malformed body with 400 and field errors', async () => {
    const reply = await ctx.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: '' }, remoteAddress: '203.0.113.5' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().fieldErrors).toHaveProperty('username');
    expect(reply.json().fieldErrors).toHaveProperty('password');
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
      remoteAddress: '203.0.113.5',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.body).not.toMatch(/at .*\.ts/);
  });

  it('locks an account after repeated failures: even the right password gets the generic reply', async () => {
    const user = await createUser(ctx);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      // A new address each time: this is the per-account counter, not the per-address one.
      const reply = await signIn(ctx, user.username, 'Wrong#Pass123', `198.18.0.${attempt + 1}`);
      expect(reply.statusCode).toBe(401);
    }
    const right = await signIn(ctx, user.username, TEST_PASSWORD, '198.18.1.1');
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual({ message: messages.BAD_LOGIN });
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('actor_user_id', '=', user.id)
      .execute();
    expect(audit.filter((row) => row.action === 'auth.signin.failure')).toHaveLength(6);
    expect(JSON.stringify(audit)).not.toContain('Wrong#Pass123');
  });

  it('keeps no row for names that name no account: one row for the address, none per name, no audit', async () => {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      expect((await signIn(ctx, `ghost_${attempt}_zz`, 'Wrong#Pass123', '198.18.2.1')).statusCode).toBe(401);
    }
    const rows = await ctx.database.db.selectFrom('sign_in_throttle').select(['key', 'failures']).execute();
    expect(rows.filter((row) => row.key.includes('ghost_'))).toEqual([]);
    expect(rows.find((row) => row.key === 'address:198.18.2.1')?.failures).toBe(8);
    const audit = await ctx.database.db.selectFrom('audit_log').select('details').execute();
    expect(JSON.stringify(audit)).not.toContain('ghost_');
  });

  it('prunes the rows of addresses that have been quiet for a day as new failures come', async () => {
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await ctx.database.db.insertInto('sign_in_throttle').values({ key: 'address:192.0.2.200', failures: 3, updated_at: twoDaysAgo }).execute();
    await signIn(ctx, 'ghost_prune', 'Wrong#Pass123', '198.18.2.9');
    const left = await ctx.database.db.selectFrom('sign_in_throttle').select('key').where('key', '=', 'address:192.0.2.200').execute();
    expect(left).toEqual([]);
  });

  it('counts an IPv6 address by its /64, so an attacker cannot step through the addresses of one network', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('address:2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('address:2001:db8:1:2::/64');
    expect(addressKey('2001:db8::5')).toBe('address:2001:db8:0:0::/64');
    expect(addressKey('::ffff:192.0.2.7')).toBe('address:192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('address:192.0.2.7');
  });

  it("lets a user in from an address they signed in from before while an attacker elsewhere holds the account's wait", async () => {
    const user = await createUser(ctx);
    expect((await signIn(ctx, user.username, TEST_PASSWORD, '198.18.3.1')).statusCode).toBe(200);
    for (let attempt = 0; attempt < 7; attempt += 1) {
      expect((await signIn(ctx, user.username, 'Wrong#Pass123', `198.18.4.${attempt + 1}`)).statusCode).toBe(401);
    }
    // From a new address the account waits; from the known one the user signs in at once.
    expect((await signIn(ctx, user.username, TEST_PASSWORD, '198.18.5.1')).statusCode).toBe(401);
    expect((await signIn(ctx, user.username, TEST_PASSWORD, '198.18.3.1')).statusCode).toBe(200);
    // Signing in ended the wait everywhere.
    expect((await signIn(ctx, user.username, TEST_PASSWORD, '198.18.5.2')).statusCode).toBe(200);
  });

  it("ends the account's wait when the user resets the password through the mailed link", async () => {
    const user = await createUser(ctx);
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await signIn(ctx, user.username, 'Wrong#Pass123', `198.18.6.${attempt + 1}`);
    }
    expect((await signIn(ctx, user.username, TEST_PASSWORD, '198.18.7.1')).statusCode).toBe(401);
    const email = `${user.username}@example.org`;
    await ctx.app.inject({ method: 'GET', url: '/api/auth/checkEmailResetPassword', query: { email }, remoteAddress: '198.18.7.2' });
    const token = await tokenMailedTo(ctx, email, 'resetPassword');
    const newPassword = 'Another#Pass2027';
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/changePasswordForgottingPassword',
      payload: { token, newPassword },
      remoteAddress: '198.18.7.3',
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(ctx, user.username, newPassword, '198.18.7.4')).statusCode).toBe(200);
  });

  it('limits the rate per address with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const reply = await signIn(ctx, `someone_${attempt}`, 'Wrong#Pass123', '198.19.0.1');
      statuses.push(reply.statusCode);
      if (reply.statusCode === 429) retryAfter = reply.headers['retry-after'] as string;
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe('sessions', () => {
  it('GET /api/auth/me answers the signed-in user and 401 without a token', async () => {
    const caller = await loginAs(ctx);
    const me = await caller.inject({ method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ userId: caller.id, username: caller.username });
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("tells what the user may do on what is not theirs, action by action, as the policies answer", async () => {
    const member = await loginAs(ctx);
    const admin = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
    const neither = await loginAs(ctx, { roles: [] });
    const memberAbilities = member.session.abilities;
    // A member reaches the member's pages and what anyone signed in may do, nothing of the administrators'.
    expect(memberAbilities).toMatchObject({ 'portal:use': true, 'session:read': true, 'devices:read': true, 'user:search': true });
    expect(memberAbilities).toMatchObject({ 'users:list': false, 'audit:read': false, 'user:admin-fields': false, 'maintenance:manage': false });
    // On another's account a member may do nothing: their own is the page's and the server's check by id.
    expect(memberAbilities).toMatchObject({ 'user:read': false, 'reservation:book': false, 'flash:device': false, 'group:read': false });
    // An administrator may do everything but mint a token in another's name.
    expect(Object.entries(admin.session.abilities).filter(([, may]) => !may)).toEqual([['api-token:create', false]]);
    // Without the USER role, the member's pages are closed; what anyone signed in may do stays open.
    expect(neither.session.abilities).toMatchObject({ 'portal:use': false, 'session:read': true });
    // The current-user reply carries the same abilities as the sign-in reply.
    const me = await admin.inject({ method: 'GET', url: '/api/auth/me' });
    expect(me.json().abilities).toEqual(admin.session.abilities);
  });

  it('refuses forged, other-algorithm and garbage tokens', async () => {
    const caller = await loginAs(ctx);
    const [header, payload] = caller.session.accessToken.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...decodeJwt(caller.session.accessToken), sub: '1' })).toString('base64url')}.${caller.session.accessToken.split('.')[2]}`;
    for (const token of [none, tampered, 'garbage', '']) {
      const reply = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
      expect(reply.statusCode).toBe(401);
    }
  });

  it('ends existing tokens when the user is disabled or their session generation is raised', async () => {
    const disabled = await loginAs(ctx);
    await ctx.database.db.updateTable('users').set({ is_enabled: false }).where('id', '=', disabled.id).execute();
    expect((await disabled.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);

    const changed = await loginAs(ctx);
    await ctx.database.db
      .updateTable('users')
      .set((eb) => ({ session_generation: eb('session_generation', '+', 1) }))
      .where('id', '=', changed.id)
      .execute();
    expect((await changed.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });
});

describe('API scope', () => {
  it('answers unknown /api paths with 404 JSON', async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toMatch(/No API route/);
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(reply.statusCode).toBe(200);
    const doc = reply.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/auth/signin'].post.requestBody).toBeDefined();
  });

  it('checks the CSRF header on unsafe calls that carry the CSRF cookie', async () => {
    const cookie = 'XSRF-TOKEN=abc123abc123';
    const payload = { username: 'someone', password: 'Wrong#Pass123' };
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/auth/signin', headers: { cookie }, payload, remoteAddress: '198.20.0.1' });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().message).toMatch(/CSRF/);
    const matching = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { cookie, 'x-xsrf-token': 'abc123abc123' },
      payload,
      remoteAddress: '198.20.0.1',
    });
    expect(matching.statusCode).toBe(401);
    const fresh = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(String(fresh.headers['set-cookie'])).toMatch(/XSRF-TOKEN=[\w-]{20,};.*SameSite=Strict/);
  });
});
