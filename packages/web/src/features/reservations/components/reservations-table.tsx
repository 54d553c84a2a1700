// One list of reservations: id, responsible user, users involved, submission date, start, duration, end,
// description, devices, type and the row's actions. Flash devices stays a link on the row; Change end, Release,
// Add to calendar (a one-event .ics) and Delete are in the row's menu, so that the table fits a 1280 px screen.
// On a phone each reservation is a card instead of a row of a table that would scroll sideways.
import { ActionIcon, Anchor, Button, Group, Menu, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { isDeletable, isFlashable, type DurationUnits, type Reservation, messages } from '@testbed/contract';
import { calendarEndpoints } from '@testbed/contract/endpoints/calendar';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { fill } from '../../../shared/fill';
import { Link } from 'react-router';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { downloadFile } from '../../../shared/download';
import { notifyFailure } from '../../../shared/notify';
import { paths } from '../../../shared/paths';
import { formatDateTime, zoneLabel } from '../../../shared/time';
import { deviceList, durationOf, personName } from '../reservation-display';

export interface ReservationsTableProps {
  /** id of the heading that names the table. */
  labelledBy: string;
  reservations: readonly Reservation[];
  currentUserId: number;
  admin: boolean;
  /** Whether this user may delete the row (the table's rule); isDeletable is checked on top. */
  mayDelete: (reservation: Reservation) => boolean;
  onDelete: (reservation: Reservation) => void;
  /** Move the end of a reservation that has not ended; shown where Delete is. */
  onChangeEnd?: (reservation: Reservation) => void;
  /** End a running reservation now; shown where Delete is, once it has started. */
  onRelease?: (reservation: Reservation) => void;
  /** Disables the row actions while a request runs. */
  busy?: boolean;
  highlightedId?: number;
  emptyMessage: string;
  now: Date;
  footer?: ReactNode;
}

function Person({ person, admin }: { person: Reservation['responsibleUser']; admin: boolean }) {
  const name = personName(person);
  return admin ? (
    <Anchor component={Link} to={paths.user.href(person.userId)} size="sm">
      {name}
    </Anchor>
  ) : (
    <>{name}</>
  );
}

/** The three dots of a menu button, drawn inline: the app carries no icon set. */
function DotsIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="5" cy="12" r="2" fill="currentColor" />
      <circle cx="12" cy="12" r="2" fill="currentColor" />
      <circle cx="19" cy="12" r="2" fill="currentColor" />
    </svg>
  );
}

interface RowActionsProps {
  reservation: Reservation;
  currentUserId: number;
  admin: boolean;
  now: Date;
  mayDelete: (reservation: Reservation) => boolean;
  onDelete: (reservation: Reservation) => void;
  onChangeEnd?: (reservation: Reservation) => void;
  onRelease?: (reservation: Reservation) => void;
  busy?: boolean;
}

/** Flash devices as a link, the other actions in a menu named after the reservation. */
function RowActions({ reservation, currentUserId, admin, now, mayDelete, onDelete, onChangeEnd, onRelease, busy }: RowActionsProps) {
  const deletable = isDeletable(reservation, now) && mayDelete(reservation);
  const flashable = isFlashable(reservation, currentUserId, now);
  // Its people and administrators may take a reservation that has not ended into their calendar.
  const member = admin || reservation.responsibleUser.userId === currentUserId || reservation.users.some((person) => person.userId === currentUserId);
  const calendarable = member && isDeletable(reservation, now);
  const releasable = deletable && onRelease !== undefined && new Date(reservation.startDate) <= now;
  const id = reservation.reservationId;
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {flashable && (
        <Button component={Link} to={paths.flashNodes.href(currentUserId, reservation.deviceReservations.map(({ device }) => device.macAddress))} size="compact-sm" variant="light">
          {messages.FLASH_DEVICES}
        </Button>
      )}
      {(calendarable || deletable) && (
        // In the page, not a portal, so that it stays inside the main landmark; fixed, so that the table's
        // sideways scrolling box does not clip it. No focus placeholder: a menu holds menu items only.
        <Menu position="bottom-end" withinPortal={false} floatingStrategy="fixed" withInitialFocusPlaceholder={false} shadow="md">
          <Menu.Target>
            <ActionIcon variant="default" size="md" aria-label={fill(messages.RESERVATION_ACTIONS, { id })} disabled={busy}>
              <DotsIcon />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {deletable && onChangeEnd && <Menu.Item onClick={() => onChangeEnd(reservation)}>{messages.CHANGE_END}</Menu.Item>}
            {releasable && <Menu.Item onClick={() => onRelease(reservation)}>{messages.RELEASE}</Menu.Item>}
            {calendarable && (
              <Menu.Item
                onClick={() => downloadFile(calendarEndpoints.event, { params: { id } }, `reservation-${id}.ics`).catch((error: Error) => notifyFailure(error.message))}
              >
                {messages.ADD_TO_CALENDAR}
              </Menu.Item>
            )}
            {deletable && (
              <Menu.Item color="red.9" onClick={() => onDelete(reservation)}>
                {messages.DELETE}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}

export function ReservationsTable({
  labelledBy,
  reservations,
  currentUserId,
  admin,
  mayDelete,
  onDelete,
  onChangeEnd,
  onRelease,
  busy,
  highlightedId,
  emptyMessage,
  now,
  footer,
}: ReservationsTableProps) {
  const highlighted = useRef<HTMLElement | null>(null);
  const units = useMemo<DurationUnits>(
    () => ({ day: (count) => messages[count === 1 ? 'UNIT_DAY' : 'UNIT_DAYS'], hour: messages.UNIT_HOUR, minute: messages.UNIT_MINUTE }),
    [],
  );
  // A phone gets one card per reservation: eleven columns do not fit 375 px.
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const hasHighlight = reservations.some((reservation) => reservation.reservationId === highlightedId);

  useEffect(() => {
    if (hasHighlight) highlighted.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [hasHighlight]);

  if (reservations.length === 0) {
    return (
      <Text c="dimmed" py="sm">
        {emptyMessage}
      </Text>
    );
  }

  const actions = (reservation: Reservation) => (
    <RowActions
      reservation={reservation}
      currentUserId={currentUserId}
      admin={admin}
      now={now}
      mayDelete={mayDelete}
      onDelete={onDelete}
      onChangeEnd={onChangeEnd}
      onRelease={onRelease}
      busy={busy}
    />
  );
  const people = (reservation: Reservation) =>
    reservation.users.map((person, index) => (
      <span key={person.userId}>
        {index > 0 && ', '}
        <Person person={person} admin={admin} />
      </span>
    ));
  const highlight = (reservation: Reservation) => {
    const isHighlighted = reservation.reservationId === highlightedId;
    return {
      ref: isHighlighted
        ? (node: HTMLElement | null) => {
            highlighted.current = node;
          }
        : undefined,
      'aria-current': isHighlighted ? ('true' as const) : undefined,
      'data-reservation-id': reservation.reservationId,
      'data-highlighted': isHighlighted || undefined,
      style: isHighlighted ? { outline: '2px solid var(--mantine-color-yellow-8)', outlineOffset: -2 } : undefined,
    };
  };

  if (phone) {
    return (
      <>
        <Stack gap="sm" role="list" aria-labelledby={labelledBy}>
          {reservations.map((reservation) => (
            <Paper
              key={reservation.reservationId}
              withBorder
              radius="md"
              p="sm"
              role="listitem"
              bg={reservation.reservationId === highlightedId ? 'yellow.1' : undefined}
              {...highlight(reservation)}
            >
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
                    {messages.USERS_INVOLVED}: {people(reservation)}
                  </>
                )}
              </Text>
            </Paper>
          ))}
        </Stack>
        <Text size="xs" c="gray.7" mt={4}>
          {fill(messages.TIMES_IN_ZONE, { zone: zoneLabel() })}
        </Text>
        {footer}
      </>
    );
  }

  return (
    <>
      <ScrollTable
        labelledBy={labelledBy}
        highlightOnHover
        verticalSpacing="xs"
        fz="sm"
        headers={[
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
          { content: messages.ACTIONS, props: { style: { textAlign: 'right' } } },
        ]}
      >
        {reservations.map((reservation) => (
          <Table.Tr key={reservation.reservationId} bg={reservation.reservationId === highlightedId ? 'yellow.1' : undefined} {...highlight(reservation)}>
            <Table.Td>{reservation.reservationId}</Table.Td>
            <Table.Td>
              <Person person={reservation.responsibleUser} admin={admin} />
            </Table.Td>
            <Table.Td>{people(reservation)}</Table.Td>
            <Table.Td>{formatDateTime(reservation.submissionDate)}</Table.Td>
            <Table.Td>{formatDateTime(reservation.startDate)}</Table.Td>
            <Table.Td>{durationOf(reservation, units)}</Table.Td>
            <Table.Td>{formatDateTime(reservation.endDate)}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{reservation.description}</Table.Td>
            <Table.Td ff="monospace">{deviceList(reservation)}</Table.Td>
            <Table.Td>{reservation.reservationType}</Table.Td>
            <Table.Td>{actions(reservation)}</Table.Td>
          </Table.Tr>
        ))}
      </ScrollTable>
      <Text size="xs" c="gray.7" mt={4}>
        {fill(messages.TIMES_IN_ZONE, { zone: zoneLabel() })}
      </Text>
      {footer}
    </>
  );
}
