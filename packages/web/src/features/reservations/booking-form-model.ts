// The booking form as data: its values, what it sends, and why it may not be sent yet. The
// contract's schema is the rule the server applies too.
import {
  nodesBookingFormSchema,
  RESERVATION_DESCRIPTION_PATTERN,
  type Reservation,
  type ReserveNodesRequest,
  type ValidUser,
} from '@testbed/contract';
import {
  DURATION_HOUR_PATTERN,
  DURATION_MINUTE_PATTERN,
  initialTimeFields,
  normaliseHour,
  parseCalendarDate,
  timeRules,
  type TimeFields,
} from './booking-times';
import type { DeviceRow } from './timeline-model';

export interface BookingValues {
  colleagues: ValidUser[];
  times: TimeFields;
  reservationType: string | null;
  description: string;
  deviceType: string | null;
  /** MAC addresses of the checked devices of `deviceType`. */
  selected: Set<string>;
  /** Start as soon as the booking is made (the start fields show the next minute and are not sent). */
  startNow: boolean;
}

export function initialBookingValues(now: Date, reservationType: string | null, deviceType: string | null): BookingValues {
  return {
    colleagues: [],
    times: initialTimeFields(now),
    reservationType,
    description: '',
    deviceType,
    selected: new Set(),
    startNow: false,
  };
}

export function isDescriptionValid(description: string): boolean {
  return RESERVATION_DESCRIPTION_PATTERN.test(description);
}

export interface BookingProblems {
  durationHour: 'missing' | 'pattern' | null;
  durationMinute: 'missing' | 'pattern' | null;
  /** Start is not later than now. */
  earlierThanNow: boolean;
  /** End is not later than start. */
  endBeforeStart: boolean;
  /** The request the contract refuses, for any reason (missing field, pattern, no device). */
  invalid: boolean;
}

export function buildRequest(values: BookingValues, devices: readonly DeviceRow[], userId: number, timeZone: string): ReserveNodesRequest | null {
  const startDate = parseCalendarDate(values.times.startDate);
  const endDate = parseCalendarDate(values.times.endDate);
  const startHour = normaliseHour(values.times.startHour);
  const endHour = normaliseHour(values.times.endHour);
  if (!startDate || !endDate || !startHour || !endHour || !values.reservationType) return null;
  const candidate = {
    userId,
    selectedDevicetype: values.deviceType ?? undefined,
    startDate,
    startHour,
    durationHour: Number(values.times.durationHour.trim() || 0),
    durationMinute: Number(values.times.durationMinute.trim()),
    endDate,
    endHour,
    reservationType: values.reservationType,
    reservationDescription: values.description,
    selectedDevices: devices
      .filter((device) => values.selected.has(device.macAddress))
      .map((device) => ({ macAddress: device.macAddress, ipAddress: device.ipAddress })),
    timeZone,
    ...(values.startNow ? { startNow: true } : {}),
  };
  const parsed = nodesBookingFormSchema.safeParse(candidate);
  if (!parsed.success) return null;
  return { nodesBookingForm: parsed.data, selectedUsers: values.colleagues.map((user) => ({ userId: user.userId })) };
}

export function bookingProblems(
  values: BookingValues,
  devices: readonly DeviceRow[],
  userId: number,
  timeZone: string,
  now: Date,
): BookingProblems {
  const rules = timeRules(values.times, now);
  const minute = values.times.durationMinute.trim();
  const durationMinute = minute === '' ? 'missing' : DURATION_MINUTE_PATTERN.test(minute) ? null : 'pattern';
  // Both parts of the duration are asked for alike: 0 is written, not left out.
  const hour = values.times.durationHour.trim();
  const durationHour = hour === '' ? 'missing' : DURATION_HOUR_PATTERN.test(hour) ? null : 'pattern';
  const request = durationMinute || durationHour ? null : buildRequest(values, devices, userId, timeZone);
  return {
    durationHour,
    durationMinute,
    earlierThanNow: !values.startNow && rules.startLaterThanNow === false,
    endBeforeStart: rules.endLaterThanStart === false,
    invalid: request === null,
  };
}

/** Submit is disabled while the form is invalid, a booking is pending, start is not after now or end not after start. */
export function canSubmit(problems: BookingProblems, pending: boolean): boolean {
  return !pending && !problems.invalid && !problems.earlierThanNow && !problems.endBeforeStart;
}

const WEEK_MS = 7 * 86_400_000;

/** Monday 00:00 UTC of the week holding the instant: the server counts device-hours per such week. */
export function weekStart(instant: Date): Date {
  const day = Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate());
  const weekday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - weekday * 86_400_000);
}

/**
 * The weeks in which the booking would take the user past `limit` device-hours of the type, with the hours
 * the week would then have; counted, as the server does, over the reservations the user is responsible for.
 */
export function weeklyHoursBreaches(
  booking: { start: Date; end: Date; devices: number },
  held: readonly Pick<Reservation, 'responsibleUser' | 'startDate' | 'endDate' | 'deviceReservations'>[],
  userId: number,
  deviceType: string,
  limit: number,
): Array<{ week: Date; hours: number }> {
  const breaches: Array<{ week: Date; hours: number }> = [];
  const overlap = (from: number, to: number, weekFrom: number) => Math.max(0, Math.min(to, weekFrom + WEEK_MS) - Math.max(from, weekFrom)) / 3_600_000;
  for (let week = weekStart(booking.start).getTime(); week < booking.end.getTime(); week += WEEK_MS) {
    let hours = overlap(booking.start.getTime(), booking.end.getTime(), week) * booking.devices;
    for (const reservation of held) {
      if (reservation.responsibleUser.userId !== userId) continue;
      const devices = reservation.deviceReservations.filter(({ device }) => device.deviceType === deviceType).length;
      hours += overlap(Date.parse(reservation.startDate), Date.parse(reservation.endDate), week) * devices;
    }
    if (hours > limit + 1e-9) breaches.push({ week: new Date(week), hours: Math.round(hours * 10) / 10 });
  }
  return breaches;
}
