// Reminders: who gets one and when (the sweep against the database), the settings on the profile, and on
// PostgreSQL two instances sweeping and delivering to a real SMTP peer, each reminder once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReminderSettings } from '@testbed/contract';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { MailSender } from '../../mail/sender.js';
import { syncBuiltInTestbed } from '../../../test/booking.js';
import { buildTestApp, createPostgresDatabase, loginAs, type TestContext } from '../../../test/helper.js';
import { freePort, startPeer, textOf } from '../../../test/smtp-peer.js';
import { insertReservation } from '../reservations/repo.js';
import { insertUser } from '../users/repo.js';
import { ReminderSweeper } from './service.js';
import { missingPath } from '../../../test/missing-path.js';

type Caller = Awaited<ReturnType<typeof loginAs>>;
let ctx: TestContext;
let holder: Caller;
let colleague: Caller;
let quiet: Caller;
const MINUTE = 60_000;
const quietLog = { error() {} };

beforeAll(async () => {
  ctx = await buildTestApp();
  await syncBuiltInTestbed(ctx.database.db);
  holder = await loginAs(ctx);
  colleague = await loginAs(ctx);
  quiet = await loginAs(ctx);
});
afterAll(() => ctx.close());

let nextDevice = 1;
/** A reservation of `userId` with colleagues, on a device of its own, booked `bookedAgoMs` ago. */
async function reservation(db: DatabaseHandle['db'], userId: number, startInMs: number, endInMs: number, userIds: number[] = [], bookedAgoMs = 86_400_000) {
  const mac = `02:00:00:02:00:0${[1, 2, 3, 4, 5, 7, 8][nextDevice++ % 7]}`;
  const device = await db.selectFrom('devices').select('id').where('mac_address', '=', mac).executeTakeFirstOrThrow();
  const type = await db.selectFrom('reservation_types').select('id').where('label', '=', 'Shared').executeTakeFirstOrThrow();
  const id = await insertReservation(db, {
    responsibleUserId: userId,
    reservationTypeId: type.id,
    exclusive: false,
    start: new Date(Date.now() + startInMs),
    end: new Date(Date.now() + endInMs),
    description: 'reminder test',
    userIds,
    deviceIds: [device.id],
  });
  await db.updateTable('reservations').set({ submission_date: new Date(Date.now() - bookedAgoMs) }).where('id', '=', id).execute();
  return id;
}

async function reminderMails(reservationId: number) {
  return ctx.database.db.selectFrom('mail_outbox').select(['to_address', 'subject', 'text_body']).where('subject', 'like', `Reminder: reservation ${reservationId} %`).orderBy('to_address').execute();
}

describe('the reminder sweep', () => {
  it('reminds the holder and the colleagues once before the start, and not a reservation booked inside its lead time', async () => {
    const db = ctx.database.db;
    const due = await reservation(db, holder.id, 10 * MINUTE, 70 * MINUTE, [colleague.id]);
    const justBooked = await reservation(db, holder.id, 10 * MINUTE, 70 * MINUTE, [], 60_000);
    const later = await reservation(db, holder.id, 40 * MINUTE, 100 * MINUTE);
    await ctx.app.reminderSweeper.sweep();
    await ctx.app.reminderSweeper.sweep();

    const mails = await reminderMails(due);
    expect(mails.map((mail) => mail.to_address).sort()).toEqual([`${colleague.username}@example.org`, `${holder.username}@example.org`].sort());
    expect(mails[0]!.subject).toMatch(new RegExp(`^Reminder: reservation ${due} starts at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d$`));
    expect(mails[0]!.text_body).toContain('starts in about 10 min');
    expect(mails[0]!.text_body).toContain('02:00:00:02:00:0');
    expect(await reminderMails(justBooked)).toEqual([]);
    expect(await reminderMails(later)).toEqual([]);
  });

  it("follows each person's lead time, and none for a person who turned it off", async () => {
    const db = ctx.database.db;
    const put = (caller: Caller, body: ReminderSettings) => caller.inject({ method: 'PUT', url: '/api/reminderSettings', payload: body });
    expect((await put(colleague, { beforeStartMinutes: 60, beforeEndMinutes: 15 })).statusCode).toBe(200);
    expect((await put(quiet, { beforeStartMinutes: null, beforeEndMinutes: null })).statusCode).toBe(200);
    const id = await reservation(db, holder.id, 40 * MINUTE, 100 * MINUTE, [colleague.id, quiet.id]);
    await ctx.app.reminderSweeper.sweep();
    const mails = await reminderMails(id);
    expect(mails.map((mail) => mail.to_address)).toEqual([`${colleague.username}@example.org`]);
  });

  it("writes the times in the time zone of each person's profile, and in UTC for a person who chose none", async () => {
    const db = ctx.database.db;
    const paris = await loginAs(ctx);
    const profile = (await paris.inject({ method: 'GET', url: `/api/user/${paris.id}` })).json();
    const saved = await paris.inject({ method: 'PUT', url: `/api/user/${paris.id}`, payload: { firstname: profile.firstname, lastname: profile.lastname, timeZone: 'Europe/Paris' } });
    expect(saved.statusCode).toBe(200);
    const id = await reservation(db, holder.id, 10 * MINUTE, 70 * MINUTE, [paris.id]);
    const { start_date: start } = await db.selectFrom('reservations').select('start_date').where('id', '=', id).executeTakeFirstOrThrow();
    await ctx.app.reminderSweeper.sweep();
    const mails = await reminderMails(id);
    const at = (zone: string) =>
      new Intl.DateTimeFormat('sv-SE', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(start);
    const toParis = mails.find((mail) => mail.to_address === `${paris.username}@example.org`)!;
    const toHolder = mails.find((mail) => mail.to_address === `${holder.username}@example.org`)!;
    expect(toParis.text_body).toContain(`at ${at('Europe/Paris')} (Europe/Paris)`);
    expect(toHolder.text_body).toContain(`at ${at('UTC')} (UTC)`);
  });

  it('reminds before the end of a running reservation, again when its end moves, and never for a released or deleted one', async () => {
    const db = ctx.database.db;
    const running = await reservation(db, holder.id, -30 * MINUTE, 10 * MINUTE);
    const released = await reservation(db, holder.id, -30 * MINUTE, 10 * MINUTE);
    const deleted = await reservation(db, holder.id, 5 * MINUTE, 60 * MINUTE);
    // Released before the sweep: its end is now past. Deleted: gone.
    expect((await holder.inject({ method: 'POST', url: `/api/reservations/${released}/release` })).statusCode).toBe(200);
    expect((await holder.inject({ method: 'DELETE', url: `/api/deleteReservation/${deleted}` })).statusCode).toBe(200);
    await ctx.app.reminderSweeper.sweep();
    expect((await reminderMails(running)).map((mail) => mail.subject)).toEqual([expect.stringContaining(`reservation ${running} ends at`)]);
    expect(await reminderMails(released)).toEqual([]);
    expect(await reminderMails(deleted)).toEqual([]);

    // Moved to end 5 minutes later: still within the lead time, so the new end is announced once.
    const newEnd = new Date(Date.now() + 15 * MINUTE - 1000);
    expect((await holder.inject({ method: 'POST', url: `/api/reservations/${running}/end`, payload: { endDate: newEnd.toISOString() } })).statusCode).toBe(200);
    await ctx.app.reminderSweeper.sweep();
    await ctx.app.reminderSweeper.sweep();
    expect(await reminderMails(running)).toHaveLength(2);
  });
});

describe('GET and PUT /api/reminderSettings', () => {
  it('starts at 15 minutes before the start and the end, and keeps what the user sets', async () => {
    const user = await loginAs(ctx);
    expect((await user.inject({ method: 'GET', url: '/api/reminderSettings' })).json()).toEqual({ beforeStartMinutes: 15, beforeEndMinutes: 15 });
    const saved = await user.inject({ method: 'PUT', url: '/api/reminderSettings', payload: { beforeStartMinutes: 120, beforeEndMinutes: null } });
    expect(saved.json()).toEqual({ beforeStartMinutes: 120, beforeEndMinutes: null });
    expect((await user.inject({ method: 'GET', url: '/api/reminderSettings' })).json()).toEqual(saved.json());
  });

  it('refuses a lead time out of range, naming the field, and changes nothing', async () => {
    const user = await loginAs(ctx);
    for (const [body, field] of [
      [{ beforeStartMinutes: 0, beforeEndMinutes: 15 }, 'beforeStartMinutes'],
      [{ beforeStartMinutes: 15, beforeEndMinutes: 10081 }, 'beforeEndMinutes'],
      [{ beforeStartMinutes: 1.5, beforeEndMinutes: 15 }, 'beforeStartMinutes'],
    ] as const) {
      const reply = await user.inject({ method: 'PUT', url: '/api/reminderSettings', payload: body });
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json().message).toContain(field);
    }
    expect((await user.inject({ method: 'GET', url: '/api/reminderSettings' })).json()).toEqual({ beforeStartMinutes: 15, beforeEndMinutes: 15 });
  });
});

const baseUrl = process.env.TEST_DATABASE_URL;
describe('reminders with two instances', () => {
  it.skipIf(!baseUrl)(
    'delivers each reminder once to a real SMTP peer while two instances sweep and send, and not again after both restart (needs PostgreSQL)',
    async () => {
      const created = await createPostgresDatabase(baseUrl!);
      const handles = [await openDatabase(created.url), await openDatabase(created.url)];
      const port = await freePort();
      const peer = await startPeer(port);
      const running: Array<{ stop(): Promise<void> }> = [];
      const startInstances = () => {
        for (const handle of handles) {
          const sweeper = new ReminderSweeper({ db: handle.db, publicUrl: 'http://portal.test', log: quietLog, intervalMs: 20 });
          const sender = new MailSender({
            db: handle.db,
            config: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'portal@testbed.example', DATA_DIR: missingPath('data') },
            log: { info() {}, warn() {}, error() {} },
            pollIntervalMs: 20,
          });
          sweeper.start();
          sender.start();
          running.push(sweeper, sender);
        }
      };
      const stopInstances = async () => Promise.all(running.splice(0).map((part) => part.stop()));
      try {
        const db = handles[0]!.db;
        await syncBuiltInTestbed(db);
        const people = [];
        for (let n = 0; n < 3; n += 1) {
          const username = `remind_${n}_${Date.now() % 100000}`;
          const id = await insertUser(db, { username, email: `${username}@example.org`, firstname: 'R', lastname: `N${n}`, password_hash: 'x', is_enabled: true, email_verified_at: new Date(), approved_date: new Date() }, ['USER']);
          people.push({ id, username });
        }
        const [a, b, c] = people;
        // Five reservations start within 15 minutes (holder + one colleague each: 10 reminders); one released.
        const ids = [];
        for (let n = 0; n < 5; n += 1) ids.push(await reservation(db, n % 2 ? a!.id : b!.id, (5 + n) * MINUTE, 60 * MINUTE, [c!.id]));
        const released = await reservation(db, a!.id, -10 * MINUTE, 10 * MINUTE);
        await db.updateTable('reservations').set({ end_date: new Date() }).where('id', '=', released).execute();

        startInstances();
        await peer.waitFor(10);
        // More sweeps and sends on both instances, then both restart and sweep again: nothing more arrives.
        await new Promise((resolve) => setTimeout(resolve, 500));
        await stopInstances();
        startInstances();
        await new Promise((resolve) => setTimeout(resolve, 500));
        await stopInstances();

        expect(peer.received).toHaveLength(10);
        const perReservation = ids.map((id) => peer.received.filter((mail) => mail.raw.includes(`Subject: Reminder: reservation ${id} starts`)).length);
        expect(perReservation).toEqual([2, 2, 2, 2, 2]);
        expect(peer.received.some((mail) => textOf(mail.raw).includes(`reservation ${released}`))).toBe(false);
        expect(peer.received.filter((mail) => mail.to.includes(`${c!.username}@example.org`))).toHaveLength(5);
      } finally {
        await stopInstances();
        await peer.close();
        for (const handle of handles) await handle.close();
        await created.drop();
      }
    },
    30_000,
  );
});
