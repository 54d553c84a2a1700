// The testbed driver: the one place the portal asks about (and later acts on) the physical devices.
// The simulator answers from the testbed file; a command driver runs the per-type commands of the file.
// Devices are named by their MAC address, as in the inventory.
import type { TestbedFile } from './testbed-file.js';
import { SimulatorDriver } from './simulator.js';
import { ConfigError } from '../config.js';

export interface DeviceState {
  mac: string;
  up: boolean;
}

export interface TestbedDriver {
  /** 'simulator' or 'command', as named by the testbed file. */
  readonly kind: TestbedFile['driver'];
  /** Whether the device answers; an unknown device is down. */
  isUp(mac: string): boolean | Promise<boolean>;
  /** The state of every device the driver knows, in one call (the device lists need them all). */
  deviceStates(): DeviceState[] | Promise<DeviceState[]>;
  // Flashing adds here: flash(mac, image), status(job), isReady(ip), restoreAccount(mac, keys).
}

/** The driver named by the testbed file. */
export function createTestbedDriver(testbed: TestbedFile): TestbedDriver {
  switch (testbed.driver) {
    case 'simulator':
      return new SimulatorDriver(testbed);
    case 'command':
      throw new ConfigError([
        "TESTBED_CONFIG driver: 'command' is not available in this version; use 'simulator'",
      ]);
  }
}

/** Builds a MAC → up map out of a driver's states. */
export async function upByMac(driver: TestbedDriver): Promise<Map<string, boolean>> {
  const states = await driver.deviceStates();
  return new Map(states.map((state) => [state.mac, state.up]));
}
