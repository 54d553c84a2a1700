// reservations/{id} and reservations/{id}/reservationId/{reservationId}: the user's reservations, then the
// others', current and future only by default; delete after confirming; the just-created one highlighted.
import { Alert, Button, Checkbox, Group, Stack, Switch, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { QueryClient } from '@tanstack/react-query';
import { messages, type Reservation } from '@testbed/contract';
import { useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { reportFailure } from '../../../shared/report-failure';
import { getSession, may, mayOpenAccount, useSession } from '../../../shared/session';
import { useEvery } from '../../../shared/use-every';
import { reservationListOptions, useReservationList } from '../api/reservations-api';
import { MyReservationsTimeline } from '../components/my-reservations-timeline';
import { ReservationsSection } from '../components/reservations-section';
import { useReservationActions } from '../components/use-reservation-actions';

/** On a first load, both lists are asked for as the page's code arrives (app/router.tsx), not once it has rendered. */
export function prefetch(queryClient: QueryClient, params: { id?: string }) {
  const routeUserId = Number(params.id);
  if (!mayOpenAccount(getSession().user, routeUserId, 'reservation:list')) return;
  for (const kind of ['mine', 'others'] as const) void queryClient.prefetchInfiniteQuery(reservationListOptions(kind, routeUserId, false));
}

export function ReservationsPage() {
  useDocumentTitle(`${messages.MY_RESERVATIONS} | Testbed Portal`);
  const { id, reservationId } = useParams();
  const { user } = useSession();
  const routeUserId = Number(id);
  const admin = may(user, 'reservation:list');
  const deletesAny = may(user, 'reservation:delete');
  const allowed = mayOpenAccount(user, routeUserId, 'reservation:list');
  const createdId = reservationId !== undefined && /^\d+$/.test(reservationId) ? Number(reservationId) : undefined;

  const [currentOnly, setCurrentOnly] = useState(true);
  const [showTimeline, setShowTimeline] = useState(false);
  const [createdNotice, setCreatedNotice] = useState(createdId !== undefined);
  const [now, setNow] = useState(() => new Date());
  useEvery(30_000, () => setNow(new Date()));

  const mine = useReservationList('mine', routeUserId, !currentOnly, allowed);
  const others = useReservationList('others', routeUserId, !currentOnly, allowed);
  // The notice of a reservation that is gone would only confuse.
  const actions = useReservationActions((deletedId) => deletedId === createdId && setCreatedNotice(false));

  useEffect(() => {
    for (const error of [mine.error, others.error]) if (error) reportFailure('reservations could not be loaded', error);
  }, [mine.error, others.error]);

  if (!user) return null;
  if (!allowed) return <Navigate to={paths.reservations.href(user.userId)} replace />;

  // The booking page itself sends a user without a valid key to the no-key page, with the server's fresh word.
  const bookHref = paths.bookDevices.href(routeUserId);
  const table = {
    currentUserId: user.userId,
    admin,
    onDelete: actions.confirmDelete,
    onChangeEnd: actions.openChangeEnd,
    onRelease: actions.release,
    busy: actions.busy,
    highlightedId: createdId,
    now,
  };

  return (
    <Stack gap="md">
      {actions.dialogs}
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{messages.MY_RESERVATIONS}</Title>
        <Button component={Link} to={bookHref} disabled={actions.deleting}>
          {messages.BOOK_DEVICES}
        </Button>
      </Group>

      {createdId !== undefined && createdNotice && (
        <Alert color="green" variant="light" withCloseButton closeButtonLabel={messages.CLOSE} onClose={() => setCreatedNotice(false)} role="status">
          {messages.RESERVATION_ID_CREATED} {createdId}
        </Alert>
      )}

      <Group gap="xl" wrap="wrap">
        <Checkbox
          label={messages.CURRENT_FUTURE_RESERVATIONS}
          checked={currentOnly}
          onChange={(event) => setCurrentOnly(event.currentTarget.checked)}
        />
        <Switch
          label={messages.SHOW_MY_TIMELINE}
          checked={showTimeline}
          onChange={(event) => setShowTimeline(event.currentTarget.checked)}
        />
      </Group>

      {showTimeline && <MyReservationsTimeline reservations={mine.data?.pages.flat() ?? []} userId={routeUserId} now={now} />}

      {/* The user's own reservations, then the others'; an administrator may delete any of them. */}
      <ReservationsSection
        headingId="my-reservations-heading"
        title={messages.MY_RESERVATIONS}
        query={mine}
        mayDelete={(reservation: Reservation) => deletesAny || reservation.responsibleUser.userId === user.userId}
        emptyMessage={messages.YOU_HAVE_NO_RESERVATION}
        {...table}
      />
      <ReservationsSection
        headingId="other-reservations-heading"
        title={messages.OTHER_RESERVATIONS}
        query={others}
        mayDelete={() => deletesAny}
        emptyMessage={messages.THERE_IS_NO_RESERVATION}
        {...table}
      />
    </Stack>
  );
}

export { ReservationsPage as Component };
