// Moving the end of a reservation: a date and time in the display zone (shared/time), shown beside it, a quick "+1 h", Cancel and Save.
// The form is the contract's changeEndDraftSchema; the instant it makes is judged by the request's schema.
// The server decides: a booking in the way or a usage policy is shown as its message.
import { changeEndDraftSchema, changeReservationEndSchema, messages, type ChangeEndDraft } from '@testbed/contract';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import type { Reservation } from '@testbed/contract';
import { fill } from '../../../shared/fill';
import { Dialog } from '../../../shared/components/dialog';
import { judgeRequest, useContractForm } from '../../../shared/form';
import { fromInputDateTime, toDateString, toHourString, zoneLabel } from '../../../shared/time';

export interface ChangeEndDialogProps {
  reservation: Reservation | null;
  opened: boolean;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onSave: (end: Date) => void;
}

/** The value of a datetime-local input: the wall-clock time of the display zone, to the minute. */
const toLocalInput = (date: Date) => `${toDateString(date)}T${toHourString(date)}`;
/** The instant such a value means in the display zone, or null. */
const fromLocalInput = (value: string): Date | null => {
  const iso = fromInputDateTime(value);
  return iso && iso !== 'invalid' ? new Date(iso) : null;
};

export function ChangeEndDialog({ reservation, opened, onCancel, ...formProps }: ChangeEndDialogProps) {
  return (
    <Dialog opened={opened} onClose={onCancel} title={fill(messages.CHANGE_END_TITLE, { id: reservation?.reservationId ?? '' })}>
      {/* The dialog's content mounts at each opening, so the form starts from the reservation's current end. */}
      {reservation && <ChangeEndForm key={reservation.reservationId} reservation={reservation} onCancel={onCancel} {...formProps} />}
    </Dialog>
  );
}

function ChangeEndForm({ reservation, pending, error, onCancel, onSave }: Omit<ChangeEndDialogProps, 'opened' | 'reservation'> & { reservation: Reservation }) {
  const form = useContractForm(changeEndDraftSchema, { endDate: toLocalInput(new Date(reservation.endDate)) });
  const chosen = fromLocalInput(form.getValues().endDate);
  const addHour = () => {
    const base = chosen ?? new Date(reservation.endDate);
    form.setFieldValue('endDate', toLocalInput(new Date(base.getTime() + 3_600_000)));
  };

  const save = ({ endDate }: ChangeEndDraft) => {
    const instant = fromLocalInput(endDate);
    if (!instant) return form.setFieldError('endDate', messages.INVALID_DATE);
    const judged = judgeRequest(changeReservationEndSchema, { endDate: instant.toISOString() });
    if ('errors' in judged) return form.setErrors(judged.errors);
    onSave(new Date(judged.body.endDate));
  };

  return (
    <form onSubmit={form.onSubmit(save)} noValidate>
      <Stack gap="sm">
        <Group align="flex-end" gap="sm">
          <TextInput
            type="datetime-local"
            label={messages.NEW_END}
            description={fill(messages.TIMES_IN_ZONE, { zone: zoneLabel(chosen ?? Date.now()) })}
            {...form.getInputProps('endDate')}
            data-autofocus
            style={{ flex: 1 }}
          />
          <Button variant="default" onClick={addHour}>
            {messages.ONE_HOUR_MORE}
          </Button>
        </Group>
        {error && (
          <Alert color="red" variant="light" role="alert" title={messages.RESERVATION_CHANGE_FAILED}>
            {error}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            {messages.CANCEL}
          </Button>
          <Button type="submit" loading={pending}>
            {messages.SAVE_END}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
