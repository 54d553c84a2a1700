// The timeline of the booking form's device type: its reservations and the maintenance windows.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { maintenanceOptions, reservationTimelineOptions } from '../api/reservations-api';
import { buildTimeline, type DeviceRow, type TimelineWindow } from '../timeline-model';
import { ReservationTimeline, type ReservationTimelineProps } from './reservation-timeline';

interface TypeTimelineProps {
  userId: number;
  deviceType: string;
  devices: readonly DeviceRow[];
  window: TimelineWindow;
  now: Date;
  exclusiveTypes: ReadonlySet<string>;
  selection: ReservationTimelineProps['selection'];
  onPickStart?: (start: Date) => void;
}

/** The timeline of the chosen type: its reservations and the maintenance windows, read here (see usage-policy.tsx). */
export function TypeTimeline({ userId, deviceType, devices, window, now, exclusiveTypes, selection, onPickStart }: TypeTimelineProps) {
  const timeline = useQuery(reservationTimelineOptions(userId, deviceType, window));
  const maintenance = useQuery(maintenanceOptions(window));
  const rows = useMemo(
    () => buildTimeline(devices, timeline.data?.reservations ?? [], userId, window, exclusiveTypes, maintenance.data ?? []),
    [devices, timeline.data, userId, window, exclusiveTypes, maintenance.data],
  );
  return (
    <ReservationTimeline
      rows={rows}
      window={window}
      now={now}
      subject={deviceType}
      complete={timeline.data?.complete ?? true}
      selection={selection}
      onPickStart={onPickStart}
    />
  );
}

