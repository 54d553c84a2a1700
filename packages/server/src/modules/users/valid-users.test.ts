import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validUserListSchema } from '@testbed/contract';
import { hashPassword } from '../../security/passwords.js';
import { buildTestApp, loginAs, TEST_PASSWORD, type TestContext } from '../../../test/helper.js';
import { sql } from 'kysely';
import { insertUser, letterPairs } from './repo.js';

let ctx: TestContext;
let caller: Awaited<ReturnType<typeof loginAs>>;
let passwordHash: string;

async function person(username: string, firstname: string, lastname: string, options: { enabled?: boolean; anonymised?: boolean } = {}) {
  const id = await insertUser(
    ctx.database.db,
    { username, email: `${username}@example.org`, firstname, lastname, password_hash: passwordHash, is_enabled: options.enabled ?? true },
    ['USER'],
  );
  if (options.anonymised) await ctx.database.db.updateTable('users').set({ anonymised_at: new Date() }).where('id', '=', id).execute();
  return id;
}

async function search(query: string) {
  const reply = await caller.inject({ method: 'GET', url: `/api/validUsers${query}` });
  expect(reply.statusCode, reply.body).toBe(200);
  return validUserListSchema.parse(reply.json());
}

beforeAll(async () => {
  ctx = await buildTestApp();
  passwordHash = await hashPassword(TEST_PASSWORD);
  caller = await loginAs(ctx);
  await person('grace_h', 'Grace', 'Hopper');
  await person('alan_t', 'Alan', 'Turing');
  await person('barbara_l', 'Barbara', 'Liskov');
  await person('hop_off', 'Old', 'Hopkins', { enabled: false });
  await person('gone_x', 'Gone', 'Hoppe', { anonymised: true });
  await person('under_score', 'Per_cent', 'Percy');
});
afterAll(() => ctx.close());

describe('GET /api/validUsers', () => {
  it('finds enabled accounts whose last name contains the text, in any case, by last name', async () => {
    const found = await search('?name=HOP');
    expect(found).toEqual([{ userId: expect.any(Number), firstname: 'Grace', lastname: 'Hopper', username: 'grace_h' }]);
  });

  it('also matches first names and usernames', async () => {
    expect((await search('?name=barb')).map((user) => user.username)).toEqual(['barbara_l']);
    expect((await search('?name=alan_')).map((user) => user.username)).toEqual(['alan_t']);
  });

  it('takes % and _ literally', async () => {
    expect((await search('?name=%25')).map((user) => user.username)).toEqual([]);
    expect((await search('?name=r_c')).map((user) => user.username)).toEqual(['under_score']);
  });

  it('finds with three letters or more exactly what reading every account finds, in the same order', async () => {
    const everyone = await search('');
    for (const name of ['hop', 'ope', 'per', 'ace', 'rin', 'g_h', 'ara', 'hopper', 'ra_l', 'xyz', 'r\u00e9']) {
      const expected = everyone.filter((user) => [user.lastname, user.firstname, user.username].some((field) => field.toLowerCase().includes(name)));
      expect(await search(`?name=${encodeURIComponent(name)}`), name).toEqual(expected);
    }
  });

  it('leaves out disabled and anonymised accounts but not the caller', async () => {
    const everyone = await search('');
    const usernames = everyone.map((user) => user.username);
    expect(usernames).not.toContain('hop_off');
    expect(usernames).not.toContain('gone_x');
    expect(usernames).toContain(caller.username);
    const lastNames = everyone.map((user) => user.lastname.toLowerCase());
    expect(lastNames).toEqual([...lastNames].sort());
  });

  it('answers at most 100 users, fewer when asked', async () => {
    for (let n = 0; n < 105; n += 1) await person(`bulk_${n}`, 'Bulk', `Zed${String(n).padStart(3, '0')}`);
    expect(await search('?name=zed')).toHaveLength(100);
    expect(await search('?name=zed&limit=5')).toHaveLength(5);
    const tooMany = await caller.inject({ method: 'GET', url: '/api/validUsers?limit=101' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fieldErrors).toHaveProperty('limit');
  });

  it('shows a change written straight to the database as soon as the database announces it: a rename, a disable, a new account', async () => {
    // PGlite announces a change as it commits; PostgreSQL's LISTEN connection hears it a moment later.
    const poll = { timeout: 2_000, interval: 20 };
    const id = await person('kath_j', 'Katherine', 'Johnson');
    await expect.poll(async () => (await search('?name=johnson')).map((user) => user.userId), poll).toEqual([id]);
    await ctx.database.db.updateTable('users').set({ lastname: 'Goble' }).where('id', '=', id).execute();
    await expect.poll(() => search('?name=johnson'), poll).toEqual([]);
    expect((await search('?name=goble')).map((user) => user.lastname)).toEqual(['Goble']);
    await ctx.database.db.updateTable('users').set({ is_enabled: false }).where('id', '=', id).execute();
    await expect.poll(() => search('?name=goble'), poll).toEqual([]);
    await person('dorothy_v', 'Dorothy', 'Vaughan');
    await expect.poll(async () => (await search('?name=vaughan')).map((user) => user.username), poll).toEqual(['dorothy_v']);
  });

  it('finds with one and two letters what reading every account finds, in the same order', async () => {
    const everyone = await search('');
    for (const name of ['o', 'h', 'ho', 'er', 'r_', '_t', 'zz']) {
      const expected = everyone.filter((user) => [user.lastname, user.firstname, user.username].some((field) => field.toLowerCase().includes(name)));
      expect(await search(`?name=${encodeURIComponent(name)}`), name).toEqual(expected.slice(0, 100));
    }
  });

  it('sees an account created through the API in the very next search of this instance', async () => {
    const admin = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
    expect(await search('?name=noether')).toEqual([]); // now kept in memory
    const created = await admin.inject({
      method: 'POST',
      url: '/api/user',
      payload: { username: 'emmy_n', firstname: 'Emmy', lastname: 'Noether', email: 'emmy@example.org', password: 'Ring#Theory-1915' },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await search('?name=noether')).map((user) => user.username)).toEqual(['emmy_n']);
  });

  it('takes from a search text the pairs of letters the database takes from the names', async () => {
    // An account is found through its pairs only when both sides cut a text into the same pairs.
    for (const text of ['ab', 'hopper', 'aaaa', 'r\u00e9mi', 'x\u{1f600}y', 'g_h%', 'a']) {
      const { rows } = await sql<{ pairs: string[] }>`SELECT name_bigrams(${text}, '', '') AS pairs`.execute(ctx.database.db);
      expect([...letterPairs(text)].sort(), text).toEqual([...rows[0]!.pairs].sort());
    }
  });

  it('is closed to anonymous callers', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/validUsers?name=hop' })).statusCode).toBe(401);
  });
});
