// Liveness and readiness of one instance. Readiness is what a proxy or an orchestrator asks before sending
// traffic: each check is cheap (one trivial query, one read of the applied migrations, flags in memory) and
// says nothing secret, only whether it holds and, when it does not, a short reason.
import { sql } from 'kysely';
import type { HealthCheck, ReadinessReply } from '@testbed/contract';
import type { DatabaseAvailability } from '../../db/availability.js';
import type { Db } from '../../db/database.js';
import { pendingMigrations } from '../../db/migrate.js';

export interface ReadinessProbes {
  /** The LISTEN connection is up, so the in-memory copies hear the database's announcements. */
  isListening(): boolean;
  mailSenderAlive(): boolean;
  flashRunnerAlive(): boolean;
  /** False once the instance has begun to shut down: the proxy should send traffic elsewhere. */
  isAcceptingWork(): boolean;
}

const CHECK_TIMEOUT_MS = 2_000;

export class HealthService {
  constructor(
    private readonly db: Db,
    private readonly availability: DatabaseAvailability,
    private readonly probes: ReadinessProbes,
  ) {}

  async readiness(): Promise<{ ready: boolean; reply: ReadinessReply }> {
    const [database, migrations] = await Promise.all([
      check(async () => {
        try {
          await sql`SELECT 1`.execute(this.db);
        } catch (error) {
          this.availability.report(error);
          throw error;
        }
        this.availability.reachable();
      }),
      check(async () => {
        const pending = await pendingMigrations(this.db);
        if (pending.length > 0) throw new Error(`${pending.length} migration(s) not applied`);
      }),
    ]);
    const flag = (ok: boolean, detail: string): HealthCheck => (ok ? { ok } : { ok, detail });
    const checks = {
      database,
      migrations,
      listening: flag(this.probes.isListening(), 'not listening to the database'),
      mailSender: flag(this.probes.mailSenderAlive(), this.probes.isAcceptingWork() ? 'not running' : 'shutting down'),
      flashRunner: flag(this.probes.flashRunnerAlive(), this.probes.isAcceptingWork() ? 'not running' : 'shutting down'),
    };
    const accepting = this.probes.isAcceptingWork();
    const ready = Object.values(checks).every((item) => item.ok) && accepting;
    return { ready, reply: { status: ready ? 'ready' : accepting ? 'unavailable' : 'shutting-down', checks } };
  }
}

/** Runs one check with a time limit; its failure is a reason, never an error message of the driver. */
async function check(run: () => Promise<void>): Promise<HealthCheck> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer within 2 s')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([run(), timeout]);
    return { ok: true };
  } catch (error) {
    const detail = error instanceof Error && /migration|no answer/.test(error.message) ? error.message : 'unreachable';
    return { ok: false, detail };
  } finally {
    clearTimeout(timer);
  }
}
