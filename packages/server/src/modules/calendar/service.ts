// Calendar feeds (RFC 5545): each user may hold one private feed URL of their reservations, as holder or
// colleague, that calendar programs poll; its secret is shown once and only its SHA-256 is kept, so a leaked URL
// is stopped by regenerating it. Each reservation also downloads as one event, written by ical-generator; the
// feed's events are written by its query in the same form (a test holds them equal), because building 2,000
// events in the library took most of a read.
import { createHash, randomBytes } from 'node:crypto';
import ical, { ICalCalendarMethod, type ICalCalendar } from 'ical-generator';
import { counted, type CalendarFeedCreated, type CalendarFeedStatus } from '@testbed/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { matchesEtag } from '../../reply-validators.js';
import { authorize } from '../../security/policies.js';
import type { Principal } from '../../security/principal.js';
import { deleteFeed, findFeed, readFeed, replaceFeed, reservationById, type CalendarReservationRow, type FeedSite, type FeedWindow } from './repo.js';

/**
 * The feed shows the reservations that overlap the window from 90 days ago to a year ahead: a calendar keeps
 * the events it has seen, and a bounded window keeps each read one short query, whatever a user's history.
 * The cap only guards against an absurd window; a year of bookings stays well under it.
 */
export const FEED_WINDOW: FeedWindow = { pastDays: 90, futureDays: 365, maxEvents: 5_000 };
/** Raised when the feed's text changes for the same rows, so that no calendar keeps a body of the old format. */
const FEED_FORMAT = 2;

export type FeedReply = { etag: string; notModified: true } | { etag: string; notModified: false; body: string };

/** Only this hash of a feed's secret is kept, and it names the feed in its request limit. */
export const feedTokenHash = (token: string) => createHash('sha256').update(token).digest();
const hashOf = feedTokenHash;

export class CalendarService {
  private readonly host: string;
  private readonly feedSite: FeedSite;

  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {
    this.host = new URL(publicUrl).host;
    this.feedSite = { host: this.host, publicUrl: icalText(publicUrl) };
  }

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
    const feed = await readFeed(this.db, hashOf(token), FEED_WINDOW, this.feedSite);
    if (!feed) throw new AppError('not_found', 'This calendar feed does not exist or was regenerated.');
    const etag = `W/"${createHash('sha256').update(`${FEED_FORMAT}|${feed.userId}|${feed.events}`).digest('base64url').slice(0, 32)}"`;
    if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, etag)) return { etag, notModified: true };
    const head = this.calendar('Testbed reservations').toString();
    return { etag, notModified: false, body: `${head.slice(0, -END.length)}${foldLines(feed.events)}${END}` };
  }

  /** One reservation as a single-event calendar, for its holder, its colleagues and administrators. */
  async event(principal: Principal, reservationId: number): Promise<string> {
    const row = await reservationById(this.db, reservationId);
    if (!row) throw new AppError('not_found', `Reservation ${reservationId} does not exist.`);
    const caller = authorize(principal, 'reservation:read', { memberIds: [row.holder_id, ...row.colleague_ids] });
    const calendar = this.calendar(`Testbed reservation ${row.id}`);
    // PUBLISH: a calendar program adds the event as it is, rather than treating it as an invitation to answer.
    calendar.method(ICalCalendarMethod.PUBLISH);
    calendar.createEvent(this.eventOf(row, caller.userId));
    return calendar.toString();
  }

  private calendar(name: string): ICalCalendar {
    return ical({ name, prodId: { company: 'Testbed Portal', product: 'reservations', language: 'EN' }, ttl: 15 * 60 });
  }

  private eventOf(row: CalendarReservationRow, userId: number): FeedEvent {
    return {
      id: this.uid(row.id),
      start: row.start_date,
      end: row.end_date,
      stamp: row.submission_date,
      ...this.texts({ description: row.description, holder: row.holder, reservationType: row.reservation_type, colleagues: row.colleagues, devices: row.devices }),
      url: this.eventUrl(userId, row.id),
    };
  }

  /** A stable UID: a calendar that polls the feed updates the event when the reservation changes. */
  private uid(reservationId: number) {
    return `reservation-${reservationId}@${this.host}`;
  }

  private eventUrl(userId: number, reservationId: number) {
    return `${this.publicUrl}/reservations/${userId}/reservationId/${reservationId}`;
  }

  private texts(row: { description: string; holder: string; reservationType: string; colleagues: string[]; devices: string[] }) {
    const count = row.devices.length;
    const lines = [
      `Holder: ${row.holder}`,
      ...(row.colleagues.length ? [`Colleagues: ${row.colleagues.join(', ')}`] : []),
      `Type: ${row.reservationType}`,
      `Devices: ${row.devices.join(', ')}`,
      ...(row.description ? ['', row.description] : []),
    ];
    return {
      summary: `Testbed: ${counted(count, 'device')}${row.description ? ` – ${row.description}` : ''}`,
      description: lines.join('\n'),
    };
  }
}

/** What the portal puts in an event: ical-generator's fields of that name. */
export interface FeedEvent {
  id: string;
  start: Date;
  end: Date;
  stamp: Date;
  summary: string;
  description: string;
  url: string;
}

const END = 'END:VCALENDAR';

/** A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, line breaks as \n. */
function icalText(text: string): string {
  return text.replace(/[\\;,]/g, '\\$&').replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * RFC 5545 3.1 line folding of the events the database wrote, as ical-generator folds: only a line of 25
 * characters or more can pass 74 octets of UTF-8 (no character takes more than three octets per UTF-16 unit).
 */
function foldLines(text: string): string {
  return text.replace(/[^\r\n]{25,}/g, foldLine);
}

/** No character past U+007F: each character is one octet. */
const ASCII = /^[^\u0080-\uffff]*$/;

/**
 * RFC 5545 3.1 line folding, as ical-generator does it: a line longer than 74 octets of UTF-8 goes on after
 * CRLF and a space, never splitting a character.
 */
function foldLine(line: string): string {
  // Most lines are ASCII, whose octets are its characters: cut every 74.
  if (ASCII.test(line)) {
    if (line.length <= 74) return line;
    const parts: string[] = [];
    for (let start = 0; start < line.length; start += 74) parts.push(line.slice(start, start + 74));
    return parts.join('\r\n ');
  }
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
}

