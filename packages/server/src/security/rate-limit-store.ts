// Where the request limits count (@fastify/rate-limit's store), so that every instance of a cluster counts the
// same hits: in the database by default (the rate_limits table, one upsert per limited request), or in Redis
// when REDIS_URL is given. Both count in fixed windows that start at a key's first hit: the limit resets as a
// whole when its window ends, as @fastify/rate-limit's own stores do.
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseFaultReporter, Queryable } from '../db/database.js';

export interface WindowCount {
  /** Hits of the key in its current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/** Counts hits per key in windows of a given length. */
export interface HitCounter {
  /** Resolves once the counter can count, or has found that it cannot yet (it keeps trying). */
  start(): Promise<void>;
  hit(key: string, windowMs: number): Promise<WindowCount>;
  close(): Promise<void>;
}

/** Rows whose window ended, pruned at most per new window: keeps each hit's cost bounded while the table shrinks. */
const PRUNE_BATCH = 100;

export class DatabaseHitCounter implements HitCounter {
  constructor(private readonly db: Queryable) {}

  async start(): Promise<void> {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    // One statement, atomic under concurrency: the key's row is locked by the upsert, so parallel hits on
    // several instances each count once.
    const { rows } = await sql<{ hits: number; ttl_ms: number }>`
      INSERT INTO rate_limits AS r (key, hits, window_ends_at)
      VALUES (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN r.window_ends_at <= now() THEN 1 ELSE r.hits + 1 END,
        window_ends_at = CASE WHEN r.window_ends_at <= now() THEN excluded.window_ends_at ELSE r.window_ends_at END
      RETURNING hits, greatest(0, ceil(extract(epoch FROM window_ends_at - now()) * 1000))::int AS ttl_ms`.execute(this.db);
    const row = rows[0]!;
    // Only a new window pays for the pruning: a key being hit again within its window costs one statement.
    if (row.hits === 1) {
      // The outer condition is checked again on a row another instance has just reopened, which stays.
      await sql`
        DELETE FROM rate_limits
         WHERE key IN (SELECT key FROM rate_limits WHERE window_ends_at < now() LIMIT ${PRUNE_BATCH} FOR UPDATE SKIP LOCKED)
           AND window_ends_at < now()`.execute(this.db);
    }
    return { hits: row.hits, ttlMs: row.ttl_ms };
  }

  async close(): Promise<void> {}
}

/** Counts in one Lua script per hit: the key's first hit sets its expiry, which Redis then deletes it at. */
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}`;

type RedisWithHit = Redis & { testbedHit(key: string, windowMs: number): Promise<[number, number]> };

export class RedisHitCounter implements HitCounter {
  private readonly redis: RedisWithHit;

  constructor(url: string, keyPrefix: string, log: FastifyBaseLogger) {
    this.redis = new Redis(url, {
      keyPrefix,
      // A request waits for Redis for at most about a second, and is not held through a long outage.
      commandTimeout: 1000,
      connectTimeout: 2000,
      maxRetriesPerRequest: 1,
    }) as RedisWithHit;
    this.redis.defineCommand('testbedHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    // One line per change of state, not one per failed request; without a listener an error would be printed
    // by ioredis itself.
    let up = true;
    this.redis.on('error', (error: Error) => {
      if (up) log.warn({ err: error }, 'the rate limits cannot reach Redis');
      up = false;
    });
    this.redis.on('ready', () => {
      if (!up) log.info('the rate limits reach Redis again');
      up = true;
    });
  }

  async start(): Promise<void> {
    if (this.redis.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.redis.off('ready', done).off('error', done);
        resolve();
      };
      this.redis.once('ready', done).once('error', done);
    });
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    // Without a connection a request is not held while Redis is tried again: it passes uncounted at once.
    if (this.redis.status !== 'ready') throw new Error(`Redis is not connected (${this.redis.status})`);
    const [hits, ttlMs] = await this.redis.testbedHit(key, Math.max(1, Math.round(windowMs)));
    return { hits, ttlMs };
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

interface StoreResult {
  current: number;
  ttl: number;
}

/** What the plugin hands a child store at run time: the route's merged limit, with the route under routeInfo. */
interface RouteLimit {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * The store class @fastify/rate-limit instantiates: each limited route gets a child counting under the
 * route's own keys (method and path), as the plugin's Redis store does. A failing counter is logged once per
 * change of state and then let through by the plugin (`skipOnError`): a request is not refused because the
 * counts cannot be reached, and the sign-in throttle, kept in the database, still guards the accounts. A counter
 * in the database hands its failures to `faults` first: an outage of the database is logged there, once.
 */
export function sharedRateLimitStore(counter: HitCounter, log: FastifyBaseLogger, faults?: DatabaseFaultReporter) {
  let failing = false;
  return class SharedRateLimitStore {
    private readonly prefix: string;

    constructor(_globalParams?: unknown, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, callback: (error: Error | null, result?: StoreResult) => void, timeWindow: number): void {
      counter.hit(this.prefix + key, timeWindow).then(
        ({ hits, ttlMs }) => {
          if (failing) log.info('the rate limits count again');
          failing = false;
          callback(null, { current: hits, ttl: ttlMs });
        },
        (error: Error) => {
          if (faults?.reportOutage(error)) {
            callback(error);
            return;
          }
          if (!failing) log.warn({ err: error }, 'the rate limits cannot count: requests pass uncounted');
          failing = true;
          callback(error);
        },
      );
    }

    child(routeOptions: unknown) {
      const { method, url } = (routeOptions as RouteLimit).routeInfo ?? {};
      return new SharedRateLimitStore(undefined, `${[method].flat().join(',')} ${url ?? ''}|`);
    }
  };
}
