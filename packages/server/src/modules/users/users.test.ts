import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_MESSAGE, userDetailsSchema, userListPageSchema, userMessages } from '@testbed/contract';
import { buildTestApp, createUser, loginAs, signIn, TEST_PASSWORD, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
type Caller = Awaited<ReturnType<typeof loginAs>>;
let admin: Caller;
let alice: Caller;
let bob: Caller;

async function named(firstname: string, lastname: string, options: { enabled?: boolean; pending?: boolean } = {}) {
  const user = await createUser(ctx, { enabled: options.enabled });
  await ctx.database.db
    .updateTable('users')
    .set({ firstname, lastname, validation_pending: options.pending ?? false })
    .where('id', '=', user.id)
    .execute();
  return user;
}

async function list(query = '') {
  const reply = await admin.inject({ method: 'GET', url: `/api/users${query}` });
  expect(reply.statusCode, reply.body).toBe(200);
  return userListPageSchema.parse(reply.json());
}

async function details(caller: Caller, id: number) {
  const reply = await caller.inject({ method: 'GET', url: `/api/user/${id}` });
  expect(reply.statusCode, reply.body).toBe(200);
  return userDetailsSchema.parse(reply.json());
}

function put(caller: Caller, id: number, payload: Record<string, unknown>) {
  return caller.inject({ method: 'PUT', url: `/api/user/${id}`, payload });
}

const own = { firstname: 'Alice', lastname: 'Liddell', phoneNumber: '0123456789', instantMessaging: 'alice@chat', personalUrl: 'https://alice.example' };

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
  alice = await loginAs(ctx);
  bob = await loginAs(ctx);
  await named('Grace', 'Hopper');
  await named('Grete', 'Hopperlein', { enabled: false, pending: true });
  await named('Gone', 'Hopkins', { enabled: false });
});
afterAll(() => ctx.close());

describe('GET /api/users', () => {
  it('keeps only enabled users by default, filters first and last name in any case, by last name', async () => {
    const found = await list('?lastname=HOPP');
    expect(found.items.map((user) => user.lastname)).toEqual(['Hopper']);
    expect(found.total).toBe(1);
    const all = await list('?lastname=hop&validOnly=false');
    expect(all.items.map((user) => user.lastname)).toEqual(['Hopkins', 'Hopper', 'Hopperlein']);
    expect((await list('?firstname=gr&validOnly=false')).items.map((user) => user.firstname)).toEqual(['Grace', 'Grete']);
    expect((await list('?firstname=gr&lastname=lein&validOnly=false')).items.map((user) => user.firstname)).toEqual(['Grete']);
  });

  it('answers the flags of the Pending label and of the danger row', async () => {
    const rows = (await list('?lastname=hop&validOnly=false')).items;
    const byName = Object.fromEntries(rows.map((row) => [row.lastname, row]));
    expect(byName.Hopperlein).toMatchObject({ isEnabled: false, validationPending: true, hasToken: false });
    expect(byName.Hopkins).toMatchObject({ isEnabled: false, validationPending: false, hasToken: false });
    expect(byName.Hopper).toMatchObject({ isEnabled: true, validationPending: false, isAdmin: false });
    expect(rows[0]!.signUpDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('searches last name, first name and username with ?name=, % and _ taken literally', async () => {
    const reply = await admin.inject({ method: 'GET', url: '/api/users/?name=grace' });
    expect(reply.statusCode).toBe(200);
    expect(userListPageSchema.parse(reply.json()).items.map((user) => user.lastname)).toEqual(['Hopper']);
    expect((await list(`?name=${alice.username}`)).items.map((user) => user.userId)).toEqual([alice.id]);
    expect((await list('?name=%25')).items).toEqual([]);
  });

  it('pages the list on the server', async () => {
    for (let n = 0; n < 7; n += 1) await named('Paged', `Zpage${n}`);
    const first = await list('?lastname=zpage&size=3');
    expect(first).toMatchObject({ total: 7, page: 1, size: 3 });
    expect(first.items.map((user) => user.lastname)).toEqual(['Zpage0', 'Zpage1', 'Zpage2']);
    const last = await list('?lastname=zpage&size=3&page=3');
    expect(last.items.map((user) => user.lastname)).toEqual(['Zpage6']);
    const bad = await admin.inject({ method: 'GET', url: '/api/users?size=1000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('size');
  });

  it('is for administrators only', async () => {
    expect((await alice.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
  });
});

describe('GET /api/user/{id}', () => {
  it('shows a user their own details with roles, employers, intended usages and groups', async () => {
    const employer = await ctx.database.db
      .insertInto('employers')
      .values({ institute_name: 'Inria', country_name: 'France' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .insertInto('user_employers')
      .values([
        { user_id: alice.id, employer_id: employer.id, start_date: '2020-01-01T00:00:00Z', is_current: false },
        { user_id: alice.id, employer_id: employer.id, start_date: '2024-01-01T00:00:00Z', is_current: false },
        { user_id: alice.id, employer_id: employer.id, start_date: '2019-01-01T00:00:00Z', is_current: true },
      ])
      .execute();
    await ctx.database.db.insertInto('intended_usages').values({ user_id: alice.id, description: 'IoT experiments' }).execute();
    const group = await ctx.database.db.insertInto('groups').values({ name: 'Radio team' }).returning('id').executeTakeFirstOrThrow();
    await ctx.database.db.insertInto('group_members').values({ group_id: group.id, user_id: alice.id }).execute();
    await ctx.database.db.insertInto('group_managers').values({ group_id: group.id, user_id: alice.id }).execute();

    const mine = await details(alice, alice.id);
    expect(mine).toMatchObject({ userId: alice.id, username: alice.username, isEnabled: true, isAdmin: false });
    expect(mine.roles.map((role) => role.roleName)).toEqual(['USER']);
    expect(mine.userEmployers.map((e) => [e.currentForUser, e.startDate.slice(0, 4)])).toEqual([
      [true, '2019'],
      [false, '2024'],
      [false, '2020'],
    ]);
    expect(mine.intendedUsages.map((usage) => usage.description)).toEqual(['IoT experiments']);
    expect(mine.userGroups).toEqual([{ groupId: group.id, name: 'Radio team', groupType: null }]);
    expect(mine.managedGroups).toEqual([{ groupId: group.id, name: 'Radio team', groupType: null }]);
    expect(mine.assignableRoles).toEqual([]);
  });

  it('gives an administrator any user with every role to choose from', async () => {
    const seen = await details(admin, alice.id);
    expect(seen.username).toBe(alice.username);
    expect(seen.assignableRoles.map((role) => role.roleName)).toEqual(expect.arrayContaining(['ADMIN', 'USER']));
  });

  it("refuses another user's details and answers 404 for an unknown user", async () => {
    const reply = await bob.inject({ method: 'GET', url: `/api/user/${alice.id}` });
    expect(reply.statusCode).toBe(403);
    expect(reply.body).not.toContain(alice.username);
    expect((await admin.inject({ method: 'GET', url: '/api/user/999999' })).statusCode).toBe(404);
    expect((await admin.inject({ method: 'GET', url: '/api/user/abc' })).statusCode).toBe(400);
  });
});

describe('PUT /api/user/{id}', () => {
  it('lets a user change their own contact fields, the full user sent back unchanged otherwise', async () => {
    const before = await details(alice, alice.id);
    const reply = await put(alice, alice.id, { ...before, ...own });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(userDetailsSchema.parse(reply.json())).toMatchObject({ ...own, isAdmin: false, isEnabled: true });
    expect(await details(alice, alice.id)).toMatchObject(own);
  });

  it('checks the fields with the contract messages and changes nothing on bad input', async () => {
    const reply = await put(alice, alice.id, { ...own, firstname: '  ', phoneNumber: '12ab' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().fieldErrors).toMatchObject({
      firstname: ['First name is required'],
      phoneNumber: [PHONE_MESSAGE],
    });
    expect((await details(alice, alice.id)).firstname).toBe('Alice');
  });

  it('refuses a user giving themself a role, the admin or enabled flag or validation dates', async () => {
    for (const change of [
      { isAdmin: true },
      { roles: ['ADMIN', 'USER'] },
      { isEnabled: false },
      { expirationDate: '2030-01-01T00:00:00.000Z' },
      { lastValidationDate: '2030-01-01T00:00:00.000Z' },
    ]) {
      const reply = await put(alice, alice.id, { ...own, ...change });
      expect(reply.statusCode, JSON.stringify(change)).toBe(403);
      expect(reply.json().message).toBe(userMessages.ADMIN_FIELDS_ONLY);
    }
    const after = await details(admin, alice.id);
    expect(after).toMatchObject({ isAdmin: false, isEnabled: true, expirationDate: null });
    expect(after.roles.map((role) => role.roleName)).toEqual(['USER']);
  });

  it("refuses changing another user's data", async () => {
    const reply = await put(bob, alice.id, { ...own, firstname: 'Mallory' });
    expect(reply.statusCode).toBe(403);
    expect((await details(alice, alice.id)).firstname).toBe('Alice');
  });

  it('lets an administrator set dates and flags; the ADMIN role follows isAdmin', async () => {
    const target = await loginAs(ctx);
    const body = {
      firstname: 'Tim',
      lastname: 'Berners',
      lastValidationDate: '2026-01-02T10:00:00.000Z',
      expirationDate: '2027-01-02T10:00:00.000Z',
      isAdmin: true,
      isEnabled: true,
      roles: ['USER'],
    };
    let reply = await put(admin, target.id, body);
    expect(reply.statusCode, reply.body).toBe(200);
    let saved = userDetailsSchema.parse(reply.json());
    expect(saved).toMatchObject({ isAdmin: true, lastValidationDate: body.lastValidationDate, expirationDate: body.expirationDate });
    expect(saved.roles.map((role) => role.roleName)).toEqual(['ADMIN', 'USER']);
    // The authorities changed: the old session ends.
    expect((await target.inject({ method: 'GET', url: `/api/user/${target.id}` })).statusCode).toBe(401);

    reply = await put(admin, target.id, { ...body, isAdmin: false, roles: ['ADMIN', 'USER'] });
    saved = userDetailsSchema.parse(reply.json());
    expect(saved.isAdmin).toBe(false);
    expect(saved.roles.map((role) => role.roleName)).toEqual(['USER']);
    const audit = await ctx.database.db.selectFrom('audit_log').select('action').where('target_id', '=', String(target.id)).execute();
    expect(audit.map((row) => row.action)).toContain('user.update.admin');
  });

  it('disabling a user ends their sessions and they can no longer sign in', async () => {
    const target = await loginAs(ctx);
    const reply = await put(admin, target.id, { firstname: 'Dis', lastname: 'Abled', isEnabled: false });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await target.inject({ method: 'GET', url: `/api/user/${target.id}` })).statusCode).toBe(401);
    expect((await signIn(ctx, target.username, TEST_PASSWORD, '203.0.113.9')).statusCode).toBe(403);
  });

  it('refuses an unknown role and keeps the last administrator', async () => {
    const target = await createUser(ctx);
    const unknown = await put(admin, target.id, { firstname: 'A', lastname: 'B', roles: ['NO_SUCH_ROLE'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(userMessages.UNKNOWN_ROLE);

    const solo = await buildTestApp();
    try {
      const only = await loginAs(solo, { roles: ['ADMIN', 'USER'] });
      const reply = await only.inject({ method: 'PUT', url: `/api/user/${only.id}`, payload: { firstname: 'A', lastname: 'B', isAdmin: false } });
      expect(reply.statusCode).toBe(409);
      expect(reply.json().message).toBe(userMessages.LAST_ADMIN);
    } finally {
      await solo.close();
    }
  });
});

describe('POST /api/user', () => {
  const form = {
    firstname: 'Nina',
    lastname: 'Simone',
    username: 'nina_s',
    email: 'nina@example.org',
    password: 'Str0ng#Pass',
    phoneNumber: '',
    isAdmin: false,
    isEnabled: true,
  };

  it('creates an enabled account the user can sign in with', async () => {
    const reply = await admin.inject({ method: 'POST', url: '/api/user', payload: form });
    expect(reply.statusCode, reply.body).toBe(200);
    const { userId } = reply.json();
    const created = await details(admin, userId);
    expect(created).toMatchObject({ username: 'nina_s', email: 'nina@example.org', isEnabled: true, isAdmin: false, phoneNumber: null });
    expect(created.roles.map((role) => role.roleName)).toEqual(['USER']);
    expect((await signIn(ctx, 'nina_s', 'Str0ng#Pass', '203.0.113.20')).statusCode).toBe(200);
  });

  it('refuses a taken username or e-mail, and bad fields, with their messages', async () => {
    const taken = await admin.inject({ method: 'POST', url: '/api/user', payload: { ...form, email: 'other@example.org' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors.username).toEqual([userMessages.USERNAME_TAKEN]);
    const email = await admin.inject({ method: 'POST', url: '/api/user', payload: { ...form, username: 'nina_two', email: 'NINA@example.org' } });
    expect(email.statusCode).toBe(409);
    expect(email.json().fieldErrors.email).toEqual([userMessages.EMAIL_TAKEN]);
    const bad = await admin.inject({ method: 'POST', url: '/api/user', payload: { ...form, username: 'X', password: 'short', email: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['email', 'password', 'username']);
  });

  it('is for administrators only', async () => {
    const reply = await alice.inject({ method: 'POST', url: '/api/user', payload: { ...form, username: 'sneaky', email: 's@example.org' } });
    expect(reply.statusCode).toBe(403);
    const count = await ctx.database.db.selectFrom('users').select('id').where('username', '=', 'sneaky').execute();
    expect(count).toEqual([]);
  });
});

describe('PUT /api/user/{id}: phone numbers', () => {
  it('keeps an international number in its international form', async () => {
    const person = await loginAs(ctx);
    const reply = await person.inject({
      method: 'PUT',
      url: `/api/user/${person.id}`,
      payload: { firstname: 'Ada', lastname: 'Abroad', phoneNumber: '+44 20 7946 0958' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().phoneNumber).toBe('+44 20 7946 0958');
  });
});

describe('PUT /api/user/{id}: time zone', () => {
  it('keeps an IANA name in its canonical spelling, keeps it when the field is left out, clears it with null, and the sign-in reply carries it', async () => {
    const person = await loginAs(ctx);
    const body = { firstname: 'Ada', lastname: 'Abroad' };
    const saved = await put(person, person.id, { ...body, timeZone: 'america/new_york' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().timeZone).toBe('America/New_York');
    expect((await put(person, person.id, body)).json().timeZone).toBe('America/New_York');
    const me = await person.inject({ method: 'GET', url: '/api/auth/me' });
    expect(me.json().timeZone).toBe('America/New_York');
    expect((await signIn(ctx, person.username)).json().timeZone).toBe('America/New_York');
    expect((await put(person, person.id, { ...body, timeZone: null })).json().timeZone).toBeNull();
    expect((await put(person, person.id, { ...body, timeZone: '' })).json().timeZone).toBeNull();
  });

  it('refuses a name that is no time zone with a message naming the field, and changes nothing', async () => {
    const person = await loginAs(ctx);
    await put(person, person.id, { firstname: 'Ada', lastname: 'Abroad', timeZone: 'Europe/Paris' });
    for (const zone of ['Mars/Olympus', '+01:00', 'Europe/Paris\u0000', 'x'.repeat(65), 42]) {
      const reply = await put(person, person.id, { firstname: 'Ada', lastname: 'Abroad', timeZone: zone });
      expect(reply.statusCode, String(zone)).toBe(400);
      expect(reply.json().message).toMatch(/^Time zone|time ?zone/i);
    }
    expect((await details(person, person.id)).timeZone).toBe('Europe/Paris');
  });
});
