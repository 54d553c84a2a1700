// Runs the experiments, durably: each is a row with its state and a lease (see repo.ts claimExperiments), and
// each step is taken from the row by whichever instance holds the lease, so an experiment goes on after a
// restart or a crash and no two instances step it at once; no timer of one process decides anything (a step
// due at the start or the end is a time in the row). Each device is flashed by its own durable flash job
// (flashing/job-runner.ts), which the flash runner of any instance drives.
//
// waiting → (start) flashing → every job over → ready (mail) → running → (end, or stop) ending → done;
// a flash failure fails the experiment when it is all or nothing, or when no device is left. While ending,
// the reservation is released and each device flashed back to its type's default image, if the testbed file
// names one; a device whose flash back fails is quarantined.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseFaultReporter, Db, Subscribe } from '../../db/database.js';
import { recordAudit } from '../../db/audit-writer.js';
import { LeasedRowLoop } from '../../db/leased-rows.js';
import { AppError } from '../../errors.js';
import { enqueueMail } from '../../mail/outbox.js';
import type { Principal } from '../../security/principal.js';
import { quarantineDevice } from '../device-health/repo.js';
import type { FlashingService } from '../flashing/service.js';
import { notify } from '../notifications/service.js';
import type { ReservationService } from '../reservations/service.js';
import { failedNotice, readyNotice } from './notices.js';
import {
  claimExperiments,
  endStep,
  experimentDevices,
  findExperiment,
  releaseExperiments,
  reservationWindow,
  startedFlashJob,
  updateExperimentDevice,
  type ExperimentChange,
  type ExperimentDeviceRow,
  type ExperimentRow,
} from './repo.js';

const OVER = new Set(['done', 'failed', 'cancelled']);
/** How often a running experiment looks at its reservation (an end moved by hand, an extension). */
const RUNNING_CHECK_MS = 15_000;

export interface ExperimentRunnerOptions {
  tickMs?: number;
  leaseMs?: number;
}

export class ExperimentRunner {
  readonly owner = `${process.pid}-${randomUUID()}`;
  private readonly loop: LeasedRowLoop;
  private tickMs = 1000;
  private leaseMs = 30_000;

  constructor(
    private readonly db: Db,
    private readonly flashing: FlashingService,
    private readonly reservations: ReservationService,
    private readonly log: FastifyBaseLogger,
    private readonly publicUrl: string,
    private readonly faults: DatabaseFaultReporter = { reportOutage: () => false },
  ) {
    this.loop = new LeasedRowLoop({
      pass: () => this.tick(),
      release: () => releaseExperiments(this.db, this.owner),
      releaseFailed: (error) => {
        if (!this.faults.reportOutage(error)) this.log.warn({ err: error }, 'experiments not released');
      },
    });
  }

  start(options: ExperimentRunnerOptions = {}): void {
    this.tickMs = options.tickMs ?? this.tickMs;
    this.leaseMs = options.leaseMs ?? this.leaseMs;
    this.loop.start(this.tickMs);
  }

  /** Steps at once an experiment made due by the end of one of its flash jobs, on any instance (see the migration experiments_due_on_flash_end). */
  listen(subscribe: Subscribe): Promise<void> {
    return this.loop.listen(subscribe, 'experiments_due');
  }

  /** Looks at the experiments now (one was submitted or stopped on this instance). */
  wake(): void {
    this.loop.wake();
  }

  /** Stops stepping, waits for the step under way and lets go of the leases for another instance. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async tick(): Promise<void> {
    let ids: number[];
    try {
      ids = await claimExperiments(this.db, this.owner, this.leaseMs, 50);
    } catch (error) {
      if (this.loop.isRunning && !this.faults.reportOutage(error)) this.log.error({ err: error }, 'experiments could not be read');
      return;
    }
    for (const id of ids) {
      if (!this.loop.isRunning) return;
      try {
        await this.step(id);
      } catch (error) {
        if (!this.faults.reportOutage(error)) this.log.error({ err: error, experiment: id }, 'experiment step failed');
        // The lease runs out and the step is taken again, here or elsewhere.
      }
    }
  }

  private async step(id: number): Promise<void> {
    const experiment = await findExperiment(this.db, id);
    if (!experiment || OVER.has(experiment.state)) return;
    const devices = await experimentDevices(this.db, id);
    const soon = new Date(Date.now() + this.tickMs);
    const done = (change: ExperimentChange, next: Date) => endStep(this.db, id, this.owner, change, next);
    const stopping = experiment.stop_requested_at !== null;
    const window = experiment.reservation_id !== null ? await reservationWindow(this.db, experiment.reservation_id) : undefined;
    // The reservation ended without the experiment (released, deleted or shortened by hand): it ends too.
    const reservationOver = !window || !window.open;

    switch (experiment.state) {
      case 'waiting': {
        if (stopping || reservationOver) return this.beginEnd(experiment, 'cancelled', stopping ? 'Stopped before its start.' : 'Its reservation ended.');
        if (!window.started) return void (await done({}, new Date(window.start_date)));
        // Its flashes start in the pass that follows at once, not a tick later.
        if (await done({ state: 'flashing' }, new Date())) this.loop.wake();
        return;
      }
      case 'flashing': {
        if (stopping || reservationOver) return this.beginEnd(experiment, 'cancelled', stopping ? 'Stopped while flashing.' : 'Its reservation ended.');
        await this.flashDevices(experiment, devices);
        const after = await experimentDevices(this.db, id);
        if (after.some((device) => device.state === 'waiting' || device.state === 'flashing')) {
          // A job that ended while this step ran makes it due at once (due_again, see endStep): it is read in the
          // pass that follows, woken by the job's NOTIFY.
          return void (await done({}, soon));
        }
        const failed = after.filter((device) => device.state === 'failed');
        if (failed.length > 0 && (experiment.all_or_nothing || failed.length === after.length)) {
          const names = failed.map((device) => `${device.mac_address}: ${device.error ?? 'flash failed'}`).join('; ');
          const why = experiment.all_or_nothing ? `All or nothing, and ${failed.length} device(s) failed: ${names}` : `Every device failed: ${names}`;
          return this.beginEnd(experiment, 'failed', why);
        }
        const error = failed.length > 0 ? `${failed.length} device(s) failed and were left out: ${failed.map((device) => device.mac_address).join(', ')}` : null;
        await this.db.transaction().execute(async (tx) => {
          if (!(await endStep(tx, id, this.owner, { state: 'ready', readyAt: true, error }, new Date()))) return;
          await enqueueMail(tx, readyMail(experiment, after, this.publicUrl, (ip) => this.flashing.sshCommand(experiment.username, ip)));
          await notify(tx, readyNotice(experiment, after));
        });
        return;
      }
      case 'ready':
      case 'running': {
        if (stopping || reservationOver || Date.now() >= new Date(window.end_date).getTime()) return this.beginEnd(experiment, 'done', null);
        const end = new Date(window.end_date);
        await done({ state: 'running', endAt: end }, new Date(Math.min(end.getTime(), Date.now() + RUNNING_CHECK_MS)));
        return;
      }
      case 'ending':
        return this.cleanUp(experiment, devices, window);
      default:
        return;
    }
  }

  /**
   * Starts a flash job for each device not started yet, all at once (the slowest start would otherwise hold back
   * the last device's ready), and reads the state of those that run.
   */
  private async flashDevices(experiment: ExperimentRow, devices: ExperimentDeviceRow[]): Promise<void> {
    const started = await Promise.all(
      devices.map(async (device) => {
        if (device.state === 'waiting') return this.startFlash(experiment, device);
        if (device.state === 'flashing') {
          if (device.flash_state === 'done') await updateExperimentDevice(this.db, experiment.id, device.device_id, { state: 'ready', error: null });
          else if (device.flash_state === 'failed' || device.flash_state === 'cancelled') {
            await updateExperimentDevice(this.db, experiment.id, device.device_id, { state: 'failed', error: device.flash_error ?? `Flash ${device.flash_state}.` });
          }
        }
        return false;
      }),
    );
    if (started.includes(true)) this.flashing.jobsChanged();
  }

  /** Starts the device's flash job; answers whether it started one. */
  private async startFlash(experiment: ExperimentRow, device: ExperimentDeviceRow): Promise<boolean> {
    const job = { deviceId: device.device_id, userId: experiment.user_id, reservationId: experiment.reservation_id! };
    // A job started by a step whose instance stopped before recording it is taken over, not started twice.
    const earlier = await startedFlashJob(this.db, job);
    if (earlier !== undefined) {
      await updateExperimentDevice(this.db, experiment.id, device.device_id, { state: 'flashing', flashJobId: earlier });
      return false;
    }
    try {
      await this.flashing.flash(ownerOf(experiment), { deviceType: device.device_type, device: device.mac_address, image: device.image_name });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await updateExperimentDevice(this.db, experiment.id, device.device_id, { state: 'failed', error: `The flash could not start: ${error.message}` });
      return false;
    }
    await updateExperimentDevice(this.db, experiment.id, device.device_id, { state: 'flashing', flashJobId: await startedFlashJob(this.db, job) });
    return true;
  }

  private async beginEnd(experiment: ExperimentRow, endState: 'done' | 'failed' | 'cancelled', error: string | null): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const stepped = await endStep(tx, experiment.id, this.owner, { state: 'ending', endState, ...(error ? { error } : {}) }, new Date());
      if (stepped && endState === 'failed') await notify(tx, failedNotice(experiment, error));
    });
  }

  /**
   * Ending: the reservation ends (removed if it had not started), then each device is flashed back to its type's
   * default image and released, or quarantined when that fails. Over once every device is back.
   */
  private async cleanUp(experiment: ExperimentRow, devices: ExperimentDeviceRow[], window: Awaited<ReturnType<typeof reservationWindow>>): Promise<void> {
    const owner = ownerOf(experiment);
    if (window?.open && experiment.reservation_id !== null) {
      try {
        if (window.started) await this.reservations.release(owner, experiment.reservation_id);
        else await this.reservations.delete(owner, experiment.reservation_id);
      } catch (error) {
        // Ended meanwhile by someone else: nothing left to end.
        if (!(error instanceof AppError)) throw error;
      }
    }
    const neverStarted = window !== undefined && !window.started;
    let started = false;
    for (const device of devices) {
      if (device.state === 'released' || device.state === 'quarantined') continue;
      if (device.state === 'cleaning') {
        if (device.clean_state === 'done') await updateExperimentDevice(this.db, experiment.id, device.device_id, { state: 'released' });
        else if (device.clean_state === 'failed' || device.clean_state === 'cancelled') await this.quarantine(experiment, device);
        continue;
      }
      // A device never flashed keeps what it had; one without a default image is released as it is.
      if (neverStarted || device.flash_job_id === null || !device.default_image) {
        await updateExperimentDevice(this.db, experiment.id, device.device_id, { state: 'released' });
        continue;
      }
      try {
        await this.db.transaction().execute(async (tx) => {
          const job = await this.flashing.flashBack(tx, { id: device.device_id, mac: device.mac_address }, device.default_image!, experiment.user_id);
          await updateExperimentDevice(tx, experiment.id, device.device_id, { state: 'cleaning', cleanJobId: job });
        });
        started = true;
      } catch (error) {
        // The device's own flash is still being stopped (one running job per device): tried again at the next step.
        if ((error as { code?: unknown }).code !== '23505') throw error;
      }
    }
    if (started) this.flashing.jobsChanged();
    const after = await experimentDevices(this.db, experiment.id);
    const over = after.every((device) => device.state === 'released' || device.state === 'quarantined');
    await endStep(this.db, experiment.id, this.owner, over ? { state: experiment.end_state ?? 'done', ended: true } : {}, new Date(Date.now() + this.tickMs));
  }

  private async quarantine(experiment: ExperimentRow, device: ExperimentDeviceRow): Promise<void> {
    const reason = `The flash back to ${device.default_image} after experiment ${experiment.id} failed: ${device.clean_error ?? 'unknown error'}`;
    await this.db.transaction().execute(async (tx) => {
      if (await quarantineDevice(tx, device.device_id, reason, null)) {
        await recordAudit(tx, {
          actorUserId: null,
          action: 'device.quarantine',
          targetType: 'device',
          targetId: device.mac_address,
          details: { automatic: true, reason, experiment: experiment.id },
        });
      }
      await updateExperimentDevice(tx, experiment.id, device.device_id, { state: 'quarantined', error: reason });
    });
  }
}

/** The experiment's owner as the caller of the bookings and flashes it makes: their own rights, no more. */
function ownerOf(experiment: ExperimentRow): Principal {
  return { userId: experiment.user_id, username: experiment.username, authorities: [], isAdmin: false };
}

function readyMail(experiment: ExperimentRow, devices: ExperimentDeviceRow[], publicUrl: string, ssh: (ip: string) => string) {
  const ready = devices.filter((device) => device.state === 'ready');
  const failed = devices.filter((device) => device.state === 'failed');
  return {
    to: experiment.email,
    subject: `Experiment ${experiment.name} is ready`,
    text:
      `Your experiment ${experiment.name} is ready: ${ready.length} device(s) flashed, your account on each.\n\n` +
      ready.map((device) => `  ${device.device_type} ${device.mac_address}: ${ssh(device.ip_address)}\n`).join('') +
      (failed.length > 0 ? `\nLeft out (the flash failed):\n${failed.map((device) => `  ${device.mac_address}: ${device.error ?? ''}\n`).join('')}` : '') +
      `\nIt ends at ${new Date(experiment.end_at).toISOString()}.\n\nThe experiment: ${publicUrl}/experiments/${experiment.id}\n`,
  };
}
