import { describe, expect, it } from 'vitest';
import { earliestFreeWindows, type BusyInterval } from './free-windows.js';

const H = 3_600_000;
const search = { deviceIds: [1, 2, 3], count: 1, durationMs: H, from: 0, to: 100 * H, limit: 5 };
const busy = (deviceId: number, start: number, end: number): BusyInterval => ({ deviceId, start: start * H, end: end * H });
const starts = (windows: Array<{ start: number }>) => windows.map((window) => window.start / H);

describe('earliestFreeWindows', () => {
  it('starts at `from` when enough devices are free then, offering the first ones in the order given', () => {
    expect(earliestFreeWindows([busy(1, 0, 5)], { ...search, count: 2, limit: 1 })).toEqual([{ start: 0, deviceIds: [2, 3] }]);
  });

  it('tries the ends of what is in the way, soonest first, and stops at the limit', () => {
    const all = [busy(1, 0, 3), busy(2, 0, 1), busy(3, 0, 2)];
    expect(starts(earliestFreeWindows(all, { ...search, limit: 2 }))).toEqual([1, 2]);
    expect(earliestFreeWindows(all, { ...search, count: 3 })).toEqual([{ start: 3 * H, deviceIds: [1, 2, 3] }]);
  });

  it('needs the device free for the whole duration: a booking starting inside the window is in the way, one starting at its end is not', () => {
    expect(earliestFreeWindows([busy(1, 0.5, 2)], { ...search, deviceIds: [1], limit: 1 })).toEqual([{ start: 2 * H, deviceIds: [1] }]);
    expect(earliestFreeWindows([busy(1, 1, 2)], { ...search, deviceIds: [1], limit: 1 })).toEqual([{ start: 0, deviceIds: [1] }]);
  });

  it('keeps a device busy while any of its overlapping intervals lasts', () => {
    // A Shared booking and a maintenance overlap on device 1: it is free only once both have ended.
    const overlapping = [busy(1, 0, 4), busy(1, 1, 2)];
    expect(starts(earliestFreeWindows(overlapping, { ...search, deviceIds: [1] }))).toEqual([4]);
  });

  it('gives the same windows when a busy time comes twice (read in two stretches of the range)', () => {
    const once = [busy(1, 0, 3), busy(2, 0, 1), busy(3, 0, 2)];
    expect(earliestFreeWindows([...once, ...once], search)).toEqual(earliestFreeWindows(once, search));
  });

  it('answers nothing when too few devices are given or none frees up within the range', () => {
    expect(earliestFreeWindows([], { ...search, count: 4 })).toEqual([]);
    expect(earliestFreeWindows([busy(1, 0, 200)], { ...search, deviceIds: [1] })).toEqual([]);
  });

  it('ignores ends before `from` or after `to`', () => {
    const windows = earliestFreeWindows([busy(1, -5, -1), busy(2, 0, 150), busy(1, 0, 10)], { ...search, deviceIds: [1, 2] });
    expect(starts(windows)).toEqual([10]);
  });
});
