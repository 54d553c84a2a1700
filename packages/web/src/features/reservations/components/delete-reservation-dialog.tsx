// The confirmation before a deletion: title RESERVATION_DELETION, the
// question and the reservation id, Cancel and Delete. Built from Modal's parts so that its header is a
// plain block rather than a second page banner, and its close button has a name.
import { messages } from '@testbed/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Dialog } from '../../../shared/components/dialog';

export interface DeleteReservationDialogProps {
  opened: boolean;
  /** The reservation asked about; kept after closing so that the text stays while the modal fades out. */
  reservationId: number | null;
  onCancel: () => void;
  onConfirm: (reservationId: number) => void;
}

export function DeleteReservationDialog({ opened, reservationId, onCancel, onConfirm }: DeleteReservationDialogProps) {
  return (
    <Dialog opened={opened} onClose={onCancel} title={messages.RESERVATION_DELETION}>
          <Stack gap="sm">
            <Text size="sm">{messages.DELETE_CONFIRMATION}</Text>
            <Text size="sm" fw={600}>
              {messages.DELETE_CONFIRMATION_RESERVATION} {reservationId}
            </Text>
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={onCancel}>
                {messages.CANCEL}
              </Button>
              <Button color="red.9" onClick={() => reservationId !== null && onConfirm(reservationId)} data-autofocus>
                {messages.DELETE}
              </Button>
            </Group>
          </Stack>
        </Dialog>
  );
}
