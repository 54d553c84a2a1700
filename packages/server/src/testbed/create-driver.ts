// Picks the driver the testbed file names. Apart from driver.ts, which both drivers build on, so that the
// interface does not import its implementations.
import type { TestbedDriver } from './driver.js';
import { CommandDriver } from './command-driver.js';
import { SimulatorDriver } from './simulator.js';
import type { TestbedFile } from './testbed-file.js';

/** The driver named by the testbed file. */
export function createTestbedDriver(testbed: TestbedFile): TestbedDriver {
  switch (testbed.driver) {
    case 'simulator':
      return new SimulatorDriver(testbed);
    case 'command':
      return new CommandDriver(testbed);
  }
}
