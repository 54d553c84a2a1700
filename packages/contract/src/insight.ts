// Insight: the audit log, a user's sign-in history, reminder settings, calendar feeds and usage statistics.
// The web app, the command-line client and the server all speak these shapes.
import * as z from 'zod/mini';
import { deviceMessages } from './device-messages.js';
import { entityIdSchema, instantSchema, wholeNumberText } from './input.js';
import { wallClockTextSchema } from './wall-clock-text.js';

const instant = instantSchema();

// ---- Audit log ----------------------------------------------------------------------------------------------

export const AUDIT_PAGE_MAX = 200;
/** The rows a CSV export holds at most (newest first); narrow the filters for more. */
export const AUDIT_CSV_MAX_ROWS = 100_000;

/** A MAC address as the testbed file writes it, lower case. */
const macAddress = z
  .string()
  .check(z.trim(), z.toLowerCase(), z.regex(/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/, 'device must be a MAC address such as 02:00:00:00:00:01'));

/**
 * GET /api/auditLog?userId=&action=&device=&from=&to=&before=&limit=: newest first. `userId` matches the actor
 * or the user acted on; `action` is an exact action or a prefix ending with a dot (`auth.` = every sign-in
 * row); `before` is the `nextBefore` of the previous page (a keyset: pages stay right while rows are added).
 */
export const auditLogQuerySchema = z
  .object({
    userId: z.optional(entityIdSchema),
    action: z.pipe(
      z.optional(
        z
          .string()
          .check(z.trim(), z.maxLength(64), z.regex(/^[a-z_.-]*$/, 'action is made of lower-case letters, dots, dashes and underscores')),
      ),
      z.transform((value) => value || undefined),
    ),
    device: z.optional(macAddress),
    from: z.optional(instant),
    to: z.optional(instant),
    before: z.optional(entityIdSchema),
    limit: z._default(wholeNumberText(1, AUDIT_PAGE_MAX), 50),
  })
  // Each range check names its own fields in its message: alike in shape only to the maintenance form's.
  .check(
    z.refine((query) => !query.from || !query.to || Date.parse(query.to) > Date.parse(query.from), {
      path: ['to'],
      message: 'to must be later than from',
    }),
  );
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

const wallClockText = wallClockTextSchema(true);

/**
 * The audit screen's filters as typed: the times are wall-clock texts of the reader's zone, which the page
 * turns into the instants of auditLogQuerySchema, the rule that then judges the whole query.
 */
export const auditLogFilterFormSchema = z.object({
  userId: z.union([z.number(), z.literal('')]),
  action: z.string(),
  device: z.string(),
  from: wallClockText,
  to: wallClockText,
});
export type AuditLogFilterForm = z.infer<typeof auditLogFilterFormSchema>;

export const auditEntrySchema = z.object({
  id: z.int(),
  /** ISO 8601 instant. */
  at: z.string(),
  actor: z.nullable(z.object({ userId: z.int(), username: z.string() })),
  action: z.string(),
  targetType: z.nullable(z.string()),
  targetId: z.nullable(z.string()),
  devices: z.array(z.string()),
  ip: z.nullable(z.string()),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.nullable(z.int()),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** The actions offered by the audit screen's filter (any other action may still be typed). */
export const AUDIT_ACTION_CHOICES = [
  'auth.',
  'auth.signin.success',
  'auth.signin.failure',
  'auth.signin.refused',
  'registration.',
  'account.',
  'admin.',
  'reservation.',
  'reservation.book',
  'reservation.delete',
  'reservation.release',
  'flash.',
  'flash.start',
  'flash.failed',
  'device.',
  'api_token.',
] as const;

/** GET /api/signInHistory: the caller's own sign-ins and failed attempts, newest first. */
export const signInHistoryQuerySchema = z.object({ limit: z._default(wholeNumberText(1, 100), 20) });
export const signInEventSchema = z.object({
  at: z.string(),
  ip: z.nullable(z.string()),
  outcome: z.enum(['success', 'failure', 'refused']),
});
export type SignInEvent = z.infer<typeof signInEventSchema>;
export const signInHistorySchema = z.object({ events: z.array(signInEventSchema) });
export type SignInHistory = z.infer<typeof signInHistorySchema>;

// ---- Reminders ----------------------------------------------------------------------------------------------

export const REMINDER_DEFAULT_MINUTES = 15;
export const REMINDER_MAX_MINUTES = 7 * 24 * 60;

const leadMinutes = (label: string) =>
  z.nullable(
    z
      .number({ error: `${label} is a number of minutes, or null to turn it off.` })
      .check(
        z.int(`${label} is a whole number of minutes.`),
        z.gte(1, `${label} is at least 1 minute.`),
        z.lte(REMINDER_MAX_MINUTES, `${label} is at most ${REMINDER_MAX_MINUTES} minutes (one week).`),
      ),
  );

/** GET/PUT /api/reminderSettings: the caller's lead times; null turns that reminder off. */
export const reminderSettingsSchema = z.object({
  beforeStartMinutes: leadMinutes('The reminder before the start'),
  beforeEndMinutes: leadMinutes('The reminder before the end'),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

/**
 * The reminders form: a switch and a number of minutes per reminder, the minutes kept while a switch is off.
 * Its output is the request's body, judged by reminderSettingsSchema (whose messages name the minutes' fields).
 */
const reminderSwitchesSchema = z.object({
  remindBeforeStart: z.boolean(),
  beforeStartMinutes: z.union([z.number(), z.string()]),
  remindBeforeEnd: z.boolean(),
  beforeEndMinutes: z.union([z.number(), z.string()]),
});
export const reminderSettingsFormSchema = z.pipe(
  z.pipe(
    reminderSwitchesSchema,
    z.transform((form: z.output<typeof reminderSwitchesSchema>) => ({
      beforeStartMinutes: form.remindBeforeStart ? Number(form.beforeStartMinutes) : null,
      beforeEndMinutes: form.remindBeforeEnd ? Number(form.beforeEndMinutes) : null,
    })),
  ),
  reminderSettingsSchema,
);
export type ReminderSettingsForm = z.input<typeof reminderSettingsFormSchema>;

// ---- Calendar feed ------------------------------------------------------------------------------------------

/** GET /api/calendarFeed: whether the caller has a feed; the URL is shown only when it is (re)generated. */
export const calendarFeedStatusSchema = z.object({
  active: z.boolean(),
  createdAt: z.nullable(z.string()),
  lastReadAt: z.nullable(z.string()),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;
export const calendarFeedCreatedSchema = z.object({ url: z.string(), createdAt: z.string() });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;
/** The feed's secret: 43 characters of base64url (256 random bits). */
export const calendarFeedQuerySchema = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'token is not a calendar feed token')),
});

// ---- Statistics ---------------------------------------------------------------------------------------------

/** The longest range one statistics request covers. */
export const STATISTICS_MAX_DAYS = 3 * 366;

/** GET /api/statistics?from=&to=&timeZone=: every table of the statistics page for [from, to). */
export const statisticsQuerySchema = z
  .object({
    from: instant,
    to: instant,
    /** Months and hours of the week are counted in this IANA time zone (default UTC). */
    timeZone: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(64)), 'UTC'),
  })
  .check(
    z.refine((query) => Date.parse(query.to) > Date.parse(query.from), { path: ['to'], message: 'to must be later than from' }),
    z.refine((query) => Date.parse(query.to) - Date.parse(query.from) <= STATISTICS_MAX_DAYS * 86_400_000, {
      path: ['to'],
      message: `the range is at most ${STATISTICS_MAX_DAYS} days`,
    }),
  );
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/**
 * The statistics page's range as typed: two days (yyyy-MM-dd), the end after the start. The page sends
 * their local midnights as the query's instants, which statisticsQuerySchema then checks.
 */
export const statisticsRangeFormSchema = z.object({ from: z.string(), to: z.string() }).check(
  z.refine((range) => DAY.test(range.from) && DAY.test(range.to) && range.to > range.from, {
    path: ['to'],
    message: deviceMessages.RANGE_INVALID,
  }),
);
export type StatisticsRangeForm = z.infer<typeof statisticsRangeFormSchema>;

const hours = z.number();
export const statisticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** Device-hours booked, and of them used (the device was flashed during the reservation), per type and month. */
  deviceHoursByTypeMonth: z.array(z.object({ month: z.string(), deviceType: z.string(), bookedHours: hours, usedHours: hours })),
  /** Device-hours booked per group of the responsible user (a member of two groups counts in both). */
  deviceHoursByGroup: z.array(z.object({ group: z.string(), bookedHours: hours, usedHours: hours })),
  /** Device-hours booked per current employer of the responsible user. */
  deviceHoursByEmployer: z.array(z.object({ employer: z.string(), bookedHours: hours, usedHours: hours })),
  /** Users who booked (as holder or colleague), flashed or signed in, per month. */
  activeUsersByMonth: z.array(z.object({ month: z.string(), activeUsers: z.int() })),
  signUpsByMonth: z.array(z.object({ month: z.string(), signUps: z.int(), approvals: z.int() })),
  flashesByTypeMonth: z.array(
    z.object({ month: z.string(), deviceType: z.string(), flashes: z.int(), succeeded: z.int(), successRate: z.nullable(z.number()) }),
  ),
  /** Device-hours booked per hour of the week: day 1 = Monday ... 7 = Sunday, hour 0 to 23. */
  occupancyByHourOfWeek: z.array(z.object({ day: z.int(), hour: z.int(), deviceHours: hours })),
});
export type Statistics = z.infer<typeof statisticsSchema>;

/** The tables of the reply (each downloadable as CSV): every field but the range. */
const statisticsTables = z.omit(statisticsSchema, { from: true, to: true, timeZone: true }).shape;
export type StatisticsTable = keyof typeof statisticsTables;
export const STATISTICS_TABLES = Object.keys(statisticsTables) as [StatisticsTable, ...StatisticsTable[]];
export const statisticsTableParamsSchema = z.object({ table: z.enum(STATISTICS_TABLES, { error: `table is one of ${STATISTICS_TABLES.join(', ')}` }) });
