// The simulated testbed: devices are up or down as the testbed file says (`up`, default true). The
// state lives in the process, so flashing can later take a device down and bring it back.
import type { TestbedFile } from './testbed-file.js';
import type { DeviceState, TestbedDriver } from './driver.js';

export class SimulatorDriver implements TestbedDriver {
  readonly kind = 'simulator' as const;
  private readonly up = new Map<string, boolean>();

  constructor(testbed: TestbedFile) {
    for (const type of testbed.deviceTypes) {
      for (const device of type.devices) this.up.set(device.mac.toLowerCase(), device.up);
    }
  }

  isUp(mac: string): boolean {
    return this.up.get(mac.toLowerCase()) ?? false;
  }

  deviceStates(): DeviceState[] {
    return [...this.up].map(([mac, up]) => ({ mac, up }));
  }

  /** Takes a known device down or brings it back; an unknown MAC is refused. */
  setUp(mac: string, up: boolean): void {
    const key = mac.toLowerCase();
    if (!this.up.has(key)) throw new Error(`unknown device ${mac}`);
    this.up.set(key, up);
  }
}
