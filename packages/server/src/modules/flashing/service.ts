// Flashing rules (devices document, sections 4 to 7; DESIGN.md decisions 4 and 6): an administrator
// flashes any device, a user the devices of the Exclusive reservations they hold or share and that run
// now. A flash is a job of the pipeline (job-runner.ts); the client gets its opaque handle, never a path,
// and only the addresses of devices the caller may flash are ever probed.
import { randomUUID } from 'node:crypto';
import {
  flashNodesListSchema,
  messages,
  type CheckFlashingReply,
  type CheckNodeReadyReply,
  type FlashJob,
  type FlashNodesList,
  type FlashNodesReply,
  type FlashNodesRequest,
  type RestoreAccountReply,
} from '@testbed/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { authorize, requireSignedIn } from '../../security/policies.js';
import type { Principal } from '../../security/principal.js';
import { recordAudit } from '../audit/repo.js';
import type { FlashingAwareDriver } from './flashing-aware-driver.js';
import type { FlashJobRunner } from './job-runner.js';
import {
  findFlashDevice,
  findFlashJob,
  findNodeAccount,
  flashableDeviceIds,
  insertFlashJob,
  listFlashInventory,
  listUserFlashJobs,
  presentFlashJob,
  type FlashDeviceRow,
} from './repo.js';

/** How long the inventory read from the database is reused (it changes only when an instance starts). */
const INVENTORY_TTL_MS = 5_000;
const UNIQUE_VIOLATION = '23505';

const describeDevice = (device: Pick<FlashDeviceRow, 'device_type' | 'mac_address' | 'ip_address'>) =>
  `${device.device_type} ${device.mac_address} (${device.ip_address})`;

const unknownJob = () => new AppError('not_found', 'Unknown flash job.');

export class FlashingService {
  private inventoryCache?: { rows: FlashDeviceRow[]; readAt: number };

  constructor(
    private readonly db: Db,
    private readonly driver: FlashingAwareDriver,
    private readonly runner: FlashJobRunner,
  ) {}

  /** Device type → MAC → {ip, up, images, isFlashableByCurrentUser, hasDeviceFlashableByCurrentUser}. */
  async nodes(principal: Principal | null): Promise<FlashNodesList> {
    const caller = requireSignedIn(principal);
    const [inventory, states, flashable] = await Promise.all([
      this.inventory(),
      this.driver.deviceStates(),
      caller.isAdmin ? Promise.resolve(null) : flashableDeviceIds(this.db, caller.userId),
    ]);
    const up = new Map(states.map((state) => [state.mac, state.up]));
    const typeFlashable = new Map<string, boolean>();
    const mayFlash = (device: FlashDeviceRow) => flashable === null || flashable.has(device.id);
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
      };
    }
    return flashNodesListSchema.parse(nodes);
  }

  /** Starts the pipeline on a device: one job per device at a time. */
  async flash(principal: Principal | null, request: FlashNodesRequest, ip?: string): Promise<FlashNodesReply> {
    const caller = requireSignedIn(principal);
    const device = await findFlashDevice(this.db, { mac: request.device });
    if (!device) throw new AppError('not_found', `Unknown device ${request.device}: it is not in the testbed.`);
    await this.authorizeDevice(caller, device);
    if (device.device_type !== request.deviceType) {
      throw new AppError('validation', `Device ${describeDevice(device)} is not of type ${request.deviceType}.`, {
        fieldErrors: { device: [`Not a device of type ${request.deviceType}.`] },
      });
    }
    if (!device.images.includes(request.image)) {
      throw new AppError('validation', `Unknown image ${request.image} for ${device.device_type}.`, {
        fieldErrors: { image: [`Not an image of ${device.device_type}.`] },
      });
    }
    const account = await findNodeAccount(this.db, caller.userId);
    if (!account || account.sshKeys.length === 0) throw new AppError('validation', messages.NO_SSH_KEY);
    if (!(await this.driver.inner.isUp(device.mac_address))) {
      throw new AppError('validation', `Device ${describeDevice(device)} is down and cannot be flashed.`);
    }

    const handle = randomUUID();
    let startedAt: Date;
    try {
      startedAt = await this.db.transaction().execute(async (tx) => {
        const job = await insertFlashJob(tx, {
          handle,
          userId: caller.userId,
          deviceId: device.id,
          image: request.image,
          timeoutMs: this.driver.flashTimeoutMs,
        });
        await recordAudit(tx, {
          actorUserId: caller.userId,
          action: 'flash.start',
          targetType: 'device',
          targetId: device.mac_address,
          ip,
          details: { handle, image: request.image, deviceType: device.device_type, ip: device.ip_address },
        });
        return new Date(job.started_at);
      });
    } catch (error) {
      if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) {
        throw new AppError('conflict', `Device ${describeDevice(device)} is already being flashed: wait for that flash to end.`);
      }
      throw error;
    }
    this.driver.invalidate();
    this.runner.wake();
    return { value0: true, value1: Math.floor(startedAt.getTime() / 1000), value2: handle };
  }

  /** The newest status line of a job the caller started (any job for an administrator). */
  async checkFlashing(principal: Principal | null, handle: string): Promise<CheckFlashingReply> {
    const caller = requireSignedIn(principal);
    const job = await findFlashJob(this.db, handle);
    // Someone else's job answers like an unknown one: its handle tells nothing.
    if (!job || !(caller.isAdmin || job.user_id === caller.userId)) throw unknownJob();
    authorize(caller, 'flash:job', { userId: job.user_id });
    const view = presentFlashJob(job);
    return { value0: job.state !== 'failed', value1: job.status_line ?? '', state: job.state, error: view.error };
  }

  /** Probes the SSH port of a device the caller may flash; any other address is never probed. */
  async checkNodeReady(principal: Principal | null, address: string): Promise<CheckNodeReadyReply> {
    const caller = requireSignedIn(principal);
    const device = await findFlashDevice(this.db, { ip: address.trim() });
    if (!device) throw new AppError('not_found', `No device of the testbed has the address ${address}.`);
    await this.authorizeDevice(caller, device);
    const result = await this.driver.checkReady({ mac: device.mac_address, ip: device.ip_address, deviceType: device.device_type });
    return { value0: result === '0', value1: result };
  }

  /** Puts the caller's account, with exactly their current SSH keys, on a device they may flash. */
  async restoreAccount(principal: Principal | null, mac: string, ip?: string): Promise<RestoreAccountReply> {
    const caller = requireSignedIn(principal);
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
  async jobs(principal: Principal | null): Promise<FlashJob[]> {
    const caller = requireSignedIn(principal);
    return (await listUserFlashJobs(this.db, caller.userId)).map(presentFlashJob);
  }

  private async authorizeDevice(caller: Principal, device: FlashDeviceRow): Promise<void> {
    const deviceFlashable = caller.isAdmin || (await flashableDeviceIds(this.db, caller.userId, [device.id])).has(device.id);
    if (!deviceFlashable) {
      throw new AppError('forbidden', `You may flash ${describeDevice(device)} only during an Exclusive reservation of it that you take part in.`);
    }
    authorize(caller, 'flash:device', { deviceFlashable });
  }

  private async inventory(): Promise<FlashDeviceRow[]> {
    const cached = this.inventoryCache;
    if (cached && Date.now() - cached.readAt < INVENTORY_TTL_MS) return cached.rows;
    const rows = await listFlashInventory(this.db);
    this.inventoryCache = { rows, readAt: Date.now() };
    return rows;
  }
}
