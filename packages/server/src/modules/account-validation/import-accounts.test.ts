import { accountValidationMessages, messages, registrationMessages, type ImportAccountsReply } from '@testbed/contract';
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
const importText = (text: unknown) => admin.inject({ method: 'POST', url: '/api/auth/importAccounts', payload: { text } });

async function userNamed(username: string) {
  return db().selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

describe('POST /api/auth/importAccounts', () => {
  it('is closed to anonymous callers and to users', async () => {
    const text = 'firstname,lastname,username,email,instituteName,countryName\nA,B,not_imported,x@example.org,Lab,France';
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/importAccounts', payload: { text } })).statusCode).toBe(401);
    const user = await loginAs(ctx);
    expect((await user.inject({ method: 'POST', url: '/api/auth/importAccounts', payload: { text } })).statusCode).toBe(403);
    expect(await userNamed('not_imported')).toBeUndefined();
  });

  it('imports the good lines, answers one error per rejected line and writes nothing for them', async () => {
    const existing = await createUser(ctx, { username: 'taken_name' });
    const key = makeTestKey('ed25519', 'carol@lab');
    const text = [
      'firstname,lastname,username,email,password,sshKey,instituteName,countryName,employerType,professionalStatus,intendedUsage',
      'Alice,Martin,alice_m,alice@example.org,,,University of Lyon,France,Academic,PhD student,Radio tests',
      'Alicia,Other,alice_m,alicia@example.org,,,University of Lyon,France,,,',
      `Bob,Taken,${existing.username},bob@example.org,,,Lab,France,,,`,
      'Carl,Mail,carl,not-an-email,,,Lab,France,,,',
      'Dora,Weak,dora,dora@example.org,password,,Lab,France,,,',
      `Carol,Keys,carol,carol@example.org,Str0ng#Pass,${key.publicLine},"Lab of Networks, Inc.",Germany,Company,Engineer,"Line one`,
      'line two"',
      'Short,Line,short',
      'Eve,Type,eve,eve@example.org,,,Lab,France,Pirate ship,,',
      'Fay,Dup,fay,ALICE@example.org,,,Lab,France,,,',
      'Gus,Key,gus,gus@example.org,,ssh-ed25519 AAAAnotakey,Lab,France,,,',
      ',NoFirst,nofirst,nofirst@example.org,,,Lab,France,,,',
      '',
    ].join('\n');

    const reply = await importText(text);
    expect(reply.statusCode).toBe(200);
    const body = reply.json<ImportAccountsReply>();
    expect(body.count).toBe(2);
    expect(body.errors).toEqual([
      { line: 3, message: 'username: "alice_m" is already on line 2' },
      { line: 4, message: `username: ${registrationMessages.USERNAME_TAKEN}` },
      { line: 5, message: `email: ${registrationMessages.INVALID_EMAIL}` },
      { line: 6, message: expect.stringContaining('password: Invalid Password.') },
      { line: 9, message: 'This line has 3 value(s) but the header row names 11 column(s).' },
      { line: 10, message: `employerType: ${registrationMessages.UNKNOWN_EMPLOYER_TYPE}` },
      { line: 11, message: 'email: "ALICE@example.org" is already on line 2' },
      { line: 12, message: `sshKey: ${messages.INVALID_SSH_KEY}` },
      { line: 13, message: 'firstname: First name is required' },
    ]);

    for (const rejected of ['alicia', 'dora', 'carl', 'eve', 'fay', 'gus', 'nofirst', 'short']) {
      expect(await userNamed(rejected)).toBeUndefined();
    }
    const bobMails = await db().selectFrom('mail_outbox').select('id').where('to_address', '=', 'bob@example.org').execute();
    expect(bobMails).toHaveLength(0);

    const alice = (await userNamed('alice_m'))!;
    expect(alice).toMatchObject({ firstname: 'Alice', lastname: 'Martin', email: 'alice@example.org', is_enabled: true, password_hash: null });
    expect(alice.last_validation_date).not.toBeNull();
    const carol = (await userNamed('carol'))!;
    const carolKeys = await db().selectFrom('credentials').select('fingerprint').where('user_id', '=', carol.id).execute();
    expect(carolKeys.map((row) => row.fingerprint)).toEqual([key.fingerprint]);
    const carolEmployer = await db()
      .selectFrom('user_employers')
      .innerJoin('employers', 'employers.id', 'user_employers.employer_id')
      .innerJoin('employer_types', 'employer_types.id', 'user_employers.employer_type_id')
      .select(['employers.institute_name', 'employer_types.label', 'user_employers.is_current'])
      .where('user_id', '=', carol.id)
      .execute();
    expect(carolEmployer).toEqual([{ institute_name: 'Lab of Networks, Inc.', label: 'Company', is_current: true }]);
    const carolUsage = await db().selectFrom('intended_usages').select('description').where('user_id', '=', carol.id).execute();
    expect(carolUsage.map((row) => row.description)).toEqual(['Line one\nline two']);

    // Each imported user is mailed a link to choose a password, valid for 24 hours.
    const mail = await db().selectFrom('mail_outbox').selectAll().where('to_address', '=', 'alice@example.org').executeTakeFirstOrThrow();
    expect(mail.text_body).toMatch(/https:\/\/portal\.example\.org\/resetPassword\/[A-Za-z0-9_-]{43}/);
    expect(mail.text_body).toContain('alice_m');
    const token = await db()
      .selectFrom('account_tokens')
      .select(['kind', 'created_at', 'expires_at'])
      .where('user_id', '=', alice.id)
      .executeTakeFirstOrThrow();
    expect(token.kind).toBe('account_setup');
    const lifetime = new Date(token.expires_at).getTime() - new Date(token.created_at).getTime();
    expect(Math.abs(lifetime - 24 * 60 * 60 * 1000)).toBeLessThan(60_000);

    const audit = await db().selectFrom('audit_log').select(['action', 'actor_user_id']).where('action', '=', 'accounts.import').execute();
    expect(audit).toEqual([{ action: 'accounts.import', actor_user_id: admin.id }]);
  });

  it('lets an account imported with a password sign in, and one without a password not', async () => {
    const text = [
      'username,email,firstname,lastname,instituteName,countryName,password',
      'with_pw,with_pw@example.org,Wanda,Pass,Lab,France,Str0ng#Pass',
      'without_pw,without_pw@example.org,Walt,NoPass,Lab,France,',
    ].join('\r\n');
    const reply = await importText(text);
    expect(reply.json<ImportAccountsReply>()).toEqual({ count: 2, errors: [] });
    expect((await signIn(ctx, 'with_pw', 'Str0ng#Pass', '203.0.113.40')).statusCode).toBe(200);
    expect((await signIn(ctx, 'without_pw', '', '203.0.113.41')).statusCode).toBe(400);
    expect((await signIn(ctx, 'without_pw', 'Str0ng#Pass', '203.0.113.41')).statusCode).toBe(401);
  });

  it('lets an account imported without a password choose one from its welcome link, once', async () => {
    const reply = await importText(['username,email,firstname,lastname,instituteName,countryName', 'welcome_me,welcome_me@example.org,Wim,Come,Lab,France'].join('\n'));
    expect(reply.json<ImportAccountsReply>()).toEqual({ count: 1, errors: [] });
    const mail = await db().selectFrom('mail_outbox').select('text_body').where('to_address', '=', 'welcome_me@example.org').executeTakeFirstOrThrow();
    const token = /\/resetPassword\/([A-Za-z0-9_-]{43})/.exec(mail.text_body)![1]!;

    const check = await ctx.app.inject({ method: 'POST', url: '/api/auth/checkTokenExits', payload: { token }, remoteAddress: '203.0.113.50' });
    expect(check.json()).toEqual({ valid: true });
    const set = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/changePasswordForgottingPassword',
        payload: { token, newPassword: 'Welc0me#Aboard' },
        remoteAddress: '203.0.113.50',
      });
    expect((await set()).statusCode).toBe(200);
    expect((await signIn(ctx, 'welcome_me', 'Welc0me#Aboard', '203.0.113.51')).statusCode).toBe(200);
    expect((await set()).statusCode).toBe(409);
  });

  it('refuses a header naming an unknown column or missing a required one, and empty text, importing nothing', async () => {
    const unknown = await importText('firstname,lastname,username,email,instituteName,countryName,shoeSize\nA,B,shoe,s@example.org,L,F,42');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^Line 1: unknown column "shoeSize"/);
    expect(await userNamed('shoe')).toBeUndefined();

    const missing = await importText('firstname,lastname,username\nA,B,nomail');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Line 1: the header row must name the columns email, instituteName, countryName.');

    const twice = await importText('email,email,firstname,lastname,username,instituteName,countryName\n');
    expect(twice.statusCode).toBe(400);

    const empty = await importText('   \n');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(`text: ${accountValidationMessages.IMPORT_DATA_REQUIRED}`);
    expect((await importText(42)).statusCode).toBe(400);
  });

  it('reports a line that is not valid CSV with its number', async () => {
    const reply = await importText(
      ['firstname,lastname,username,email,instituteName,countryName', 'Ok,Line,ok_line,ok@example.org,Lab,France', 'Bad,"quo"te,bad,bad@example.org,Lab,France'].join('\n'),
    );
    expect(reply.statusCode).toBe(200);
    const body = reply.json<ImportAccountsReply>();
    expect(body.count).toBe(1);
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]!.line).toBe(3);
    expect(body.errors[0]!.message).toMatch(/^This line is not valid CSV/);
    expect(await userNamed('bad')).toBeUndefined();
  });
});
