// The confirmation before a deletion: title RESERVATION_DELETION, the
// question and the reservation id, Cancel and Delete. Built from Modal's parts so that its header is a
// plain block rather than a second page banner, and its close button has a name.
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n-devices';
import { Dialog } from '../../../shared/components/dialog';

export interface DeleteReservationDialogProps {
  opened: boolean;
  /** The reservation asked about; kept after closing so that the text stays while the modal fades out. */
  reservationId: number | null;
  onCancel: () => void;
  onConfirm: (reservationId: number) => void;
}

export function DeleteReservationDialog({ opened, reservationId, onCancel, onConfirm }: DeleteReservationDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog opened={opened} onClose={onCancel} title={t('RESERVATION_DELETION')}>
          <Stack gap="sm">
            <Text size="sm">{t('DELETE_CONFIRMATION')}</Text>
            <Text size="sm" fw={600}>
              {t('DELETE_CONFIRMATION_RESERVATION')} {reservationId}
            </Text>
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={onCancel}>
                {t('CANCEL')}
              </Button>
              <Button color="red.9" onClick={() => reservationId !== null && onConfirm(reservationId)} data-autofocus>
                {t('DELETE')}
              </Button>
            </Group>
          </Stack>
        </Dialog>
  );
}
