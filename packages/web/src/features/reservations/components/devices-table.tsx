// The devices of the chosen type: a checkbox per device, select-all for the devices that are up, IP and
// MAC address; a device that is down cannot be checked and is greyed.
import { messages } from '@testbed/contract';
import { Checkbox, Table } from '@mantine/core';
import { memo, useDeferredValue } from 'react';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { selectAllState, toggleDevice, toggleSelectAll } from '../devices';
import type { DeviceRow } from '../timeline-model';
import classes from './devices-table.module.css';

export interface DevicesTableProps {
  deviceType: string;
  devices: readonly DeviceRow[];
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
  disabled?: boolean;
}

/** The height of a row, in pixels, near enough for the space the table holds before it is laid out. */
const ROW_HEIGHT_ESTIMATE = 44;

const NO_DEVICES: readonly DeviceRow[] = [];

// Memoised: the booking form re-renders as the user types, and a type's hundreds of rows need not follow.
export const DevicesTable = memo(function DevicesTable({ deviceType, devices, selected, onChange, disabled }: DevicesTableProps) {
  const state = selectAllState(devices, selected);
  const noneUp = !devices.some((device) => device.up);
  // The rows come in a render of their own, after the form has shown: the table is below the fold as the
  // form first shows, and a type's hundreds of rows made the task that shows the form twice as long.
  const rows = useDeferredValue(devices, NO_DEVICES);
  const selectAll = {
    content: (
      <Checkbox
        aria-label={messages.SELECT_ALL_UP_DEVICES}
        checked={state === 'all'}
        indeterminate={state === 'some'}
        disabled={disabled || noneUp}
        onChange={() => onChange(toggleSelectAll(devices, selected))}
      />
    ),
    props: { w: 48 },
  };

  return (
    // Below the fold as the form first shows: the browser lays the rows out when they come near the screen,
    // rather than in the frame that shows the form, where a type's hundreds of rows made a long task. Until
    // then the table holds the height its rows are expected to take.
    <div className={classes.table} style={{ containIntrinsicSize: `auto ${(devices.length + 1) * ROW_HEIGHT_ESTIMATE}px` }}>
      <ScrollTable label={`${messages.DEVICES_OF_TYPE} ${deviceType}`} highlightOnHover verticalSpacing="xs" miw={420} headers={[selectAll, messages.IP_ADDRESS, messages.MAC_ADDRESS, messages.STATUS]}>
        {rows.map((device) => (
          <Table.Tr
            key={device.macAddress}
            data-down={device.up ? undefined : true}
            bg={device.up ? undefined : 'gray.1'}
            aria-disabled={device.up ? undefined : true}
          >
            <Table.Td>
              {/* The browser's own checkbox: one element per row where Mantine's draws six, with its hooks. */}
              <input
                type="checkbox"
                className={classes.check}
                aria-label={`${messages.SELECT_DEVICE} ${device.ipAddress}`}
                checked={selected.has(device.macAddress)}
                disabled={disabled || !device.up}
                onChange={() => onChange(toggleDevice(devices, selected, device.macAddress))}
              />
            </Table.Td>
            <Table.Td className={classes.address}>{device.ipAddress}</Table.Td>
            <Table.Td className={classes.address}>{device.macAddress}</Table.Td>
            <Table.Td>
              <span className={classes.status}>
                <span aria-hidden className={classes.dot} />
                {device.up ? messages.DEVICE_UP : messages.DEVICE_DOWN}
              </span>
            </Table.Td>
          </Table.Tr>
        ))}
      </ScrollTable>
    </div>
  );
});
