// A device as the tables show it: its IP address, and its MAC address dimmed below, both in monospace.
import { Text } from '@mantine/core';

export function DeviceAddress({ ip, mac }: { ip: string; mac: string }) {
  return (
    <>
      <Text size="sm" ff="monospace">
        {ip}
      </Text>
      <Text size="xs" c="dimmed" ff="monospace">
        {mac}
      </Text>
    </>
  );
}
