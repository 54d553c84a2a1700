// Moving the end of a reservation: a date and time in the display zone (shared/time), shown beside it, a quick "+1 h", Cancel and Save.
// The server decides: a booking in the way or a usage policy is shown as its message.
import { messages } from '@testbed/contract';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import type { Reservation } from '@testbed/contract';
import { useEffect, useState } from 'react';
import { fill } from '../../../shared/fill';
import { Dialog } from '../../../shared/components/dialog';
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

export function ChangeEndDialog({ reservation, opened, pending, error, onCancel, onSave }: ChangeEndDialogProps) {
  const [value, setValue] = useState('');
  useEffect(() => {
    if (reservation && opened) setValue(toLocalInput(new Date(reservation.endDate)));
  }, [reservation, opened]);

  const chosen = fromLocalInput(value);
  const valid = chosen !== null;
  const addHour = () => {
    const base = valid ? chosen : new Date(reservation?.endDate ?? Date.now());
    setValue(toLocalInput(new Date(base.getTime() + 3_600_000)));
  };

  return (
    <Dialog opened={opened} onClose={onCancel} title={fill(messages.CHANGE_END_TITLE, { id: reservation?.reservationId ?? '' })}>
          <Stack gap="sm">
            <Group align="flex-end" gap="sm">
              <TextInput
                type="datetime-local"
                label={messages.NEW_END}
                description={fill(messages.TIMES_IN_ZONE, { zone: zoneLabel(chosen ?? Date.now()) })}
                value={value}
                onChange={(event) => setValue(event.currentTarget.value)}
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
              <Button onClick={() => valid && onSave(chosen)} disabled={!valid} loading={pending}>
                {messages.SAVE_END}
              </Button>
            </Group>
          </Stack>
        </Dialog>
  );
}
