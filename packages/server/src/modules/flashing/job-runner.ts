// The flashing pipeline as durable jobs (DESIGN.md decision 6): flash, follow the status file until a
// 'Flashing done' newer than the start, wait for the node to be ready, restore the user's account. Each
// step is taken from the job's row, so a job carries on when the browser is closed and after a restart;
// a lease in the row lets one server instance drive a job at a time and another take it over when the
// lease runs out. A job past its deadline fails with the stage it was stuck in.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { isFlashingDoneLine, NODE_READY } from '@testbed/contract';
import type { Db, Queryable } from '../../db/database.js';
import type { FlashTarget, TestbedDriver } from '../../testbed/driver.js';
import { enqueueMail } from '../../mail/outbox.js';
import { recordAudit } from '../audit/repo.js';
import { administratorEmails, recordFlashOutcome } from '../device-health/repo.js';
import {
  claimFlashJobs,
  findNodeAccount,
  pruneFlashLogs,
  releaseFlashJobs,
  updateFlashJob,
  type FlashJobChange,
  type FlashJobRow,
} from './repo.js';

/** What the runner needs of the configuration. */
export interface FlashPolicy {
  /** Consecutive failed flashes that quarantine a device (DEVICE_QUARANTINE_FAILURES). */
  quarantineAfter: number;
  /** Days a finished job's log is kept (FLASH_LOG_RETENTION_DAYS). */
  logRetentionDays: number;
  /** Base of the links in mails. */
  publicUrl: string;
}

const DEFAULT_POLICY: FlashPolicy = { quarantineAfter: 3, logRetentionDays: 90, publicUrl: 'http://localhost:3000' };
/** How often an instance removes the logs past their retention (every instance may: see pruneFlashLogs). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** The longest a flash in progress waits between two looks at its status while nothing changes. */
const IDLE_MAX_MS = 4000;

export interface RunnerOptions {
  /** How often the jobs are looked at. */
  tickMs?: number;
  /** How long a job stays with this instance without a renewal. */
  leaseMs?: number;
  /** Jobs held at once by this instance. */
  maxJobs?: number;
}

const STAGE_NAMES: Record<string, string> = {
  pending: 'before the flash started',
  flashing: "while waiting for 'Flashing done'",
  waiting_ready: 'while waiting for the node to accept connections',
  restoring: 'while restoring the account on the node',
};

/** The status file of a job: under the server's data folder, named by the job's handle only. */
export function statusFileOf(statusDir: string, handle: string): string {
  return join(statusDir, `${handle}.log`);
}

export class FlashJobRunner {
  readonly owner = `${process.pid}-${randomUUID()}`;
  private timer?: NodeJS.Timeout;
  private running = false;
  private ticking?: Promise<void>;
  private readonly inFlight = new Map<number, Promise<void>>();
  private tickMs = 1000;
  private leaseMs = 30_000;
  private maxJobs = 1000;
  /** When a pass over the jobs last began (performance.now()), for the readiness check. */
  private lastTickAt = 0;
  private lastPruneAt = Number.NEGATIVE_INFINITY;
  /**
   * When each held job is next due for a step (performance.now()) and the wait that led there. A job whose
   * step changed nothing waits twice as long next time, up to IDLE_MAX_MS, so that many long flashes cost a
   * few steps a second rather than one each; a change, a new stage or a wake brings it back to every tick.
   * Only this instance's schedule of the jobs it leases: another instance that takes a job over starts afresh.
   */
  private readonly due = new Map<number, { at: number; waitMs: number }>();

  constructor(
    private readonly db: Db,
    private readonly driver: TestbedDriver,
    private readonly statusDir: string,
    private readonly log: FastifyBaseLogger,
    /** Told when jobs start or end, so that the device lists follow at once. */
    private readonly onChange: () => void = () => undefined,
    private readonly policy: FlashPolicy = DEFAULT_POLICY,
  ) {}

  get isRunning(): boolean {
    return this.running;
  }

  /** Whether the runner is started and its passes over the jobs keep coming (a stuck pass makes it false). */
  isAlive(): boolean {
    return this.running && performance.now() - this.lastTickAt < Math.max(60_000, this.tickMs * 5);
  }

  start(options: RunnerOptions = {}): void {
    if (this.running) return;
    this.tickMs = options.tickMs ?? this.tickMs;
    this.leaseMs = options.leaseMs ?? this.leaseMs;
    this.maxJobs = options.maxJobs ?? this.maxJobs;
    this.running = true;
    this.lastTickAt = performance.now();
    this.schedule(0);
  }

  /** Looks at the jobs now rather than at the next tick (a job was just created). */
  wake(): void {
    if (this.running && !this.ticking) this.schedule(0);
  }

  /** Stops taking steps, waits for the steps under way and lets go of the jobs for another instance. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearTimeout(this.timer);
    await this.ticking;
    await Promise.allSettled(this.inFlight.values());
    await releaseFlashJobs(this.db, this.owner).catch((error: unknown) => this.log.warn({ err: error }, 'flash jobs not released'));
  }

  targetOf(job: FlashJobRow): FlashTarget {
    return {
      handle: job.handle,
      mac: job.mac_address,
      ip: job.ip_address,
      deviceType: job.device_type,
      image: job.image_name,
      statusFile: statusFileOf(this.statusDir, job.handle),
      startedAt: new Date(job.started_at),
    };
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.ticking = this.tick().finally(() => {
        this.ticking = undefined;
        if (this.running) this.schedule(this.tickMs);
      });
    }, ms);
    this.timer.unref();
  }

  /** Removes the logs past their retention now; answers how many entries went. */
  pruneLogs(): Promise<number> {
    return pruneFlashLogs(this.db, this.policy.logRetentionDays);
  }

  private async tick(): Promise<void> {
    this.lastTickAt = performance.now();
    if (this.lastTickAt - this.lastPruneAt >= PRUNE_EVERY_MS) {
      this.lastPruneAt = this.lastTickAt;
      this.pruneLogs().catch((error: unknown) => this.log.warn({ err: error }, 'old flash logs not pruned'));
    }
    const now = performance.now();
    const notDue = [...this.due].filter(([id, next]) => next.at > now || this.inFlight.has(id)).map(([id]) => id);
    let jobs: FlashJobRow[];
    try {
      jobs = await claimFlashJobs(this.db, this.owner, this.leaseMs, this.maxJobs, notDue);
    } catch (error) {
      if (this.running) this.log.error({ err: error }, 'flash jobs could not be read');
      return;
    }
    // A due job that did not come back ended or went to another instance: forget its schedule.
    const read = new Set(jobs.map((job) => job.id));
    const waiting = new Set(notDue);
    for (const id of this.due.keys()) if (!read.has(id) && !waiting.has(id)) this.due.delete(id);
    for (const job of jobs) {
      if (!this.running) return;
      if (this.inFlight.has(job.id)) continue;
      const before = `${job.state}|${job.status_line ?? ''}|${job.error ?? ''}`;
      const step = this.step(job)
        .then((after) => this.reschedule(job, before === after))
        .catch((error: unknown) => this.log.error({ err: error, handle: job.handle }, 'flash job step failed'))
        .finally(() => this.inFlight.delete(job.id));
      this.inFlight.set(job.id, step);
    }
  }

  /** Sets when the job is next due: at the next tick after a change, later and later while nothing changes. */
  private reschedule(job: FlashJobRow, unchanged: boolean): void {
    if (!this.running) return;
    const previous = this.due.get(job.id)?.waitMs ?? 0;
    // Only a flash in progress waits longer: readiness and the account restore are short and keep every tick.
    const waitMs = unchanged && job.state === 'flashing' ? Math.min(IDLE_MAX_MS, Math.max(this.tickMs, previous * 2)) : 0;
    const untilDeadline = new Date(job.deadline_at).getTime() - Date.now();
    this.due.set(job.id, { at: performance.now() + Math.max(0, Math.min(waitMs, untilDeadline)) - this.tickMs / 2, waitMs });
  }

  /** Takes the job's next step; answers its state, status line and error afterwards, as a signature. */
  private async step(job: FlashJobRow): Promise<string> {
    await this.takeStep(job);
    return `${job.state}|${job.status_line ?? ''}|${job.error ?? ''}`;
  }

  private async takeStep(job: FlashJobRow): Promise<void> {
    const target = this.targetOf(job);
    if (Date.now() >= new Date(job.deadline_at).getTime()) {
      this.driver.abortFlash(target);
      const seconds = Math.round((new Date(job.deadline_at).getTime() - new Date(job.started_at).getTime()) / 1000);
      const took = seconds < 120 ? `${seconds} second(s)` : `${Math.round(seconds / 60)} minute(s)`;
      const last = job.error ? ` Last error: ${job.error}` : '';
      return this.finish(job, 'failed', `Timed out after ${took} ${STAGE_NAMES[job.state] ?? ''}.${last}`);
    }
    switch (job.state) {
      case 'pending': {
        try {
          await this.driver.flash(target);
        } catch (error) {
          return this.finish(job, 'failed', `The flash could not start: ${(error as Error).message}`);
        }
        await this.update(job, { state: 'flashing' });
        return;
      }
      case 'flashing': {
        const progress = await this.driver.flashStatus(target);
        const change: FlashJobChange = {};
        if (progress.line !== null && progress.line !== job.status_line) change.statusLine = progress.line;
        if (progress.failure) return this.finish(job, 'failed', progress.failure, change.statusLine);
        const startSeconds = Math.floor(new Date(job.started_at).getTime() / 1000);
        if (progress.line !== null && isFlashingDoneLine(progress.line, startSeconds)) change.state = 'waiting_ready';
        if (change.state || change.statusLine !== undefined) await this.update(job, change);
        return;
      }
      case 'waiting_ready': {
        const result = await this.driver.checkReady(target);
        if (result === NODE_READY) await this.update(job, { state: 'restoring', error: null });
        else if (result !== job.error) await this.update(job, { error: `The node does not answer yet (${result}).` });
        return;
      }
      case 'restoring': {
        const account = await findNodeAccount(this.db, job.user_id);
        // Failures of the account, not of the device: they do not count towards its quarantine.
        if (!account) return this.finish(job, 'failed', 'The account to restore is no longer active.', undefined, false);
        if (account.sshKeys.length === 0) return this.finish(job, 'failed', 'The account has no SSH key to put on the node.', undefined, false);
        try {
          await this.driver.restoreAccount(target, account);
        } catch (error) {
          // The node's SSH server may still be starting: tried again until the deadline.
          await this.update(job, { error: `The account could not be restored yet: ${(error as Error).message}` });
          return;
        }
        return this.finish(job, 'done', null);
      }
      default:
        return;
    }
  }

  private async update(job: FlashJobRow, change: FlashJobChange): Promise<void> {
    const held = await updateFlashJob(this.db, job.id, this.owner, change);
    if (change.state) job.state = change.state;
    if (change.statusLine !== undefined) job.status_line = change.statusLine;
    if (change.error !== undefined) job.error = change.error;
    if (held && change.state === 'restoring') this.onChange();
  }

  private async finish(
    job: FlashJobRow,
    state: 'done' | 'failed',
    error: string | null,
    statusLine?: string | null,
    deviceFault = true,
  ): Promise<void> {
    const held = await this.db.transaction().execute(async (tx) => {
      const updated = await updateFlashJob(tx, job.id, this.owner, { state, error, ...(statusLine !== undefined ? { statusLine } : {}) });
      if (updated) {
        await recordAudit(tx, {
          actorUserId: job.user_id,
          action: state === 'done' ? 'flash.done' : 'flash.failed',
          targetType: 'device',
          targetId: job.mac_address,
          details: { handle: job.handle, image: job.image_name, deviceType: job.device_type, error },
        });
        if (state === 'done') await recordFlashOutcome(tx, job.device_id, { ok: true });
        else if (deviceFault) await this.countFailure(tx, job, error ?? 'unknown error');
      }
      return updated;
    });
    if (held) this.onChange();
  }

  /** Lengthens the device's failure streak; the failure that reaches the threshold quarantines it and tells the administrators once. */
  private async countFailure(tx: Queryable, job: FlashJobRow, error: string): Promise<void> {
    const threshold = this.policy.quarantineAfter;
    const reason = `${threshold} failed flash(es) in a row; the last: ${error}`;
    const outcome = await recordFlashOutcome(tx, job.device_id, { ok: false, reason, threshold });
    if (!outcome.quarantinedNow) return;
    const device = `${job.device_type} ${job.mac_address} (${job.ip_address})`;
    await recordAudit(tx, {
      actorUserId: null,
      action: 'device.quarantine',
      targetType: 'device',
      targetId: job.mac_address,
      details: { automatic: true, failureStreak: outcome.failureStreak, reason, handle: job.handle },
    });
    for (const to of await administratorEmails(tx)) {
      await enqueueMail(tx, {
        to,
        subject: `Device ${device} quarantined`,
        text:
          `Device ${device} failed ${outcome.failureStreak} flash(es) in a row and is now quarantined: it cannot be booked ` +
          `until an administrator releases it.\n\nLast error: ${error}\n\nDevice health: ${this.policy.publicUrl}/deviceHealth\n`,
      });
    }
  }
}
