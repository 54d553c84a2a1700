// The reservations page's optional timeline: the devices of the user's current and coming reservations.
import { Box } from '@mantine/core';
import { messages, type Reservation } from '@testbed/contract';
import { useMemo } from 'react';
import { toDateString } from '../booking-times';
import { compareIp } from '../devices';
import { isCurrentOrFuture } from '../reservation-display';
import { buildTimeline, timelineWindow, type DeviceRow } from '../timeline-model';
import { ReservationTimeline } from './reservation-timeline';

/** The devices of the user's coming reservations, as rows of the timeline. */
function devicesOf(reservations: readonly Reservation[]): DeviceRow[] {
  const byMac = new Map<string, DeviceRow>();
  for (const reservation of reservations) {
    for (const { device } of reservation.deviceReservations) {
      byMac.set(device.macAddress, { macAddress: device.macAddress, ipAddress: device.ipAddress, up: true });
    }
  }
  return [...byMac.values()].sort((a, b) => compareIp(a.ipAddress, b.ipAddress));
}

export function MyReservationsTimeline({ reservations, userId, now }: { reservations: readonly Reservation[]; userId: number; now: Date }) {
  const today = toDateString(now);
  const window = useMemo(() => timelineWindow(new Date(`${today}T00:00:00`)), [today]);
  const rows = useMemo(() => {
    const upcoming = reservations.filter((reservation) => isCurrentOrFuture(reservation, now));
    return buildTimeline(devicesOf(upcoming), upcoming, userId, window);
  }, [reservations, now, userId, window]);
  return (
    <Box>
      <ReservationTimeline rows={rows} window={window} now={now} subject={messages.TIMELINE_MY_DEVICES} />
    </Box>
  );
}
