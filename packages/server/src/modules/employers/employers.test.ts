import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employerListSchema, employerMessages, employerSchema, userDetailsSchema } from '@testbed/contract';
import { buildTestApp, loginAs, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
type Caller = Awaited<ReturnType<typeof loginAs>>;
let admin: Caller;
let alice: Caller;
let bob: Caller;

const inria = { instituteName: 'Inria', countryName: 'France', laboratoryName: 'Lille', teamName: 'FUN', location: 'Villeneuve', employerURL: 'https://inria.fr' };

async function employmentsOf(userId: number) {
  const reply = await admin.inject({ method: 'GET', url: `/api/user/${userId}` });
  return userDetailsSchema.parse(reply.json()).userEmployers;
}

function addTo(caller: Caller, userId: number, payload: Record<string, unknown>) {
  return caller.inject({ method: 'POST', url: `/api/employer/createToUser/${userId}`, payload });
}

async function typeAndStatus() {
  const type = await ctx.database.db.selectFrom('employer_types').select('id').where('label', '=', 'Academic').executeTakeFirstOrThrow();
  const status = await ctx.database.db.selectFrom('professional_statuses').select('id').where('label', '=', 'Researcher').executeTakeFirstOrThrow();
  return { employerTypeId: type.id, professionalStatusId: status.id };
}

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
  alice = await loginAs(ctx);
  bob = await loginAs(ctx);
});
afterAll(() => ctx.close());

describe('POST /api/employer and GET /api/employers', () => {
  it('lets an administrator create an employer, listed with its number of users', async () => {
    const reply = await admin.inject({ method: 'POST', url: '/api/employer', payload: inria });
    expect(reply.statusCode, reply.body).toBe(200);
    const created = employerSchema.parse(reply.json());
    expect(created).toMatchObject({ ...inria, userCount: 0 });
    const list = employerListSchema.parse((await alice.inject({ method: 'GET', url: '/api/employers' })).json());
    expect(list.find((employer) => employer.employerId === created.employerId)).toMatchObject({ userCount: 0 });
  });

  it('requires the institute and the country', async () => {
    const reply = await admin.inject({ method: 'POST', url: '/api/employer', payload: { instituteName: ' ', countryName: '' } });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().fieldErrors).toMatchObject({ instituteName: ['Institute name is required'], countryName: ['Country is required'] });
  });

  it('is for administrators only, and so are changes', async () => {
    expect((await alice.inject({ method: 'POST', url: '/api/employer', payload: inria })).statusCode).toBe(403);
    const { employerId } = employerSchema.parse((await admin.inject({ method: 'POST', url: '/api/employer', payload: inria })).json());
    expect((await alice.inject({ method: 'PUT', url: `/api/employer/${employerId}`, payload: { ...inria, teamName: 'X' } })).statusCode).toBe(403);
    const changed = await admin.inject({ method: 'PUT', url: `/api/employer/${employerId}`, payload: { ...inria, teamName: 'Y' } });
    expect(changed.json()).toMatchObject({ teamName: 'Y' });
    expect((await alice.inject({ method: 'GET', url: `/api/employer/${employerId}` })).json()).toMatchObject({ teamName: 'Y' });
    expect((await admin.inject({ method: 'GET', url: '/api/employer/999999' })).statusCode).toBe(404);
  });
});

describe("a user's employers", () => {
  it('adds a new employer to a user; the first one is current; a new current one replaces it', async () => {
    const refs = await typeAndStatus();
    const first = await addTo(alice, alice.id, { employer: inria, ...refs, startDate: '2020-09-01T08:00:00.000Z' });
    expect(first.statusCode, first.body).toBe(200);
    let rows = await employmentsOf(alice.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ currentForUser: true, employerType: { label: 'Academic' }, professionalStatus: { label: 'Researcher' } });

    const existing = rows[0]!.employer.employerId;
    const second = await addTo(admin, alice.id, { employerId: existing, startDate: '2024-01-01T08:00:00.000Z', current: true });
    expect(second.statusCode, second.body).toBe(200);
    rows = await employmentsOf(alice.id);
    expect(rows.map((row) => [row.currentForUser, row.startDate])).toEqual([
      [true, '2024-01-01T08:00:00.000Z'],
      [false, '2020-09-01T08:00:00.000Z'],
    ]);
    const employer = employerSchema.parse((await admin.inject({ method: 'GET', url: `/api/employer/${existing}` })).json());
    expect(employer.userCount).toBe(1);
  });

  it('edits the type, status, dates and current flag of an employment', async () => {
    const rows = await employmentsOf(alice.id);
    const old = rows.find((row) => !row.currentForUser)!;
    const reply = await alice.inject({
      method: 'PUT',
      url: '/api/employer/updateToUser',
      payload: { userEmployerId: old.userEmployerId, employerTypeId: null, professionalStatusId: null, startDate: '2019-01-01T00:00:00.000Z', endDate: '2023-12-31T00:00:00.000Z', current: true },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const after = await employmentsOf(alice.id);
    expect(after[0]).toMatchObject({ userEmployerId: old.userEmployerId, currentForUser: true, employerType: null, endDate: '2023-12-31T00:00:00.000Z' });
    expect(after.filter((row) => row.currentForUser)).toHaveLength(1);
  });

  it('refuses an end before the start and unknown references, changing nothing', async () => {
    const [current] = await employmentsOf(alice.id);
    const early = await alice.inject({
      method: 'PUT',
      url: '/api/employer/updateToUser',
      payload: { userEmployerId: current!.userEmployerId, startDate: '2025-01-01T00:00:00.000Z', endDate: '2024-01-01T00:00:00.000Z', current: true },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().fieldErrors.endDate).toEqual(['The end date must not be before the start date.']);
    const unknown = await addTo(alice, alice.id, { employer: inria, employerTypeId: 999999, startDate: '2025-01-01T00:00:00.000Z' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(employerMessages.UNKNOWN_EMPLOYER_TYPE);
    expect(await employmentsOf(alice.id)).toHaveLength(2);
  });

  it("refuses another user's employments", async () => {
    const [current] = await employmentsOf(alice.id);
    expect((await addTo(bob, alice.id, { employer: inria, startDate: '2025-01-01T00:00:00.000Z' })).statusCode).toBe(403);
    const edit = await bob.inject({
      method: 'PUT',
      url: '/api/employer/updateToUser',
      payload: { userEmployerId: current!.userEmployerId, startDate: '2025-01-01T00:00:00.000Z', current: false },
    });
    expect(edit.statusCode).toBe(403);
    expect((await bob.inject({ method: 'DELETE', url: `/api/userEmployer/${current!.userEmployerId}` })).statusCode).toBe(403);
    expect(await employmentsOf(alice.id)).toHaveLength(2);
  });

  it('keeps the current employer and at least one employer', async () => {
    const rows = await employmentsOf(alice.id);
    const current = rows.find((row) => row.currentForUser)!;
    const other = rows.find((row) => !row.currentForUser)!;
    const refused = await alice.inject({ method: 'DELETE', url: `/api/userEmployer/${current.userEmployerId}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(employerMessages.NOT_CURRENT);
    const removed = await alice.inject({ method: 'DELETE', url: `/api/userEmployer/${other.userEmployerId}` });
    expect(removed.statusCode, removed.body).toBe(200);
    const last = await admin.inject({ method: 'DELETE', url: `/api/userEmployer/${current.userEmployerId}` });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(employerMessages.KEEP_ONE);
    expect(await employmentsOf(alice.id)).toHaveLength(1);
    expect((await alice.inject({ method: 'DELETE', url: '/api/userEmployer/999999' })).statusCode).toBe(404);
  });
});

describe('DELETE /api/employer/{id}', () => {
  it('refuses an employer who has users, deletes one who has none', async () => {
    const [current] = await employmentsOf(alice.id);
    const busy = await admin.inject({ method: 'DELETE', url: `/api/employer/${current!.employer.employerId}` });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe("You can't delete an employer who has users");

    const { employerId } = employerSchema.parse((await admin.inject({ method: 'POST', url: '/api/employer', payload: inria })).json());
    expect((await alice.inject({ method: 'DELETE', url: `/api/employer/${employerId}` })).statusCode).toBe(403);
    expect((await admin.inject({ method: 'DELETE', url: `/api/employer/${employerId}` })).statusCode).toBe(200);
    expect((await admin.inject({ method: 'GET', url: `/api/employer/${employerId}` })).statusCode).toBe(404);
    expect((await admin.inject({ method: 'DELETE', url: `/api/employer/${employerId}` })).statusCode).toBe(404);
  });
});
