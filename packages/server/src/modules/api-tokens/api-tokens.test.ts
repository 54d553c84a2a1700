import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokenMessages, type ApiToken, type CreateApiTokenReply } from '@testbed/contract';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import { addSshKey, at, bookingBody, syncBuiltInTestbed } from '../../../test/booking.js';
import { buildTestApp, createPostgresDatabase, loginAs, TEST_PASSWORD, type TestContext } from '../../../test/helper.js';
import { loadConfig } from '../../config.js';
import { missingPath } from '../../../test/missing-path.js';

let ctx: TestContext;
type Caller = Awaited<ReturnType<typeof loginAs>>;

beforeAll(async () => {
  ctx = await buildTestApp();
  await syncBuiltInTestbed(ctx.database.db);
});
afterAll(() => ctx.close());

async function createToken(caller: Caller, body: Record<string, unknown> = {}) {
  const reply = await caller.inject({
    method: 'POST',
    url: `/api/apiTokens/user/${caller.id}`,
    payload: { name: 'laptop CLI', scope: 'read', expiresInDays: 30, ...body },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<CreateApiTokenReply>();
}

function withToken(token: string, options: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown }) {
  return ctx.app.inject({ method: options.method ?? 'GET', url: options.url, payload: options.payload as never, headers: { authorization: `Bearer ${token}` } });
}

async function auditActions(targetId: number) {
  const rows = await ctx.database.db
    .selectFrom('audit_log')
    .select(['action', 'details'])
    .where('target_type', '=', 'api_token')
    .where('target_id', '=', String(targetId))
    .orderBy('id')
    .execute();
  return rows;
}

describe('POST /api/apiTokens/user/{userId}', () => {
  it('shows the token once, stores only its hash and lists it with its dates', async () => {
    const user = await loginAs(ctx);
    const { token, apiToken } = await createToken(user, { name: 'nightly run', scope: 'read+book+flash', expiresInDays: 365 });
    expect(token).toMatch(/^tbp_[A-Za-z0-9_-]{43}$/);
    expect(apiToken).toMatchObject({ name: 'nightly run', scope: 'read+book+flash', status: 'active', lastUsedAt: null, revokedAt: null });
    const days = (Date.parse(apiToken.expiresAt) - Date.parse(apiToken.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(365, 3);

    const list = await user.inject({ method: 'GET', url: `/api/apiTokens/user/${user.id}` });
    expect(list.json<ApiToken[]>()).toEqual([apiToken]);
    expect(list.body).not.toContain(token);
    const stored = await ctx.database.db.selectFrom('api_tokens').selectAll().where('id', '=', apiToken.tokenId).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(token.slice(4));
    const audit = await auditActions(apiToken.tokenId);
    expect(audit.map((row) => row.action)).toEqual(['api_token.create']);
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it('refuses a lifetime over a year, a missing name and an unknown scope, naming the field', async () => {
    const user = await loginAs(ctx);
    for (const [body, field] of [
      [{ expiresInDays: 366 }, 'expiresInDays'],
      [{ expiresInDays: 0 }, 'expiresInDays'],
      [{ name: '  ' }, 'name'],
      [{ scope: 'admin' }, 'scope'],
    ] as const) {
      const reply = await user.inject({
        method: 'POST',
        url: `/api/apiTokens/user/${user.id}`,
        payload: { name: 'x', scope: 'read', expiresInDays: 30, ...body },
      });
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(reply.json().fieldErrors)).toEqual([field]);
    }
  });

  it('refuses a 51st token in force, also when the creations race', async () => {
    const user = await loginAs(ctx);
    await ctx.database.db
      .insertInto('api_tokens')
      .values(
        Array.from({ length: 45 }, (_, n) => ({
          user_id: user.id,
          name: `bulk ${n}`,
          token_hash: randomBytes(32),
          scope: 'read' as const,
          expires_at: new Date(Date.now() + 86_400_000),
        })),
      )
      .execute();
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        user.inject({ method: 'POST', url: `/api/apiTokens/user/${user.id}`, payload: { name: `race ${n}`, scope: 'read', expiresInDays: 1 } }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 409, 409, 409]);
    expect(replies.find((reply) => reply.statusCode === 409)!.json().message).toBe(apiTokenMessages.TOO_MANY);
  });

  it('is refused for another user, even to an administrator', async () => {
    const user = await loginAs(ctx);
    const admin = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
    const reply = await admin.inject({ method: 'POST', url: `/api/apiTokens/user/${user.id}`, payload: { name: 'x', scope: 'read', expiresInDays: 1 } });
    expect(reply.statusCode).toBe(403);
  });
});

describe('Authorization: Bearer <API token>', () => {
  it('lets a read token read, and records its use at most once a minute', async () => {
    const user = await loginAs(ctx);
    const { token, apiToken } = await createToken(user);
    const me = await withToken(token, { url: '/api/auth/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ userId: user.id, username: user.username });
    expect((await withToken(token, { url: '/api/getNodesToReserve' })).statusCode).toBe(200);
    expect((await withToken(token, { url: `/api/userReservations/${user.id}` })).statusCode).toBe(200);
    const [listed] = (await user.inject({ method: 'GET', url: `/api/apiTokens/user/${user.id}` })).json<ApiToken[]>();
    expect(listed!.lastUsedAt).not.toBeNull();
    const uses = (await auditActions(apiToken.tokenId)).filter((row) => row.action === 'api_token.use');
    expect(uses).toHaveLength(1);
  });

  it('refuses a booking to a read token and accepts it from a read+book+flash token', async () => {
    const user = await loginAs(ctx);
    await addSshKey(ctx.database.db, user.id);
    const read = await createToken(user, { scope: 'read' });
    const all = await createToken(user, { scope: 'read+book+flash' });
    const body = bookingBody({ userId: user.id, macs: ['02:00:00:01:00:03'], start: at(40), end: at(40, 1) });
    const refused = await withToken(read.token, { method: 'POST', url: '/api/reserveNodes', payload: body });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(apiTokenMessages.SCOPE_TOO_NARROW);
    const booked = await withToken(all.token, { method: 'POST', url: '/api/reserveNodes', payload: body });
    expect(booked.statusCode, booked.body).toBe(200);
    const deleted = await withToken(read.token, { method: 'DELETE', url: `/api/deleteReservation/${booked.json().value1}` });
    expect(deleted.statusCode).toBe(403);
  });

  it('never reaches account security, the token calls or the administration, whatever the scope', async () => {
    const admin = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
    const { token, apiToken } = await createToken(admin, { scope: 'read+book+flash' });
    const calls = [
      { method: 'POST', url: '/api/changePassword', payload: { userId: admin.id, currentPassword: TEST_PASSWORD, newPassword: 'Another#2026pass' } },
      { method: 'POST', url: '/api/changeEmail', payload: { userId: admin.id, email: 'new@example.org' } },
      { method: 'GET', url: `/api/accountSummary/${admin.id}` },
      { method: 'POST', url: `/api/deleteUserPartiallyByUser/${admin.id}`, payload: { password: TEST_PASSWORD } },
      { method: 'POST', url: `/api/credential/addToUser/${admin.id}`, payload: { sshKey: 'ssh-ed25519 AAAA x' } },
      { method: 'PUT', url: `/api/user/${admin.id}`, payload: { firstname: 'Eve', lastname: 'Token' } },
      { method: 'GET', url: `/api/apiTokens/user/${admin.id}` },
      { method: 'GET', url: '/api/apiTokens' },
      { method: 'POST', url: `/api/apiTokens/user/${admin.id}`, payload: { name: 'more', scope: 'read', expiresInDays: 1 } },
      { method: 'DELETE', url: `/api/apiToken/${apiToken.tokenId}` },
      { method: 'POST', url: '/api/role', payload: { name: 'TOKENED' } },
    ] as const;
    for (const call of calls) {
      const reply = await withToken(token, call);
      expect(reply.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(reply.json().message).toBe(apiTokenMessages.NOT_ACCEPTED);
    }
    // The token is still in force: it was refused, not ended.
    expect((await withToken(token, { url: '/api/auth/me' })).statusCode).toBe(200);
  });

  it('is refused by every call that does not declare a scope, as the OpenAPI reference says', async () => {
    const user = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
    const { token } = await createToken(user, { scope: 'read+book+flash' });
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { description?: string }>>;
    }>();
    const closed = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.description?.includes('Personal API tokens: not accepted.'))
        .map(([method]) => ({ method: method.toUpperCase() as 'GET', url: path.replace(/\{\w+\}/g, '1') })),
    );
    expect(closed.length).toBeGreaterThan(40);
    for (const call of closed) {
      const reply = await withToken(token, { ...call, payload: call.method === 'GET' ? undefined : {} });
      expect(reply.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(reply.json().message).toBe(apiTokenMessages.NOT_ACCEPTED);
    }
  });

  it('is taken by every call that declares a scope, and a read token by the read calls only', async () => {
    const user = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
    const { token } = await createToken(user, { scope: 'read' });
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { description?: string }>>;
    }>();
    const calls = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, operation]) => {
        const scope = /Personal API tokens: scope (read\+book\+flash|read)\b/.exec(operation.description ?? '')?.[1];
        return scope ? [{ method: method.toUpperCase() as 'GET', url: path.replace(/\{\w+\}/g, String(user.id)), scope }] : [];
      }),
    );
    expect(calls.filter((call) => call.scope === 'read').length).toBeGreaterThan(20);
    expect(calls.filter((call) => call.scope === 'read+book+flash').length).toBeGreaterThanOrEqual(4);
    for (const call of calls) {
      const reply = await withToken(token, { ...call, payload: call.method === 'GET' ? undefined : {} });
      const name = `${call.method} ${call.url}`;
      if (call.scope === 'read') {
        // Whatever the call then answers (200, or 400/404 for the made-up input), the token got through.
        expect(reply.statusCode, name).not.toBe(401);
        expect(reply.json().message ?? '', name).not.toMatch(/API token/);
      } else {
        expect(reply.statusCode, name).toBe(403);
        expect(reply.json().message, name).toBe(apiTokenMessages.SCOPE_TOO_NARROW);
      }
    }
  });

  it('refuses an unknown, a malformed, an expired and a revoked token with 401', async () => {
    const user = await loginAs(ctx);
    const expired = await createToken(user);
    await ctx.database.db
      .updateTable('api_tokens')
      .set({ created_at: new Date(Date.now() - 3 * 86_400_000), expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.apiToken.tokenId)
      .execute();
    const revoked = await createToken(user);
    const revoke = await user.inject({ method: 'DELETE', url: `/api/apiToken/${revoked.apiToken.tokenId}` });
    expect(revoke.json()).toMatchObject({ status: 'revoked', revokedReason: 'user' });
    for (const token of [`tbp_${randomBytes(32).toString('base64url')}`, 'tbp_short', expired.token, revoked.token]) {
      const reply = await withToken(token, { url: '/api/auth/me' });
      expect(reply.statusCode, token).toBe(401);
      expect(reply.json().message).toBe(apiTokenMessages.INVALID);
    }
    const list = (await user.inject({ method: 'GET', url: `/api/apiTokens/user/${user.id}` })).json<ApiToken[]>();
    expect(list.map((token) => token.status)).toEqual(['revoked', 'expired']);
    expect((await auditActions(revoked.apiToken.tokenId)).map((row) => row.action)).toEqual(['api_token.create', 'api_token.revoke']);
  });

  it('ends every token of a user whose password changes, who is disabled or anonymised', async () => {
    const user = await loginAs(ctx);
    const first = await createToken(user);
    expect((await withToken(first.token, { url: '/api/auth/me' })).statusCode).toBe(200);
    const changed = await user.inject({
      method: 'POST',
      url: '/api/changePassword',
      payload: { userId: user.id, currentPassword: TEST_PASSWORD, newPassword: 'Another#2026pass' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await withToken(first.token, { url: '/api/auth/me' })).statusCode).toBe(401);

    const other = await loginAs(ctx);
    const second = await createToken(other);
    const admin = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
    const anonymised = await admin.inject({ method: 'DELETE', url: `/api/deleteUserPartiallyByAdmin/${other.id}` });
    expect(anonymised.statusCode, anonymised.body).toBe(200);
    expect((await withToken(second.token, { url: '/api/auth/me' })).statusCode).toBe(401);

    const third = await loginAs(ctx);
    const token = await createToken(third);
    await ctx.database.db.updateTable('users').set({ is_enabled: false }).where('id', '=', third.id).execute();
    await ctx.database.db.updateTable('users').set({ is_enabled: true }).where('id', '=', third.id).execute();
    // Enabled again, the account's old tokens stay ended.
    expect((await withToken(token.token, { url: '/api/auth/me' })).statusCode).toBe(401);

    const ended = await ctx.database.db
      .selectFrom('api_tokens')
      .select(['revoked_reason'])
      .where('id', 'in', [first.apiToken.tokenId, second.apiToken.tokenId, token.apiToken.tokenId])
      .execute();
    expect(ended.map((row) => row.revoked_reason)).toEqual(['account', 'account', 'account']);
  });
});

describe('GET /api/apiTokens and DELETE /api/apiToken/{id} by an administrator', () => {
  it("lists everyone's tokens and revokes any of them", async () => {
    const user = await loginAs(ctx);
    const admin = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
    const { token, apiToken } = await createToken(user, { name: 'to be revoked' });
    const list = (await admin.inject({ method: 'GET', url: '/api/apiTokens' })).json<ApiToken[]>();
    expect(list.find((row) => row.tokenId === apiToken.tokenId)).toMatchObject({ user: { userId: user.id, username: user.username } });
    const revoked = await admin.inject({ method: 'DELETE', url: `/api/apiToken/${apiToken.tokenId}` });
    expect(revoked.json()).toMatchObject({ status: 'revoked', revokedReason: 'admin' });
    expect((await withToken(token, { url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await user.inject({ method: 'DELETE', url: '/api/apiToken/2147483647' })).statusCode).toBe(404);
    expect((await user.inject({ method: 'DELETE', url: '/api/apiToken/2147483648' })).statusCode).toBe(400);
  });
});

describe('revocation across two instances on one PostgreSQL database', () => {
  const baseUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!baseUrl)('refuses a revoked token at once on the instance that did not revoke it (needs TEST_DATABASE_URL)', async () => {
    const database = await createPostgresDatabase(baseUrl!);
    const handles = [await openDatabase(database.url), await openDatabase(database.url)];
    const secret = randomBytes(32).toString('hex');
    const config = loadConfig({ DATA_DIR: missingPath('data'), LOG_LEVEL: 'silent' });
    const apps = await Promise.all(
      handles.map((handle) => buildApp({ config, db: handle.db, subscribe: handle.subscribe, jwtSecret: secret, logger: false, webRoot: missingPath('web-root') })),
    );
    try {
      const [one, two] = apps as [(typeof apps)[0], (typeof apps)[0]];
      const shared = { ...ctx, app: one, database: handles[0]! };
      const user = await loginAs(shared);
      const created = await one.inject({
        method: 'POST',
        url: `/api/apiTokens/user/${user.id}`,
        headers: { authorization: `Bearer ${user.session.accessToken}` },
        payload: { name: 'two instances', scope: 'read', expiresInDays: 7 },
      });
      const { token, apiToken } = created.json<CreateApiTokenReply>();
      const me = () => two.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
      // Instance two now holds the token in memory.
      expect((await me()).statusCode).toBe(200);
      expect((await me()).statusCode).toBe(200);
      const revoked = await one.inject({
        method: 'DELETE',
        url: `/api/apiToken/${apiToken.tokenId}`,
        headers: { authorization: `Bearer ${user.session.accessToken}` },
      });
      expect(revoked.statusCode).toBe(200);
      // The announcement reaches instance two within moments, far sooner than its copy would age out.
      const deadline = Date.now() + 2000;
      let status = 200;
      while (Date.now() < deadline && status === 200) {
        status = (await me()).statusCode;
        if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(status).toBe(401);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(handles.map((handle) => handle.close()));
      await database.drop();
    }
  });
});
