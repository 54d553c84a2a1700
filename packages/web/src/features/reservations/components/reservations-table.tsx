// One table of reservations: id, responsible user, users involved, submission
// date, start, duration, end, description, devices, type and the row actions Flash devices, Change end, Release,
// Add to calendar (a one-event .ics) and Delete.
import { Anchor, Button, Group, Table, Text } from '@mantine/core';
import { isDeletable, isFlashable, type DurationUnits, type Reservation } from '@testbed/contract';
import { calendarEndpoints } from '@testbed/contract/endpoints/calendar';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n-devices';
import { Link } from 'react-router';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { downloadFile } from '../../../shared/download';
import { notifyFailure } from '../../../shared/notify';
import { paths } from '../../../shared/paths';
import { deviceList, durationOf, formatDateTime, personName } from '../reservation-display';

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
  /** Disables the delete buttons while a request runs. */
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

/** A row's action button, named with the reservation's id so that every row's buttons have their own names. */
function RowAction({ action, reservation, onClick, busy, danger }: { action: 'CHANGE_END' | 'RELEASE' | 'DELETE'; reservation: Reservation; onClick: (reservation: Reservation) => void; busy?: boolean; danger?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button
      size="compact-sm"
      variant={danger ? 'outline' : 'default'}
      color={danger ? 'red.9' : undefined}
      disabled={busy}
      onClick={() => onClick(reservation)}
      aria-label={`${t(action)} ${t('RESERVATION_ID')} ${reservation.reservationId}`}
    >
      {t(action)}
    </Button>
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
  const { t } = useTranslation();
  const highlighted = useRef<HTMLTableRowElement>(null);
  const units = useMemo<DurationUnits>(
    () => ({ day: (count) => t(count === 1 ? 'UNIT_DAY' : 'UNIT_DAYS'), hour: t('UNIT_HOUR'), minute: t('UNIT_MINUTE') }),
    [t],
  );
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

  return (
    <>
      <ScrollTable
        labelledBy={labelledBy}
        highlightOnHover
        verticalSpacing="xs"
        fz="sm"
        miw={1180}
        headers={[
          t('RESERVATION_ID'),
          t('RESPONSIBLE_USER'),
          t('USERS_INVOLVED'),
          t('SUBMISSION_DATE'),
          t('START_DATE'),
          t('DURATION'),
          t('END_DATE'),
          t('DESCRIPTION'),
          t('DEVICES'),
          t('TYPE'),
          t('ACTIONS'),
        ]}
      >
        {reservations.map((reservation) => {
          const isHighlighted = reservation.reservationId === highlightedId;
          const deletable = isDeletable(reservation, now) && mayDelete(reservation);
          const flashable = isFlashable(reservation, currentUserId, now);
          // Its people and administrators may take a reservation that has not ended into their calendar.
          const member = admin || reservation.responsibleUser.userId === currentUserId || reservation.users.some((person) => person.userId === currentUserId);
          const calendarable = member && isDeletable(reservation, now);
          return (
            <Table.Tr
              key={reservation.reservationId}
              ref={isHighlighted ? highlighted : undefined}
              bg={isHighlighted ? 'yellow.1' : undefined}
              aria-current={isHighlighted ? 'true' : undefined}
              data-reservation-id={reservation.reservationId}
              data-highlighted={isHighlighted || undefined}
              style={isHighlighted ? { outline: '2px solid var(--mantine-color-yellow-8)', outlineOffset: -2 } : undefined}
            >
              <Table.Td>{reservation.reservationId}</Table.Td>
              <Table.Td>
                <Person person={reservation.responsibleUser} admin={admin} />
              </Table.Td>
              <Table.Td>
                {reservation.users.map((person, index) => (
                  <span key={person.userId}>
                    {index > 0 && ', '}
                    <Person person={person} admin={admin} />
                  </span>
                ))}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(reservation.submissionDate)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(reservation.startDate)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{durationOf(reservation, units)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(reservation.endDate)}</Table.Td>
              <Table.Td>{reservation.description}</Table.Td>
              <Table.Td ff="monospace">{deviceList(reservation)}</Table.Td>
              <Table.Td>{reservation.reservationType}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="wrap" miw={140}>
                  {flashable && (
                    <Button component={Link} to={paths.flashNodes.href(currentUserId, reservation.deviceReservations.map(({ device }) => device.macAddress))} size="compact-sm" variant="light">
                      {t('FLASH_DEVICES')}
                    </Button>
                  )}
                  {deletable && onChangeEnd && <RowAction action="CHANGE_END" reservation={reservation} onClick={onChangeEnd} busy={busy} />}
                  {deletable && onRelease && new Date(reservation.startDate) <= now && <RowAction action="RELEASE" reservation={reservation} onClick={onRelease} busy={busy} />}
                  {calendarable && (
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() =>
                        downloadFile(calendarEndpoints.event, { params: { id: reservation.reservationId } }, `reservation-${reservation.reservationId}.ics`).catch((error: Error) =>
                          notifyFailure(error.message),
                        )
                      }
                      aria-label={t('ADD_TO_CALENDAR_LABEL', { id: reservation.reservationId })}
                    >
                      {t('ADD_TO_CALENDAR')}
                    </Button>
                  )}
                  {deletable && <RowAction action="DELETE" reservation={reservation} onClick={onDelete} busy={busy} danger />}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </ScrollTable>
      {footer}
    </>
  );
}
