// Maintenance windows: the preview lists the reservations inside, creating one mails their holders, and a
// booking, an extension, a free-slot search and a flash run into it as a user would expect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FreeSlotsReply, MaintenanceCreated, MaintenancePreview, MaintenanceWindow } from '@testbed/contract';
import { addSshKey, at, bookingBody, HOUR, syncBuiltInTestbed } from '../../../test/booking.js';
import { buildTestApp, loginAs, type TestContext } from '../../../test/helper.js';

type Caller = Awaited<ReturnType<typeof loginAs>>;
let ctx: TestContext;
let user: Caller;
let admin: Caller;
const router = (n: number) => `02:00:00:02:00:0${n}`;
const pi = (n: number) => `02:00:00:01:00:0${n}`;

beforeAll(async () => {
  ctx = await buildTestApp();
  await syncBuiltInTestbed(ctx.database.db);
  user = await loginAs(ctx);
  admin = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
  for (const caller of [user, admin]) await addSshKey(ctx.database.db, caller.id);
});
afterAll(() => ctx.close());

async function book(macs: string[], start: Date, end: Date) {
  const reply = await user.inject({ method: 'POST', url: '/api/reserveNodes', payload: bookingBody({ userId: user.id, macs, start, end }) });
  return { status: reply.statusCode, body: reply.json() as { value0: boolean; value1: number | string[] } };
}

const maintenanceForm = (devices: string[], start: Date, end: Date, reason = 'Firmware upgrade') => ({
  reason,
  start: start.toISOString(),
  end: end.toISOString(),
  devices,
});

describe('maintenance windows', () => {
  it('previews the reservations inside, then blocks the devices and mails each holder once', async () => {
    const booked = await book([router(1)], at(5), at(5, 2));
    expect(booked.status).toBe(200);
    const form = maintenanceForm([router(1), router(2)], at(5, 1), at(5, 4));
    const preview = await admin.inject({ method: 'POST', url: '/api/maintenanceWindows/preview', payload: form });
    expect(preview.statusCode).toBe(200);
    expect(preview.json() as MaintenancePreview).toEqual({
      devices: [router(1), router(2)],
      affected: [{ reservationId: booked.body.value1, holder: user.username, start: at(5).toISOString(), end: at(5, 2).toISOString(), devices: [router(1)] }],
    });
    // The preview created nothing.
    expect((await admin.inject({ method: 'GET', url: '/api/maintenanceWindows' })).json()).toEqual([]);

    const created = await admin.inject({ method: 'POST', url: '/api/maintenanceWindows', payload: form });
    expect(created.statusCode).toBe(200);
    const { maintenance, affected } = created.json() as MaintenanceCreated;
    expect(maintenance).toMatchObject({ reason: 'Firmware upgrade', devices: [router(1), router(2)], createdBy: admin.username });
    expect(affected.map((row) => row.reservationId)).toEqual([booked.body.value1]);
    const mails = await ctx.database.db.selectFrom('mail_outbox').select(['to_address', 'text_body']).where('subject', 'like', 'Maintenance of devices%').execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to_address).toBe(`${user.username}@example.org`);
    expect(mails[0]!.text_body).toContain('Firmware upgrade');

    const listed = (await user.inject({ method: 'GET', url: '/api/maintenanceWindows' })).json() as MaintenanceWindow[];
    expect(listed.map((row) => row.id)).toEqual([maintenance.id]);
  });

  it('refuses a booking into a maintenance with a 409 naming it, and takes one beside it', async () => {
    const refused = await book([router(2)], at(5, 3), at(5, 5));
    expect(refused.status).toBe(409);
    expect((refused.body.value1 as string[]).join(' ')).toMatch(/Device 02:00:00:02:00:02 is in maintenance from .* \(maintenance \d+: Firmware upgrade\)/);
    expect((await book([router(2)], at(5, 4), at(5, 5))).status).toBe(200);
  });

  it('refuses an extension into a maintenance', async () => {
    const booked = await book([pi(1)], at(6), at(6, 1));
    await admin.inject({ method: 'POST', url: '/api/maintenanceWindows', payload: maintenanceForm([pi(1)], at(6, 2), at(6, 3), 'Cabling') });
    const later = await user.inject({ method: 'POST', url: `/api/reservations/${booked.body.value1}/end`, payload: { endDate: new Date(at(6, 2).getTime() + HOUR / 2).toISOString() } });
    expect(later.statusCode).toBe(409);
    expect(later.json().message).toContain('(maintenance');
    expect(later.json().message).toContain('Cabling');
    const within = await user.inject({ method: 'POST', url: `/api/reservations/${booked.body.value1}/end`, payload: { endDate: at(6, 2).toISOString() } });
    expect(within.statusCode).toBe(200);
  });

  it('keeps maintenance out of the free slots', async () => {
    // Every router but 6 (down) blocked for two hours of day 8: the first 1-hour slot of one router starts after it.
    const routers = [1, 2, 3, 4, 5, 7, 8].map(router);
    await admin.inject({ method: 'POST', url: '/api/maintenanceWindows', payload: { reason: 'Rack move', start: at(8).toISOString(), end: at(8, 2).toISOString(), deviceType: 'openwrt-router' } });
    const slots = (await user.inject({ method: 'GET', url: '/api/freeSlots', query: { deviceType: 'openwrt-router', count: '1', durationMinutes: '60', from: at(8).toISOString() } })).json() as FreeSlotsReply;
    expect(slots.slots[0]!.start).toBe(new Date(at(8).getTime() + 2 * HOUR).toISOString());
    expect(routers).toContain(slots.slots[0]!.devices[0]!.macAddress);
  });

  it('shows a device in a maintenance that runs now as down: not bookable, not flashable by its holder', async () => {
    // The user holds pi 3 from now; an administrator then puts it in maintenance from now.
    const body = bookingBody({ userId: user.id, macs: [pi(3)], start: at(0, 1), end: at(0, 2) });
    const running = await user.inject({ method: 'POST', url: '/api/reserveNodes', payload: { ...body, nodesBookingForm: { ...body.nodesBookingForm, startNow: true } } });
    expect(running.statusCode, running.body).toBe(200);
    await admin.inject({ method: 'POST', url: '/api/maintenanceWindows', payload: maintenanceForm([pi(3)], new Date(Date.now() - 60_000), at(0, 3), 'Power work') });

    const flash = await user.inject({ method: 'POST', url: '/api/flashNodes', payload: { deviceType: 'raspberry-pi-4', device: pi(3), image: 'raspios-bookworm-lite' } });
    expect(flash.statusCode).toBe(400);
    expect(flash.body).toContain('is in maintenance (Power work) and cannot be flashed');
    const refused = await book([pi(3)], at(1), at(1, 1));
    expect(refused.status).toBe(400);
    expect((refused.body.value1 as string[]).join(' ')).toContain('is in maintenance (Power work) and cannot be booked');
    const nodes = (await user.inject({ method: 'GET', url: '/api/getNodesToReserve' })).json() as Record<string, Record<string, { up: boolean }>>;
    expect(nodes['raspberry-pi-4']![pi(3)]!.up).toBe(false);
  });

  it('never lets a booking made at the same moment slip past a maintenance unannounced', async () => {
    const bookings = Array.from({ length: 10 }, (_, hour) => book([router(5)], at(12, hour), at(12, hour + 1)));
    const creation = admin.inject({ method: 'POST', url: '/api/maintenanceWindows', payload: maintenanceForm([router(5)], at(12, 3), at(12, 7), 'Race') });
    const [created, ...outcomes] = await Promise.all([creation, ...bookings]);
    const { affected } = created.json() as MaintenanceCreated;
    outcomes.forEach((outcome, hour) => {
      const inside = hour >= 3 && hour < 7;
      if (!inside) expect(outcome.status, `hour ${hour}`).toBe(200);
      // Inside: either booked first (then announced to its holder) or refused naming the maintenance.
      else if (outcome.status === 200) expect(affected.map((row) => row.reservationId)).toContain(outcome.body.value1);
      else expect((outcome.body.value1 as string[]).join(' ')).toContain('Race');
    });
  });

  it('refuses bad forms naming the field, and everyone but administrators', async () => {
    for (const [body, field] of [
      [{ ...maintenanceForm([router(3)], at(9, 2), at(9)) }, 'end'],
      [{ ...maintenanceForm([], at(9), at(9, 1)) }, 'devices'],
      [{ reason: 'x', start: at(9).toISOString(), end: at(9, 1).toISOString(), deviceType: 'openwrt-router', devices: [router(3)] }, 'devices'],
      [{ ...maintenanceForm(['02:00:00:99:00:01'], at(9), at(9, 1)) }, 'devices'],
      [{ reason: 'x', start: at(9).toISOString(), end: at(9, 1).toISOString(), deviceType: 'toaster' }, 'deviceType'],
      [{ ...maintenanceForm([router(3)], at(9), at(9, 1), '  ') }, 'reason'],
    ] as const) {
      const reply = await admin.inject({ method: 'POST', url: '/api/maintenanceWindows', payload: body });
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json().message).toContain(field);
    }
    expect((await user.inject({ method: 'POST', url: '/api/maintenanceWindows', payload: maintenanceForm([router(3)], at(9), at(9, 1)) })).statusCode).toBe(403);
    expect((await user.inject({ method: 'POST', url: '/api/maintenanceWindows/preview', payload: maintenanceForm([router(3)], at(9), at(9, 1)) })).statusCode).toBe(403);
  });

  it('is cancelled by an administrator, after which the devices can be booked again', async () => {
    const created = (await admin.inject({ method: 'POST', url: '/api/maintenanceWindows', payload: maintenanceForm([router(4)], at(10), at(10, 2)) })).json() as MaintenanceCreated;
    expect((await book([router(4)], at(10), at(10, 1))).status).toBe(409);
    expect((await user.inject({ method: 'DELETE', url: `/api/maintenanceWindows/${created.maintenance.id}` })).statusCode).toBe(403);
    expect((await admin.inject({ method: 'DELETE', url: `/api/maintenanceWindows/${created.maintenance.id}` })).statusCode).toBe(200);
    expect((await admin.inject({ method: 'DELETE', url: `/api/maintenanceWindows/${created.maintenance.id}` })).statusCode).toBe(404);
    expect((await book([router(4)], at(10), at(10, 1))).status).toBe(200);
    const audit = await ctx.database.db.selectFrom('audit_log').select('action').where('action', 'like', 'admin.maintenance.%').execute();
    expect(audit.map((row) => row.action)).toContain('admin.maintenance.delete');
  });
});
