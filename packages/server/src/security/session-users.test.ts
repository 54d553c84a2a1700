import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildTestApp, createUser, loginAs, type TestContext } from '../../test/helper.js';
import { SessionUsers } from './session-users.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const me = (caller: Awaited<ReturnType<typeof loginAs>>) => caller.inject({ method: 'GET', url: '/api/auth/me' });

describe('the signed-in user kept between calls', () => {
  it('ends a session as soon as the database disables the user, even behind the API', async () => {
    const caller = await loginAs(ctx);
    expect((await me(caller)).statusCode).toBe(200); // now remembered
    await ctx.database.db.updateTable('users').set({ is_enabled: false }).where('id', '=', caller.id).execute();
    // PGlite announces the change as it commits; PostgreSQL's LISTEN connection hears it a moment later.
    await expect.poll(async () => (await me(caller)).statusCode, { timeout: 2_000, interval: 20 }).toBe(401);
  });

  it('ends a session when its generation is raised, and follows a change of roles', async () => {
    const caller = await loginAs(ctx, { roles: ['USER'] });
    expect((await caller.inject({ method: 'GET', url: '/api/credentials' })).statusCode).toBe(403);
    await sql`INSERT INTO user_roles (user_id, role_id) SELECT ${caller.id}, id FROM roles WHERE name = 'ADMIN'`.execute(ctx.database.db);
    await expect.poll(async () => (await caller.inject({ method: 'GET', url: '/api/credentials' })).statusCode, { timeout: 2_000, interval: 20 }).toBe(200);

    await ctx.database.db
      .updateTable('users')
      .set((eb) => ({ session_generation: eb('session_generation', '+', 1) }))
      .where('id', '=', caller.id)
      .execute();
    await expect.poll(async () => (await me(caller)).statusCode, { timeout: 2_000, interval: 20 }).toBe(401);
  });

  it('reads the database every time while it is not listening', async () => {
    const user = await createUser(ctx);
    const unlistened = new SessionUsers(ctx.database.db);
    expect((await unlistened.get(user.id))?.is_enabled).toBe(true);
    await ctx.database.db.updateTable('users').set({ is_enabled: false }).where('id', '=', user.id).execute();
    expect((await unlistened.get(user.id))?.is_enabled).toBe(false);
  });

  it('answers from memory while the database announces no change', async () => {
    const user = await createUser(ctx);
    const sessions = new SessionUsers(ctx.database.db);
    const heard: string[] = [];
    await sessions.listen(async (channel, onNotify, onListening) =>
      ctx.database.subscribe(channel, (payload) => {
        heard.push(payload);
        onNotify(payload);
      }, onListening),
    );
    try {
      expect((await sessions.get(user.id))?.username).toBe(user.username);
      // A change the triggers do not announce (the last name plays no part in a session) is not seen ...
      await ctx.database.db.updateTable('users').set({ lastname: 'Changed' }).where('id', '=', user.id).execute();
      // ... and a change they announce is.
      await ctx.database.db.updateTable('users').set({ username: `${user.username}_renamed` }).where('id', '=', user.id).execute();
      await expect.poll(() => heard.includes(String(user.id)), { timeout: 5_000, interval: 20 }).toBe(true);
      expect((await sessions.get(user.id))?.username).toBe(`${user.username}_renamed`);
    } finally {
      await sessions.close();
    }
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
