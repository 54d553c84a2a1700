// The confirmation before a deletion (devices document, section 2): title RESERVATION_DELETION, the
// question and the reservation id, Cancel and Delete. Built from Modal's parts so that its header is a
// plain block rather than a second page banner, and its close button has a name.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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
    <Modal.Root opened={opened} onClose={onCancel} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Group justify="space-between" wrap="nowrap" px="md" pt="md" pb="xs">
          <Modal.Title fw={700}>{t('RESERVATION_DELETION')}</Modal.Title>
          <Modal.CloseButton aria-label={t('CLOSE')} />
        </Group>
        <Modal.Body>
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
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
