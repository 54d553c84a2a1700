// The devices of the chosen type: a checkbox per device, select-all for the devices that are up, IP and
// MAC address; a device that is down cannot be checked and is greyed.
import { Box, Checkbox, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { selectAllState, toggleDevice, toggleSelectAll } from '../devices';
import type { DeviceRow } from '../timeline-model';

export interface DevicesTableProps {
  deviceType: string;
  devices: readonly DeviceRow[];
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
  disabled?: boolean;
}

export function DevicesTable({ deviceType, devices, selected, onChange, disabled }: DevicesTableProps) {
  const { t } = useTranslation();
  const state = selectAllState(devices, selected);
  const noneUp = !devices.some((device) => device.up);
  const selectAll = {
    content: (
      <Checkbox
        aria-label={t('SELECT_ALL_UP_DEVICES')}
        checked={state === 'all'}
        indeterminate={state === 'some'}
        disabled={disabled || noneUp}
        onChange={() => onChange(toggleSelectAll(devices, selected))}
      />
    ),
    props: { w: 48 },
  };

  return (
    <ScrollTable label={`${t('DEVICES_OF_TYPE')} ${deviceType}`} highlightOnHover verticalSpacing="xs" miw={420} headers={[selectAll, t('IP_ADDRESS'), t('MAC_ADDRESS'), t('STATUS')]}>
      {devices.map((device) => (
        <Table.Tr
          key={device.macAddress}
          data-down={device.up ? undefined : true}
          bg={device.up ? undefined : 'gray.1'}
          aria-disabled={device.up ? undefined : true}
        >
          <Table.Td>
            <Checkbox
              aria-label={`${t('SELECT_DEVICE')} ${device.ipAddress}`}
              checked={selected.has(device.macAddress)}
              disabled={disabled || !device.up}
              onChange={() => onChange(toggleDevice(devices, selected, device.macAddress))}
            />
          </Table.Td>
          <Table.Td>
            <Text size="sm" c={device.up ? undefined : 'gray.7'} ff="monospace">
              {device.ipAddress}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm" c={device.up ? undefined : 'gray.7'} ff="monospace">
              {device.macAddress}
            </Text>
          </Table.Td>
          <Table.Td>
            <Group gap={6} wrap="nowrap">
              <Box aria-hidden w={10} h={10} bg={device.up ? 'green.7' : 'gray.6'} style={{ borderRadius: '50%' }} />
              <Text size="sm">{device.up ? t('DEVICE_UP') : t('DEVICE_DOWN')}</Text>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}
