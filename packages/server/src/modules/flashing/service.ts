// Flashing rules: an administrator
// flashes any device, a user the devices of the Exclusive reservations they hold or share and that run
// now. A flash is a job of the pipeline (job-runner.ts); the client gets its opaque handle, never a path,
// and only the addresses of devices the caller may flash are ever probed.
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  flashNodesListSchema,
  messages,
  type CheckFlashingReply,
  type CheckNodeReadyReply,
  type FlashBatchReply,
  type FlashBatchRequest,
  type FlashHistory,
  type FlashJob,
  type FlashJobDetail,
  type FlashStreamTicket,
  type FlashNodesList,
  type FlashNodesReply,
  type FlashNodesRequest,
  type ImageReference,
  type RestoreAccountReply,
  userImageRef,
} from '@testbed/contract';
import type { Db, Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { isConstraintError, UNIQUE_VIOLATION } from '../../db/constraint-errors.js';
import { authorize, can } from '../../security/policies.js';
import type { Principal } from '../../security/principal.js';
import { recordAudit } from '../../db/audit-writer.js';
import type { FlashingAwareDriver } from './flashing-aware-driver.js';
import type { FlashJobRunner } from './job-runner.js';
import {
  findFlashDevice,
  findFlashJob,
  findNodeAccount,
  exclusiveReservationsNow,
  insertFlashJob,
  lockReservationsNow,
  listFlashHistory,
  listFlashInventory,
  listUserFlashJobs,
  presentFlashJob,
  presentFlashLogEntry,
  readFlashLog,
  sshCommandOf,
  type FlashDeviceRow,
  type FlashJobRow,
} from './repo.js';
import { streamFlashJob, type FlashEventHub } from './progress-stream.js';
import type { StreamSlots } from '../../streams/stream-slots.js';
import { issueStreamTicket, takeStreamTicket } from '../../streams/stream-tickets.js';
import type { ImagesService } from '../images/create-images.js';

/** How long the inventory read from the database is reused (it changes only when an instance starts). */
const INVENTORY_TTL_MS = 5_000;
/** The trigger flash_jobs_within_reservation refused the job: its reservation ended meanwhile. */
const OUTSIDE_RESERVATION = '23514';

const describeDevice = (device: Pick<FlashDeviceRow, 'device_type' | 'mac_address' | 'ip_address'>) =>
  `${device.device_type} ${device.mac_address} (${device.ip_address})`;

const unknownJob = () => new AppError('not_found', 'Unknown flash job.');

export class FlashingService {
  private inventoryCache?: { rows: FlashDeviceRow[]; readAt: number };

  constructor(
    private readonly db: Db,
    private readonly driver: FlashingAwareDriver,
    private readonly runner: FlashJobRunner,
    private readonly events: FlashEventHub,
    private readonly images: ImagesService,
    private readonly streamSlots?: StreamSlots,
  ) {}

  /** Device type → MAC → {ip, up, images, isFlashableByCurrentUser, hasDeviceFlashableByCurrentUser}. */
  async nodes(caller: Principal): Promise<FlashNodesList> {
    const [inventory, states, reservationsNow, quarantined] = await Promise.all([
      this.inventory(),
      this.driver.deviceStates(),
      exclusiveReservationsNow(this.db),
      this.driver.quarantinedMacs(),
    ]);
    const up = new Map(states.map((state) => [state.mac, state.up]));
    const typeFlashable = new Map<string, boolean>();
    const mayFlash = (device: FlashDeviceRow) => can(caller, 'flash:probe-device', { reservationsNow: reservationsNow.get(device.id) ?? [] });
    for (const device of inventory) {
      if (mayFlash(device)) typeFlashable.set(device.device_type, true);
    }
    const nodes: FlashNodesList = {};
    for (const device of inventory) {
      (nodes[device.device_type] ??= {})[device.mac_address] = {
        ip: device.ip_address,
        up: up.get(device.mac_address) ?? false,
        images: device.images,
        isFlashableByCurrentUser: mayFlash(device),
        hasDeviceFlashableByCurrentUser: typeFlashable.get(device.device_type) ?? false,
        ...(quarantined.has(device.mac_address) ? { quarantined: true as const } : {}),
      };
    }
    return flashNodesListSchema.parse(nodes);
  }

  /** Starts the pipeline on each device, with one image: each its own job; one device's refusal stops no other. */
  async flashBatch(principal: Principal, request: FlashBatchRequest, ip?: string): Promise<FlashBatchReply> {
    const jobs: FlashBatchReply['jobs'] = [];
    for (const mac of request.devices) {
      const device = await findFlashDevice(this.db, { mac });
      try {
        if (!device) throw new AppError('not_found', `Unknown device ${mac}: it is not in the testbed.`);
        const reply = await this.flash(principal, { deviceType: device.device_type, device: mac, image: request.image }, ip);
        jobs.push({ device: mac, started: true, handle: reply.value2, error: null });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        jobs.push({ device: mac, started: false, handle: null, error: error.message });
      }
    }
    return { jobs };
  }

  /** One page of the caller's flash jobs, newest first. */
  async history(caller: Principal, query: { before?: string; limit: number }): Promise<FlashHistory> {
    let beforeId: number | undefined;
    if (query.before) {
      const job = await findFlashJob(this.db, query.before);
      if (!job || job.user_id !== caller.userId) throw new AppError('validation', 'Unknown flash job.', { fieldErrors: { before: ['Unknown flash job.'] } });
      beforeId = job.id;
    }
    const rows = await listFlashHistory(this.db, caller.userId, query.limit + 1, beforeId);
    const page = rows.slice(0, query.limit);
    return {
      jobs: page.map((row) => presentFlashJob(row, this.driver.sshJumpHost)),
      next: rows.length > query.limit ? page.at(-1)!.handle : null,
    };
  }

  /** A job of the caller (any job for an administrator) with its kept log. */
  async job(principal: Principal, handle: string): Promise<FlashJobDetail> {
    const job = await this.visibleJob(principal, handle);
    const log = await readFlashLog(this.db, job.id);
    return { ...presentFlashJob(job, this.driver.sshJumpHost), username: job.username, log: log.map(presentFlashLogEntry) };
  }

  /** A ticket that opens the job's progress stream once, within a minute (streams/stream-tickets.ts). */
  async streamTicket(principal: Principal, handle: string): Promise<FlashStreamTicket> {
    const job = await this.visibleJob(principal, handle);
    return issueStreamTicket(this.db, job.viewer, { jobId: job.id });
  }

  /**
   * Checks the ticket (the one authorization of a stream: it was given to the job's owner or an
   * administrator) and answers the function that sends the stream on the response.
   */
  async openStream(handle: string, ticket: string, after: string | undefined, onError: (error: unknown) => void) {
    const job = await findFlashJob(this.db, handle);
    const userId = job && (await takeStreamTicket(this.db, ticket, { jobId: job.id }));
    if (!job || userId === undefined) throw new AppError('unauthenticated', 'Invalid or expired stream ticket: ask for another.');
    const slot = this.streamSlots ? await this.streamSlots.take(userId) : undefined;
    if (slot === null) {
      throw new AppError(
        'too_many_requests',
        `At most ${this.streamSlots?.perUser} progress streams may be open at once per user: close one, or follow the job by its page.`,
      );
    }
    const view = presentFlashJob(job, this.driver.sshJumpHost);
    return (out: ServerResponse) => {
      slot?.(out, onError);
      streamFlashJob(this.db, this.events, { id: job.id, view }, after ?? '0', out, onError);
    };
  }

  /** Starts the pipeline on a device: one job per device at a time. */
  async flash(caller: Principal, request: FlashNodesRequest, ip?: string): Promise<FlashNodesReply> {
    const device = await findFlashDevice(this.db, { mac: request.device });
    if (!device) throw new AppError('not_found', `Unknown device ${request.device}: it is not in the testbed.`);
    await this.authorizeDevice(caller, device);
    if (device.device_type !== request.deviceType) {
      throw new AppError('validation', `Device ${describeDevice(device)} is not of type ${request.deviceType}.`, {
        fieldErrors: { device: [`Not a device of type ${request.deviceType}.`] },
      });
    }
    // An operator's image of the type, or a user image the caller may use (images module): refused otherwise.
    await this.images.resolveImage(caller, device.device_type, request.image);
    const account = await findNodeAccount(this.db, caller.userId);
    if (!account || account.sshKeys.length === 0) throw new AppError('validation', messages.NO_SSH_KEY);
    // An administrator may flash a quarantined device to try it; its holders may not.
    const quarantine = can(caller, 'flash:quarantined-device') ? undefined : await this.driver.unavailableReason(device.mac_address);
    if (quarantine) throw new AppError('validation', `Device ${describeDevice(device)} is ${quarantine} and cannot be flashed.`);
    if (!(await this.driver.inner.isUp(device.mac_address))) {
      throw new AppError('validation', `Device ${describeDevice(device)} is down and cannot be flashed.`);
    }

    const handle = randomUUID();
    let startedAt: Date;
    try {
      startedAt = await this.db.transaction().execute(async (tx) => {
        // The authorization again, on the reservation's row held until the job is in: a release (or any end)
        // committed first is seen and refuses the flash, one that comes after waits and then cancels the job.
        await lockReservationsNow(tx, device.id);
        const reservationsNow = (await exclusiveReservationsNow(tx, [device.id])).get(device.id) ?? [];
        authorize(caller, 'flash:device', { reservationsNow }, `You may flash ${describeDevice(device)} only during an Exclusive reservation of it that you take part in.`);
        // The job lives within the caller's reservation; an administrator flashing a device they hold no part of is bound by the deadline only.
        const own = reservationsNow.find((reservation) => reservation.holderId === caller.userId || reservation.colleagueIds.includes(caller.userId));
        // Again in the transaction, holding a user image's row: its deletion waits for the job, then sees it running.
        const image = await this.images.resolveImage(caller, device.device_type, request.image, tx);
        if (image.userImageId !== null) await this.images.flashed(tx, image.userImageId);
        const job = await insertFlashJob(tx, {
          handle,
          userId: caller.userId,
          deviceId: device.id,
          image: image.label,
          userImageId: image.userImageId,
          imageSha256: image.sha256,
          timeoutMs: this.driver.flashTimeoutMs,
          reservationId: own?.reservationId ?? null,
        });
        await recordAudit(tx, {
          actorUserId: caller.userId,
          action: 'flash.start',
          targetType: 'device',
          targetId: device.mac_address,
          ip,
          details: { handle, image: request.image, sha256: image.sha256, deviceType: device.device_type, ip: device.ip_address },
        });
        return new Date(job.started_at);
      });
    } catch (error) {
      if (isConstraintError(error, UNIQUE_VIOLATION)) {
        throw new AppError('conflict', `Device ${describeDevice(device)} is already being flashed: wait for that flash to end.`);
      }
      if ((error as { code?: unknown }).code === OUTSIDE_RESERVATION) {
        throw new AppError('conflict', `Your reservation of ${describeDevice(device)} has ended: the flash was not started.`);
      }
      throw error;
    }
    this.driver.invalidate();
    this.runner.wake();
    return { value0: true, value1: Math.floor(startedAt.getTime() / 1000), value2: handle };
  }

  /** The newest status line of a job the caller started (any job for an administrator). */
  async checkFlashing(caller: Principal, handle: string): Promise<CheckFlashingReply> {
    const job = await findFlashJob(this.db, handle);
    // Someone else's job answers like an unknown one: its handle tells nothing.
    if (!job || !can(caller, 'flash:job', { userId: job.user_id })) throw unknownJob();
    const view = presentFlashJob(job);
    return { value0: job.state !== 'failed' && job.state !== 'cancelled', value1: job.status_line ?? '', state: job.state, error: view.error };
  }

  /** Probes the SSH port of a device the caller may flash; any other address is never probed. */
  async checkNodeReady(caller: Principal, address: string): Promise<CheckNodeReadyReply> {
    const device = await findFlashDevice(this.db, { ip: address.trim() });
    if (!device) throw new AppError('not_found', `No device of the testbed has the address ${address}.`);
    await this.authorizeDevice(caller, device, 'flash:probe-device');
    const result = await this.driver.checkReady({ mac: device.mac_address, ip: device.ip_address, deviceType: device.device_type });
    return { value0: result === '0', value1: result };
  }

  /** Puts the caller's account, with exactly their current SSH keys, on a device they may flash. */
  async restoreAccount(caller: Principal, mac: string, ip?: string): Promise<RestoreAccountReply> {
    const device = await findFlashDevice(this.db, { mac });
    if (!device) throw new AppError('not_found', `Unknown device ${mac}: it is not in the testbed.`);
    await this.authorizeDevice(caller, device);
    const account = await findNodeAccount(this.db, caller.userId);
    if (!account || account.sshKeys.length === 0) throw new AppError('validation', messages.NO_SSH_KEY);
    let reply: RestoreAccountReply;
    try {
      await this.driver.restoreAccount({ mac: device.mac_address, ip: device.ip_address, deviceType: device.device_type }, account);
      reply = {
        value0: true,
        value1: `Account ${account.username} restored on ${device.ip_address} with ${account.sshKeys.length} SSH key(s).`,
      };
    } catch (error) {
      reply = { value0: false, value1: `The account could not be restored on ${device.ip_address}: ${(error as Error).message}` };
    }
    await recordAudit(this.db, {
      actorUserId: caller.userId,
      action: 'flash.restore-account',
      targetType: 'device',
      targetId: device.mac_address,
      ip,
      details: { restored: reply.value0, keys: account.sshKeys.length },
    });
    return reply;
  }

  /** The caller's running jobs and those of the last day. */
  async jobs(caller: Principal): Promise<FlashJob[]> {
    return (await listUserFlashJobs(this.db, caller.userId)).map((row) => presentFlashJob(row, this.driver.sshJumpHost));
  }

  /**
   * The image an experiment's group names, for its owner: the reference a flash request takes (an operator
   * image's name, or `image:<id>` for a user's own image) and its checksum when one is known (the testbed file
   * gives none for the operator's images). Refused, like a flash request, when the owner may not use it.
   */
  async resolveImage(owner: Principal, deviceType: string, reference: ImageReference): Promise<{ name: string; checksum: string | null }> {
    const name = 'imageId' in reference ? userImageRef(reference.imageId) : reference.image;
    const image = await this.images.resolveImage(owner, deviceType, name);
    return { name, checksum: image.sha256 };
  }

  /**
   * Flashes a device back to its type's default image when an experiment ends, after its reservation: no one's
   * account is put on it (the job ends once the node answers) and it is shown as down, so unbookable, until then.
   * Answers the job's id; in the caller's transaction, so that the experiment records it with the job.
   */
  async flashBack(tx: Queryable, device: { id: number; mac: string }, image: string, userId: number): Promise<number> {
    const job = await insertFlashJob(tx, {
      handle: randomUUID(),
      userId,
      deviceId: device.id,
      image,
      timeoutMs: this.driver.flashTimeoutMs,
      reservationId: null,
      userImageId: null,
      imageSha256: null,
      restoreAccount: false,
    });
    await recordAudit(tx, { actorUserId: null, action: 'flash.start', targetType: 'device', targetId: device.mac, details: { image, flashBack: true } });
    return job.id;
  }

  /** Tells this instance that jobs were created or ended elsewhere in the portal (an experiment's). */
  jobsChanged(): void {
    this.driver.invalidate();
    this.runner.wake();
  }

  /** The command that opens a shell on a device as the user. */
  sshCommand(username: string, ip: string): string {
    return sshCommandOf({ username, ip_address: ip }, this.driver.sshJumpHost);
  }

  /** A job the caller may see, like checkFlashing: someone else's answers like an unknown one. */
  private async visibleJob(caller: Principal, handle: string): Promise<FlashJobRow & { viewer: number }> {
    const job = await findFlashJob(this.db, handle);
    if (!job || !can(caller, 'flash:job', { userId: job.user_id })) throw unknownJob();
    return { ...job, viewer: caller.userId };
  }

  private async authorizeDevice(caller: Principal, device: FlashDeviceRow, action: 'flash:device' | 'flash:probe-device' = 'flash:device'): Promise<void> {
    const reservationsNow = (await exclusiveReservationsNow(this.db, [device.id])).get(device.id) ?? [];
    authorize(caller, action, { reservationsNow }, `You may flash ${describeDevice(device)} only during an Exclusive reservation of it that you take part in.`);
  }

  private async inventory(): Promise<FlashDeviceRow[]> {
    const cached = this.inventoryCache;
    if (cached && Date.now() - cached.readAt < INVENTORY_TTL_MS) return cached.rows;
    const rows = await listFlashInventory(this.db);
    this.inventoryCache = { rows, readAt: Date.now() };
    return rows;
  }
}
