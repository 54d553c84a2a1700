// The free-slot search's rule, apart from the database: given when each candidate device is busy, the first
// windows in which enough of them are free. The database hands over every busy interval of the devices that
// meets the search range (a few per device, read device by device through the GiST index), and the search
// itself runs here: probing the index once per device and candidate cost thousands of probes a search where
// most devices are busy, while a sweep over the intervals in memory costs microseconds.

/** A time a device is not free: a booking in the way or a maintenance. Epoch milliseconds, end excluded. */
export interface BusyInterval {
  deviceId: number;
  start: number;
  end: number;
}

/** A busy interval as the database reads it: whether it is in the way of a Shared booking too, or of an Exclusive one only. */
export interface BusyTime extends BusyInterval {
  blocksShared: boolean;
}

export interface FreeWindowSearch {
  /** The candidate devices, in the order in which a window offers them. */
  deviceIds: number[];
  count: number;
  durationMs: number;
  /** The earliest and the latest start, epoch milliseconds. */
  from: number;
  to: number;
  limit: number;
}

export interface FreeWindow {
  start: number;
  deviceIds: number[];
}

/**
 * The first `limit` windows of `durationMs` starting within [from, to] in which `count` of the devices are free,
 * soonest first, each with the first free devices in the order given. A device becomes free only when
 * something in its way ends, so the candidate starts are `from` and the ends of the intervals within the range.
 */
export function earliestFreeWindows(busy: BusyInterval[], search: FreeWindowSearch): FreeWindow[] {
  if (search.deviceIds.length < search.count) return [];
  const byDevice = new Map<number, BusyInterval[]>(search.deviceIds.map((id) => [id, []]));
  for (const interval of busy) byDevice.get(interval.deviceId)?.push(interval);
  // Each device's intervals by end: those ended by a candidate are behind every later candidate too, so each
  // device keeps a cursor past them.
  const lists = search.deviceIds.map((id) => byDevice.get(id)!.sort((a, b) => a.end - b.end));
  const cursors = lists.map(() => 0);
  const starts = [search.from, ...busy.map((interval) => interval.end).filter((end) => end >= search.from && end <= search.to)];
  const candidates = [...new Set(starts)].sort((a, b) => a - b);

  const windows: FreeWindow[] = [];
  for (const start of candidates) {
    const end = start + search.durationMs;
    const free: number[] = [];
    for (let device = 0; device < lists.length && free.length < search.count; device++) {
      const list = lists[device]!;
      let cursor = cursors[device]!;
      while (cursor < list.length && list[cursor]!.end <= start) cursor++;
      cursors[device] = cursor;
      let inTheWay = false;
      for (let index = cursor; index < list.length && !inTheWay; index++) inTheWay = list[index]!.start < end;
      if (!inTheWay) free.push(search.deviceIds[device]!);
    }
    if (free.length === search.count) {
      windows.push({ start, deviceIds: free });
      if (windows.length === search.limit) break;
    }
  }
  return windows;
}
