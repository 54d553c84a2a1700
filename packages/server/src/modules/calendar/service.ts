// Calendar feeds (RFC 5545, built by ical-generator): each user may hold one private feed URL of their
// reservations, as holder or colleague, that calendar programs poll; its secret is shown once and only its
// SHA-256 is kept, so a leaked URL is stopped by regenerating it. Each reservation also downloads as one event.
import { createHash, randomBytes } from 'node:crypto';
import ical, { ICalCalendarMethod, type ICalCalendar } from 'ical-generator';
import type { CalendarFeedCreated, CalendarFeedStatus } from '@testbed/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { authorize, requireSignedIn } from '../../security/policies.js';
import type { Principal } from '../../security/principal.js';
import { deleteFeed, findFeed, readFeed, replaceFeed, reservationById, type CalendarReservationRow, type FeedWindow } from './repo.js';

/**
 * The feed shows the reservations that overlap the window from 90 days ago to a year ahead: a calendar keeps
 * the events it has seen, and a bounded window keeps each read one short query, whatever a user's history.
 * The cap only guards against an absurd window; a year of bookings stays well under it.
 */
export const FEED_WINDOW: FeedWindow = { pastDays: 90, futureDays: 365, maxEvents: 5_000 };
/** Raised when the feed's text changes for the same rows, so that no calendar keeps a body of the old format. */
const FEED_FORMAT = 1;

export type FeedReply = { etag: string; notModified: true } | { etag: string; notModified: false; body: string };

/** Only this hash of a feed's secret is kept, and it names the feed in its request limit. */
export const feedTokenHash = (token: string) => createHash('sha256').update(token).digest();
const hashOf = feedTokenHash;

export class CalendarService {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  async status(principal: Principal | null): Promise<CalendarFeedStatus> {
    const caller = authorize(principal, 'account:own-settings', { userId: principal?.userId });
    const feed = await findFeed(this.db, caller.userId);
    return { active: Boolean(feed), createdAt: feed?.created_at.toISOString() ?? null, lastReadAt: feed?.last_read_at?.toISOString() ?? null };
  }

  async regenerate(principal: Principal | null): Promise<CalendarFeedCreated> {
    const caller = authorize(principal, 'account:own-settings', { userId: principal?.userId });
    const token = randomBytes(32).toString('base64url');
    const row = await replaceFeed(this.db, caller.userId, hashOf(token));
    return { url: `${this.publicUrl}/api/calendar.ics?token=${token}`, createdAt: row.created_at.toISOString() };
  }

  async remove(principal: Principal | null): Promise<CalendarFeedStatus> {
    const caller = authorize(principal, 'account:own-settings', { userId: principal?.userId });
    await deleteFeed(this.db, caller.userId);
    return { active: false, createdAt: null, lastReadAt: null };
  }

  /**
   * The feed of the secret's owner; an unknown or stopped secret is a 404, the same for both. Its validator is
   * a hash of the rows the body is built from (a change of a reservation, a colleague's or a device's name
   * changes them), so that a calendar that sends the validator it holds gets a 304 without a body being built.
   */
  async feed(token: string, ifNoneMatch?: string): Promise<FeedReply> {
    const rows = await readFeed(this.db, hashOf(token), FEED_WINDOW);
    const userId = rows[0]?.feed_user_id;
    if (userId === undefined) throw new AppError('not_found', 'This calendar feed does not exist or was regenerated.');
    const events = rows.filter((row): row is CalendarReservationRow & { feed_user_id: number } => row.id !== null && row.id !== undefined);
    const etag = `W/"${createHash('sha256').update(JSON.stringify([FEED_FORMAT, this.publicUrl, userId, events])).digest('base64url').slice(0, 32)}"`;
    if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, etag)) return { etag, notModified: true };
    const calendar = this.calendar('Testbed reservations');
    for (const row of events) this.addEvent(calendar, row, userId);
    return { etag, notModified: false, body: calendarText(calendar) };
  }

  /** One reservation as a single-event calendar, for its holder, its colleagues and administrators. */
  async event(principal: Principal | null, reservationId: number): Promise<string> {
    requireSignedIn(principal);
    const row = await reservationById(this.db, reservationId);
    if (!row) throw new AppError('not_found', `Reservation ${reservationId} does not exist.`);
    const caller = authorize(principal, 'reservation:read', { memberIds: [row.holder_id, ...row.colleague_ids] });
    const calendar = this.calendar(`Testbed reservation ${row.id}`);
    // PUBLISH: a calendar program adds the event as it is, rather than treating it as an invitation to answer.
    calendar.method(ICalCalendarMethod.PUBLISH);
    this.addEvent(calendar, row, caller.userId);
    return calendarText(calendar);
  }

  private calendar(name: string): ICalCalendar {
    return ical({ name, prodId: { company: 'Testbed Portal', product: 'reservations', language: 'EN' }, ttl: 15 * 60 });
  }

  private addEvent(calendar: ICalCalendar, row: CalendarReservationRow, userId: number) {
    const count = row.devices.length;
    const lines = [
      `Holder: ${row.holder}`,
      ...(row.colleagues.length ? [`Colleagues: ${row.colleagues.join(', ')}`] : []),
      `Type: ${row.reservation_type}`,
      `Devices: ${row.devices.join(', ')}`,
      ...(row.description ? ['', row.description] : []),
    ];
    calendar.createEvent({
      // A stable UID: a calendar that polls the feed updates the event when the reservation changes.
      id: `reservation-${row.id}@${new URL(this.publicUrl).host}`,
      start: row.start_date,
      end: row.end_date,
      stamp: row.submission_date,
      summary: `Testbed: ${count} device${count === 1 ? '' : 's'}${row.description ? ` – ${row.description}` : ''}`,
      description: lines.join('\n'),
      url: `${this.publicUrl}/reservations/${userId}/reservationId/${row.id}`,
    });
  }
}

/** If-None-Match's weak comparison (RFC 9110 13.1.2): any listed tag, weak or not, with the same opaque value. */
export function matchesEtag(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

const END = 'END:VCALENDAR';

/**
 * The calendar's text, the same as ical-generator's `toString()`, which folds the lines by encoding each
 * character with a new TextEncoder: seconds for a feed of 2,000 events. Here the library still writes every
 * property (escaping included), and only the folding is done in one pass over the text.
 */
export function calendarText(calendar: ICalCalendar): string {
  const events = calendar.events();
  const head = calendar.clear().toString();
  calendar.events(events);
  return `${head.slice(0, -END.length)}${foldLines(events.map((event) => event.toString()).join(''))}${END}`;
}

/**
 * RFC 5545 3.1 line folding, as ical-generator does it: a line longer than 74 octets of UTF-8 goes on after
 * CRLF and a space, never splitting a character.
 */
export function foldLines(text: string): string {
  return text
    .split('\r\n')
    .map((line) => {
      // Most lines are short and ASCII: their length in octets is their length.
      if (line.length <= 74 && /^[\x00-\x7f]*$/.test(line)) return line;
      let folded = '';
      let octets = 0;
      for (const char of line) {
        const code = char.codePointAt(0)!;
        const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
        octets += size;
        if (octets > 74) {
          folded += '\r\n ';
          octets = size;
        }
        folded += char;
      }
      return folded;
    })
    .join('\r\n');
}
