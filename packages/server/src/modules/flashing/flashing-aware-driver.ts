// The testbed driver as the rest of the portal sees it: a device being flashed, until its node is ready,
// is down, and so is a quarantined device (device-health) or one in a maintenance that runs now, so the
// device lists show it down and a booking of it is refused (the reservations module
// asks the driver whether a device is up). The state comes from the jobs in the database, so every
// server instance agrees; the lists read it at most once a second (answering from the last read while the
// next one runs), a booking reads it fresh (one read for all the devices it checks).
import type { Db } from '../../db/database.js';
import type { DeviceAddress, DeviceState, FlashProgress, FlashTarget, NodeAccount, TestbedDriver } from '../../testbed/driver.js';
import { unavailableDevices } from './repo.js';

const BUSY_TTL_MS = 1000;

export class FlashingAwareDriver implements TestbedDriver {
  private busy?: { macs: Set<string>; reasons: Map<string, string>; quarantined: Set<string>; readAt: number };
  private merged?: { states: readonly DeviceState[]; busy: Set<string>; result: readonly DeviceState[] };
  private busyLoading?: Promise<{ macs: Set<string>; reasons: Map<string, string>; quarantined: Set<string> }>;

  constructor(
    private readonly db: Db,
    readonly inner: TestbedDriver,
  ) {}

  get kind() {
    return this.inner.kind;
  }

  get flashTimeoutMs() {
    return this.inner.flashTimeoutMs;
  }

  get sshJumpHost() {
    return this.inner.sshJumpHost;
  }

  /** Forgets the devices read as busy: a job started or a node became ready in this instance. */
  invalidate(): void {
    this.busy = undefined;
  }

  async isUp(mac: string): Promise<boolean> {
    const key = mac.toLowerCase();
    if (!(await this.inner.isUp(key))) return false;
    return !(await this.freshBusyMacs()).macs.has(key);
  }

  /** Why a device that is up by its driver counts as down, read now: its quarantine or its maintenance. */
  async unavailableReason(mac: string): Promise<string | undefined> {
    return (await this.freshBusyMacs()).reasons.get(mac.toLowerCase());
  }

  async deviceStates(): Promise<readonly DeviceState[]> {
    const [states, busy] = await Promise.all([this.inner.deviceStates(), this.busyMacs()]);
    if (busy.size === 0) return states;
    // The same array while neither the inner states nor the busy devices changed (see TestbedDriver).
    const merged = this.merged;
    if (merged && merged.states === states && sameMembers(merged.busy, busy)) {
      // The same devices in a newer set: kept, so that the next calls compare by identity alone.
      merged.busy = busy;
      return merged.result;
    }
    const result = states.map((state) => (busy.has(state.mac) ? { mac: state.mac, up: false } : state));
    this.merged = { states, busy, result };
    return result;
  }

  /**
   * The devices being flashed or quarantined, for the lists: read again once the last read is a second old,
   * the lists answering from the last read meanwhile, so that no reader waits for the database behind the
   * flash jobs' own statements (on the embedded database, the same thread). After an invalidate (a job of this
   * instance started or ended) the next reader waits for the new read.
   */
  async busyMacs(): Promise<Set<string>> {
    return (await this.listedBusy()).macs;
  }

  /** The quarantined devices, for the lists, as busyMacs reads them. */
  async quarantinedMacs(): Promise<Set<string>> {
    return (await this.listedBusy()).quarantined;
  }

  private async listedBusy(): Promise<{ macs: Set<string>; quarantined: Set<string> }> {
    const cached = this.busy;
    if (!cached) return this.freshBusyMacs();
    if (Date.now() - cached.readAt >= BUSY_TTL_MS) {
      // Refreshed in the background; a failed read is tried again by the next reader.
      this.freshBusyMacs().catch(() => undefined);
    }
    return cached;
  }

  /** The devices being flashed, quarantined or in maintenance, read now; the checks of one booking's devices share one read. */
  private freshBusyMacs(): Promise<{ macs: Set<string>; reasons: Map<string, string>; quarantined: Set<string> }> {
    this.busyLoading ??= unavailableDevices(this.db)
      .then(({ busy, reasons, quarantined }) => {
        const read = { macs: new Set([...busy, ...reasons.keys()]), reasons, quarantined };
        this.busy = { ...read, readAt: Date.now() };
        return read;
      })
      .finally(() => (this.busyLoading = undefined));
    return this.busyLoading;
  }

  flash(target: FlashTarget): Promise<void> {
    return this.inner.flash(target);
  }

  flashBegan(target: FlashTarget): Promise<boolean> {
    return this.inner.flashBegan(target);
  }

  flashStatus(target: FlashTarget, after?: number): Promise<FlashProgress> {
    return this.inner.flashStatus(target, after);
  }

  abortFlash(target: FlashTarget): void {
    this.inner.abortFlash(target);
  }

  checkReady(device: DeviceAddress): Promise<string> {
    return this.inner.checkReady(device);
  }

  restoreAccount(device: DeviceAddress, account: NodeAccount, signal?: AbortSignal): Promise<void> {
    return this.inner.restoreAccount(device, account, signal);
  }

  close(): Promise<void> | void {
    return this.inner.close?.();
  }
}

function sameMembers(a: Set<string>, b: Set<string>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const item of a) if (!b.has(item)) return false;
  return true;
}
