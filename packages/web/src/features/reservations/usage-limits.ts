// The weekly device-hours a booking would reach, counted as the server counts them against a usage policy
// (packages/server/src/modules/usage-policies), so that the form says what the server would refuse.
import type { Reservation } from '@testbed/contract';

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
