// devices: the device catalogue for everyone signed in. The fleet at a glance (how many devices are up,
// booked, being flashed, down, quarantined, in maintenance; each a filter), then every device with its
// properties from the testbed file, filtered by type, state and properties.
import { Button, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { DEVICE_STATES, propertyValues, type DeviceCatalogueState, messages } from '@testbed/contract';
import { useState } from 'react';
import { PropertyFilter } from '../../../shared/components/property-filter';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { QueryPlaceholder } from '../../../shared/components/query-placeholder';
import { catalogueOptions } from '../api/devices-api';
import { STATE_COLORS, StateBadge } from '../components/state-badge';

export function DevicesPage() {
  useDocumentTitle(`${messages.DEVICES} | Testbed Portal`);
  const [deviceType, setDeviceType] = useState<string | null>(null);
  const [state, setState] = useState<DeviceCatalogueState | null>(null);
  const [property, setProperty] = useState<string[]>([]);
  const catalogue = useQuery(catalogueOptions({ deviceType: deviceType ?? undefined, state: state ?? undefined, property }));
  // The type list comes from the unfiltered fleet, read once.
  const everything = useQuery(catalogueOptions({}));
  const types = [...new Set((everything.data?.devices ?? []).map((device) => device.deviceType))];

  return (
    <Stack gap="lg">
      <Title order={1}>{messages.DEVICES}</Title>
      {catalogue.data && (
        <section aria-labelledby="fleet-title">
          <Title order={2} size="h4" id="fleet-title" mb="xs">
            {messages.FLEET_AT_A_GLANCE}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
            {DEVICE_STATES.map((name) => (
              <Button
                key={name}
                variant={state === name ? 'filled' : 'default'}
                color={STATE_COLORS[name]}
                h="auto"
                py="xs"
                aria-pressed={state === name}
                onClick={() => setState(state === name ? null : name)}
                data-fleet-state={name}
              >
                <Stack gap={0} align="center">
                  <Text fz="xl" fw={700} lh={1.2}>
                    {catalogue.data.fleet[name]}
                  </Text>
                  <Text fz="sm">{messages[`FLEET_${name}`]}</Text>
                </Stack>
              </Button>
            ))}
          </SimpleGrid>
        </section>
      )}
      <Group align="flex-end" wrap="wrap">
        <Select label={messages.DEVICE_TYPE} data={types} value={deviceType} onChange={setDeviceType} clearable w="16rem" />
        <Select
          label={messages.DEVICE_STATE}
          data={DEVICE_STATES.map((name) => ({ value: name, label: messages[`FLEET_${name}`] }))}
          value={state}
          onChange={(value) => setState(value as DeviceCatalogueState | null)}
          clearable
          w="12rem"
        />
        {everything.data && <PropertyFilter facets={everything.data.facets} value={property} onChange={setProperty} />}
      </Group>
      {/* The states of a loaded list, as on the audit log; only the sentence and the table are the page's own. */}
      {catalogue.isError || !catalogue.data ? (
        <QueryPlaceholder failure={catalogue.error?.message} />
      ) : catalogue.data.devices.length === 0 ? (
        <Text>{messages.NO_DEVICE_MATCHES}</Text>
      ) : (
        <ScrollTable
          label={messages.DEVICES}
          verticalSpacing="xs"
          miw={820}
          headers={[messages.DEVICE_TYPE, messages.IP_ADDRESS, messages.MAC_ADDRESS, messages.DEVICE_STATE, messages.PROPERTIES]}
        >
          {catalogue.data.devices.map((device) => (
            <Table.Tr key={device.macAddress} data-device={device.macAddress} data-state={device.state}>
              <Table.Td>{device.deviceType}</Table.Td>
              <Table.Td ff="monospace">{device.ipAddress}</Table.Td>
              <Table.Td ff="monospace" fz="sm">
                {device.macAddress}
              </Table.Td>
              <Table.Td>
                <StateBadge state={device.state} />
                {device.stateReason && (
                  <Text size="xs" c="dimmed" mt={2}>
                    {device.stateReason}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {Object.entries(device.properties)
                    .map(([key, value]) => `${key}: ${propertyValues(value).join(', ')}`)
                    .join(' · ')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      )}
    </Stack>
  );
}

export { DevicesPage as Component };
