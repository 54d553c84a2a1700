// reservations/{id} and reservations/{id}/reservationId/{reservationId}: the user's reservations, then the
// others', current and future only by default; delete after confirming; the just-created one highlighted.
import { messages } from '@testbed/contract';
import { Alert, Box, Button, Center, Checkbox, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Reservation } from '@testbed/contract';
import { useEffect, useMemo, useState } from 'react';
import { fill } from '../../../shared/fill';
import { Link, Navigate, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { useEvery } from '../../../shared/use-every';
import { isAdmin, useSession } from '../../../shared/session';
import { RefusedError, useChangeReservation, useDeleteReservation, useReservationList, type ReservationListResult } from '../api/reservations-api';
import { ChangeEndDialog } from '../components/change-end-dialog';
import { DeleteReservationDialog } from '../components/delete-reservation-dialog';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { notifyFailure, notifySuccess } from '../../../shared/notify';
import { ReservationsTable } from '../components/reservations-table';
import { ReservationTimeline } from '../components/reservation-timeline';
import { toDateString } from '../booking-times';
import { compareIp } from '../devices';
import { formatDateTime } from '../../../shared/time';
import { isCurrentOrFuture } from '../reservation-display';
import { buildTimeline, timelineWindow, type DeviceRow } from '../timeline-model';
import { reportFailure } from '../../../shared/report-failure';

function flatten(query: ReservationListResult): Reservation[] {
  return query.data?.pages.flat() ?? [];
}

function ShowMore({ query }: { query: ReservationListResult }) {
  if (!query.hasNextPage) return null;
  return (
    <Group justify="center" mt="xs">
      <Button variant="default" size="xs" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
        {messages.SHOW_MORE}
      </Button>
    </Group>
  );
}

/** The devices of the user's coming reservations, as rows of the optional timeline. */
function devicesOf(reservations: readonly Reservation[]): DeviceRow[] {
  const byMac = new Map<string, DeviceRow>();
  for (const reservation of reservations) {
    for (const { device } of reservation.deviceReservations) {
      byMac.set(device.macAddress, { macAddress: device.macAddress, ipAddress: device.ipAddress, up: true });
    }
  }
  return [...byMac.values()].sort((a, b) => compareIp(a.ipAddress, b.ipAddress));
}

export function ReservationsPage() {
  useDocumentTitle(`${messages.MY_RESERVATIONS} | Testbed Portal`);
  const { id, reservationId } = useParams();
  const { user } = useSession();
  const routeUserId = Number(id);
  const admin = isAdmin(user);
  const allowed = user !== null && Number.isInteger(routeUserId) && routeUserId > 0 && (routeUserId === user.userId || admin);
  const createdId = reservationId !== undefined && /^\d+$/.test(reservationId) ? Number(reservationId) : undefined;

  const [currentOnly, setCurrentOnly] = useState(true);
  const [showTimeline, setShowTimeline] = useState(false);
  const [createdNotice, setCreatedNotice] = useState(createdId !== undefined);
  const [now, setNow] = useState(() => new Date());
  useEvery(30_000, () => setNow(new Date()));

  const mine = useReservationList('mine', routeUserId, !currentOnly, allowed);
  const others = useReservationList('others', routeUserId, !currentOnly, allowed);
  const deletion = useDeleteReservation();
  const [asked, setAsked] = useState<{ opened: boolean; reservationId: number | null }>({ opened: false, reservationId: null });
  const change = useChangeReservation();
  const [changing, setChanging] = useState<{ opened: boolean; reservation: Reservation | null; error: string | null }>({
    opened: false,
    reservation: null,
    error: null,
  });
  const { confirm, dialog: confirmDialog } = useConfirmModal();

  useEffect(() => {
    for (const error of [mine.error, others.error]) if (error) reportFailure('reservations could not be loaded', error);
  }, [mine.error, others.error]);

  const myReservations = flatten(mine);
  const otherReservations = flatten(others);
  const today = toDateString(now);
  const window = useMemo(() => timelineWindow(new Date(`${today}T00:00:00`)), [today]);
  const timelineRows = useMemo(() => {
    const upcoming = myReservations.filter((reservation) => isCurrentOrFuture(reservation, now));
    return buildTimeline(devicesOf(upcoming), upcoming, routeUserId, window);
  }, [myReservations, now, routeUserId, window]);

  if (!user) return null;
  if (!allowed) return <Navigate to={paths.reservations.href(user.userId)} replace />;

  // The booking page itself sends a user without a valid key to the no-key page, with the server's fresh word.
  const bookHref = paths.bookDevices.href(routeUserId);

  const remove = (targetId: number) => {
    setAsked((current) => ({ ...current, opened: false }));
    deletion.mutate(targetId, {
      onSuccess: () => {
        // The notice of a reservation that is gone would only confuse.
        if (targetId === createdId) setCreatedNotice(false);
        notifySuccess(`${messages.RESERVATION_ID_DELETED} ${targetId}`);
      },
      onError: (error) =>
        notifyFailure(
          error instanceof RefusedError && error.messages.length > 0 ? error.messages.join(' ') : messages.DELETION_FAILED,
          `${messages.RESERVATION_ID_DELETION_FAILED} ${targetId}`,
        ),
    });
  };
  const confirmDelete = (reservation: Reservation) => setAsked({ opened: true, reservationId: reservation.reservationId });

  const openChangeEnd = (reservation: Reservation) => setChanging({ opened: true, reservation, error: null });
  const saveEnd = (end: Date) => {
    const target = changing.reservation;
    if (!target) return;
    change.mutate(
      { reservationId: target.reservationId, endDate: end },
      {
        onSuccess: (updated) => {
          setChanging((current) => ({ ...current, opened: false }));
          notifySuccess(fill(messages.RESERVATION_END_CHANGED, { id: updated.reservationId, end: formatDateTime(updated.endDate) }));
        },
        onError: (error) => setChanging((current) => ({ ...current, error: error instanceof RefusedError ? error.messages.join(' ') : error.message })),
      },
    );
  };
  const release = async (reservation: Reservation) => {
    const id = reservation.reservationId;
    const ok = await confirm({ title: messages.RELEASE_TITLE, message: fill(messages.RELEASE_CONFIRMATION, { id }), confirmLabel: messages.RELEASE });
    if (!ok) return;
    change.mutate(
      { reservationId: id },
      {
        onSuccess: () => notifySuccess(fill(messages.RESERVATION_RELEASED, { id })),
        onError: (error) => notifyFailure(error instanceof RefusedError ? error.messages.join(' ') : error.message, messages.RESERVATION_CHANGE_FAILED),
      },
    );
  };

  const loading = (query: ReservationListResult) => {
    if (query.isPending) {
      return (
        <Center py="md">
          <Loader size="sm" aria-label={messages.LOADING} />
        </Center>
      );
    }
    // The spec logs a failed load without a message; saying nothing would read as an empty list.
    if (query.isError) return <Text c="red.9">{messages.LOADING_FAILED}</Text>;
    return null;
  };

  // The user's own reservations, then the others'; an administrator may delete any of them.
  const sections = [
    {
      headingId: 'my-reservations-heading',
      title: messages.MY_RESERVATIONS,
      query: mine,
      reservations: myReservations,
      mayDelete: (reservation: Reservation) => admin || reservation.responsibleUser.userId === user.userId,
      emptyMessage: messages.YOU_HAVE_NO_RESERVATION,
    },
    {
      headingId: 'other-reservations-heading',
      title: messages.OTHER_RESERVATIONS,
      query: others,
      reservations: otherReservations,
      mayDelete: () => admin,
      emptyMessage: messages.THERE_IS_NO_RESERVATION,
    },
  ];

  return (
    <Stack gap="md">
      {confirmDialog}
      <ChangeEndDialog
        opened={changing.opened}
        reservation={changing.reservation}
        pending={change.isPending}
        error={changing.error}
        onCancel={() => setChanging((current) => ({ ...current, opened: false }))}
        onSave={saveEnd}
      />
      <DeleteReservationDialog
        opened={asked.opened}
        reservationId={asked.reservationId}
        onCancel={() => setAsked((current) => ({ ...current, opened: false }))}
        onConfirm={remove}
      />
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{messages.MY_RESERVATIONS}</Title>
        <Button component={Link} to={bookHref} disabled={deletion.isPending}>
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

      {showTimeline && (
        <Box>
          <ReservationTimeline rows={timelineRows} window={window} now={now} subject={messages.TIMELINE_MY_DEVICES} />
        </Box>
      )}

      {sections.map((section) => (
        <Box component="section" key={section.headingId}>
          <Title order={2} size="h3" id={section.headingId} mb="xs">
            {section.title}
          </Title>
          {loading(section.query) ?? (
            <ReservationsTable
              labelledBy={section.headingId}
              reservations={section.reservations}
              currentUserId={user.userId}
              admin={admin}
              mayDelete={section.mayDelete}
              onDelete={confirmDelete}
              onChangeEnd={openChangeEnd}
              onRelease={(reservation) => void release(reservation)}
              busy={deletion.isPending || change.isPending}
              highlightedId={createdId}
              emptyMessage={section.emptyMessage}
              now={now}
              footer={<ShowMore query={section.query} />}
            />
          )}
        </Box>
      ))}
    </Stack>
  );
}

export { ReservationsPage as Component };
