// Device health for administrators (issue "live flashing and device health"): every
// device's state, flash outcomes and quarantine; a device is put in or taken out of quarantine by hand with a
// note, both audited. Automatic quarantine happens as a flash fails (flashing/job-runner.ts).
import type { DeviceHealth, DeviceHealthState } from '@testbed/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { authorize } from '../../security/policies.js';
import type { Principal } from '../../security/principal.js';
import type { TestbedDriver } from '../../testbed/driver.js';
import { recordAudit } from '../../db/audit-writer.js';
import { listDeviceHealth, quarantineDevice, releaseDevice, type DeviceHealthRow } from './repo.js';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

// A finished flash job's outcome is counted in the job's transaction, through here rather than through repo.ts.
export { recordFlashOutcome } from './repo.js';

export class DeviceHealthService {
  constructor(
    private readonly db: Db,
    /** The driver of the testbed itself: whether a device answers, apart from flashing and quarantine. */
    private readonly driver: TestbedDriver,
    /** Called after a change, so that the device lists of this instance follow at once. */
    private readonly onChange: () => void,
  ) {}

  async list(caller: Principal): Promise<DeviceHealth[]> {
    authorize(caller, 'device-health:manage');
    const rows = await listDeviceHealth(this.db);
    const up = new Map((await this.driver.deviceStates()).map((state) => [state.mac, state.up]));
    return rows.map((row) => this.present(row, up.get(row.mac_address) ?? false));
  }

  async quarantine(principal: Principal, mac: string, note: string, ip?: string): Promise<DeviceHealth> {
    return this.change(principal, mac, note, ip, 'quarantine');
  }

  async release(principal: Principal, mac: string, note: string, ip?: string): Promise<DeviceHealth> {
    return this.change(principal, mac, note, ip, 'release');
  }

  private async change(caller: Principal, mac: string, note: string, ip: string | undefined, what: 'quarantine' | 'release') {
    authorize(caller, 'device-health:manage');
    const [device] = await listDeviceHealth(this.db, mac);
    if (!device) throw new AppError('not_found', `Unknown device ${mac}: it is not in the testbed.`);
    const changed = await this.db.transaction().execute(async (tx) => {
      const done = what === 'quarantine' ? await quarantineDevice(tx, device.id, note, caller.userId) : await releaseDevice(tx, device.id);
      if (done) {
        // Each audit row names its own action and details: alike in shape only to other audit calls.
        await recordAudit(tx, {
          actorUserId: caller.userId,
          action: what === 'quarantine' ? 'device.quarantine' : 'device.release',
          targetType: 'device',
          targetId: device.mac_address,
          ip,
          details: { note, automatic: false, failureStreak: device.failure_streak },
        });
      }
      return done;
    });
    if (!changed) {
      throw new AppError(
        'conflict',
        what === 'quarantine'
          ? `Device ${device.device_type} ${device.mac_address} is already quarantined.`
          : `Device ${device.device_type} ${device.mac_address} is not quarantined.`,
      );
    }
    this.onChange();
    const [after] = await listDeviceHealth(this.db, mac);
    const up = (await this.driver.deviceStates()).find((state) => state.mac === mac)?.up ?? false;
    return this.present(after!, up);
  }

  private present(row: DeviceHealthRow, up: boolean): DeviceHealth {
    const state: DeviceHealthState = row.quarantined_at ? 'quarantined' : row.running_job ? 'flashing' : up ? 'up' : 'down';
    return {
      deviceType: row.device_type,
      device: row.mac_address,
      ip: row.ip_address,
      state,
      failureStreak: row.failure_streak,
      lastSuccessAt: iso(row.last_success_at),
      lastFailureAt: iso(row.last_failure_at),
      quarantine: row.quarantined_at
        ? { since: iso(row.quarantined_at)!, reason: row.quarantine_reason ?? '', by: row.quarantined_by_username }
        : null,
      lastFlashes: row.last_flashes.map((flash) => ({
        handle: flash.handle,
        state: flash.state,
        image: flash.image,
        startedAt: iso(flash.started_at)!,
        finishedAt: iso(flash.finished_at),
      })),
    };
  }
}
