// Prometheus metrics of one instance (GET /metrics, prom-client). Request durations are observed as replies
// leave; the figures kept elsewhere (the pool, the outbox, the flash jobs, the runner's
// and the mail sender's counts, the open streams, the LISTEN connections) are read when Prometheus scrapes, so
// that nothing is counted twice and nothing runs between scrapes. The outbox and the flash jobs by stage are
// the database's: every instance reports the same figures for them (to be aggregated with max, not sum).
import { BlockList, isIP } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db, PoolUse } from '../db/database.js';
import { buildInfo } from '../logging/build-info.js';

export interface MetricsSources {
  db: Db;
  poolUse?: () => PoolUse;
  /** Who may read /metrics: addresses and networks (`METRICS_ALLOW`), or the bearer secret (`METRICS_TOKEN`). */
  allow: string[];
  token?: string;
  /** The flash runner's counts since this instance started. */
  flashRunner?: { stats: { done: number; failed: number; takenOver: number } };
  /** The mail sender's counts since this instance started. */
  mailSender?: { stats: { sent: number; failed: number } };
  /** Progress streams open on this instance. */
  progressStreams?: () => number;
  /** Whatever holds a LISTEN connection, by name: whether it listens now. */
  listeners?: Record<string, { isListening: boolean }>;
}

const SIGN_IN_ROUTE = '/api/auth/signin';

export function createRegistry(sources: MetricsSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of HTTP requests, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const signIns = new Counter({
    name: 'portal_sign_in_failures_total',
    help: 'Refused sign-ins: bad credentials or a waiting account (401), and requests over the rate limit (429)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });

  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'Database pool connections by state (PostgreSQL only)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const use = sources.poolUse?.();
      if (!use) return;
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
      this.set({ state: 'max' }, use.max);
    },
  });
  scrapedGauge(registry, { name: 'portal_mail_outbox_depth', help: 'Mails waiting in the outbox' }, async () => (await outbox(sources.db)).depth);
  scrapedGauge(
    registry,
    { name: 'portal_mail_outbox_oldest_age_seconds', help: 'Age of the oldest mail waiting in the outbox (0 when none waits)' },
    async () => (await outbox(sources.db)).oldestAgeSeconds,
  );
  new Gauge({
    name: 'portal_flash_jobs',
    help: 'Flash jobs under way, by stage',
    labelNames: ['stage'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const stage of ['pending', 'flashing', 'waiting_ready', 'restoring']) this.set({ stage }, 0);
      const { rows } = await sql<{ state: string; n: number }>`
        SELECT state, count(*)::int AS n FROM flash_jobs WHERE state NOT IN ('done', 'failed', 'cancelled') GROUP BY state`.execute(sources.db);
      for (const row of rows) this.set({ stage: row.state }, row.n);
    },
  });
  new Gauge({
    name: 'testbed_build_info',
    help: 'The release and the Node.js version this instance runs (always 1)',
    labelNames: ['version', 'node'] as const,
    registers: [registry],
  }).set(buildInfo(), 1);
  scrapedCounter(
    registry,
    { name: 'portal_db_pool_acquisitions_total', help: 'Connections handed out by the database pool (PostgreSQL only)' },
    () => sources.poolUse?.().acquired,
  );
  scrapedCounter(
    registry,
    {
      name: 'portal_db_pool_wait_seconds_total',
      help: 'Time spent waiting for a connection of the database pool, in all (PostgreSQL only); divided by the acquisitions: the mean wait',
    },
    () => sources.poolUse?.().waitSeconds,
  );
  new Gauge({
    name: 'portal_db_listening',
    help: 'Whether each LISTEN connection of this instance is up (1) or lost (0); while lost, the in-memory copies are not used',
    labelNames: ['listener'] as const,
    registers: [registry],
    collect() {
      for (const [listener, source] of Object.entries(sources.listeners ?? {})) this.set({ listener }, source.isListening ? 1 : 0);
    },
  });
  const flashStats = () => sources.flashRunner?.stats;
  scrapedCounter(registry, { name: 'portal_flash_job_outcomes_total', help: 'Flash jobs ended by this instance, by outcome', label: 'outcome' }, () => {
    const stats = flashStats();
    return stats && { done: stats.done, failed: stats.failed };
  });
  scrapedCounter(
    registry,
    { name: 'portal_flash_lease_takeovers_total', help: 'Flash jobs this instance took over from an instance that let their lease run out (it died or hung)' },
    () => flashStats()?.takenOver,
  );
  scrapedGauge(
    registry,
    { name: 'portal_flash_progress_streams', help: 'Flash progress streams (Server-Sent Events) open on this instance' },
    () => sources.progressStreams?.(),
  );
  scrapedCounter(
    registry,
    {
      name: 'portal_mail_deliveries_total',
      help: 'Mails this instance handed to the relay (or the outbox folder): sent, or failed and to be retried',
      label: 'result',
    },
    () => {
      const stats = sources.mailSender?.stats;
      return stats && { sent: stats.sent, failed: stats.failed };
    },
  );

  return {
    registry,
    observe(request: FastifyRequest, status: number, seconds: number) {
      const route = request.routeOptions.url ?? 'unmatched';
      requestDuration.observe({ method: request.method, route, status: String(status) }, seconds);
      if (route === SIGN_IN_ROUTE && (status === 401 || status === 429)) {
        signIns.inc({ reason: status === 401 ? 'refused' : 'rate_limited' });
      }
    },
  };
}

interface ScrapedMetric {
  name: string;
  help: string;
  /** The label a count read by name goes under. */
  label?: string;
}

/**
 * A counter whose totals are kept elsewhere since this instance started and read at each scrape: one number,
 * or one per value of its label. Nothing is reported while its source is absent.
 */
function scrapedCounter(registry: Registry, metric: ScrapedMetric, read: () => number | Record<string, number> | undefined): void {
  new Counter({
    name: metric.name,
    help: metric.help,
    labelNames: metric.label ? [metric.label] : [],
    registers: [registry],
    collect() {
      const value = read();
      if (value === undefined) return;
      this.reset();
      if (typeof value === 'number') this.inc(value);
      else for (const [key, count] of Object.entries(value)) this.inc({ [metric.label!]: key }, count);
    },
  });
}

/** A gauge read at each scrape; left unset while its source is absent. */
function scrapedGauge(registry: Registry, metric: ScrapedMetric, read: () => number | undefined | Promise<number>): void {
  new Gauge({
    name: metric.name,
    help: metric.help,
    registers: [registry],
    async collect() {
      const value = await read();
      if (value !== undefined) this.set(value);
    },
  });
}

async function outbox(db: Db): Promise<{ depth: number; oldestAgeSeconds: number }> {
  const { rows } = await sql<{ depth: number; age: number | null }>`
    SELECT count(*)::int AS depth, extract(epoch FROM now() - min(created_at))::float8 AS age
    FROM mail_outbox WHERE sent_at IS NULL`.execute(db);
  return { depth: rows[0]?.depth ?? 0, oldestAgeSeconds: Math.max(0, rows[0]?.age ?? 0) };
}

/** Parses `METRICS_ALLOW`: addresses and CIDR networks, IPv4 or IPv6, separated by commas. */
export function parseAllowList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Observes every request and serves GET /metrics to the allowed addresses or the bearer of the secret. */
export const metricsPlugin = fp<MetricsSources>(async (app: FastifyInstance, sources) => {
  const metrics = createRegistry(sources);
  const allowed = parseAllowList(sources.allow);
  app.addHook('onResponse', async (request, reply) => {
    metrics.observe(request, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const address = request.ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const byToken = sources.token !== undefined && bearer !== undefined && sameSecret(bearer, sources.token);
    if (!byToken && !allowed.check(address, family)) {
      return reply.code(403).send({ message: 'Metrics are not served to this address.' });
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
});
