// deviceHealth (administrators): every device's state, last success, failure streak and quarantine reason,
// with its last flashes; a device is put in quarantine or released with a note (kept in the audit log).
import { Badge, Button, Container, Group, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { deviceHealthNoteSchema, type DeviceHealth, messages } from '@testbed/contract';
import { useState } from 'react';
import { useContractForm } from '../../../shared/form';
import { fill } from '../../../shared/fill';
import { deviceHealthOptions, useQuarantineChange } from '../api/device-health-api';
import { DeviceAddress } from '../../../shared/components/device-address';
import { Dialog } from '../../../shared/components/dialog';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { QueryPlaceholder } from '../../../shared/components/query-placeholder';
import { ErrorAlert } from '../../../shared/components/error-alert';
import { formatDateTime } from '../../../shared/time';

// Filled in dark shades: white text on them keeps a contrast of at least 4.5:1.
const STATE_COLORS = { up: 'teal.9', down: 'gray.7', flashing: 'blue.9', quarantined: 'red.9' } as const;

const formatDate = (iso: string | null, never: string): string => (iso ? formatDateTime(iso) : never);

function NoteDialog({ target, onClose }: { target: { device: DeviceHealth; action: 'quarantine' | 'release' } | null; onClose: () => void }) {
  const change = useQuarantineChange();
  // An edit forgets the last call's failure.
  const form = useContractForm(deviceHealthNoteSchema, { note: '' }, { onValuesChange: () => change.reset() });
  const name = target ? `${target.device.deviceType} ${target.device.ip}` : '';
  const close = () => {
    form.reset();
    change.reset();
    onClose();
  };
  return (
    <Dialog opened={target !== null} onClose={close} title={target ? fill(messages[target.action === 'quarantine' ? 'QUARANTINE_DEVICE' : 'RELEASE_DEVICE'], { device: name }) : ''} centered={false}>
      <form
        onSubmit={form.onSubmit(({ note }) => {
          if (target) change.mutate({ device: target.device.device, action: target.action, note }, { onSuccess: close });
        })}
      >
        <Stack gap="sm">
          <Textarea label={messages.NOTE} description={messages.NOTE_HINT} withAsterisk {...form.getInputProps('note')} maxLength={500} autosize minRows={2} data-autofocus />
          {change.error && <ErrorAlert>{change.error.message}</ErrorAlert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {messages.CANCEL}
            </Button>
            <Button type="submit" color={target?.action === 'quarantine' ? 'red' : undefined} disabled={!form.isValid()} loading={change.isPending}>
              {target?.action === 'quarantine' ? messages.QUARANTINE : messages.RELEASE}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

export function DeviceHealthPage() {
  useDocumentTitle(`${messages.DEVICE_HEALTH} | Testbed Portal`);
  const health = useQuery(deviceHealthOptions);
  const [target, setTarget] = useState<{ device: DeviceHealth; action: 'quarantine' | 'release' } | null>(null);

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <Title order={1}>{messages.DEVICE_HEALTH}</Title>
        {health.isError || !health.data ? (
          <QueryPlaceholder failure={health.isError ? messages.LOADING_FAILED_TEXT : null} />
        ) : (
          <ScrollTable
            label={messages.DEVICE_HEALTH}
            verticalSpacing="xs"
            miw={960}
            headers={[messages.DEVICE, messages.DEVICE_STATE, messages.LAST_SUCCESS, messages.FAILURE_STREAK, messages.QUARANTINE_REASON, messages.LAST_FLASHES, messages.ACTIONS]}
          >
            {health.data.map((device) => (
              <Table.Tr key={device.device} data-device={device.device} data-state={device.state}>
                <Table.Td>
                  <Text size="sm">{device.deviceType}</Text>
                  <DeviceAddress ip={device.ip} mac={device.device} />
                </Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLORS[device.state]} variant="filled" styles={{ root: { textTransform: 'none' } }}>
                    {messages[`DEVICE_STATE_${device.state}`]}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatDate(device.lastSuccessAt, messages.NEVER)}</Table.Td>
                <Table.Td>
                  <Text size="sm" c={device.failureStreak > 0 ? 'red.9' : undefined} fw={device.failureStreak > 0 ? 700 : undefined}>
                    {device.failureStreak}
                  </Text>
                </Table.Td>
                <Table.Td maw={320}>
                  {device.quarantine && (
                    <>
                      <Text size="sm">{device.quarantine.reason}</Text>
                      <Text size="xs" c="dimmed">
                        {formatDate(device.quarantine.since, '')}{' '}
                        {device.quarantine.by ? fill(messages.QUARANTINED_BY, { name: device.quarantine.by }) : messages.QUARANTINED_AUTOMATICALLY}
                      </Text>
                    </>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {device.lastFlashes.map((flash) => (
                      <Badge
                        key={flash.handle}
                        size="xs"
                        variant="filled"
                        color={flash.state === 'done' ? 'teal.9' : flash.state === 'failed' ? 'red.9' : 'blue.9'}
                        title={`${flash.image} · ${formatDate(flash.startedAt, '')}`}
                        styles={{ root: { textTransform: 'none' } }}
                      >
                        {messages[`FLASH_STAGE_${flash.state as 'done'}`]}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {device.state === 'quarantined' ? (
                    <Button size="compact-sm" variant="default" onClick={() => setTarget({ device, action: 'release' })} aria-label={fill(messages.RELEASE_DEVICE, { device: `${device.deviceType} ${device.ip}` })}>
                      {messages.RELEASE}
                    </Button>
                  ) : (
                    <Button size="compact-sm" variant="light" color="red" onClick={() => setTarget({ device, action: 'quarantine' })} aria-label={fill(messages.QUARANTINE_DEVICE, { device: `${device.deviceType} ${device.ip}` })}>
                      {messages.QUARANTINE}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </ScrollTable>
        )}
      </Stack>
      <NoteDialog target={target} onClose={() => setTarget(null)} />
    </Container>
  );
}

export { DeviceHealthPage as Component };
