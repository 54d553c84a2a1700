// The devices free now, by type, with a way to book each (to the SSH key page for a user without a key).
import { Button, Table, Text } from '@mantine/core';
import { homeMessages } from '@testbed/contract';
import { Link } from 'react-router';
import { HeaderRow, hiddenHeader } from '../../../shared/components/header-row';
import { QueryPlaceholder } from '../../../shared/components/query-placeholder';
import { fill } from '../../../shared/fill';
import { paths } from '../../../shared/paths';
import { useFreeDevices } from '../api/home-api';

/** The devices free now, by type, each type with the booking form opened on it. */
export function FreeDevices({ userId, hasSshKey }: { userId: number; hasSshKey: boolean }) {
  const free = useFreeDevices();
  if (!free.data) return <QueryPlaceholder failure={free.error?.message} />;
  if (free.data.length === 0) return <Text size="sm">{homeMessages.NO_FREE_DEVICE}</Text>;
  return (
    <Table verticalSpacing={4} fz="sm" aria-label={homeMessages.FREE_NOW}>
      <HeaderRow headers={[homeMessages.DEVICE_TYPE, homeMessages.FREE_COUNT, hiddenHeader(homeMessages.ACTIONS)]} />
      <Table.Tbody>
        {free.data.map(({ deviceType, count }) => (
          <Table.Tr key={deviceType} data-device-type={deviceType}>
            <Table.Td>{deviceType}</Table.Td>
            <Table.Td>{count}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>
              <Button
                component={Link}
                to={hasSshKey ? `${paths.bookDevices.href(userId)}?deviceType=${encodeURIComponent(deviceType)}` : paths.noSshKeyValid.href(userId)}
                size="compact-sm"
                variant="light"
                aria-label={fill(homeMessages.BOOK_TYPE_NOW, { type: deviceType })}
              >
                {homeMessages.BOOK}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
