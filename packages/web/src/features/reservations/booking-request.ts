// The booking form's values (held by @mantine/form in components/use-booking-form.ts), the request they
// make, and the form's rule: the request must pass the contract's nodesBookingFormSchema, the one the server
// parses it with, and the linked time fields must hold a start after now and an end after the start.
import type { FormErrors } from '@mantine/form';
import { nodesBookingFormSchema, RESERVATION_DESCRIPTION_PATTERN, type ReserveNodesRequest, type ValidUser, messages } from '@testbed/contract';
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
  selected: string[];
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
    selected: [],
    startNow: false,
  };
}

export function isDescriptionValid(description: string): boolean {
  return RESERVATION_DESCRIPTION_PATTERN.test(description);
}

/** The request the values make, or the first reason the contract refuses it (no device, no type ...). */
export function parseRequest(
  values: BookingValues,
  devices: readonly DeviceRow[],
  userId: number,
  timeZone: string,
): { request: ReserveNodesRequest } | { refusal: string } {
  const startDate = parseCalendarDate(values.times.startDate);
  const endDate = parseCalendarDate(values.times.endDate);
  const startHour = normaliseHour(values.times.startHour);
  const endHour = normaliseHour(values.times.endHour);
  if (!startDate || !endDate || !startHour || !endHour) return { refusal: messages.REQUIRED_FIELD };
  const candidate = {
    userId,
    selectedDevicetype: values.deviceType ?? undefined,
    startDate,
    startHour,
    durationHour: Number(values.times.durationHour.trim() || 0),
    durationMinute: Number(values.times.durationMinute.trim()),
    endDate,
    endHour,
    reservationType: values.reservationType ?? '',
    reservationDescription: values.description,
    selectedDevices: devices
      .filter((device) => values.selected.includes(device.macAddress))
      .map((device) => ({ macAddress: device.macAddress, ipAddress: device.ipAddress })),
    timeZone,
    ...(values.startNow ? { startNow: true } : {}),
  };
  const parsed = nodesBookingFormSchema.safeParse(candidate);
  if (!parsed.success) return { refusal: parsed.error.issues[0]?.message ?? messages.REQUIRED_FIELD };
  return { request: { nodesBookingForm: parsed.data, selectedUsers: values.colleagues.map((user) => ({ userId: user.userId })) } };
}

/** What the form needs besides its values to build and judge the request. */
export interface BookingContext {
  devices: readonly DeviceRow[];
  userId: number;
  timeZone: string;
  now: Date;
}

/**
 * The form's messages by field: the two parts of the duration, the start (not after now), the end (not after
 * the start) and the description; `request` when the contract refuses the request for another reason (no
 * device, no type), which disables Book without a message of its own.
 */
export function bookingErrors(values: BookingValues, { devices, userId, timeZone, now }: BookingContext): FormErrors {
  const errors: FormErrors = {};
  const rules = timeRules(values.times, now);
  // Both parts of the duration are asked for alike: 0 is written, not left out.
  const hour = values.times.durationHour.trim();
  if (hour === '') errors['times.durationHour'] = messages.REQUIRED_FIELD;
  else if (!DURATION_HOUR_PATTERN.test(hour)) errors['times.durationHour'] = messages.DURATION_HOUR_ERROR;
  const minute = values.times.durationMinute.trim();
  if (minute === '') errors['times.durationMinute'] = messages.REQUIRED_FIELD;
  else if (!DURATION_MINUTE_PATTERN.test(minute)) errors['times.durationMinute'] = messages.DURATION_MINUTE_ERROR;
  if (!values.startNow && rules.startLaterThanNow === false) errors.start = messages.EARLIER_TIME_ERROR;
  if (rules.endLaterThanStart === false) errors.end = messages.END_DATE_HOUR_EARLIER_TIME_ERROR;
  if (!isDescriptionValid(values.description)) errors.description = messages.RESERVATION_DESCRIPTION_ERROR;
  if (Object.keys(errors).length === 0) {
    const parsed = parseRequest(values, devices, userId, timeZone);
    if ('refusal' in parsed) errors.request = parsed.refusal;
  }
  return errors;
}
