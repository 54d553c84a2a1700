import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialMessages, messages, type Credential } from '@testbed/contract';
import { buildTestApp, createUser, loginAs, signIn, TEST_PASSWORD, type TestContext } from '../../../test/helper.js';
import { makeTestKey } from './ssh-test-keys.js';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
});
afterAll(() => ctx.close());

type Caller = Awaited<ReturnType<typeof loginAs>>;

const addKey = (caller: Caller, userId: number, sshKey: unknown) =>
  caller.inject({ method: 'POST', url: `/api/credential/addToUser/${userId}`, payload: { sshKey } });

async function storedKeys(userId: number) {
  return ctx.database.db.selectFrom('credentials').selectAll().where('user_id', '=', userId).execute();
}

describe('POST /api/credential/addToUser/{userId}', () => {
  it("adds the user's first key, says so, and shows its fingerprint", async () => {
    const user = await loginAs(ctx);
    const key = makeTestKey('ed25519', `${user.username}@laptop`);
    const reply = await addKey(user, user.id, `  ${key.publicLine}\n`);
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.firstKey).toBe(true);
    expect(body.credential).toMatchObject({
      sshKey: key.publicLine,
      fingerprint: key.fingerprint,
      keyType: 'ssh-ed25519',
      user: { userId: user.id, username: user.username, firstname: 'Ada' },
    });
    expect(body.credential.credentialId).toBeGreaterThan(0);

    const second = await addKey(user, user.id, makeTestKey('rsa2048').publicLine);
    expect(second.statusCode).toBe(200);
    expect(second.json().firstKey).toBe(false);
    expect(second.json().credential.keyType).toBe('ssh-rsa');

    const third = await addKey(user, user.id, makeTestKey('p256').publicLine);
    expect(third.json().credential.keyType).toBe('ecdsa-sha2-nistp256');
    expect(await storedKeys(user.id)).toHaveLength(3);
  });

  it('makes the next sign-in report that the user has an SSH key', async () => {
    const user = await createUser(ctx);
    const before = await signIn(ctx, user.username, TEST_PASSWORD, '192.0.2.10');
    expect(before.json().hasSshKey).toBe(false);
    expect((await addKey(await loginAs(ctx), user.id, makeTestKey('ed25519').publicLine)).statusCode).toBe(403);
    expect((await signIn(ctx, user.username, TEST_PASSWORD, '192.0.2.10')).json().hasSshKey).toBe(false);
    expect((await addKey(admin, user.id, makeTestKey('ed25519').publicLine)).statusCode).toBe(200);
    expect((await signIn(ctx, user.username, TEST_PASSWORD, '192.0.2.10')).json().hasSshKey).toBe(true);
  });

  it('refuses the same key twice for one user with 409, whatever its comment', async () => {
    const user = await loginAs(ctx);
    const key = makeTestKey('ed25519');
    expect((await addKey(user, user.id, key.publicLine)).statusCode).toBe(200);
    const again = await addKey(user, user.id, `${key.bareLine} other@machine`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(credentialMessages.DUPLICATE);
    expect(await storedKeys(user.id)).toHaveLength(1);
    // Another user may register the same public key for their own account.
    const other = await loginAs(ctx);
    expect((await addKey(other, other.id, key.publicLine)).statusCode).toBe(200);
  });

  it('stores one key and answers 409 to the others when the same key is sent in parallel', async () => {
    const user = await loginAs(ctx);
    const key = makeTestKey('ed25519');
    const replies = await Promise.all(Array.from({ length: 8 }, () => addKey(user, user.id, key.publicLine)));
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await storedKeys(user.id)).toHaveLength(1);
  });

  it('calls exactly one of several parallel keys the first', async () => {
    const user = await loginAs(ctx);
    const replies = await Promise.all(Array.from({ length: 6 }, () => addKey(user, user.id, makeTestKey('ed25519').publicLine)));
    expect(replies.every((reply) => reply.statusCode === 200)).toBe(true);
    expect(replies.filter((reply) => reply.json().firstKey)).toHaveLength(1);
  });

  it("refuses anything but one valid public key line with 'Invalid SSH key.' and stores nothing", async () => {
    const user = await loginAs(ctx);
    const good = makeTestKey('ed25519');
    const bad = [
      makeTestKey('rsa1024').publicLine,
      good.privatePem,
      good.privateOpenssh,
      `command="/bin/sh -c id" ${good.publicLine}`,
      `no-pty ${good.publicLine}`,
      `${good.publicLine}\n${makeTestKey('ed25519').publicLine}`,
      'not a key at all',
      `ssh-rsa ${good.bareLine.split(' ')[1]}`,
      '',
      `${good.publicLine} ${'x'.repeat(50_000)}`,
    ];
    for (const sshKey of bad) {
      const reply = await addKey(user, user.id, sshKey);
      expect(reply.statusCode, sshKey.slice(0, 30)).toBe(400);
      expect(reply.json()).toMatchObject({ message: messages.INVALID_SSH_KEY, fieldErrors: { sshKey: [messages.INVALID_SSH_KEY] } });
    }
    expect(await storedKeys(user.id)).toHaveLength(0);
  });

  it('refuses a malformed body or id with 400, never a 500', async () => {
    const user = await loginAs(ctx);
    expect((await user.inject({ method: 'POST', url: `/api/credential/addToUser/${user.id}`, payload: {} })).statusCode).toBe(400);
    expect((await addKey(user, user.id, 42)).statusCode).toBe(400);
    expect((await addKey(user, user.id, ['ssh-ed25519'])).statusCode).toBe(400);
    const key = makeTestKey('ed25519').publicLine;
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const reply = await user.inject({ method: 'POST', url: `/api/credential/addToUser/${id}`, payload: { sshKey: key } });
      expect(reply.statusCode, id).toBe(400);
    }
  });

  it('lets an admin add a key to any user, and answers 404 for an unknown user', async () => {
    const user = await createUser(ctx);
    const reply = await addKey(admin, user.id, makeTestKey('p256').publicLine);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().credential.user.userId).toBe(user.id);
    const unknown = await addKey(admin, 2_000_000_000, makeTestKey('ed25519').publicLine);
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses a user adding a key to someone else's account", async () => {
    const user = await loginAs(ctx);
    const victim = await createUser(ctx);
    const reply = await addKey(user, victim.id, makeTestKey('ed25519').publicLine);
    expect(reply.statusCode).toBe(403);
    expect(await storedKeys(victim.id)).toHaveLength(0);
  });

  it('records who added which key in the audit log', async () => {
    const user = await createUser(ctx);
    const key = makeTestKey('ed25519');
    const reply = await addKey(admin, user.id, key.publicLine);
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'credential.add')
      .where('target_id', '=', String(reply.json().credential.credentialId))
      .executeTakeFirstOrThrow();
    expect(audit.actor_user_id).toBe(admin.id);
    expect(audit.details).toMatchObject({ userId: user.id, fingerprint: key.fingerprint });
  });
});

describe('GET /api/credentials', () => {
  it('lists every key with its fingerprint and owner, for administrators', async () => {
    const user = await loginAs(ctx);
    const key = makeTestKey('ed25519', 'listed@host');
    await addKey(user, user.id, key.publicLine);
    const reply = await admin.inject({ method: 'GET', url: '/api/credentials' });
    expect(reply.statusCode).toBe(200);
    const listed = reply.json<Credential[]>().find((credential) => credential.fingerprint === key.fingerprint);
    expect(listed).toMatchObject({
      sshKey: key.publicLine,
      keyType: 'ssh-ed25519',
      user: { userId: user.id, firstname: 'Ada', username: user.username },
    });
    expect(listed!.user.lastname).toMatch(/^Tester/);
  });

  it('is refused to users (403) and to anonymous callers (401)', async () => {
    const user = await loginAs(ctx);
    expect((await user.inject({ method: 'GET', url: '/api/credentials' })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/credentials' })).statusCode).toBe(401);
  });
});

describe('GET /api/credentials/user/{userId}', () => {
  it("lists a user's own keys to them and to admins, not to others", async () => {
    const user = await loginAs(ctx);
    const key = makeTestKey('ed25519');
    await addKey(user, user.id, key.publicLine);
    const own = await user.inject({ method: 'GET', url: `/api/credentials/user/${user.id}` });
    expect(own.statusCode).toBe(200);
    expect(own.json().map((credential: Credential) => credential.fingerprint)).toEqual([key.fingerprint]);
    const byAdmin = await admin.inject({ method: 'GET', url: `/api/credentials/user/${user.id}` });
    expect(byAdmin.json()).toEqual(own.json());
    const other = await loginAs(ctx);
    expect((await other.inject({ method: 'GET', url: `/api/credentials/user/${user.id}` })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/credentials/user/${user.id}` })).statusCode).toBe(401);
    expect((await admin.inject({ method: 'GET', url: '/api/credentials/user/2000000000' })).statusCode).toBe(404);
  });
});

describe('GET /api/credential/{id}', () => {
  it('shows a key to its owner and to admins; 403 to others, 401 to anonymous, 404 if unknown', async () => {
    const user = await loginAs(ctx);
    const key = makeTestKey('rsa2048');
    const { credential } = (await addKey(user, user.id, key.publicLine)).json();
    const url = `/api/credential/${credential.credentialId}`;
    const own = await user.inject({ method: 'GET', url });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ fingerprint: key.fingerprint, sshKey: key.publicLine, keyType: 'ssh-rsa' });
    expect((await admin.inject({ method: 'GET', url })).json()).toEqual(own.json());
    expect((await (await loginAs(ctx)).inject({ method: 'GET', url })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const unknown = await admin.inject({ method: 'GET', url: '/api/credential/2000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(credentialMessages.NOT_FOUND);
  });
});

describe('DELETE /api/credential/{id}', () => {
  it("deletes the user's own keys and tells when the last one went", async () => {
    const user = await loginAs(ctx);
    const first = (await addKey(user, user.id, makeTestKey('ed25519').publicLine)).json().credential;
    const second = (await addKey(user, user.id, makeTestKey('ed25519').publicLine)).json().credential;

    const one = await user.inject({ method: 'DELETE', url: `/api/credential/${first.credentialId}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ credentialId: first.credentialId, userId: user.id, lastKey: false });

    const two = await user.inject({ method: 'DELETE', url: `/api/credential/${second.credentialId}` });
    expect(two.json()).toEqual({ credentialId: second.credentialId, userId: user.id, lastKey: true });
    expect(await storedKeys(user.id)).toHaveLength(0);
    expect((await signIn(ctx, user.username, TEST_PASSWORD, '192.0.2.20')).json().hasSshKey).toBe(false);

    const again = await user.inject({ method: 'DELETE', url: `/api/credential/${second.credentialId}` });
    expect(again.statusCode).toBe(404);
  });

  it("refuses to delete someone else's key (403) or anonymously (401); admins may, and it is audited", async () => {
    const user = await loginAs(ctx);
    const key = makeTestKey('ed25519');
    const { credential } = (await addKey(user, user.id, key.publicLine)).json();
    const url = `/api/credential/${credential.credentialId}`;
    expect((await (await loginAs(ctx)).inject({ method: 'DELETE', url })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect(await storedKeys(user.id)).toHaveLength(1);

    const byAdmin = await admin.inject({ method: 'DELETE', url });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toEqual({ credentialId: credential.credentialId, userId: user.id, lastKey: true });
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'credential.delete')
      .where('target_id', '=', String(credential.credentialId))
      .executeTakeFirstOrThrow();
    expect(audit.actor_user_id).toBe(admin.id);
    expect(audit.details).toMatchObject({ userId: user.id, fingerprint: key.fingerprint });
  });

  it('keeps the last key of a user booked in a reservation that has not ended, and says why', async () => {
    const user = await loginAs(ctx);
    const colleague = await loginAs(ctx);
    const first = (await addKey(user, user.id, makeTestKey('ed25519').publicLine)).json().credential;
    const second = (await addKey(user, user.id, makeTestKey('ed25519').publicLine)).json().credential;
    const colleagueKey = (await addKey(colleague, colleague.id, makeTestKey('ed25519').publicLine)).json().credential;
    const db = ctx.database.db;
    const type = await db.selectFrom('reservation_types').select('id').executeTakeFirstOrThrow();
    const hour = 3_600_000;
    // An ended reservation does not count; one that ends in an hour does, for its holder and its colleagues.
    await db
      .insertInto('reservations')
      .values({ responsible_user_id: user.id, reservation_type_id: type.id, start_date: new Date(Date.now() - 3 * hour), end_date: new Date(Date.now() - hour) })
      .execute();
    expect((await user.inject({ method: 'DELETE', url: `/api/credential/${first.credentialId}` })).statusCode).toBe(200);
    const running = await db
      .insertInto('reservations')
      .values({ responsible_user_id: user.id, reservation_type_id: type.id, start_date: new Date(Date.now() - hour), end_date: new Date(Date.now() + hour) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('reservation_users').values({ reservation_id: running.id, user_id: colleague.id }).execute();

    for (const [caller, key] of [[user, second], [colleague, colleagueKey]] as const) {
      const refused = await caller.inject({ method: 'DELETE', url: `/api/credential/${key.credentialId}` });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(credentialMessages.LAST_KEY_WHILE_BOOKED);
      expect(await storedKeys(caller.id)).toHaveLength(1);
    }
    // With a second key, the first may go.
    const third = (await addKey(user, user.id, makeTestKey('ed25519').publicLine)).json().credential;
    expect((await user.inject({ method: 'DELETE', url: `/api/credential/${second.credentialId}` })).statusCode).toBe(200);
    // An administrator may remove it for them.
    expect((await admin.inject({ method: 'DELETE', url: `/api/credential/${third.credentialId}` })).json().lastKey).toBe(true);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await admin.inject({ method: 'DELETE', url: '/api/credential/2000000000' })).statusCode).toBe(404);
    expect((await admin.inject({ method: 'DELETE', url: '/api/credential/abc' })).statusCode).toBe(400);
  });
});
