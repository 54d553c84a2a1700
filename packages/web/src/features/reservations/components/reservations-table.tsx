// One list of reservations: id, responsible user, users involved, submission date, start, duration, end,
// description, devices, type and the row's actions (reservation-row-actions). On a phone each reservation
// is a card instead of a row of a table that would scroll sideways (reservation-cards).
import { Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type DurationUnits, type Reservation, messages } from '@testbed/contract';
import type { ReactNode } from 'react';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { fill } from '../../../shared/fill';
import { formatDateTime, zoneLabel } from '../../../shared/time';
import { deviceList, durationOf } from '../reservation-display';
import { ReservationCards } from './reservation-cards';
import { People, Person } from './reservation-people';
import { ReservationRowActions, type ReservationActionsProps } from './reservation-row-actions';
import { useHighlightedReservation } from './use-highlighted-reservation';

export interface ReservationsTableProps extends ReservationActionsProps {
  /** id of the heading that names the table. */
  labelledBy: string;
  reservations: readonly Reservation[];
  highlightedId?: number;
  emptyMessage: string;
  footer?: ReactNode;
}

const UNITS: DurationUnits = { day: (count) => messages[count === 1 ? 'UNIT_DAY' : 'UNIT_DAYS'], hour: messages.UNIT_HOUR, minute: messages.UNIT_MINUTE };

const HEADERS = [
  messages.RESERVATION_ID,
  messages.RESPONSIBLE_USER,
  messages.USERS_INVOLVED,
  messages.SUBMISSION_DATE,
  messages.START_DATE,
  messages.DURATION,
  messages.END_DATE,
  messages.DESCRIPTION,
  messages.DEVICES,
  messages.TYPE,
  { content: messages.ACTIONS, props: { style: { textAlign: 'right' as const } } },
];

export function ReservationsTable({ labelledBy, reservations, highlightedId, emptyMessage, footer, ...actionProps }: ReservationsTableProps) {
  const highlight = useHighlightedReservation(reservations, highlightedId);
  // A phone gets one card per reservation: eleven columns do not fit 375 px.
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const { admin } = actionProps;

  if (reservations.length === 0) {
    return (
      <Text c="dimmed" py="sm">
        {emptyMessage}
      </Text>
    );
  }

  const actions = (reservation: Reservation) => <ReservationRowActions reservation={reservation} {...actionProps} />;
  const list = phone ? (
    <ReservationCards labelledBy={labelledBy} reservations={reservations} admin={admin} units={UNITS} highlight={highlight} actions={actions} />
  ) : (
    <ScrollTable labelledBy={labelledBy} highlightOnHover verticalSpacing="xs" fz="sm" headers={HEADERS}>
      {reservations.map((reservation) => (
        <Table.Tr key={reservation.reservationId} {...highlight(reservation)}>
          <Table.Td>{reservation.reservationId}</Table.Td>
          <Table.Td>
            <Person person={reservation.responsibleUser} admin={admin} />
          </Table.Td>
          <Table.Td>
            <People reservation={reservation} admin={admin} />
          </Table.Td>
          <Table.Td>{formatDateTime(reservation.submissionDate)}</Table.Td>
          <Table.Td>{formatDateTime(reservation.startDate)}</Table.Td>
          <Table.Td>{durationOf(reservation, UNITS)}</Table.Td>
          <Table.Td>{formatDateTime(reservation.endDate)}</Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{reservation.description}</Table.Td>
          <Table.Td ff="monospace">{deviceList(reservation)}</Table.Td>
          <Table.Td>{reservation.reservationType}</Table.Td>
          <Table.Td>{actions(reservation)}</Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );

  return (
    <>
      {list}
      <Text size="xs" c="gray.7" mt={4}>
        {fill(messages.TIMES_IN_ZONE, { zone: zoneLabel() })}
      </Text>
      {footer}
    </>
  );
}
