// What the reservations page does to one reservation: delete it (after its dialog), change its end (in a
// dialog) or release it (after confirming), each with its notice; `dialogs` renders the three dialogs.
import type { Reservation } from '@testbed/contract';
import { messages } from '@testbed/contract';
import { useState } from 'react';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { fill } from '../../../shared/fill';
import { notifyFailure, notifySuccess } from '../../../shared/notify';
import { formatDateTime } from '../../../shared/time';
import { RefusedError, useChangeReservation, useDeleteReservation } from '../api/reservations-api';
import { ChangeEndDialog } from './change-end-dialog';
import { DeleteReservationDialog } from './delete-reservation-dialog';

const refusal = (error: Error) => (error instanceof RefusedError ? error.messages.join(' ') : error.message);

/** `onDeleted` is told the id of each reservation deleted. */
export function useReservationActions(onDeleted: (reservationId: number) => void) {
  const deletion = useDeleteReservation();
  const change = useChangeReservation();
  const [asked, setAsked] = useState<{ opened: boolean; reservationId: number | null }>({ opened: false, reservationId: null });
  const [changing, setChanging] = useState<{ opened: boolean; reservation: Reservation | null; error: string | null }>({
    opened: false,
    reservation: null,
    error: null,
  });
  const { confirm, dialog: confirmDialog } = useConfirmModal();

  const remove = (targetId: number) => {
    setAsked((current) => ({ ...current, opened: false }));
    deletion.mutate(targetId, {
      onSuccess: () => {
        onDeleted(targetId);
        notifySuccess(`${messages.RESERVATION_ID_DELETED} ${targetId}`);
      },
      onError: (error) =>
        notifyFailure(
          error instanceof RefusedError && error.messages.length > 0 ? error.messages.join(' ') : messages.DELETION_FAILED,
          `${messages.RESERVATION_ID_DELETION_FAILED} ${targetId}`,
        ),
    });
  };

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
        onError: (error) => setChanging((current) => ({ ...current, error: refusal(error) })),
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
        onError: (error) => notifyFailure(refusal(error), messages.RESERVATION_CHANGE_FAILED),
      },
    );
  };

  const dialogs = (
    <>
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
    </>
  );

  return {
    dialogs,
    deleting: deletion.isPending,
    busy: deletion.isPending || change.isPending,
    confirmDelete: (reservation: Reservation) => setAsked({ opened: true, reservationId: reservation.reservationId }),
    openChangeEnd: (reservation: Reservation) => setChanging({ opened: true, reservation, error: null }),
    release: (reservation: Reservation) => void release(reservation),
  };
}
