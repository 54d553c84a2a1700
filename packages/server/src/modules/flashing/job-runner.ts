// The flashing pipeline as durable jobs: flash, follow the status file until a
// 'Flashing done' newer than the start, wait for the node to be ready, restore the user's account. Each
// step is taken from the job's row, so a job carries on when the browser is closed and after a restart;
// a lease in the row lets one server instance drive a job at a time and another take it over when the
// lease runs out. A job past its deadline fails with the stage it was stuck in. A job lives inside the
// reservation that allowed it: the database cancels it when the reservation is released, deleted or
// shortened, and every runner cancels those whose reservation reached its end at each pass; the instance
// whose process runs the flash (or the account's restore) stops it when it hears of the cancellation, by the
// NOTIFY `flash_job_cancelled` at once or by its next pass.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { isFlashingDoneLine, NODE_READY } from '@testbed/contract';
import type { DatabaseFaultReporter, Db, Queryable } from '../../db/database.js';
import type { FlashTarget, TestbedDriver } from '../../testbed/driver.js';
import { enqueueMail } from '../../mail/outbox.js';
import { recordAudit } from '../../db/audit-writer.js';
import { LeasedRowLoop } from '../../db/leased-rows.js';
import { recordFlashOutcome } from '../device-health/service.js';
import { administratorEmails } from '../../mail/administrators.js';
import {
  addStatusLines,
  cancelEndedFlashJobs,
  claimFlashJobs,
  findNodeAccount,
  postponeFlashJobs,
  pruneFlashLogs,
  releaseFlashJobs,
  updateFlashJob,
  type FlashJobChange,
  type FlashJobRow,
  type FlashJobWait,
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
/** The longest a flash in progress waits between two looks at its status while nothing changes, in ticks. */
const IDLE_MAX_TICKS = 4;

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
  private readonly loop: LeasedRowLoop;
  private readonly inFlight = new Map<number, Promise<void>>();
  private tickMs = 1000;
  private leaseMs = 30_000;
  private maxJobs = 1000;
  /** When a pass over the jobs last began (performance.now()), for the readiness check. */
  private lastTickAt = 0;
  private lastPruneAt = Number.NEGATIVE_INFINITY;
  /** Jobs whose last step changed nothing, to be put off in one statement at the next tick. */
  private postponed: FlashJobWait[] = [];
  /** Other old rows removed with the logs (another module's, e.g. old notifications). */
  private readonly otherPrunes: (() => Promise<unknown>)[] = [];
  /** The flashes this process started and that may still run, to stop if their job is cancelled. */
  private readonly flashedHere = new Map<number, FlashTarget>();
  /** The steps under way, to cut short (an account's restore) if their job is cancelled. */
  private readonly stepAborts = new Map<number, AbortController>();
  /** What this instance did since it started, for the metrics: jobs it ended, and jobs it took over. */
  readonly stats = { done: 0, failed: 0, takenOver: 0 };

  constructor(
    private readonly db: Db,
    private readonly driver: TestbedDriver,
    private readonly statusDir: string,
    private readonly log: FastifyBaseLogger,
    /** Told when jobs start or end, so that the device lists follow at once. */
    private readonly onChange: () => void = () => undefined,
    private readonly policy: FlashPolicy = DEFAULT_POLICY,
    private readonly faults: DatabaseFaultReporter = { reportOutage: () => false },
    /** The file of a user image's content, by its SHA-256 (modules/images). */
    private readonly imageFileOf: (sha256: string) => string = () => {
      throw new Error('no user images here');
    },
  ) {
    this.loop = new LeasedRowLoop({
      pass: () => this.tick(),
      release: () => releaseFlashJobs(this.db, this.owner),
      releaseFailed: (error) => {
        if (!this.faults.reportOutage(error)) this.log.warn({ err: error }, 'flash jobs not released');
      },
    });
  }

  get isRunning(): boolean {
    return this.loop.isRunning;
  }

  /** Whether the runner is started and its passes over the jobs keep coming (a stuck pass makes it false). */
  isAlive(): boolean {
    return this.loop.isRunning && performance.now() - this.lastTickAt < Math.max(60_000, this.tickMs * 5);
  }

  start(options: RunnerOptions = {}): void {
    if (this.loop.isRunning) return;
    this.tickMs = options.tickMs ?? this.tickMs;
    this.leaseMs = options.leaseMs ?? this.leaseMs;
    this.maxJobs = options.maxJobs ?? this.maxJobs;
    this.lastTickAt = performance.now();
    this.loop.start(this.tickMs);
  }

  /** Looks at the jobs now rather than at the next tick (a job was just created). */
  wake(): void {
    this.loop.wake();
  }

  /** Stops taking steps, waits for the steps under way and lets go of the jobs for another instance. */
  stop(): Promise<void> {
    return this.loop.stop(() => Promise.allSettled(this.inFlight.values()));
  }

  targetOf(job: FlashJobRow): FlashTarget {
    return {
      handle: job.handle,
      mac: job.mac_address,
      ip: job.ip_address,
      deviceType: job.device_type,
      image: job.image_name,
      statusFile: statusFileOf(this.statusDir, job.handle),
      ...(job.image_sha256 ? { imageFile: this.imageFileOf(job.image_sha256), imageSha256: job.image_sha256 } : {}),
      startedAt: new Date(job.started_at),
    };
  }

  /**
   * A job was cancelled (its reservation ended): the flash this process runs for it is told to stop, and a
   * step under way is cut short. Any instance may hear it; those that run nothing of the job do nothing.
   */
  cancelled(jobId: number): void {
    const target = this.flashedHere.get(jobId);
    if (target) {
      this.flashedHere.delete(jobId);
      this.driver.abortFlash(target);
    }
    this.stepAborts.get(jobId)?.abort(new Error('the reservation of the job ended'));
    // The device is no longer being flashed: the lists of this instance follow at once.
    this.onChange();
  }

  /**
   * At each pass: the jobs whose reservation reached its end are cancelled (by whichever instance comes first),
   * and the flashes of this process whose job was cancelled meanwhile are stopped, should a NOTIFY have been
   * missed.
   */
  private async stopCancelled(): Promise<void> {
    const { cancelled, finished } = await cancelEndedFlashJobs(this.db, [...this.flashedHere.keys()]);
    for (const id of cancelled) this.cancelled(id);
    for (const id of finished) this.flashedHere.delete(id);
  }

  /** Removes the logs past their retention now, and the other old rows given to alsoPrune; answers how many log entries went. */
  async pruneLogs(): Promise<number> {
    const [removed] = await Promise.all([pruneFlashLogs(this.db, this.policy.logRetentionDays), ...this.otherPrunes.map((prune) => prune())]);
    return removed;
  }

  /** Runs `prune` with the hourly prune of the logs: one periodic removal of old rows per instance. */
  alsoPrune(prune: () => Promise<unknown>): void {
    this.otherPrunes.push(prune);
  }

  private async tick(): Promise<void> {
    this.lastTickAt = performance.now();
    if (this.lastTickAt - this.lastPruneAt >= PRUNE_EVERY_MS) {
      this.lastPruneAt = this.lastTickAt;
      this.pruneLogs().catch((error: unknown) => {
        if (!this.faults.reportOutage(error)) this.log.warn({ err: error }, 'old flash logs and rows not pruned');
      });
    }
    let jobs: FlashJobRow[];
    try {
      const postponed = this.postponed;
      this.postponed = [];
      await postponeFlashJobs(this.db, this.owner, postponed);
      await this.stopCancelled();
      // A step under way is not read: its row, read now, could be stepped again once that step has ended,
      // from a state it has already left (a pending job would be flashed twice).
      const claimed = await claimFlashJobs(this.db, this.owner, this.leaseMs, this.maxJobs, [...this.inFlight.keys()]);
      jobs = claimed.jobs;
      if (claimed.takenOver.length > 0) {
        this.stats.takenOver += claimed.takenOver.length;
        this.log.warn({ jobIds: claimed.takenOver }, 'flash jobs taken over: the instance that held them let their lease run out');
      }
    } catch (error) {
      // The database may be away for a moment: the next pass tries again, and the outage is logged once.
      if (this.loop.isRunning && !this.faults.reportOutage(error)) this.log.error({ err: error }, 'flash jobs could not be read');
      return;
    }
    for (const job of jobs) {
      if (!this.loop.isRunning) return;
      const before = signature(job);
      const abort = new AbortController();
      this.stepAborts.set(job.id, abort);
      const step = this.stepThrough(job, abort.signal)
        .then(() => this.postponeIfIdle(job, before))
        .catch((error: unknown) => {
          if (!abort.signal.aborted && !this.faults.reportOutage(error)) {
            this.log.error({ err: error, handle: job.handle }, 'flash job step failed');
          }
        })
        .finally(() => {
          this.inFlight.delete(job.id);
          this.stepAborts.delete(job.id);
        });
      this.inFlight.set(job.id, step);
    }
  }

  /**
   * A flash in progress whose step changed nothing waits twice as long as last time (from one tick up to
   * IDLE_MAX_TICKS ticks): hour-long flashes cost a few steps a second, not one each per tick. Readiness checks and
   * account restores are short and keep every tick; any change resets the wait (see updateFlashJob).
   */
  private postponeIfIdle(job: FlashJobRow, before: string): void {
    if (job.state !== 'flashing' || signature(job) !== before) return;
    const waitMs = Math.min(this.tickMs * IDLE_MAX_TICKS, Math.max(this.tickMs, job.idle_wait_ms * 2));
    this.postponed.push({ id: job.id, waitMs });
  }

  /**
   * Steps the job, and again at once while a step moved it on to a check that waits for nothing (the node's
   * readiness after the flash, the account's restore once it answers): those follow in the same pass rather than a
   * tick later each, which would add two ticks to every flash.
   */
  private async stepThrough(job: FlashJobRow, signal: AbortSignal): Promise<void> {
    for (let steps = 0; steps < 3 && !signal.aborted && this.loop.isRunning; steps++) {
      if (!(await this.step(job, signal))) return;
    }
  }

  /** One step of the job; answers true when it moved the job on to a state whose step may follow at once. */
  private async step(job: FlashJobRow, signal: AbortSignal): Promise<boolean> {
    const target = this.targetOf(job);
    if (Date.now() >= new Date(job.deadline_at).getTime()) {
      this.driver.abortFlash(target);
      this.flashedHere.delete(job.id);
      const seconds = Math.round((new Date(job.deadline_at).getTime() - new Date(job.started_at).getTime()) / 1000);
      const took = seconds < 120 ? `${seconds} second(s)` : `${Math.round(seconds / 60)} minute(s)`;
      const last = job.error ? ` Last error: ${job.error}` : '';
      await this.finish(job, 'failed', `Timed out after ${took} ${STAGE_NAMES[job.state] ?? ''}.${last}`);
      return false;
    }
    switch (job.state) {
      case 'pending': {
        // The state is recorded after the flash starts, so an instance killed in between leaves a pending job
        // whose flash runs; the driver's record of the start, written before the flash (see flashBegan), tells
        // the instance that takes the job over to follow that flash rather than flash the device a second time.
        if (!(await this.driver.flashBegan(target))) {
          try {
            this.flashedHere.set(job.id, target);
            await this.driver.flash(target);
          } catch (error) {
            this.flashedHere.delete(job.id);
            await this.finish(job, 'failed', `The flash could not start: ${(error as Error).message}`);
            return false;
          }
          // Cancelled while the flash was starting: the driver's stop came before it had anything to stop.
          if (signal.aborted) {
            this.flashedHere.delete(job.id);
            this.driver.abortFlash(target);
            return false;
          }
        }
        await this.update(job, { state: 'flashing' });
        return false;
      }
      case 'flashing': {
        const progress = await this.driver.flashStatus(target, job.status_lines);
        // Every line written since the last look goes to the log, each once, before the state moves on.
        if (progress.lines.length > 0) {
          if (!(await addStatusLines(this.db, job.id, this.owner, job.status_lines, progress.lines))) return false;
          job.status_lines += progress.lines.length;
          job.status_line = progress.lines.at(-1)!;
        }
        if (progress.failure) {
          this.flashedHere.delete(job.id);
          await this.finish(job, 'failed', progress.failure);
          return false;
        }
        const startSeconds = Math.floor(new Date(job.started_at).getTime() / 1000);
        if (progress.line !== null && isFlashingDoneLine(progress.line, startSeconds)) {
          this.flashedHere.delete(job.id);
          return this.update(job, { state: 'waiting_ready' });
        }
        return false;
      }
      case 'waiting_ready': {
        const result = await this.driver.checkReady(target);
        if (result === NODE_READY && !job.restore_account) {
          await this.finish(job, 'done', null);
          return false;
        }
        if (result === NODE_READY) return this.update(job, { state: 'restoring', error: null });
        if (result !== job.error) await this.update(job, { error: `The node does not answer yet (${result}).` });
        return false;
      }
      case 'restoring': {
        const account = await findNodeAccount(this.db, job.user_id);
        // Failures of the account, not of the device: they do not count towards its quarantine.
        if (!account) await this.finish(job, 'failed', 'The account to restore is no longer active.', undefined, false);
        else if (account.sshKeys.length === 0) await this.finish(job, 'failed', 'The account has no SSH key to put on the node.', undefined, false);
        else {
          try {
            // Cut short if the reservation ends meanwhile; the claim of this step found it running.
            await this.driver.restoreAccount(target, account, signal);
          } catch (error) {
            if (signal.aborted) return false;
            // The node's SSH server may still be starting: tried again until the deadline.
            await this.update(job, { error: `The account could not be restored yet: ${(error as Error).message}` });
            return false;
          }
          await this.finish(job, 'done', null);
        }
        return false;
      }
      default:
        return false;
    }
  }

  /** Records a change of the job; answers whether this instance still held it. */
  private async update(job: FlashJobRow, change: FlashJobChange): Promise<boolean> {
    const held = await updateFlashJob(this.db, job.id, this.owner, change);
    // The row read at this tick follows the change, so that postponeIfIdle sees it.
    if (change.state) job.state = change.state;
    if (change.statusLine !== undefined) job.status_line = change.statusLine;
    if (change.error !== undefined) job.error = change.error;
    if (held && change.state === 'restoring') this.onChange();
    return held;
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
        // Each audit row names its own action and details: alike in shape only to other audit calls.
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
    // The row read at this tick follows the end too, so that postponeIfIdle leaves the job alone.
    job.state = state;
    if (held) {
      this.stats[state] += 1;
      this.onChange();
    }
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

/** What a step can change of a job, to tell a step that changed nothing. */
function signature(job: FlashJobRow): string {
  return `${job.state}\u0000${job.status_lines}\u0000${job.status_line ?? ''}\u0000${job.error ?? ''}`;
}
