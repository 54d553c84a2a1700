import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createPostgresDatabase, TEST_PASSWORD } from '../../test/helper.js';
import { databaseFaultOf } from './availability.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { missingPath } from '../../test/missing-path.js';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('databaseFaultOf', () => {
  it('knows an ended, refused or timed-out connection and a cancelled statement', () => {
    expect(databaseFaultOf(pgError('57P01', 'terminating connection due to administrator command'))).toBe('unreachable');
    expect(databaseFaultOf(pgError('57P03', 'the database system is starting up'))).toBe('unreachable');
    expect(databaseFaultOf(pgError('08006'))).toBe('unreachable');
    expect(databaseFaultOf(pgError('53300', 'sorry, too many clients already'))).toBe('unreachable');
    expect(databaseFaultOf(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe('unreachable');
    expect(databaseFaultOf(new Error('Connection terminated unexpectedly'))).toBe('unreachable');
    expect(databaseFaultOf(new Error('timeout exceeded when trying to connect'))).toBe('unreachable');
    expect(databaseFaultOf(pgError('57014', 'canceling statement due to statement timeout'))).toBe('timeout');
  });

  it('leaves every other error to be what it is (a bug is still a 500)', () => {
    expect(databaseFaultOf(pgError('23505', 'duplicate key value violates unique constraint'))).toBeUndefined();
    expect(databaseFaultOf(pgError('42P01', 'relation "nope" does not exist'))).toBeUndefined();
    expect(databaseFaultOf(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBeUndefined();
    expect(databaseFaultOf('Connection terminated')).toBeUndefined();
  });
});

/** A TCP relay to PostgreSQL that the test cuts (every connection ended, new ones refused) and restores. */
class Relay {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  async cut(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server!.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('an app whose database goes away and comes back (PostgreSQL)', () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let relay: Relay;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const log: string[] = [];

  beforeAll(async () => {
    created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    const direct = new URL(created.url);
    relay = new Relay({ host: direct.hostname, port: Number(direct.port || 5432) });
    await relay.open();
    const relayed = new URL(created.url);
    relayed.host = `127.0.0.1:${relay.port}`;
    database = await openDatabase(relayed.toString(), { poolSize: 4 });
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => log.push(...chunk.toString().split('\n').filter(Boolean)));
    app = await buildApp({
      config: loadConfig({ DATA_DIR: missingPath('data'), LOG_LEVEL: 'info' }),
      db: database.db,
      subscribe: database.subscribe,
      jwtSecret: randomBytes(32).toString('hex'),
      logStream,
      webRoot: missingPath('web-root'),
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await created?.drop();
  });

  const signin = () => app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'nobody_here', password: TEST_PASSWORD } });
  const databaseCheck = async () => {
    const reply = await app.inject({ method: 'GET', url: '/api/health/ready' });
    return { status: reply.statusCode, database: reply.json().checks.database as { ok: boolean; detail?: string } };
  };

  it('answers 503 with Retry-After while it is away, says so in one log line, and serves again when it is back', async () => {
    expect((await signin()).statusCode).toBe(401);
    expect((await databaseCheck()).database).toEqual({ ok: true });

    await relay.cut();
    const replies = await Promise.all(Array.from({ length: 5 }, signin));
    for (const reply of replies) {
      expect(reply.statusCode).toBe(503);
      expect(reply.headers['retry-after']).toBe('5');
      expect(reply.json()).toEqual({ message: 'The service is unavailable for a moment: try again shortly.' });
    }
    expect(await databaseCheck()).toEqual({ status: 503, database: { ok: false, detail: 'unreachable' } });
    expect(app.databaseAvailability.isReachable).toBe(false);

    await relay.open();
    await expect.poll(async () => (await databaseCheck()).database, { timeout: 10_000 }).toEqual({ ok: true });
    expect((await signin()).statusCode).toBe(401);
    await expect.poll(() => app.databaseAvailability.isReachable, { timeout: 5_000 }).toBe(true);

    // One line as it went, one as it came back: no stack trace, no line per request.
    expect(log.filter((line) => line.includes('database unreachable'))).toHaveLength(1);
    expect(log.filter((line) => line.includes('database reachable again'))).toHaveLength(1);
    expect(log.filter((line) => line.includes('"stack"') || line.includes('unexpected error'))).toEqual([]);
  }, 30_000);

  it('has PostgreSQL cancel a statement past its time limit, as a timeout, and keeps the pool serving', async () => {
    const limited = await openDatabase(created.url, { poolSize: 1, statementTimeoutMs: 300 });
    try {
      const error = await sql`SELECT pg_sleep(2)`.execute(limited.db).then(() => undefined, (caught: unknown) => caught);
      expect(databaseFaultOf(error)).toBe('timeout');
      expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(limited.db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await limited.close();
    }
  });
});
