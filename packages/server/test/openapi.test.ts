// The OpenAPI document is complete enough for a generated client: every operation has a summary, a schema
// for its request (path parameters, body) and for every reply it lists, the refusals of the authentication
// hook, and the bearer security scheme that takes both the sign-in token and a personal API token. That the
// whole document equals the committed docs/openapi.json is held by api-document/document.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helper.js';

interface Operation {
  summary?: string;
  description?: string;
  parameters?: { in: string; name: string; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  security?: Record<string, string[]>[];
}

/** Calls that take nothing but their path: changes named entirely by their URL. */
const BODILESS = new Set(['PUT /api/group/{groupId}/userToAdd/{userId}', 'PUT /api/group/{groupId}/userToRemove/{userId}', 'POST /api/reservations/{id}/release', 'POST /api/flashJobs/{handle}/streamTicket', 'POST /api/calendarFeed', 'POST /api/failingMails/{id}/retry', 'POST /api/adminImages/{id}/approvePublic', 'POST /api/adminImages/{id}/deprecate', 'POST /api/experiments/{id}/stop', 'POST /api/experiments/{id}/runAgain', 'POST /api/experiments/{id}/streamTicket', 'POST /api/notifications/{id}/read', 'POST /api/notifications/read']);

let ctx: TestContext;
let doc: { servers?: { url: string }[]; components?: { securitySchemes?: Record<string, { type: string; scheme?: string }> }; paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  ctx = await buildTestApp();
  const reply = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(reply.statusCode).toBe(200);
  doc = reply.json();
});
afterAll(() => ctx.close());

function operations() {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, path, method, operation })),
  );
}

describe('GET /api/docs/json', () => {
  it('declares the bearer scheme, for sign-in tokens and personal API tokens', () => {
    expect(doc.components?.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('names this portal (its PUBLIC_URL) as the server, so that a generated client calls it', () => {
    expect(doc.servers).toEqual([{ url: ctx.config.PUBLIC_URL, description: 'This portal' }]);
  });

  it('gives every operation a summary, its request and every reply a schema, and its security', () => {
    const problems: string[] = [];
    for (const { name, path, method, operation } of operations()) {
      if (!operation.summary?.trim()) problems.push(`${name}: no summary`);
      for (const [, param] of path.matchAll(/\{(\w+)\}/g)) {
        if (!operation.parameters?.some((p) => p.in === 'path' && p.name === param && p.schema)) problems.push(`${name}: path parameter ${param} without a schema`);
      }
      if ((method === 'post' || method === 'put') && !BODILESS.has(name) && !operation.requestBody?.content?.['application/json']?.schema) {
        problems.push(`${name}: no request body schema`);
      }
      const responses = Object.entries(operation.responses ?? {});
      if (!responses.some(([status]) => /^2\d\d$/.test(status))) problems.push(`${name}: no success reply`);
      for (const [status, response] of responses) {
        if (!response.content?.['application/json']?.schema) problems.push(`${name}: reply ${status} without a schema`);
      }
      // Any call may meet a bad token (401) and an API token it does not take (403).
      for (const status of ['401', '403']) if (!operation.responses?.[status]) problems.push(`${name}: reply ${status} not listed`);
      if ((operation.parameters?.length || operation.requestBody) && !operation.responses?.['400']) problems.push(`${name}: reply 400 not listed`);
      if (!operation.security?.some((requirement) => 'bearer' in requirement)) problems.push(`${name}: no bearer security`);
      if (!/Personal API tokens: (scope read|not accepted)/.test(operation.description ?? '')) problems.push(`${name}: does not say whether it takes API tokens`);
      if ((operation.description?.match(/Personal API tokens:/g) ?? []).length > 1) problems.push(`${name}: says more than once whether it takes API tokens`);
    }
    expect(problems).toEqual([]);
  });

  it('says which calls take a personal API token and which scope they need', () => {
    const byName = new Map(operations().map((op) => [op.name, op.operation]));
    expect(byName.get('GET /api/getNodesToReserve')?.description).toContain('Personal API tokens: scope read or read+book+flash.');
    expect(byName.get('POST /api/reserveNodes')?.description).toContain('Personal API tokens: scope read+book+flash.');
    expect(byName.get('POST /api/changePassword')?.description).toContain('Personal API tokens: not accepted.');
    // Sign-in needs no token at all.
    expect(byName.get('POST /api/auth/signin')?.security).toEqual([{}, { bearer: [] }]);
  });
});
