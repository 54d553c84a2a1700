import { describe, expect, it } from 'vitest';
import { deviceTypeNames, devicesOfType, selectAllState, toggleDevice, toggleSelectAll } from './devices';

const nodes = {
  'raspberry-pi-4': {
    '02:00:00:01:00:10': { ip: '10.0.1.110', up: true },
    '02:00:00:01:00:02': { ip: '10.0.1.12', up: false },
    '02:00:00:01:00:09': { ip: '10.0.1.9', up: true },
  },
  'openwrt-router': { '02:00:00:02:00:01': { ip: '10.0.2.11', up: true } },
};

describe('bookable devices', () => {
  it('lists types by name and a type’s devices by IP address', () => {
    expect(deviceTypeNames(nodes)).toEqual(['openwrt-router', 'raspberry-pi-4']);
    expect(devicesOfType(nodes, 'raspberry-pi-4').map((device) => device.ipAddress)).toEqual(['10.0.1.9', '10.0.1.12', '10.0.1.110']);
    expect(devicesOfType(nodes, null)).toEqual([]);
    expect(devicesOfType(nodes, 'unknown')).toEqual([]);
  });

  it('select-all checks only the devices that are up', () => {
    const devices = devicesOfType(nodes, 'raspberry-pi-4');
    const selected = toggleSelectAll(devices, new Set());
    expect([...selected].sort()).toEqual(['02:00:00:01:00:09', '02:00:00:01:00:10']);
    expect(selectAllState(devices, selected)).toBe('all');
  });

  it('unchecking one device clears the all-checked state; select-all on all checked clears them', () => {
    const devices = devicesOfType(nodes, 'raspberry-pi-4');
    const all = toggleSelectAll(devices, new Set());
    const one = toggleDevice(devices, all, '02:00:00:01:00:09');
    expect(selectAllState(devices, one)).toBe('some');
    expect(selectAllState(devices, new Set())).toBe('none');
    expect(toggleSelectAll(devices, all).size).toBe(0);
    // From a partial choice select-all completes it.
    expect(selectAllState(devices, toggleSelectAll(devices, one))).toBe('all');
  });

  it('never checks a device that is down', () => {
    const devices = devicesOfType(nodes, 'raspberry-pi-4');
    expect(toggleDevice(devices, new Set(), '02:00:00:01:00:02').size).toBe(0);
  });
});
