import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { CreateApiTokenReply } from '@testbed/contract';
import { buildTestApp, loginAs, type TestContext } from '../../test/helper.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const me = (caller: Awaited<ReturnType<typeof loginAs>>) => caller.inject({ method: 'GET', url: '/api/auth/me' });

// A change written straight to the database (by another instance, or a script) holds from the very next
// call: nothing is remembered between calls.
describe('a session changed behind the API', () => {
  it('ends at the next call once the user is disabled', async () => {
    const caller = await loginAs(ctx);
    expect((await me(caller)).statusCode).toBe(200);
    await ctx.database.db.updateTable('users').set({ is_enabled: false }).where('id', '=', caller.id).execute();
    expect((await me(caller)).statusCode).toBe(401);
  });

  it('ends at the next call once its generation is raised, and follows a change of roles at once', async () => {
    const caller = await loginAs(ctx, { roles: ['USER'] });
    expect((await caller.inject({ method: 'GET', url: '/api/credentials' })).statusCode).toBe(403);
    await sql`INSERT INTO user_roles (user_id, role_id) SELECT ${caller.id}, id FROM roles WHERE name = 'ADMIN'`.execute(ctx.database.db);
    expect((await caller.inject({ method: 'GET', url: '/api/credentials' })).statusCode).toBe(200);

    await ctx.database.db
      .updateTable('users')
      .set((eb) => ({ session_generation: eb('session_generation', '+', 1) }))
      .where('id', '=', caller.id)
      .execute();
    expect((await me(caller)).statusCode).toBe(401);
  });

  it('follows a role withdrawn, renamed or moved to another user at the next call, signed in or through a token', async () => {
    const caller = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
    const created = await caller.inject({ method: 'POST', url: `/api/apiTokens/user/${caller.id}`, payload: { name: 'script', scope: 'read', expiresInDays: 30 } });
    expect(created.statusCode, created.body).toBe(200);
    const { token } = created.json<CreateApiTokenReply>();
    const adminRead = () => caller.inject({ method: 'GET', url: '/api/credentials' });
    const tokenAdminRead = () => ctx.app.inject({ method: 'GET', url: '/api/credentials', headers: { authorization: `Bearer ${token}` } });
    expect((await adminRead()).statusCode).toBe(200);
    expect((await tokenAdminRead()).statusCode).toBe(200);
    const { db } = ctx.database;

    await sql`DELETE FROM user_roles WHERE user_id = ${caller.id} AND role_id = (SELECT id FROM roles WHERE name = 'ADMIN')`.execute(db);
    expect((await adminRead()).statusCode).toBe(403);
    expect((await tokenAdminRead()).statusCode).toBe(403);
    expect((await me(caller)).json<{ authorities: Array<{ authority: string }> }>().authorities.map((a) => a.authority)).toEqual(['USER']);

    // A grant moved from another user (an UPDATE of the row) counts for both.
    const other = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
    await sql`UPDATE user_roles SET user_id = ${caller.id}
      WHERE user_id = ${other.id} AND role_id = (SELECT id FROM roles WHERE name = 'ADMIN')`.execute(db);
    expect((await adminRead()).statusCode).toBe(200);
    expect((await other.inject({ method: 'GET', url: '/api/credentials' })).statusCode).toBe(403);

    // A rename by a script: the role is no longer an authority, then is again.
    await sql`UPDATE roles SET name = 'FORMER_ADMIN' WHERE name = 'ADMIN'`.execute(db);
    try {
      expect((await adminRead()).statusCode).toBe(403);
      expect((await tokenAdminRead()).statusCode).toBe(403);
    } finally {
      await sql`UPDATE roles SET name = 'ADMIN' WHERE name = 'FORMER_ADMIN'`.execute(db);
    }
    expect((await adminRead()).statusCode).toBe(200);
    expect((await tokenAdminRead()).statusCode).toBe(200);
  });

  it('refuses a personal API token at the next call once it is revoked in the database', async () => {
    const caller = await loginAs(ctx);
    const created = await caller.inject({ method: 'POST', url: `/api/apiTokens/user/${caller.id}`, payload: { name: 'script', scope: 'read', expiresInDays: 30 } });
    expect(created.statusCode, created.body).toBe(200);
    const { token } = created.json<CreateApiTokenReply>();
    const withToken = () => ctx.app.inject({ method: 'GET', url: '/api/reservationTypes', headers: { authorization: `Bearer ${token}` } });
    expect((await withToken()).statusCode).toBe(200);
    await ctx.database.db.updateTable('api_tokens').set({ revoked_at: new Date(), revoked_reason: 'admin' }).where('user_id', '=', caller.id).execute();
    expect((await withToken()).statusCode).toBe(401);
  });
});

describe('the CSRF cookie', () => {
  it('is not handed to callers that authenticate with a bearer token alone', async () => {
    const caller = await loginAs(ctx);
    const reply = await me(caller);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['set-cookie']).toBeUndefined();
  });
});
