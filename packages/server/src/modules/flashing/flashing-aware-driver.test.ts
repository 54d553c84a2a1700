// The busy devices as the lists and a booking read them: the lists answer from the last read while the next
// one runs, a booking and the first reader after an invalidate wait for a fresh one.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helper.js';
import { syncBuiltInTestbed } from '../../../test/booking.js';
import { loadTestbed } from '../../testbed/testbed-file.js';
import { SimulatorDriver } from '../../testbed/simulator.js';
import { FlashingAwareDriver } from './flashing-aware-driver.js';

const PI = '02:00:00:01:00:01';

describe('FlashingAwareDriver', () => {
  let ctx: TestContext;
  let driver: FlashingAwareDriver;

  beforeAll(async () => {
    ctx = await buildTestApp();
    await syncBuiltInTestbed(ctx.database.db);
    driver = new FlashingAwareDriver(ctx.database.db, new SimulatorDriver(await loadTestbed(undefined)));
  });
  afterAll(() => ctx.close());
  afterEach(() => vi.useRealTimers());

  const quarantine = (on: boolean) =>
    ctx.database.db
      .updateTable('devices')
      .set(on ? { quarantined_at: new Date().toISOString(), quarantine_reason: 'no answer' } : { quarantined_at: null, quarantine_reason: null })
      .where('mac_address', '=', PI)
      .execute();

  /** Waits until the background read that a stale answer started has landed. */
  const settled = async (check: () => Promise<boolean>) => {
    for (let attempt = 0; attempt < 100 && !(await check()); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  };

  it('answers the lists from the last read once it is a second old, and reads again meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await quarantine(true);
    driver.invalidate();
    expect(await driver.busyMacs()).toContain(PI);
    expect(await driver.quarantinedMacs()).toContain(PI);

    await quarantine(false);
    // Within the second: the last read, no new one.
    expect(await driver.busyMacs()).toContain(PI);
    vi.setSystemTime(Date.now() + 1_500);
    // A second later: still the last read (the reader does not wait), while the next one runs...
    expect(await driver.busyMacs()).toContain(PI);
    // ...and the one after it sees what that read found.
    await settled(async () => !(await driver.busyMacs()).has(PI));
    expect(await driver.busyMacs()).not.toContain(PI);
    expect(await driver.quarantinedMacs()).not.toContain(PI);
  });

  it('reads afresh for a booking and for the first reader after an invalidate', async () => {
    await quarantine(false);
    driver.invalidate();
    expect(await driver.isUp(PI)).toBe(true);
    expect(await driver.busyMacs()).not.toContain(PI);

    await quarantine(true);
    // A booking's check does not take the lists' last read.
    expect(await driver.isUp(PI)).toBe(false);
    expect(await driver.unavailableReason(PI)).toBe('quarantined (no answer)');

    await quarantine(false);
    driver.invalidate();
    expect(await driver.busyMacs()).not.toContain(PI);
    expect(await driver.isUp(PI)).toBe(true);
  });
});
