// The bookable devices as the booking form shows them: types by name, a type's devices by IP address, and
// the select-all rule: it checks only the devices that are up.
import { matchesProperties, type DeviceCatalogue, type NodesToReserve } from '@testbed/contract';
import type { DeviceRow } from './timeline-model';

/**
 * Alphabetical, upper and lower case alike, then by code point. Not localeCompare: its first call builds
 * ICU's collator, some 20 ms inside the task that shows the booking form, for names that are ASCII.
 */
export function compareNames(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  if (left !== right) return left < right ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function deviceTypeNames(nodes: NodesToReserve): string[] {
  return Object.keys(nodes).sort(compareNames);
}

function ipKey(ip: string): number[] {
  return ip.split('.').map((part) => Number(part));
}

export function compareIp(a: string, b: string): number {
  const left = ipKey(a);
  const right = ipKey(b);
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (left[index] ?? -1) - (right[index] ?? -1);
    if (difference !== 0 && !Number.isNaN(difference)) return difference;
  }
  return compareNames(a, b);
}

export function devicesOfType(nodes: NodesToReserve, type: string | null): DeviceRow[] {
  const devices = type ? nodes[type] : undefined;
  if (!devices) return [];
  return Object.entries(devices)
    .map(([macAddress, device]) => ({ macAddress, ipAddress: device.ip, up: device.up }))
    .sort((a, b) => compareIp(a.ipAddress, b.ipAddress));
}

export type SelectAllState = 'none' | 'some' | 'all';

/** 'all' once every device that is up is checked; unchecking any of them drops back to 'some'. */
export function selectAllState(devices: readonly DeviceRow[], selected: ReadonlySet<string>): SelectAllState {
  const up = devices.filter((device) => device.up);
  const checked = up.filter((device) => selected.has(device.macAddress)).length;
  if (checked === 0) return 'none';
  return checked === up.length ? 'all' : 'some';
}

/** Select-all checks the devices that are up (never a down one); clicked again when all are checked, it clears them. */
export function toggleSelectAll(devices: readonly DeviceRow[], selected: ReadonlySet<string>): Set<string> {
  if (selectAllState(devices, selected) === 'all') return new Set();
  return new Set(devices.filter((device) => device.up).map((device) => device.macAddress));
}

export function toggleDevice(devices: readonly DeviceRow[], selected: ReadonlySet<string>, macAddress: string): Set<string> {
  const device = devices.find((candidate) => candidate.macAddress === macAddress);
  const next = new Set(selected);
  if (next.has(macAddress)) next.delete(macAddress);
  else if (device?.up) next.add(macAddress);
  return next;
}

/** The bookable devices whose properties hold every filter ("key:value"); types left without a device go. */
export function filterNodes(nodes: NodesToReserve, catalogue: DeviceCatalogue | undefined, filters: readonly string[]): NodesToReserve {
  if (filters.length === 0 || !catalogue) return nodes;
  const properties = new Map(catalogue.devices.map((device) => [device.macAddress, device.properties]));
  const kept: NodesToReserve = {};
  for (const [type, devices] of Object.entries(nodes)) {
    const matching = Object.entries(devices).filter(([mac]) => matchesProperties(properties.get(mac.toLowerCase()) ?? {}, filters));
    if (matching.length > 0) kept[type] = Object.fromEntries(matching);
  }
  return kept;
}
