// The reservations on a phone: one card each, as eleven columns do not fit 375 px.
import { Group, Paper, Stack, Text } from '@mantine/core';
import { type DurationUnits, type Reservation, messages } from '@testbed/contract';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../shared/time';
import { deviceList, durationOf } from '../reservation-display';
import { People, Person } from './reservation-people';
import type { HighlightProps } from './use-highlighted-reservation';

export interface ReservationCardsProps {
  labelledBy: string;
  reservations: readonly Reservation[];
  admin: boolean;
  units: DurationUnits;
  highlight: (reservation: Reservation) => HighlightProps;
  actions: (reservation: Reservation) => ReactNode;
}

export function ReservationCards({ labelledBy, reservations, admin, units, highlight, actions }: ReservationCardsProps) {
  return (
    <Stack gap="sm" role="list" aria-labelledby={labelledBy}>
      {reservations.map((reservation) => (
        <Paper key={reservation.reservationId} withBorder radius="md" p="sm" role="listitem" {...highlight(reservation)}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={700} size="sm">
              {messages.RESERVATION_ID} {reservation.reservationId} · {reservation.reservationType}
            </Text>
            {actions(reservation)}
          </Group>
          <Text size="sm" mt={4}>
            {formatDateTime(reservation.startDate)} → {formatDateTime(reservation.endDate)} ({durationOf(reservation, units)})
          </Text>
          <Text size="sm" ff="monospace">
            {deviceList(reservation)}
          </Text>
          {reservation.description && <Text size="sm">{reservation.description}</Text>}
          <Text size="xs" c="gray.7">
            {messages.RESPONSIBLE_USER}: <Person person={reservation.responsibleUser} admin={admin} />
            {reservation.users.length > 0 && (
              <>
                {' · '}
                {messages.USERS_INVOLVED}: <People reservation={reservation} admin={admin} />
              </>
            )}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
