// The device catalogue: properties from the testbed file (a type's, overridden by a device's own), filters by
// type, state and properties, and the fleet counted by state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceCatalogue } from '@testbed/contract';
import { addSshKey, at, bookingBody, syncBuiltInTestbed } from '../../../test/booking.js';
import { buildTestApp, loginAs, type TestContext } from '../../../test/helper.js';

type Caller = Awaited<ReturnType<typeof loginAs>>;
let ctx: TestContext;
let user: Caller;
let admin: Caller;

beforeAll(async () => {
  ctx = await buildTestApp();
  await syncBuiltInTestbed(ctx.database.db);
  user = await loginAs(ctx);
  admin = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
  await addSshKey(ctx.database.db, user.id);
});
afterAll(() => ctx.close());

const catalogue = async (query: string) => {
  const reply = await user.inject({ method: 'GET', url: `/api/deviceCatalogue${query}` });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as DeviceCatalogue;
};

describe('GET /api/deviceCatalogue', () => {
  it("gives each device its type's properties with its own on top", async () => {
    const all = await catalogue('');
    expect(all.devices).toHaveLength(24);
    expect(all.devices.find((device) => device.macAddress === '02:00:00:01:00:08')!.properties).toEqual({
      model: 'Raspberry Pi 4 Model B',
      memory: '8 GB',
      radios: ['wifi', 'ble'],
      site: 'lab-b',
      room: 'B-104',
    });
    expect(all.facets.find((facet) => facet.key === 'radios')!.values).toEqual(['802.15.4', 'ble', 'wifi']);
  });

  it('filters by type, by properties (every one must hold, a list holds any of its items) and by state', async () => {
    const ble = await catalogue('?property=radios:ble&property=site:lab-a');
    expect(ble.devices.map((device) => device.macAddress)).toEqual([
      '02:00:00:03:00:01', '02:00:00:03:00:02', '02:00:00:03:00:03', '02:00:00:03:00:04',
      '02:00:00:01:00:01', '02:00:00:01:00:02', '02:00:00:01:00:03', '02:00:00:01:00:04',
    ]);
    const bigPi = await catalogue('?deviceType=raspberry-pi-4&property=memory:8 GB');
    expect(bigPi.devices.map((device) => device.macAddress)).toEqual(['02:00:00:01:00:08']);
    const down = await catalogue('?state=down');
    expect(down.devices.map((device) => device.macAddress)).toEqual(['02:00:00:03:00:06', '02:00:00:03:00:08', '02:00:00:02:00:06', '02:00:00:01:00:06']);
  });

  it('counts the whole fleet by state: booked, in maintenance and down, whatever the filters', async () => {
    const body = bookingBody({ userId: user.id, macs: ['02:00:00:01:00:01'], start: at(0, 1), end: at(0, 2) });
    const booked = await user.inject({ method: 'POST', url: '/api/reserveNodes', payload: { ...body, nodesBookingForm: { ...body.nodesBookingForm, startNow: true } } });
    expect(booked.statusCode, booked.body).toBe(200);
    await admin.inject({
      method: 'POST',
      url: '/api/maintenanceWindows',
      payload: { reason: 'Antenna swap', start: new Date(Date.now() - 60_000).toISOString(), end: at(0, 2).toISOString(), devices: ['02:00:00:02:00:01'] },
    });
    const filtered = await catalogue('?deviceType=nrf52840-dk');
    expect(filtered.fleet).toEqual({ up: 18, booked: 1, flashing: 0, down: 4, quarantined: 0, maintenance: 1 });
    const inMaintenance = await catalogue('?state=maintenance');
    expect(inMaintenance.devices).toMatchObject([{ macAddress: '02:00:00:02:00:01', state: 'maintenance', stateReason: 'Antenna swap' }]);
    expect((await catalogue('?state=booked')).devices.map((device) => device.macAddress)).toEqual(['02:00:00:01:00:01']);
  });

  it('refuses a malformed filter naming it, and anonymous callers', async () => {
    for (const [query, field] of [['?property=site', 'property'], ['?state=broken', 'state']]) {
      const reply = await user.inject({ method: 'GET', url: `/api/deviceCatalogue${query}` });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toContain(field);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/deviceCatalogue' })).statusCode).toBe(401);
  });
});
