// experiments/{id}: an experiment with its state and each device's, followed through its stream until it is over; links
// to its reservation and its flash jobs; stop, run again, export as JSON.
import { Anchor, Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { experimentMessages as experimentMessagesEn, FINISHED_EXPERIMENT_STATES } from '@testbed/contract';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session';
import { formatDateTime } from '../../../shared/time';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { QueryPlaceholder } from '../../../shared/components/query-placeholder';
import { ErrorAlert } from '../../../shared/components/error-alert';
import { experimentOptions, exportExperiment, useRunAgain, useStopExperiment } from '../api/experiments-api';
import { useExperimentStream } from '../api/use-experiment-stream';
import { deviceStateText, experimentStateText } from './experiment-texts';

const texts = experimentMessagesEn;

/** Saves the export as a file named after the experiment. */
async function download(id: number, name: string) {
  const document = await exportExperiment(id);
  const url = URL.createObjectURL(new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' }));
  const link = Object.assign(window.document.createElement('a'), { href: url, download: `experiment-${id}-${name.replace(/[^\w.-]+/g, '_')}.json` });
  link.click();
  URL.revokeObjectURL(url);
}

export function ExperimentPage() {
  const id = Number(useParams().id);
  const { user } = useSession();
  const navigate = useNavigate();
  const experiment = useQuery(experimentOptions(id));
  useExperimentStream(id, experiment.data);
  const stop = useStopExperiment();
  const again = useRunAgain();
  const { confirm, dialog } = useConfirmModal();
  useDocumentTitle(`${experiment.data ? texts.EXPERIMENT.replace('{{name}}', experiment.data.name) : texts.EXPERIMENTS} | Testbed Portal`);
  if (!experiment.data) return <QueryPlaceholder failure={experiment.error?.message} />;
  const data = experiment.data;
  const over = FINISHED_EXPERIMENT_STATES.includes(data.state);

  const onStop = async () => {
    const ok = await confirm({ title: texts.STOP, message: texts.STOP_CONFIRM.replace('{{name}}', data.name), confirmLabel: texts.STOP, danger: true });
    if (ok) stop.mutate(id);
  };
  const onRunAgain = () => again.mutate(id, { onSuccess: (next) => void navigate(paths.experiment.href(next.id)) });

  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.experiments.href()} size="sm">
        ← {texts.EXPERIMENTS}
      </Anchor>
      <Group justify="space-between">
        <Title order={1}>{texts.EXPERIMENT.replace('{{name}}', data.name)}</Title>
        {/* Dark shades, like the catalogue's state badges: white text on them keeps a contrast of at least 4.5:1. */}
        <Badge
          size="lg"
          color={data.state === 'failed' ? 'red.9' : data.state === 'ready' || data.state === 'running' ? 'teal.9' : 'blue.9'}
          styles={{ root: { textTransform: 'none' } }}
          data-testid="experiment-state"
        >
          {experimentStateText(data.state)}
        </Badge>
      </Group>
      <Group gap="lg">
        <Text size="sm">
          {texts.START}: {formatDateTime(data.start)}
        </Text>
        <Text size="sm">
          {texts.ENDS}: {formatDateTime(data.end)}
        </Text>
        {data.reservationId !== null && user && (
          <Anchor component={Link} to={paths.reservations.href(user.userId)} size="sm">
            {texts.RESERVATION.replace('{{id}}', String(data.reservationId))}
          </Anchor>
        )}
      </Group>
      {data.error && <ErrorAlert>{data.error}</ErrorAlert>}
      {(stop.error ?? again.error) && <ErrorAlert>{(stop.error ?? again.error)!.message}</ErrorAlert>}
      <ScrollTable label={texts.DEVICES_TABLE} headers={[texts.DEVICE, texts.DEVICE_TYPE, texts.IMAGE, texts.STATE, texts.SSH, texts.FLASH_JOB]}>
        {data.devices.map((device) => (
          <Table.Tr key={device.macAddress}>
            <Table.Td ff="monospace">
              {device.macAddress} ({device.ipAddress})
            </Table.Td>
            <Table.Td>{device.deviceType}</Table.Td>
            <Table.Td>{device.image}</Table.Td>
            <Table.Td title={device.error ?? undefined}>{deviceStateText(device.state)}</Table.Td>
            <Table.Td>{device.sshCommand && <Code>{device.sshCommand}</Code>}</Table.Td>
            <Table.Td>
              <Group gap="xs">
                {device.flashJob && (
                  <Anchor component={Link} to={paths.flashJob.href(device.flashJob)} size="sm">
                    {texts.FLASH_JOB}
                  </Anchor>
                )}
                {device.cleanJob && (
                  <Anchor component={Link} to={paths.flashJob.href(device.cleanJob)} size="sm">
                    {texts.DEVICE_CLEANING}
                  </Anchor>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </ScrollTable>
      {data.description.notes ? <Text style={{ whiteSpace: 'pre-wrap' }}>{String(data.description.notes)}</Text> : null}
      <Group>
        {!over && (
          <Button color="red" onClick={() => void onStop()} loading={stop.isPending} disabled={data.stopRequested || data.state === 'ending'}>
            {texts.STOP}
          </Button>
        )}
        <Button variant="default" onClick={onRunAgain} loading={again.isPending}>
          {texts.RUN_AGAIN}
        </Button>
        <Button variant="default" onClick={() => void download(id, data.name)}>
          {texts.EXPORT}
        </Button>
      </Group>
      {dialog}
    </Stack>
  );
}

export { ExperimentPage as Component };
