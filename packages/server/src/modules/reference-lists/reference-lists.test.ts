import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmployerType, ProfessionalStatus } from '@testbed/contract';
import { buildTestApp, loginAs, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/employerTypes', () => {
  it('lists the seeded employer types to anybody, since the sign-up form offers them', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/employerTypes' });
    expect(anonymous.statusCode).toBe(200);
    const list = anonymous.json<EmployerType[]>();
    expect(list.map((item) => item.label)).toEqual([
      'Academic',
      'Research institute',
      'Company',
      'Start-up',
      'Government agency',
      'Non-profit organisation',
      'Other',
    ]);
    expect(list.every((item) => Number.isInteger(item.employerTypeId))).toBe(true);
    const user = await loginAs(ctx);
    expect((await user.inject({ method: 'GET', url: '/api/employerTypes' })).json()).toEqual(list);
  });

  it('offers no way to change the list', async () => {
    const admin = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
    expect((await admin.inject({ method: 'POST', url: '/api/employerTypes', payload: { label: 'X' } })).statusCode).toBe(404);
  });
});

describe('GET /api/professionalStatusList', () => {
  it('lists the seeded professional statuses to anybody', async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/professionalStatusList' });
    expect(reply.statusCode).toBe(200);
    const list = reply.json<ProfessionalStatus[]>();
    expect(list).toHaveLength(12);
    expect(list[0]).toEqual({ professionalStatusId: expect.any(Number), label: 'Professor' });
    expect(list.at(-1)!.label).toBe('Other');
  });
});
