import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, signIn, type TestContext } from '../../test/helper.js';
import { loadConfig, ConfigError } from '../config.js';

const TOKEN = 'scrape-secret-0123456789';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ METRICS_TOKEN: TOKEN, METRICS_ALLOW: '127.0.0.1,::1,192.0.2.0/24' });
});
afterAll(() => ctx.close());

const scrape = (remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

describe('GET /metrics', () => {
  it('shows request durations by route pattern and status, the outbox, the flash jobs, sign-in failures and cache use', async () => {
    const user = await loginAs(ctx);
    await user.inject({ method: 'GET', url: `/api/userReservations/${user.id}` });
    await user.inject({ method: 'GET', url: `/api/userReservations/${user.id}` });
    await signIn(ctx, user.username, 'Wrong#Pass123', '198.51.100.200');
    await ctx.database.db.insertInto('mail_outbox').values({ to_address: 'a@example.org', subject: 's', text_body: 't' }).execute();

    const reply = await scrape();
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain/);
    const text = reply.body;
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/userReservations\/:id",status="200"\} 2/);
    expect(text).toMatch(/portal_sign_in_failures_total\{reason="refused"\} 1/);
    expect(text).toMatch(/portal_mail_outbox_depth [1-9]/);
    expect(text).toMatch(/portal_mail_outbox_oldest_age_seconds \d/);
    expect(text).toMatch(/portal_flash_jobs\{stage="flashing"\} 0/);
    expect(text).toMatch(/portal_cache_requests_total\{cache="reservation_lists",result="hit"\} [1-9]/);
    expect(text).toMatch(/portal_cache_requests_total\{cache="session_users",result="miss"\} [1-9]/);
    expect(text).toContain('process_cpu_seconds_total');
    // Ids never become label values: one series per route pattern.
    expect(text).not.toContain(`/api/userReservations/${user.id}`);
  });

  it('is refused to other addresses, served to a listed network and to the bearer of the secret', async () => {
    expect((await scrape('203.0.113.9')).statusCode).toBe(403);
    expect((await scrape('203.0.113.9', { authorization: 'Bearer wrong-secret-0123456789' })).statusCode).toBe(403);
    expect((await scrape('203.0.113.9', { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
    expect((await scrape('192.0.2.77')).statusCode).toBe(200);
    expect((await scrape('::ffff:127.0.0.1')).statusCode).toBe(200);
  });
});

describe('METRICS_ALLOW', () => {
  it('accepts addresses and networks and refuses anything else, naming the variable', () => {
    expect(loadConfig({ METRICS_ALLOW: '10.0.0.0/8, ::1, 2001:db8::/32' }).METRICS_ALLOW).toEqual(['10.0.0.0/8', '::1', '2001:db8::/32']);
    for (const bad of ['everyone', '10.0.0.0/33', '1.2.3.4/8/1']) {
      expect(() => loadConfig({ METRICS_ALLOW: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ METRICS_ALLOW: bad })).toThrow(/METRICS_ALLOW/);
    }
  });
});
