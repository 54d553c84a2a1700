// Whether this instance reaches its database. A database that restarts, fails over or drops its connections
// makes every query fail for a while: each such failure becomes a 503 with Retry-After (the caller may try
// again, and a proxy may send it elsewhere), and the log says so once when it starts and once when it ends,
// rather than with a stack trace per request and per background pass.
import { sql } from 'kysely';
import type { DatabaseFaultReporter, Queryable } from './database.js';

/** What a caller is told to wait before trying again, in seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** How often, while the database is unreachable, one trivial query looks whether it is back. */
const PROBE_EVERY_MS = 1_000;

/**
 * `unreachable`: the connection failed or was ended (no request can be served until it returns);
 * `timeout`: one statement ran past its time limit and was cancelled (the database answers, slowly).
 */
export type DatabaseFault = 'unreachable' | 'timeout';

// SQLSTATE codes of a server that ends or refuses the connection: class 08 (connection exception),
// admin or crash shutdown, a server that is starting or stopping, no connection slot left.
const UNREACHABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const QUERY_CANCELED = '57014';
// Errors of the socket, from Node.
const UNREACHABLE_SYSTEM_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// Errors of node-postgres and its pool, which carry no code: a connection ended under a query, a connect
// or a read past its time limit, a client whose connection failed earlier.
const UNREACHABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable)/;

/** Which fault of the database an error is, or undefined when it is none (a bug, a constraint, bad input). */
export function databaseFaultOf(error: unknown): DatabaseFault | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code === QUERY_CANCELED) return 'timeout';
    if (code.startsWith('08') || UNREACHABLE_SQLSTATES.has(code) || UNREACHABLE_SYSTEM_CODES.has(code)) return 'unreachable';
  }
  return UNREACHABLE_MESSAGES.test(error.message) ? 'unreachable' : undefined;
}

export interface AvailabilityLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Hears the errors of the requests and the background loops; see the top of this file. */
export class DatabaseAvailability implements DatabaseFaultReporter {
  private down: { since: number; reason: string } | null = null;
  private probe: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly db: Queryable,
    private readonly log: AvailabilityLogger,
  ) {}

  get isReachable(): boolean {
    return this.down === null;
  }

  /**
   * Answers which fault of the database the error is, if any. The first `unreachable` one after a good spell
   * is logged, and from then on a trivial query every second looks for the database's return, which is logged too.
   */
  report(error: unknown): DatabaseFault | undefined {
    const fault = databaseFaultOf(error);
    if (fault === 'unreachable' && !this.down) {
      const reason = `${(error as Error).message}${typeof (error as { code?: unknown }).code === 'string' ? ` (${(error as { code: string }).code})` : ''}`;
      this.down = { since: Date.now(), reason };
      this.log.error({ reason }, 'database unreachable: answering 503 until it is back');
      this.schedule();
    }
    return fault;
  }

  /** `report` for the background loops: true when the error is the database being unreachable. */
  reportOutage(error: unknown): boolean {
    return this.report(error) === 'unreachable';
  }

  /** A query succeeded (the readiness check's): the database is back if it was away. */
  reachable(): void {
    if (!this.down) return;
    const seconds = Math.round((Date.now() - this.down.since) / 100) / 10;
    this.down = null;
    if (this.probe) clearTimeout(this.probe);
    this.probe = null;
    this.log.info({ unreachableSeconds: seconds }, 'database reachable again');
  }

  close(): void {
    this.closed = true;
    if (this.probe) clearTimeout(this.probe);
    this.probe = null;
  }

  private schedule(): void {
    if (this.closed || this.probe) return;
    this.probe = setTimeout(() => {
      sql`SELECT 1`
        .execute(this.db)
        .then(
          () => {
            this.probe = null;
            this.reachable();
          },
          () => {
            this.probe = null;
            if (this.down) this.schedule();
          },
        );
    }, PROBE_EVERY_MS);
    this.probe.unref();
  }
}
