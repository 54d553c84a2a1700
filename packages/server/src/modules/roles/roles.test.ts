import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleMessages, type Role } from '@testbed/contract';
import { buildTestApp, createUser, loginAs, signIn, TEST_PASSWORD, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
let user: Awaited<ReturnType<typeof loginAs>>;
beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
  user = await loginAs(ctx);
});
afterAll(() => ctx.close());

const roles = async () => (await admin.inject({ method: 'GET', url: '/api/roles' })).json<Role[]>();
const roleNamed = async (name: string) => (await roles()).find((role) => role.roleName === name)!;
const create = (roleName: unknown) => admin.inject({ method: 'POST', url: '/api/role', payload: { roleName } });

describe('GET /api/roles', () => {
  it('lists every role with its number of users, ADMIN and USER marked protected', async () => {
    const reply = await admin.inject({ method: 'GET', url: '/api/roles' });
    expect(reply.statusCode).toBe(200);
    const list = reply.json<Role[]>();
    const adminRole = list.find((role) => role.roleName === 'ADMIN')!;
    const userRole = list.find((role) => role.roleName === 'USER')!;
    expect(adminRole).toMatchObject({ protected: true });
    expect(userRole).toMatchObject({ protected: true });
    const before = userRole.userCount;
    await createUser(ctx);
    expect((await roleNamed('USER')).userCount).toBe(before + 1);
    expect(adminRole.userCount).toBeGreaterThanOrEqual(1);
  });

  it('is refused to users (403) and anonymous callers (401)', async () => {
    expect((await user.inject({ method: 'GET', url: '/api/roles' })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/roles' })).statusCode).toBe(401);
  });
});

describe('GET /api/role/{id}', () => {
  it('shows a role with its users', async () => {
    const adminRole = await roleNamed('ADMIN');
    const reply = await admin.inject({ method: 'GET', url: `/api/role/${adminRole.roleId}` });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ roleId: adminRole.roleId, roleName: 'ADMIN', protected: true });
    expect(reply.json().users).toContainEqual({ userId: admin.id, username: admin.username, firstname: 'Ada', lastname: expect.any(String) });
  });

  it('lists at most the first 500 holders by last name, and counts them all', async () => {
    const { roleId } = (await create('CROWD')).json();
    await sql`
      WITH made AS (
        INSERT INTO users (username, email, firstname, lastname, is_enabled)
        SELECT 'crowd_' || n, 'crowd_' || n || '@example.org', 'Crowd', 'Member' || lpad(n::text, 4, '0'), true
        FROM generate_series(1, 502) AS n
        RETURNING id
      )
      INSERT INTO user_roles (user_id, role_id) SELECT id, ${roleId} FROM made`.execute(ctx.database.db);
    const reply = await admin.inject({ method: 'GET', url: `/api/role/${roleId}` });
    expect(reply.json().userCount).toBe(502);
    expect(reply.json().users).toHaveLength(500);
    expect(reply.json().users[0].lastname).toBe('Member0001');
    expect(reply.json().users[499].lastname).toBe('Member0500');
  });

  it('answers 404 for an unknown role, 400 for a malformed id, 403 to users', async () => {
    const unknown = await admin.inject({ method: 'GET', url: '/api/role/2000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(roleMessages.NOT_FOUND);
    expect((await admin.inject({ method: 'GET', url: '/api/role/abc' })).statusCode).toBe(400);
    const adminRole = await roleNamed('ADMIN');
    expect((await user.inject({ method: 'GET', url: `/api/role/${adminRole.roleId}` })).statusCode).toBe(403);
  });
});

describe('POST /api/role', () => {
  it('creates a role with no user, trimmed, and audits it', async () => {
    const reply = await create('  OPERATOR ');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ roleName: 'OPERATOR', userCount: 0, protected: false, users: [] });
    expect((await roles()).map((role) => role.roleName)).toContain('OPERATOR');
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'role.create')
      .where('target_id', '=', String(reply.json().roleId))
      .executeTakeFirstOrThrow();
    expect(audit.actor_user_id).toBe(admin.id);
  });

  it('refuses a name already taken with 409 and stores nothing', async () => {
    const count = (await roles()).length;
    for (const name of ['ADMIN', 'OPERATOR']) {
      const reply = await create(name);
      expect(reply.statusCode).toBe(409);
      expect(reply.json()).toMatchObject({ message: roleMessages.DUPLICATE, fieldErrors: { roleName: [roleMessages.DUPLICATE] } });
    }
    expect((await roles()).length).toBe(count);
  });

  it('stores one of several parallel creations of one name and answers 409 to the others', async () => {
    const replies = await Promise.all(Array.from({ length: 6 }, () => create('AUDITOR')));
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await roles()).filter((role) => role.roleName === 'AUDITOR')).toHaveLength(1);
  });

  it("refuses a name that breaks the role-name rule with the rule's message", async () => {
    for (const name of ['operator', 'A', 'WITH SPACE', '1ROLE', `R${'X'.repeat(32)}`, 'RÔLE']) {
      const reply = await create(name);
      expect(reply.statusCode, name).toBe(400);
      expect(reply.json().fieldErrors.roleName).toEqual([roleMessages.INVALID_ROLE_NAME]);
    }
    for (const payload of [{}, { roleName: 42 }, { roleName: '' }]) {
      const reply = await admin.inject({ method: 'POST', url: '/api/role', payload });
      expect(reply.statusCode).toBe(400);
    }
    expect((await admin.inject({ method: 'POST', url: '/api/role', payload: { roleName: '' } })).json().fieldErrors.roleName).toEqual([
      'Role name is required',
    ]);
  });

  it('is refused to users (403) and anonymous callers (401)', async () => {
    expect((await user.inject({ method: 'POST', url: '/api/role', payload: { roleName: 'HACKER' } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/role', payload: { roleName: 'HACKER' } })).statusCode).toBe(401);
    expect((await roles()).map((role) => role.roleName)).not.toContain('HACKER');
  });
});

describe('PUT /api/role/{id}', () => {
  it('renames a role', async () => {
    const { roleId } = (await create('TEMPORARY')).json();
    const reply = await admin.inject({ method: 'PUT', url: `/api/role/${roleId}`, payload: { roleName: 'PERMANENT' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ roleId, roleName: 'PERMANENT' });
    const clash = await admin.inject({ method: 'PUT', url: `/api/role/${roleId}`, payload: { roleName: 'USER' } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(roleMessages.DUPLICATE);
  });

  it('refuses to rename ADMIN or USER, so that everybody can still sign in', async () => {
    for (const name of ['ADMIN', 'USER']) {
      const { roleId } = await roleNamed(name);
      const reply = await admin.inject({ method: 'PUT', url: `/api/role/${roleId}`, payload: { roleName: `${name}S` } });
      expect(reply.statusCode).toBe(409);
      expect(reply.json().message).toBe(roleMessages.PROTECTED);
      // Saving it unchanged is harmless.
      expect((await admin.inject({ method: 'PUT', url: `/api/role/${roleId}`, payload: { roleName: name } })).statusCode).toBe(200);
    }
    expect((await signIn(ctx, admin.username, TEST_PASSWORD, '192.0.2.40')).json().authorities).toContainEqual({ authority: 'ADMIN' });
  });

  it('answers 404 for an unknown role and 403 to users', async () => {
    expect((await admin.inject({ method: 'PUT', url: '/api/role/2000000000', payload: { roleName: 'NOBODY' } })).statusCode).toBe(404);
    const { roleId } = await roleNamed('PERMANENT');
    expect((await user.inject({ method: 'PUT', url: `/api/role/${roleId}`, payload: { roleName: 'MINE' } })).statusCode).toBe(403);
    expect((await roleNamed('PERMANENT')).roleId).toBe(roleId);
  });
});

describe('DELETE /api/role/{id}', () => {
  it('deletes a role given to nobody', async () => {
    const { roleId } = (await create('DISPOSABLE')).json();
    const reply = await admin.inject({ method: 'DELETE', url: `/api/role/${roleId}` });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ roleId });
    expect((await admin.inject({ method: 'GET', url: `/api/role/${roleId}` })).statusCode).toBe(404);
    expect((await admin.inject({ method: 'DELETE', url: `/api/role/${roleId}` })).statusCode).toBe(404);
  });

  it('refuses to delete ADMIN or USER', async () => {
    for (const name of ['ADMIN', 'USER']) {
      const { roleId } = await roleNamed(name);
      const reply = await admin.inject({ method: 'DELETE', url: `/api/role/${roleId}` });
      expect(reply.statusCode).toBe(409);
      expect(reply.json().message).toBe(roleMessages.PROTECTED);
    }
  });

  it('refuses to delete a role given to users', async () => {
    const { roleId } = (await create('GRANTED')).json();
    const holder = await createUser(ctx);
    await ctx.database.db.insertInto('user_roles').values({ user_id: holder.id, role_id: roleId }).execute();
    const reply = await admin.inject({ method: 'DELETE', url: `/api/role/${roleId}` });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe(roleMessages.HAS_USERS);
    expect((await roleNamed('GRANTED')).userCount).toBe(1);
  });

  it('is refused to users (403) and anonymous callers (401)', async () => {
    const { roleId } = (await create('KEPT')).json();
    expect((await user.inject({ method: 'DELETE', url: `/api/role/${roleId}` })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/role/${roleId}` })).statusCode).toBe(401);
    expect((await roleNamed('KEPT')).roleId).toBe(roleId);
  });
});
