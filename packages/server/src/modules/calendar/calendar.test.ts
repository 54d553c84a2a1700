// Calendar feeds and one-event downloads, read back with an independent iCalendar parser (Mozilla's ical.js).
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeedCreated, CalendarFeedStatus } from '@testbed/contract';
import { addSshKey, at, bookingBody, syncBuiltInTestbed } from '../../../test/booking.js';
import { buildTestApp, loginAs, type TestContext } from '../../../test/helper.js';
import { sql } from 'kysely';

type Caller = Awaited<ReturnType<typeof loginAs>>;
let ctx: TestContext;
let holder: Caller;
let colleague: Caller;
let stranger: Caller;
let admin: Caller;
let reservationId: number;

beforeAll(async () => {
  ctx = await buildTestApp({ PUBLIC_URL: 'https://portal.example.org' });
  await syncBuiltInTestbed(ctx.database.db);
  holder = await loginAs(ctx);
  colleague = await loginAs(ctx);
  stranger = await loginAs(ctx);
  admin = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
  await addSshKey(ctx.database.db, holder.id);
  const body = bookingBody({ userId: holder.id, macs: ['02:00:00:01:00:01', '02:00:00:01:00:02'], start: at(2), end: at(2, 3), users: [colleague.id], description: 'mesh run 4' });
  const reply = await holder.inject({ method: 'POST', url: '/api/reserveNodes', payload: body });
  expect(reply.statusCode, reply.body).toBe(200);
  reservationId = reply.json().value1;
});
afterAll(() => ctx.close());

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent)) };
}

describe('the private calendar feed', () => {
  it('is shown once, lists the reservations of its owner as holder or colleague, and stops when regenerated', async () => {
    expect((await colleague.inject({ method: 'GET', url: '/api/calendarFeed' })).json()).toMatchObject({ active: false });
    const created = (await colleague.inject({ method: 'POST', url: '/api/calendarFeed' })).json() as CalendarFeedCreated;
    expect(created.url).toMatch(/^https:\/\/portal\.example\.org\/api\/calendar\.ics\?token=[A-Za-z0-9_-]{43}$/);

    const feed = await ctx.app.inject({ method: 'GET', url: new URL(created.url).pathname + new URL(created.url).search });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const { calendar, events } = parse(feed.body);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toContain('Testbed Portal');
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(event.uid).toBe(`reservation-${reservationId}@portal.example.org`);
    expect(event.summary).toBe('Testbed: 2 devices – mesh run 4');
    expect(event.startDate.toJSDate().toISOString()).toBe(at(2).toISOString());
    expect(event.endDate.toJSDate().toISOString()).toBe(at(2, 3).toISOString());
    expect(event.description).toContain(`Holder: ${holder.username}`);
    expect(event.description).toContain('02:00:00:01:00:02 (raspberry-pi-4');

    const status = (await colleague.inject({ method: 'GET', url: '/api/calendarFeed' })).json() as CalendarFeedStatus;
    expect(status.active).toBe(true);
    expect(status.lastReadAt).not.toBeNull();

    const again = (await colleague.inject({ method: 'POST', url: '/api/calendarFeed' })).json() as CalendarFeedCreated;
    expect(again.url).not.toBe(created.url);
    const stale = await ctx.app.inject({ method: 'GET', url: new URL(created.url).pathname + new URL(created.url).search });
    expect(stale.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: new URL(again.url).pathname + new URL(again.url).search })).statusCode).toBe(200);

    expect((await colleague.inject({ method: 'DELETE', url: '/api/calendarFeed' })).json()).toMatchObject({ active: false });
    expect((await ctx.app.inject({ method: 'GET', url: new URL(again.url).pathname + new URL(again.url).search })).statusCode).toBe(404);
  });

  it("shows nothing of other people's reservations, and refuses a malformed secret with a 400", async () => {
    const created = (await stranger.inject({ method: 'POST', url: '/api/calendarFeed' })).json() as CalendarFeedCreated;
    const feed = await ctx.app.inject({ method: 'GET', url: new URL(created.url).pathname + new URL(created.url).search });
    expect(parse(feed.body).events).toEqual([]);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/calendar.ics?token=short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('token');
  });

  it('stops serving an account that can no longer sign in', async () => {
    const leaving = await loginAs(ctx);
    const created = (await leaving.inject({ method: 'POST', url: '/api/calendarFeed' })).json() as CalendarFeedCreated;
    await ctx.database.db.updateTable('users').set({ is_enabled: false }).where('id', '=', leaving.id).execute();
    expect((await ctx.app.inject({ method: 'GET', url: new URL(created.url).pathname + new URL(created.url).search })).statusCode).toBe(404);
  });
});

describe('reading the feed again', () => {
  const feedPath = (created: CalendarFeedCreated) => new URL(created.url).pathname + new URL(created.url).search;

  it('answers 304 Not Modified to the ETag it gave while nothing changed, and the new feed once something did', async () => {
    const created = (await holder.inject({ method: 'POST', url: '/api/calendarFeed' })).json() as CalendarFeedCreated;
    const first = await ctx.app.inject({ method: 'GET', url: feedPath(created) });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);

    for (const ifNoneMatch of [etag, etag.slice(2), `W/"other", ${etag}`, '*']) {
      const again = await ctx.app.inject({ method: 'GET', url: feedPath(created), headers: { 'if-none-match': ifNoneMatch } });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    expect((await ctx.app.inject({ method: 'GET', url: feedPath(created), headers: { 'if-none-match': 'W/"other"' } })).statusCode).toBe(200);

    // A colleague's new name is in the events' descriptions: the feed is new.
    await ctx.database.db.updateTable('users').set({ username: `${colleague.username}x` }).where('id', '=', colleague.id).execute();
    const renamed = await ctx.app.inject({ method: 'GET', url: feedPath(created), headers: { 'if-none-match': etag } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.headers.etag).not.toBe(etag);
    expect(parse(renamed.body).events[0]!.description).toContain(`Colleagues: ${colleague.username}x`);
    await ctx.database.db.updateTable('users').set({ username: colleague.username }).where('id', '=', colleague.id).execute();

    // So is a reservation's new description.
    await ctx.database.db.updateTable('reservations').set({ description: 'mesh run 5' }).where('id', '=', reservationId).execute();
    const edited = await ctx.app.inject({ method: 'GET', url: feedPath(created), headers: { 'if-none-match': renamed.headers.etag as string } });
    expect(edited.statusCode).toBe(200);
    expect(parse(edited.body).events[0]!.summary).toBe('Testbed: 2 devices – mesh run 5');
    await ctx.database.db.updateTable('reservations').set({ description: 'mesh run 4' }).where('id', '=', reservationId).execute();
  });

  it('lists the reservations from 90 days back to a year ahead, and none outside', async () => {
    const user = await loginAs(ctx);
    const type = await ctx.database.db.selectFrom('reservation_types').select('id').where('label', '=', 'Exclusive').executeTakeFirstOrThrow();
    const day = 24 * 3_600_000;
    const now = Date.now();
    const windows = {
      'ended 91 days ago': [now - 92 * day, now - 91 * day],
      'ended 89 days ago': [now - 90 * day, now - 89 * day],
      'runs across the window start': [now - 100 * day, now - 80 * day],
      'starts in 364 days': [now + 364 * day, now + 364 * day + 3_600_000],
      'starts in 366 days': [now + 366 * day, now + 366 * day + 3_600_000],
    } as const;
    for (const [description, [start, end]] of Object.entries(windows)) {
      await ctx.database.db
        .insertInto('reservations')
        .values({ responsible_user_id: user.id, reservation_type_id: type.id, start_date: new Date(start), end_date: new Date(end), description })
        .execute();
    }
    const created = (await user.inject({ method: 'POST', url: '/api/calendarFeed' })).json() as CalendarFeedCreated;
    const { events } = parse((await ctx.app.inject({ method: 'GET', url: feedPath(created) })).body);
    expect(events.map((event) => event.summary.replace('Testbed: 0 devices – ', ''))).toEqual([
      'runs across the window start',
      'ended 89 days ago',
      'starts in 364 days',
    ]);
  });
});

describe('the feed text', () => {
  it("is, event by event, ical-generator's text of the one-event download: escapes, long lines, accents, emoji, line breaks", async () => {
    const owner = await loginAs(ctx);
    const friend = await loginAs(ctx);
    await addSshKey(ctx.database.db, owner.id);
    const words = ['mesh', 'réseau', 'Straße', '測試', '🛰️', 'a;b,c\\d', 'x'.repeat(40)];
    const ids: number[] = [];
    for (let n = 0; n < 14; n++) {
      const macs = n % 3 ? ['02:00:00:01:00:03'] : ['02:00:00:01:00:03', '02:00:00:01:00:04'];
      const body = bookingBody({ userId: owner.id, macs, start: at(20 + n), end: at(20 + n, 2), users: n % 2 ? [friend.id] : [], description: `run ${n}` });
      const reply = await owner.inject({ method: 'POST', url: '/api/reserveNodes', payload: body });
      expect(reply.statusCode, reply.body).toBe(200);
      ids.push(reply.json().value1);
    }
    // The text the database holds, whatever rule the form applies: any character an event's text must escape
    // or fold, and line breaks of every kind.
    for (const [n, id] of ids.entries()) {
      const description = n === 1 ? 'first line\r\nsecond; third\rfourth\nfifth, end' : Array.from(Array.from({ length: n * 3 }, (_, k) => words[(n + k) % words.length]).join(n % 2 ? ' ' : '')).slice(0, 100).join('');
      await sql`UPDATE reservations SET description = ${description} WHERE id = ${id}`.execute(ctx.database.db);
    }
    const created = (await owner.inject({ method: 'POST', url: '/api/calendarFeed' })).json() as CalendarFeedCreated;
    const readFeed = () => ctx.app.inject({ method: 'GET', url: new URL(created.url).pathname + new URL(created.url).search });
    /** Each event of the feed is the one-event download of its reservation, which reads every name afresh. */
    const expectFeedEqualsDownloads = async () => {
      const reply = await readFeed();
      expect(reply.statusCode).toBe(200);
      const events = veventsOf(reply.body);
      expect(events).toHaveLength(ids.length);
      for (const [n, id] of ids.entries()) {
        const download = await owner.inject({ method: 'GET', url: `/api/reservations/${id}/ics` });
        expect(events[n], `reservation ${id}`).toBe(veventsOf(download.body)[0]);
      }
      return reply;
    };
    const feed = await expectFeedEqualsDownloads();
    // What an event names, changed in place: a colleague renamed (as an anonymised account is), a device
    // moved to another address, a colleague taken off, a reservation type relabelled.
    await sql`UPDATE users SET username = ${`${friend.username}_renamed`} WHERE id = ${friend.id}`.execute(ctx.database.db);
    await sql`UPDATE devices SET ip_address = '10.9.9.9' WHERE mac_address = '02:00:00:01:00:04'`.execute(ctx.database.db);
    await sql`DELETE FROM reservation_users WHERE reservation_id = ${ids[3]!} AND user_id = ${friend.id}`.execute(ctx.database.db);
    await sql`UPDATE reservation_types SET label = 'Exclusive; whole device' WHERE label = 'Exclusive'`.execute(ctx.database.db);
    const changed = await expectFeedEqualsDownloads();
    expect(changed.body).toContain(`${friend.username}_renamed`);
    expect(changed.body).toContain('10.9.9.9');
    expect(changed.headers.etag).not.toBe(feed.headers.etag);
    await sql`UPDATE reservation_types SET label = 'Exclusive' WHERE label = 'Exclusive; whole device'`.execute(ctx.database.db);
    await sql`UPDATE devices SET ip_address = '10.0.1.14' WHERE mac_address = '02:00:00:01:00:04'`.execute(ctx.database.db);
    // Every line of 75 octets or more is folded, and the text reads back as written.
    expect(feed.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(parse(feed.body).events[1]!.description).toContain('first line\nsecond; third\nfourth\nfifth, end');
  });
});

/** The text of each VEVENT of a calendar, folded lines and all. */
function veventsOf(text: string): string[] {
  return [...text.matchAll(/BEGIN:VEVENT\r\n[\s\S]*?END:VEVENT\r\n/g)].map((match) => match[0]);
}

describe('GET /api/reservations/{id}/ics', () => {
  it('downloads one event for the holder, a colleague and an administrator, and refuses anyone else', async () => {
    for (const caller of [holder, colleague, admin]) {
      const reply = await caller.inject({ method: 'GET', url: `/api/reservations/${reservationId}/ics` });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-disposition']).toContain(`reservation-${reservationId}.ics`);
      const { calendar, events } = parse(reply.body);
      expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
      expect(events.map((event) => event.uid)).toEqual([`reservation-${reservationId}@portal.example.org`]);
    }
    expect((await stranger.inject({ method: 'GET', url: `/api/reservations/${reservationId}/ics` })).statusCode).toBe(403);
    expect((await stranger.inject({ method: 'GET', url: '/api/reservations/2147483647/ics' })).statusCode).toBe(404);
    expect((await stranger.inject({ method: 'GET', url: '/api/reservations/0/ics' })).statusCode).toBe(400);
  });
});
