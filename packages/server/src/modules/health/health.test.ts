import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const ready = () => ctx.app.inject({ method: 'GET', url: '/api/health/ready' });

describe('GET /api/health/live', () => {
  it('answers ok to anyone', async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /api/health/ready', () => {
  it('says 503 and which runner is not running until both are started, then 200 with every check ok', async () => {
    const before = await ready();
    expect(before.statusCode).toBe(503);
    expect(before.json()).toMatchObject({
      status: 'unavailable',
      checks: {
        database: { ok: true },
        migrations: { ok: true },
        listening: { ok: true },
        mailSender: { ok: false, detail: 'not running' },
        flashRunner: { ok: false, detail: 'not running' },
      },
    });
    ctx.app.mailSender.start();
    ctx.app.flashJobs.start();
    const after = await ready();
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({
      status: 'ready',
      checks: { database: { ok: true }, migrations: { ok: true }, listening: { ok: true }, mailSender: { ok: true }, flashRunner: { ok: true } },
    });
    expect(after.headers['cache-control']).toBe('no-store');
  });

  it('says 503 while a migration the code knows is not applied', async () => {
    const [last] = (await sql<{ name: string }>`SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1`.execute(ctx.database.db)).rows;
    await sql`DELETE FROM schema_migrations WHERE name = ${last!.name}`.execute(ctx.database.db);
    try {
      const reply = await ready();
      expect(reply.statusCode).toBe(503);
      expect(reply.json().checks.migrations).toEqual({ ok: false, detail: '1 migration(s) not applied' });
    } finally {
      await sql`INSERT INTO schema_migrations (name) VALUES (${last!.name})`.execute(ctx.database.db);
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('tells nothing of the configuration: no database address, no secret', async () => {
    const body = (await ready()).body;
    expect(body).not.toMatch(/postgres:|pglite:|password|secret/i);
  });
});

describe('a graceful stop', () => {
  it('turns readiness to 503 at once and answers Connection: close while it still serves', async () => {
    expect((await ready()).statusCode).toBe(200);
    ctx.app.drain();
    const reply = await ready();
    expect(reply.statusCode).toBe(503);
    expect(reply.json().status).toBe('shutting-down');
    const live = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.headers.connection).toBe('close');
  });
});
