import { sql } from 'kysely';
import {
  accountValidationMessages,
  messages,
  type AccountToValidate,
  type ConfirmUserAccountUpdateReply,
  type UpdateAccountForm,
  type UpdateTokenCheckReply,
} from '@testbed/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, loginAs, signIn, type TestContext } from '../../../test/helper.js';
import { makeTestKey } from '../credentials/ssh-test-keys.js';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;

beforeAll(async () => {
  ctx = await buildTestApp({ PUBLIC_URL: 'https://portal.example.org' });
  admin = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
});
afterAll(() => ctx?.close());

const db = () => ctx.database.db;

async function mailsTo(address: string) {
  return db().selectFrom('mail_outbox').selectAll().where('to_address', '=', address).orderBy('id').execute();
}

function linkToken(text: string, route: string): string {
  const match = new RegExp(`https://portal\\.example\\.org/${route}/([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no /${route}/ link in: ${text}`);
  return match[1]!;
}

async function userRow(id: number) {
  return db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A user asked to re-validate, with the token of the link they were mailed. */
async function askedUser() {
  const user = await createUser(ctx);
  const reply = await admin.inject({ method: 'POST', url: '/api/auth/userAccountToValidate', payload: [user.id] });
  expect(reply.statusCode).toBe(200);
  const [mail] = (await mailsTo(`${user.username}@example.org`)).slice(-1);
  return { ...user, token: linkToken(mail!.text_body, 'updateAccount') };
}

function form(overrides: Partial<UpdateAccountForm> = {}): UpdateAccountForm {
  return {
    firstname: 'Grace',
    lastname: 'Hopper',
    phoneNumber: '0612345678',
    instantMessaging: 'grace@matrix.example.org',
    personnalURL: 'https://grace.example.org',
    password: 'New#Passw0rd!',
    repassword: 'New#Passw0rd!',
    removedCredentialIds: [],
    sshKey: '',
    instituteName: 'Navy Research Lab',
    countryName: 'United States',
    laboratoryName: 'Compilers',
    teamName: '',
    location: 'Arlington',
    employerURL: '',
    employerType: 'Research institute',
    professionalStatus: 'Researcher',
    intendedUsage: 'Testing compilers on real radios.',
    ...overrides,
  };
}

// The token calls are rate-limited per address: each call of this file comes from an address of its own.
let address = 0;
const nextAddress = () => `198.18.${Math.floor(++address / 250)}.${address % 250}`;

const updateAccount = (token: string, updateAccountForm: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/updateAccount', payload: { token, updateAccountForm }, remoteAddress: nextAddress() });

const checkToken = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/checkTokenExitForAccountValidation', payload: { token }, remoteAddress: nextAddress() });

const confirm = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/confirmUserAccountUpdate', payload: { token }, remoteAddress: nextAddress() });

describe('GET /api/userAccountsToUpdate/{date}', () => {
  it('is closed to anonymous callers and to users', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `/api/userAccountsToUpdate/${Date.now()}` })).statusCode).toBe(401);
    const user = await loginAs(ctx);
    expect((await user.inject({ method: 'GET', url: `/api/userAccountsToUpdate/${Date.now()}` })).statusCode).toBe(403);
  });

  it('lists approved accounts never validated or validated before the day, and no pending one', async () => {
    const never = await createUser(ctx);
    const old = await createUser(ctx);
    const recent = await createUser(ctx);
    const pending = await createUser(ctx);
    const notApproved = await createUser(ctx, { enabled: false });
    const day = new Date('2026-06-01T00:00:00Z');
    await db().updateTable('users').set({ last_validation_date: new Date('2026-01-15T00:00:00Z') }).where('id', '=', old.id).execute();
    await db().updateTable('users').set({ last_validation_date: new Date('2026-07-01T00:00:00Z') }).where('id', '=', recent.id).execute();
    await db().updateTable('users').set({ validation_pending: true }).where('id', '=', pending.id).execute();

    const reply = await admin.inject({ method: 'GET', url: `/api/userAccountsToUpdate/${day.getTime()}` });
    expect(reply.statusCode).toBe(200);
    const ids = reply.json<AccountToValidate[]>().map((account) => account.userId);
    expect(ids).toEqual(expect.arrayContaining([never.id, old.id]));
    expect(ids).not.toContain(recent.id);
    expect(ids).not.toContain(pending.id);
    expect(ids).not.toContain(notApproved.id);
    // The administrator cannot ask themselves, so they are not offered.
    expect(ids).not.toContain(admin.id);
    const oldOne = reply.json<AccountToValidate[]>().find((account) => account.userId === old.id)!;
    expect(oldOne).toMatchObject({ username: old.username, lastValidationDate: '2026-01-15T00:00:00.000Z', isEnabled: true });
  });

  it('refuses a date that is not a number of milliseconds', async () => {
    const reply = await admin.inject({ method: 'GET', url: '/api/userAccountsToUpdate/yesterday' });
    expect(reply.statusCode).toBe(400);
  });
});

describe('POST /api/auth/userAccountToValidate', () => {
  it('is closed to anonymous callers and to users', async () => {
    const target = await createUser(ctx);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/userAccountToValidate', payload: [target.id] })).statusCode).toBe(401);
    const user = await loginAs(ctx);
    expect((await user.inject({ method: 'POST', url: '/api/auth/userAccountToValidate', payload: [target.id] })).statusCode).toBe(403);
    expect((await userRow(target.id)).validation_pending).toBe(false);
  });

  it('disables the accounts, marks them pending, ends their sessions and mails each an update link', async () => {
    const first = await loginAs(ctx);
    const second = await createUser(ctx);
    const reply = await admin.inject({ method: 'POST', url: '/api/auth/userAccountToValidate', payload: [first.id, second.id] });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ count: 2 });

    for (const id of [first.id, second.id]) {
      const row = await userRow(id);
      expect(row.is_enabled).toBe(false);
      expect(row.validation_pending).toBe(true);
    }
    expect((await first.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const again = await signIn(ctx, first.username, first.password, '203.0.113.9');
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(messages.ACCOUNT_INVALID);

    const [mail] = await mailsTo(`${second.username}@example.org`);
    expect(mail!.text_body).toMatch(/https:\/\/portal\.example\.org\/updateAccount\/[A-Za-z0-9_-]{43}/);
    const token = linkToken(mail!.text_body, 'updateAccount');
    const stored = await db().selectFrom('account_tokens').select(['kind', 'token_hash']).where('user_id', '=', second.id).execute();
    expect(stored.map((row) => row.kind)).toEqual(['account_update']);
    // Only a hash of the token is kept.
    expect(Buffer.from(stored[0]!.token_hash).toString('utf8')).not.toContain(token);

    const pending = await admin.inject({ method: 'GET', url: '/api/userAccountPendingList' });
    expect(pending.json<AccountToValidate[]>().map((account) => account.userId)).toEqual(expect.arrayContaining([first.id, second.id]));
    const audit = await db().selectFrom('audit_log').select('target_id').where('action', '=', 'account.validation_requested').execute();
    expect(audit.map((row) => row.target_id)).toEqual(expect.arrayContaining([String(first.id), String(second.id)]));
  });

  it('asks an already pending account only once', async () => {
    const user = await createUser(ctx);
    await admin.inject({ method: 'POST', url: '/api/auth/userAccountToValidate', payload: [user.id] });
    const again = await admin.inject({ method: 'POST', url: '/api/auth/userAccountToValidate', payload: [user.id] });
    expect(again.json()).toEqual({ count: 0 });
    expect(await mailsTo(`${user.username}@example.org`)).toHaveLength(1);
  });

  it('changes nothing when one of the ids is unknown', async () => {
    const user = await createUser(ctx);
    const reply = await admin.inject({ method: 'POST', url: '/api/auth/userAccountToValidate', payload: [user.id, 999_999] });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toBe(accountValidationMessages.ACCOUNT_NOT_FOUND);
    expect((await userRow(user.id)).validation_pending).toBe(false);
    expect(await mailsTo(`${user.username}@example.org`)).toHaveLength(0);
  });

  it('refuses an empty list, ids that are not ids, and the administrator themselves', async () => {
    expect((await admin.inject({ method: 'POST', url: '/api/auth/userAccountToValidate', payload: [] })).statusCode).toBe(400);
    expect((await admin.inject({ method: 'POST', url: '/api/auth/userAccountToValidate', payload: ['1; drop'] })).statusCode).toBe(400);
    const self = await admin.inject({ method: 'POST', url: '/api/auth/userAccountToValidate', payload: [admin.id] });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(accountValidationMessages.CANNOT_ASK_YOURSELF);
    expect((await userRow(admin.id)).is_enabled).toBe(true);
  });
});

describe('GET /api/userAccountPendingList', () => {
  it('is closed to anonymous callers and to users', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/userAccountPendingList' })).statusCode).toBe(401);
    const user = await loginAs(ctx);
    expect((await user.inject({ method: 'GET', url: '/api/userAccountPendingList' })).statusCode).toBe(403);
  });
});

describe('POST /api/auth/checkTokenExitForAccountValidation', () => {
  it("answers token_valid with the account's current data", async () => {
    const user = await askedUser();
    await ctx.app.inject({
      method: 'POST',
      url: `/api/credential/addToUser/${user.id}`,
      headers: { authorization: `Bearer ${admin.session.accessToken}` },
      payload: { sshKey: makeTestKey('ed25519').publicLine },
    });
    const reply = await checkToken(user.token);
    expect(reply.statusCode).toBe(200);
    const body = reply.json<UpdateTokenCheckReply>();
    expect(body.status).toBe('token_valid');
    expect(body.account).toMatchObject({ username: user.username, email: `${user.username}@example.org`, firstname: 'Ada' });
    expect(body.account!.credentials).toHaveLength(1);
    expect(body.employerTypes).toContain('Academic');
    expect(body.professionalStatuses).toContain('Researcher');
  });

  it('answers token_invalid for an unknown or expired token', async () => {
    expect((await checkToken('not-a-token')).json<UpdateTokenCheckReply>()).toMatchObject({ status: 'token_invalid' });
    const user = await askedUser();
    await db()
      .updateTable('account_tokens')
      .set({ created_at: sql`now() - interval '2 days'`, expires_at: sql`now() - interval '1 day'` })
      .where('user_id', '=', user.id)
      .execute();
    const reply = (await checkToken(user.token)).json<UpdateTokenCheckReply>();
    expect(reply.status).toBe('token_invalid');
    expect(reply.account).toBeUndefined();
  });

  it('answers token_already_used once the account was updated, and user_not_found for a deleted account', async () => {
    const used = await askedUser();
    expect((await updateAccount(used.token, form())).statusCode).toBe(200);
    expect((await checkToken(used.token)).json<UpdateTokenCheckReply>().status).toBe('token_already_used');

    const gone = await askedUser();
    await db().updateTable('users').set({ anonymised_at: new Date() }).where('id', '=', gone.id).execute();
    expect((await checkToken(gone.token)).json<UpdateTokenCheckReply>().status).toBe('user_not_found');
  });
});

describe('POST /api/auth/updateAccount', () => {
  it('refuses an invalid form with the messages of the contract and changes nothing', async () => {
    const user = await askedUser();
    const reply = await updateAccount(
      user.token,
      form({ firstname: ' ', password: 'short', repassword: 'other', phoneNumber: '06 12 AB', instituteName: '', intendedUsage: '   ' }),
    );
    expect(reply.statusCode).toBe(400);
    const { fieldErrors } = reply.json<{ fieldErrors: Record<string, string[]> }>();
    expect(fieldErrors.password).toEqual([accountValidationMessages.INVALID_PASSWORD]);
    expect(fieldErrors.repassword).toEqual([accountValidationMessages.PASSWORDS_MUST_BE_THE_SAME]);
    expect(fieldErrors.phoneNumber).toEqual([accountValidationMessages.INVALID_PHONE]);
    expect(fieldErrors.firstname).toEqual(['First name is required']);
    expect(fieldErrors.instituteName).toEqual(['Institute name is required']);
    expect(fieldErrors.intendedUsage).toEqual([accountValidationMessages.INVALID_DATA]);
    expect((await checkToken(user.token)).json<UpdateTokenCheckReply>().status).toBe('token_valid');
    expect((await userRow(user.id)).firstname).toBe('Ada');
  });

  it('refuses an invalid SSH key and an unknown employer type without using the token', async () => {
    const user = await askedUser();
    const badKey = await updateAccount(user.token, form({ sshKey: 'ssh-ed25519 AAAAnotakey' }));
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().fieldErrors.sshKey).toEqual([messages.INVALID_SSH_KEY]);
    const badType = await updateAccount(user.token, form({ employerType: 'Pirate ship' }));
    expect(badType.statusCode).toBe(400);
    expect((await checkToken(user.token)).json<UpdateTokenCheckReply>().status).toBe('token_valid');
  });

  it('updates the account, keeps it disabled and pending, and mails every administrator a validation link', async () => {
    const user = await askedUser();
    const key = await ctx.app.inject({
      method: 'POST',
      url: `/api/credential/addToUser/${user.id}`,
      headers: { authorization: `Bearer ${admin.session.accessToken}` },
      payload: { sshKey: makeTestKey('ed25519').publicLine },
    });
    const credentialId = key.json().credential.credentialId as number;
    const otherAdmin = await createUser(ctx, { roles: ['ADMIN', 'USER'] });

    const reply = await updateAccount(user.token, form({ removedCredentialIds: [credentialId] }));
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ username: user.username });

    const row = await userRow(user.id);
    expect(row).toMatchObject({
      firstname: 'Grace',
      lastname: 'Hopper',
      phone_number: '0612345678',
      personal_url: 'https://grace.example.org',
      is_enabled: false,
      validation_pending: true,
    });
    expect(await db().selectFrom('credentials').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
    const employment = await db()
      .selectFrom('user_employers')
      .innerJoin('employers', 'employers.id', 'user_employers.employer_id')
      .select(['employers.institute_name', 'employers.country_name', 'user_employers.is_current'])
      .where('user_id', '=', user.id)
      .execute();
    expect(employment).toEqual([{ institute_name: 'Navy Research Lab', country_name: 'United States', is_current: true }]);
    const usages = await db().selectFrom('intended_usages').select('description').where('user_id', '=', user.id).execute();
    expect(usages.map((usage) => usage.description)).toEqual(['Testing compilers on real radios.']);

    for (const to of [`${admin.username}@example.org`, `${otherAdmin.username}@example.org`]) {
      const mails = (await mailsTo(to)).filter((mail) => mail.text_body.includes(user.username));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text_body).toMatch(/https:\/\/portal\.example\.org\/confirmUserAccountUpdate\/[A-Za-z0-9_-]{43}/);
    }
  });

  it('answers the already-updated message when the link is used again, and the invalid-token message for an unknown one', async () => {
    const user = await askedUser();
    expect((await updateAccount(user.token, form())).statusCode).toBe(200);
    const again = await updateAccount(user.token, form({ firstname: 'Changed' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.ACCOUNT_ALREADY_UPDATED);
    expect((await userRow(user.id)).firstname).toBe('Grace');

    const unknown = await updateAccount('unknown-token', form());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messages.TOKEN_INVALID);
  });

  it('lets exactly one of 16 parallel uses of one link succeed', async () => {
    const user = await askedUser();
    const replies = await Promise.all(
      Array.from({ length: 16 }, (_, i) => updateAccount(user.token, form({ firstname: `Parallel${i}` }))),
    );
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    const winner = replies.findIndex((reply) => reply.statusCode === 200);
    expect((await userRow(user.id)).firstname).toBe(`Parallel${winner}`);
    const adminMails = (await mailsTo(`${admin.username}@example.org`)).filter((mail) => mail.text_body.includes(user.username));
    expect(adminMails).toHaveLength(1);
    const validationTokens = await db()
      .selectFrom('account_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .where('kind', '=', 'account_update_validation')
      .execute();
    expect(validationTokens).toHaveLength(1);
  });
});

describe('token calls', () => {
  it('answer 429 with Retry-After past their limit', async () => {
    const replies = [];
    for (let i = 0; i < 31; i += 1) {
      replies.push(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/checkTokenExitForAccountValidation',
          payload: { token: `guess-${i}` },
          remoteAddress: '192.0.2.200',
        }),
      );
    }
    expect(replies.slice(0, 30).every((reply) => reply.statusCode === 200)).toBe(true);
    const last = replies[30]!;
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toBe(messages.TOO_MANY_REQUESTS);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /api/auth/confirmUserAccountUpdate', () => {
  async function updatedUser() {
    const user = await askedUser();
    expect((await updateAccount(user.token, form())).statusCode).toBe(200);
    const mail = (await mailsTo(`${admin.username}@example.org`)).filter((item) => item.text_body.includes(user.username)).pop()!;
    return { ...user, approval: linkToken(mail.text_body, 'confirmUserAccountUpdate') };
  }

  it('enables the account, sets its last validation date and tells the user; the next administrator reads it was done', async () => {
    const user = await updatedUser();
    const before = Date.now();
    const first = await confirm(user.approval);
    expect(first.statusCode).toBe(200);
    expect(first.json<ConfirmUserAccountUpdateReply>()).toEqual({
      alreadyValidated: false,
      user: { userId: user.id, firstname: 'Grace', lastname: 'Hopper', username: user.username },
    });
    const row = await userRow(user.id);
    expect(row.is_enabled).toBe(true);
    expect(row.validation_pending).toBe(false);
    expect(new Date(row.last_validation_date!).getTime()).toBeGreaterThanOrEqual(before - 60_000);
    const mails = await mailsTo(`${user.username}@example.org`);
    expect(mails.at(-1)!.subject).toBe('Testbed Portal: your account is validated');

    // The user signs in with the password they chose in the form.
    expect((await signIn(ctx, user.username, 'New#Passw0rd!', '203.0.113.20')).statusCode).toBe(200);
    const pending = await admin.inject({ method: 'GET', url: '/api/userAccountPendingList' });
    expect(pending.json<AccountToValidate[]>().map((account) => account.userId)).not.toContain(user.id);

    const second = await confirm(user.approval);
    expect(second.statusCode).toBe(200);
    expect(second.json<ConfirmUserAccountUpdateReply>().alreadyValidated).toBe(true);
    expect(await mailsTo(`${user.username}@example.org`)).toHaveLength(mails.length);
  });

  it('answers the invalid-token message for an unknown link and for an update link', async () => {
    const unknown = await confirm('nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messages.TOKEN_INVALID);
    const user = await askedUser();
    expect((await confirm(user.token)).statusCode).toBe(404);
    expect((await userRow(user.id)).is_enabled).toBe(false);
  });
});
