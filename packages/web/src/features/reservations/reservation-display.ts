// How a reservation reads in the tables: the duration as people write it ('1 h 30 min', '2 days 3 h') in the catalogue's words,
// the devices as their unique IPs joined by ' / '.
import { DURATION_UNITS, formatDuration, type DurationUnits, type Reservation } from '@testbed/contract';

export function durationOf(reservation: Pick<Reservation, 'startDate' | 'endDate'>, units: DurationUnits = DURATION_UNITS): string {
  const seconds = (new Date(reservation.endDate).getTime() - new Date(reservation.startDate).getTime()) / 1000;
  return formatDuration(Math.max(0, seconds), units);
}

export function deviceList(reservation: Pick<Reservation, 'deviceReservations'>): string {
  return [...new Set(reservation.deviceReservations.map(({ device }) => device.ipAddress))].join(' / ');
}

export function personName(person: { firstname: string; lastName: string }): string {
  return `${person.firstname} ${person.lastName}`.trim();
}

/** Whether the user is the responsible user or one of the users of a reservation. */
export function involves(reservation: Pick<Reservation, 'responsibleUser' | 'users'>, userId: number): boolean {
  return reservation.responsibleUser.userId === userId || reservation.users.some((user) => user.userId === userId);
}

/** Current and future reservations end after now. */
export function isCurrentOrFuture(reservation: Pick<Reservation, 'endDate'>, now: Date): boolean {
  return new Date(reservation.endDate).getTime() > now.getTime();
}
