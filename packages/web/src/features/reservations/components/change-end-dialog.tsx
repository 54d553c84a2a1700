// Moving the end of a reservation: a date and time in the browser's zone, a quick "+1 h", Cancel and Save.
// The server decides: a booking in the way or a usage policy is shown as its message.
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import type { Reservation } from '@testbed/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n-devices';
import { Dialog } from '../../../shared/components/dialog';

export interface ChangeEndDialogProps {
  reservation: Reservation | null;
  opened: boolean;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onSave: (end: Date) => void;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The value of a datetime-local input: local wall-clock time to the minute. */
const toLocalInput = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

export function ChangeEndDialog({ reservation, opened, pending, error, onCancel, onSave }: ChangeEndDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  useEffect(() => {
    if (reservation && opened) setValue(toLocalInput(new Date(reservation.endDate)));
  }, [reservation, opened]);

  const chosen = value ? new Date(value) : null;
  const valid = chosen !== null && !Number.isNaN(chosen.getTime());
  const addHour = () => {
    const base = valid ? chosen : new Date(reservation?.endDate ?? Date.now());
    setValue(toLocalInput(new Date(base.getTime() + 3_600_000)));
  };

  return (
    <Dialog opened={opened} onClose={onCancel} title={t('CHANGE_END_TITLE', { id: reservation?.reservationId ?? '' })}>
          <Stack gap="sm">
            <Group align="flex-end" gap="sm">
              <TextInput
                type="datetime-local"
                label={t('NEW_END')}
                value={value}
                onChange={(event) => setValue(event.currentTarget.value)}
                data-autofocus
                style={{ flex: 1 }}
              />
              <Button variant="default" onClick={addHour}>
                {t('ONE_HOUR_MORE')}
              </Button>
            </Group>
            {error && (
              <Alert color="red" variant="light" role="alert" title={t('RESERVATION_CHANGE_FAILED')}>
                {error}
              </Alert>
            )}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={onCancel}>
                {t('CANCEL')}
              </Button>
              <Button onClick={() => valid && onSave(chosen)} disabled={!valid} loading={pending}>
                {t('SAVE_END')}
              </Button>
            </Group>
          </Stack>
        </Dialog>
  );
}
