import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, signIn, type TestContext } from '../../test/helper.js';
import { parseMetrics, sampleValue, scrapeMetrics } from '../../test/metrics-text.js';
import { loadConfig, ConfigError } from '../config.js';
import { buildInfo } from '../logging/build-info.js';

const TOKEN = 'scrape-secret-0123456789';
let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'metrics-'));
  ctx = await buildTestApp({ METRICS_TOKEN: TOKEN, METRICS_ALLOW: '127.0.0.1,::1,192.0.2.0/24', DATA_DIR: dataDir });
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

const scrape = (remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

describe('GET /metrics', () => {
  it('shows request durations by route pattern and status, the outbox, the flash jobs and sign-in failures', async () => {
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
    expect(text).toContain('process_cpu_seconds_total');
    // Ids never become label values: one series per route pattern.
    expect(text).not.toContain(`/api/userReservations/${user.id}`);
  });

  it('parses as Prometheus text, each metric of the instance described', async () => {
    const reply = await scrape();
    // parseMetrics throws on any line that is neither a comment nor a sample.
    expect(parseMetrics(reply.body).length).toBeGreaterThan(50);
    for (const name of [
      'testbed_build_info',
      'portal_flash_job_outcomes_total',
      'portal_flash_lease_takeovers_total',
      'portal_flash_progress_streams',
      'portal_mail_deliveries_total',
      'portal_db_listening',
      'portal_db_pool_wait_seconds_total',
      'portal_db_pool_acquisitions_total',
    ]) {
      expect(reply.body).toMatch(new RegExp(`^# HELP ${name} \\S`, 'm'));
    }
  });

  it('names the release and the Node.js version in testbed_build_info', async () => {
    const samples = await scrapeMetrics(ctx.app);
    const { version } = buildInfo();
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    expect(sampleValue(samples, 'testbed_build_info', { version, node: process.version })).toBe(1);
  });

  it('shows each LISTEN connection up, and no progress stream open', async () => {
    const samples = await scrapeMetrics(ctx.app);
    for (const listener of ['reservation_replies', 'colleague_searches', 'flash_progress']) {
      expect(sampleValue(samples, 'portal_db_listening', { listener }), listener).toBe(1);
    }
    expect(sampleValue(samples, 'portal_flash_progress_streams')).toBe(0);
    expect(sampleValue(samples, 'portal_flash_job_outcomes_total', { outcome: 'done' })).toBe(0);
    expect(sampleValue(samples, 'portal_flash_lease_takeovers_total')).toBe(0);
    if (ctx.database.engine === 'postgres') {
      // Every query so far took a connection of the pool.
      expect(sampleValue(samples, 'portal_db_pool_acquisitions_total')).toBeGreaterThan(10);
      expect(sampleValue(samples, 'portal_db_pool_wait_seconds_total')).toBeGreaterThan(0);
    } else {
      // The embedded engine has no pool: nothing is counted.
      expect(sampleValue(samples, 'portal_db_pool_acquisitions_total') ?? 0).toBe(0);
    }
  });

  it('counts the mails this instance delivered and those it failed to', async () => {
    const db = ctx.database.db;
    // The outbox starts empty; a file where the outbox folder should be makes the next delivery fail.
    await db.updateTable('mail_outbox').set({ sent_at: new Date() }).where('sent_at', 'is', null).execute();
    await writeFile(path.join(dataDir, 'outbox'), 'not a folder');
    await db.insertInto('mail_outbox').values({ to_address: 'fails@example.org', subject: 's', text_body: 't' }).execute();
    await ctx.app.mailSender.deliverDue();
    await rm(path.join(dataDir, 'outbox'));
    await db.insertInto('mail_outbox').values({ to_address: 'b@example.org', subject: 's', text_body: 't' }).execute();
    await db.insertInto('mail_outbox').values({ to_address: 'c@example.org', subject: 's', text_body: 't' }).execute();
    await ctx.app.mailSender.deliverDue();
    const samples = await scrapeMetrics(ctx.app);
    expect(sampleValue(samples, 'portal_mail_deliveries_total', { result: 'failed' })).toBe(1);
    expect(sampleValue(samples, 'portal_mail_deliveries_total', { result: 'sent' })).toBe(2);
    // The failed one waits for its retry.
    expect(sampleValue(samples, 'portal_mail_outbox_depth')).toBe(1);
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
