// The current and coming maintenance, each with a button that cancels it after a confirmation.
import { Button, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { messages } from '@testbed/contract';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { fill } from '../../../shared/fill';
import { formatDateTime } from '../../../shared/time';
import { maintenanceListOptions, useDeleteMaintenance } from '../api/devices-api';

const HEADERS = [messages.MAINTENANCE_REASON, messages.MAINTENANCE_START, messages.MAINTENANCE_END, messages.MAINTENANCE_DEVICES, messages.ACTIONS];

export function MaintenanceList() {
  const list = useQuery(maintenanceListOptions);
  const remove = useDeleteMaintenance();
  const { confirm, dialog } = useConfirmModal();
  const onDelete = async (id: number, reason: string) => {
    const ok = await confirm({ title: messages.MAINTENANCE_CANCEL, message: fill(messages.MAINTENANCE_CANCEL_CONFIRM, { reason }), confirmLabel: messages.MAINTENANCE_CANCEL, danger: true });
    if (ok) remove.mutate(id);
  };

  return (
    <section aria-labelledby="maintenance-current">
      <Title order={2} size="h4" id="maintenance-current" mb="xs">
        {messages.MAINTENANCE_CURRENT}
      </Title>
      {list.data && list.data.length === 0 && <Text>{messages.MAINTENANCE_NONE}</Text>}
      {list.data && list.data.length > 0 && (
        <ScrollTable label={messages.MAINTENANCE_CURRENT} landmark={false} headers={HEADERS}>
          {list.data.map((row) => (
            <Table.Tr key={row.id} data-maintenance={row.id}>
              <Table.Td>{row.reason}</Table.Td>
              <Table.Td>{formatDateTime(row.start)}</Table.Td>
              <Table.Td>{formatDateTime(row.end)}</Table.Td>
              <Table.Td fz="sm">{row.deviceType ? fill(messages.MAINTENANCE_WHOLE_TYPE, { type: row.deviceType, count: row.devices.length }) : row.devices.join(', ')}</Table.Td>
              <Table.Td>
                <Button size="compact-sm" variant="outline" color="red.9" onClick={() => void onDelete(row.id, row.reason)} aria-label={`${messages.MAINTENANCE_CANCEL}: ${row.reason}`}>
                  {messages.MAINTENANCE_CANCEL}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      )}
      {dialog}
    </section>
  );
}
