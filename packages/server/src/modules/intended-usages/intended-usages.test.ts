import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTENDED_USAGE_INVALID, intendedUsageListSchema, intendedUsageSchema } from '@testbed/contract';
import { buildTestApp, loginAs, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
type Caller = Awaited<ReturnType<typeof loginAs>>;
let admin: Caller;
let alice: Caller;
let bob: Caller;

function add(caller: Caller, userId: number, description: unknown) {
  return caller.inject({ method: 'POST', url: `/api/intendedUsage/user/${userId}`, payload: { description } });
}

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
  alice = await loginAs(ctx);
  bob = await loginAs(ctx);
});
afterAll(() => ctx.close());

describe('intended usages', () => {
  it('lets a user add their own, trimmed, and an administrator list them all with their users', async () => {
    const reply = await add(alice, alice.id, '  Testing 6LoWPAN routing  ');
    expect(reply.statusCode, reply.body).toBe(200);
    const created = intendedUsageSchema.parse(reply.json());
    expect(created).toMatchObject({ description: 'Testing 6LoWPAN routing', user: { userId: alice.id, username: alice.username } });
    expect((await add(admin, bob.id, 'Energy measurements')).statusCode).toBe(200);
    const list = intendedUsageListSchema.parse((await admin.inject({ method: 'GET', url: '/api/intendedUsages' })).json());
    expect(list.map((usage) => usage.description).sort()).toEqual(['Energy measurements', 'Testing 6LoWPAN routing']);
  });

  it("refuses whitespace-only text with 'Please enter valid data'", async () => {
    for (const description of ['   ', '', '\n\t']) {
      const reply = await add(alice, alice.id, description);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().fieldErrors.description).toEqual([INTENDED_USAGE_INVALID]);
    }
    expect((await add(alice, alice.id, undefined)).statusCode).toBe(400);
  });

  it('lets a user read, change and delete their own, and nobody else’s', async () => {
    const { intendedUsageId } = intendedUsageSchema.parse((await add(alice, alice.id, 'Mesh networks')).json());
    const url = `/api/intendedUsage/${intendedUsageId}`;
    expect((await alice.inject({ method: 'GET', url })).json()).toMatchObject({ description: 'Mesh networks' });
    expect((await bob.inject({ method: 'GET', url })).statusCode).toBe(403);
    expect((await bob.inject({ method: 'PUT', url, payload: { description: 'Mine now' } })).statusCode).toBe(403);
    expect((await bob.inject({ method: 'DELETE', url })).statusCode).toBe(403);
    expect((await add(bob, alice.id, 'Sneaky')).statusCode).toBe(403);
    expect((await alice.inject({ method: 'PUT', url, payload: { description: '   ' } })).statusCode).toBe(400);
    const changed = await alice.inject({ method: 'PUT', url, payload: { description: 'Mesh networks, at scale' } });
    expect(changed.json()).toMatchObject({ description: 'Mesh networks, at scale' });
    expect((await alice.inject({ method: 'DELETE', url })).statusCode).toBe(200);
    expect((await alice.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await admin.inject({ method: 'DELETE', url })).statusCode).toBe(404);
  });

  it('keeps the full list for administrators and answers 404 for an unknown user', async () => {
    expect((await alice.inject({ method: 'GET', url: '/api/intendedUsages' })).statusCode).toBe(403);
    expect((await add(admin, 999999, 'Nobody')).statusCode).toBe(404);
  });
});
