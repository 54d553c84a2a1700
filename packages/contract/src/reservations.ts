// Booking and reservations. An Exclusive reservation of a device overlaps no other reservation of it;
// Shared ones may overlap each other. A booking is all-or-nothing over its devices.
import * as z from 'zod/mini';
import { idFieldSchema, instantSchema, wholeNumberText } from './input.js';
import { messages } from './messages.js';
import { userSummarySchema } from './user-summary.js';

/** Letters, digits, underscores, single spaces between words, no leading or trailing space; may be empty. */
/**
 * Prose on one line: any letter, digit, punctuation or symbol a person writes (quotes, apostrophes, parentheses,
 * accents ...), spaces between, none at either end; no control character (no tab, no line break): the
 * description goes into calendar events and mail lines.
 */
export const RESERVATION_DESCRIPTION_PATTERN = /^([^\p{C}\s](?:[^\p{C}\n\r\t\v\f]*[^\p{C}\s])?)?$/u;
export const RESERVATION_DESCRIPTION_MAX = 100;

export const calendarDateSchema = z
  .object({
    year: z.int().check(z.gte(2000), z.lte(9999)),
    month: z.int().check(z.gte(1), z.lte(12)),
    day: z.int().check(z.gte(1), z.lte(31)),
  })
  .check(
    z.refine(({ year, month, day }) => {
      const date = new Date(Date.UTC(year, month - 1, day));
      return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
    }, 'Not a real calendar date'),
  );
export type CalendarDate = z.infer<typeof calendarDateSchema>;

/** 'H:M' in 24-hour time, e.g. '9:05' or '09:05'. */
export const hourSchema = z.string().check(z.regex(/^([01]?\d|2[0-3]):[0-5]?\d$/, 'Hour must be H:M in 24-hour time'));

export const deviceRefSchema = z.object({
  macAddress: z.string().check(z.regex(/^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/, 'Invalid MAC address')),
  ipAddress: z.optional(z.string()),
});

export const nodesBookingFormSchema = z.object({
  userId: idFieldSchema,
  selectedDevicetype: z.optional(z.string().check(z.maxLength(64))),
  startDate: calendarDateSchema,
  startHour: hourSchema,
  durationHour: z._default(
    z.union([
      z.int().check(z.gte(0), z.lte(24 * 366)),
      z.pipe(z.string().check(z.regex(/^\d{0,5}$/)), z.transform((v) => (v === '' ? 0 : Number(v)))),
    ]),
    0,
  ),
  durationMinute: z.union([
    z.int().check(z.gte(0), z.lte(59)),
    z.pipe(z.string().check(z.regex(/^[0-5]?\d$/, 'Minutes are 0 to 59')), z.transform(Number)),
  ]),
  endDate: calendarDateSchema,
  endHour: hourSchema,
  /** The label of a reservation type ('Exclusive', 'Shared'). */
  reservationType: z.string().check(z.minLength(1, 'Reservation type is required'), z.maxLength(64)),
  reservationDescription: z._default(
    z
      .string()
      .check(
        z.maxLength(RESERVATION_DESCRIPTION_MAX, messages.RESERVATION_DESCRIPTION_ERROR),
        z.regex(RESERVATION_DESCRIPTION_PATTERN, messages.RESERVATION_DESCRIPTION_ERROR),
      ),
    '',
  ),
  selectedDevices: z.array(deviceRefSchema).check(z.minLength(1, 'Select at least one device'), z.maxLength(500)),
  /** IANA time zone of the browser; the wall-clock fields are read in it, as the user meant them. */
  timeZone: z.string().check(z.minLength(1), z.maxLength(64)),
  /**
   * Start at the next whole minute instead of startDate/startHour, keeping the duration (durationHour and
   * durationMinute); the end fields are then recomputed by the server.
   */
  startNow: z.optional(z.boolean()),
});
export type NodesBookingForm = z.infer<typeof nodesBookingFormSchema>;

export const reserveNodesRequestSchema = z.object({
  nodesBookingForm: nodesBookingFormSchema,
  selectedUsers: z._default(z.array(z.object({ userId: idFieldSchema })).check(z.maxLength(100)), []),
});
export type ReserveNodesRequest = z.infer<typeof reserveNodesRequestSchema>;

/**
 * value0: success; value1: the new reservation id, or the failure messages. A success also gives the window as
 * stored (ISO 8601 instants), which a client shows rather than what it asked for (a start "now" is the server's).
 */
export const reserveNodesReplySchema = z.object({
  value0: z.boolean(),
  value1: z.union([z.int(), z.array(z.string())]),
  startDate: z.optional(z.string()),
  endDate: z.optional(z.string()),
});
export type ReserveNodesReply = z.infer<typeof reserveNodesReplySchema>;

export const deleteReservationReplySchema = z.object({ value0: z.boolean(), value1: z.array(z.string()) });
export type DeleteReservationReply = z.infer<typeof deleteReservationReplySchema>;

/** GET /api/getNodesToReserve: device type name → MAC address → device. */
export const nodesToReserveSchema = z.record(z.string(), z.record(z.string(), z.object({ ip: z.string(), up: z.boolean() })));
export type NodesToReserve = z.infer<typeof nodesToReserveSchema>;

export const reservationTypeSchema = z.object({ reservationTypeId: z.int(), label: z.string(), exclusive: z.boolean() });
export type ReservationType = z.infer<typeof reservationTypeSchema>;

export const reservationPersonSchema = z.object({ userId: z.int(), firstname: z.string(), lastName: z.string() });

export const reservationSchema = z.object({
  reservationId: z.int(),
  responsibleUser: reservationPersonSchema,
  users: z.array(reservationPersonSchema),
  /** ISO 8601 instants. */
  submissionDate: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  description: z.string(),
  reservationType: z.string(),
  deviceReservations: z.array(
    z.object({ device: z.object({ ipAddress: z.string(), macAddress: z.string(), deviceType: z.string() }) }),
  ),
});
export type Reservation = z.infer<typeof reservationSchema>;
export const reservationListSchema = z.array(reservationSchema);

/** A user as offered by the multi-select of colleagues (GET /api/validUsers). */
export const validUserSchema = userSummarySchema;
export type ValidUser = z.infer<typeof validUserSchema>;

/** Display rules of the reservations screen. */
export function isDeletable(reservation: Pick<Reservation, 'endDate'>, now = new Date()): boolean {
  return new Date(reservation.endDate).getTime() > now.getTime();
}

export function isFlashable(
  reservation: Pick<Reservation, 'endDate' | 'startDate' | 'reservationType' | 'responsibleUser' | 'users'>,
  currentUserId: number,
  now = new Date(),
): boolean {
  const involved =
    reservation.responsibleUser.userId === currentUserId || reservation.users.some((user) => user.userId === currentUserId);
  return (
    isDeletable(reservation, now) &&
    reservation.reservationType === 'Exclusive' &&
    new Date(reservation.startDate).getTime() <= now.getTime() &&
    involved
  );
}

/** The words of a duration; the web passes those of the reader's language from the catalogue. */
export interface DurationUnits {
  day: (count: number) => string;
  hour: string;
  minute: string;
}
export const DURATION_UNITS: DurationUnits = {
  day: (count) => (count === 1 ? messages.UNIT_DAY : messages.UNIT_DAYS),
  hour: messages.UNIT_HOUR,
  minute: messages.UNIT_MINUTE,
};

/** A count of something, in the singular for one: "1 device", "14 days". */
export const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** A duration as people write it: '45 min', '1 h', '1 h 30 min', '2 days 3 h' (to the nearest minute). */
export function formatDuration(seconds: number, units: DurationUnits = DURATION_UNITS): string {
  const total = Math.max(0, Math.round(seconds / 60));
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const minutes = total % 60;
  const parts: string[] = [];
  if (days > 0) parts.push(`${days} ${units.day(days)}`);
  if (hours > 0) parts.push(`${hours} ${units.hour}`);
  if (minutes > 0 || parts.length === 0) parts.push(`${minutes} ${units.minute}`);
  return parts.join(' ');
}

/**
 * Query of the reservation lists (GET /api/userReservations/{id}, /otherReservations/{id}). By default a
 * list holds the current and future reservations, soonest start first; `all=true` gives the history too,
 * newest start first. A list answers at most `limit` reservations (default 100, at most 500) after
 * skipping `offset`; ask for the next page while a page comes back full.
 */
export const RESERVATION_LIST_DEFAULT_LIMIT = 100;
export const RESERVATION_LIST_MAX_LIMIT = 500;
export const reservationListQuerySchema = z.object({
  all: z.optional(z.enum(['true', 'false'])),
  limit: z.optional(wholeNumberText(1, RESERVATION_LIST_MAX_LIMIT)),
  offset: z.optional(wholeNumberText(0, 1_000_000)),
});
export type ReservationListQuery = z.infer<typeof reservationListQuerySchema>;

/**
 * GET /api/reservationTimeline/{id}?deviceType=&from=&to=: what the booking timeline draws, the
 * reservations holding a device of the type within [from, to) (at most 31 days), soonest start first, in
 * the list shape. At most RESERVATION_TIMELINE_MAX reservations; `complete` is false when there were more.
 */
export const RESERVATION_TIMELINE_MAX_DAYS = 31;
export const RESERVATION_TIMELINE_MAX = 2000;
export const reservationTimelineQuerySchema = z
  .object({
    deviceType: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
    from: instantSchema(),
    to: instantSchema(),
  })
  .check(
    z.refine((query) => Date.parse(query.to) > Date.parse(query.from), { path: ['to'], message: 'to must be later than from' }),
    z.refine((query) => Date.parse(query.to) - Date.parse(query.from) <= RESERVATION_TIMELINE_MAX_DAYS * 86_400_000, {
      path: ['to'],
      message: `The window is at most ${RESERVATION_TIMELINE_MAX_DAYS} days long`,
    }),
  );
export type ReservationTimelineQuery = z.infer<typeof reservationTimelineQuerySchema>;
export const reservationTimelineSchema = z.object({ reservations: reservationListSchema, complete: z.boolean() });
export type ReservationTimeline = z.infer<typeof reservationTimelineSchema>;

/** GET /api/validUsers?name=&limit=: enabled accounts whose last name, first name or username contains `name`. */
export const VALID_USERS_MAX = 100;
export const validUsersQuerySchema = z.object({
  name: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  limit: z.optional(wholeNumberText(1, VALID_USERS_MAX)),
});
export type ValidUsersQuery = z.infer<typeof validUsersQuerySchema>;
export const validUserListSchema = z.array(validUserSchema);
