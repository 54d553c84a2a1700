// What a new maintenance would block: how many devices, the reservations inside its window, and the
// button that creates it.
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { messages, type MaintenancePreview } from '@testbed/contract';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { fill } from '../../../shared/fill';
import { formatDateTime } from '../../../shared/time';

export function MaintenancePreviewPanel({ preview, onConfirm, confirming }: { preview: MaintenancePreview; onConfirm: () => void; confirming: boolean }) {
  return (
    <Stack gap="sm" data-testid="maintenance-preview">
      <Text>{fill(messages.MAINTENANCE_PREVIEW_DEVICES, { count: preview.devices.length })}</Text>
      {preview.affected.length === 0 ? (
        <Text>{messages.MAINTENANCE_NO_RESERVATION}</Text>
      ) : (
        <>
          <Text fw={700}>{fill(messages.MAINTENANCE_AFFECTED, { count: preview.affected.length })}</Text>
          <ScrollTable
            label={messages.MAINTENANCE_AFFECTED_TABLE}
            headers={[messages.RESERVATION_ID, messages.MAINTENANCE_HOLDER, messages.MAINTENANCE_START, messages.MAINTENANCE_END, messages.MAINTENANCE_DEVICES]}
          >
            {preview.affected.map((row) => (
              <Table.Tr key={row.reservationId}>
                <Table.Td>{row.reservationId}</Table.Td>
                <Table.Td>{row.holder}</Table.Td>
                <Table.Td>{formatDateTime(row.start)}</Table.Td>
                <Table.Td>{formatDateTime(row.end)}</Table.Td>
                <Table.Td ff="monospace" fz="sm">
                  {row.devices.join(', ')}
                </Table.Td>
              </Table.Tr>
            ))}
          </ScrollTable>
        </>
      )}
      <Group>
        <Button onClick={onConfirm} loading={confirming}>
          {messages.MAINTENANCE_CONFIRM}
        </Button>
      </Group>
    </Stack>
  );
}
