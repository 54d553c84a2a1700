// A reservation's actions: Flash devices as a link on the row; Change end, Release, Add to calendar (a
// one-event .ics) and Delete in the row's menu, so that the table fits a 1280 px screen.
import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { isDeletable, isFlashable, type Reservation, messages } from '@testbed/contract';
import { calendarEndpoints } from '@testbed/contract/endpoints/calendar';
import { Link } from 'react-router';
import { downloadFile } from '../../../shared/download';
import { fill } from '../../../shared/fill';
import { notifyFailure } from '../../../shared/notify';
import { paths } from '../../../shared/paths';

/** What every row's actions are given by the table. */
export interface ReservationActionsProps {
  currentUserId: number;
  admin: boolean;
  now: Date;
  /** Whether this user may delete the row (the table's rule); isDeletable is checked on top. */
  mayDelete: (reservation: Reservation) => boolean;
  onDelete: (reservation: Reservation) => void;
  /** Move the end of a reservation that has not ended; shown where Delete is. */
  onChangeEnd?: (reservation: Reservation) => void;
  /** End a running reservation now; shown where Delete is, once it has started. */
  onRelease?: (reservation: Reservation) => void;
  /** Disables the row actions while a request runs. */
  busy?: boolean;
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

/** Flash devices as a link, the other actions in a menu named after the reservation. */
export function ReservationRowActions({
  reservation,
  currentUserId,
  admin,
  now,
  mayDelete,
  onDelete,
  onChangeEnd,
  onRelease,
  busy,
}: ReservationActionsProps & { reservation: Reservation }) {
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
