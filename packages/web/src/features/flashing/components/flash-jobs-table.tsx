// The user's flash jobs with their state text, a progress bar by stage and the live log. A running job is
// followed by its progress stream; when the stream is lost its status is asked every 10 seconds (spec). The
// state text is a live region so that a screen reader hears each new state. A ready node shows its ssh command.
import { messages } from '@testbed/contract';
import { Anchor, Badge, Box, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FlashJob } from '@testbed/contract';
import { useEffect } from 'react';
import { fill } from '../../../shared/fill';
import { Link } from 'react-router';
import { DeviceAddress } from '../../../shared/components/device-address';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { paths } from '../../../shared/paths';
import { checkFlashingOptions } from '../api/flashing-api';
import { useFlashProgress } from '../api/use-flash-progress';
import { formatDateTime as formatDate } from '../../../shared/time';
import { isActive, stateText, type JobView } from '../flash-state';
import { FlashStageBar, LogToggle, SshCommand, StreamBadge } from './flash-progress';
import { reportFailure } from '../../../shared/report-failure';

const COLORS = { running: 'blue', done: 'green', failed: 'red' } as const;

function JobRow({ job, onEnded }: { job: FlashJob; onEnded: (handle: string) => void }) {
  const progress = useFlashProgress(job.handle, isActive(job.state));
  // The 10 s poll runs only while the stream is lost.
  const check = useQuery(checkFlashingOptions(job.handle, isActive(job.state) && progress.stream === 'lost'));
  const lastLine = [...progress.log].reverse().find((entry) => entry.kind === 'line')?.text ?? null;
  const lastError = [...progress.log].reverse().find((entry) => entry.kind === 'error')?.text ?? null;
  const view: JobView =
    progress.stream !== 'lost' && progress.state
      ? { state: progress.state, statusLine: lastLine ?? job.statusLine, error: progress.state === 'failed' || progress.state === 'cancelled' ? lastError : null }
      : check.data
        ? { state: check.data.state, statusLine: check.data.value1 || null, error: check.data.error }
        : { state: job.state, statusLine: job.statusLine, error: job.error };
  const failedAt = [...progress.log].reverse().find((entry) => entry.kind === 'stage' && entry.text !== 'failed' && entry.text !== 'cancelled')?.text as JobView['state'] | undefined;
  const active = isActive(view.state);
  useEffect(() => {
    if (isActive(job.state) && !active) onEnded(job.handle);
  }, [active, job.state, job.handle, onEnded]);
  useEffect(() => {
    if (check.error) reportFailure('flash status could not be read', check.error);
  }, [check.error]);

  const tone = active ? 'running' : view.state === 'done' ? 'done' : 'failed';
  return (
    <Table.Tr data-handle={job.handle} data-state={view.state}>
      <Table.Td>{job.deviceType}</Table.Td>
      <Table.Td>
        <DeviceAddress ip={job.ip} mac={job.device} />
      </Table.Td>
      <Table.Td>{job.image}</Table.Td>
      <Table.Td>{formatDate(job.startedAt)}</Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <Box aria-live="polite" aria-atomic="true">
            <Badge color={COLORS[tone]} variant="light" radius="sm" mr="xs" aria-hidden="true" styles={{ root: { textTransform: 'none' } }}>
              {tone === 'running' ? '…' : tone === 'done' ? '✓' : '✗'}
            </Badge>
            <Text span size="sm" c={tone === 'failed' ? 'red.9' : undefined} data-testid="flash-state">
              {stateText(view)}
            </Text>
          </Box>
          {(active || progress.log.length > 0) && (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Box style={{ flex: 1 }}>
                <FlashStageBar state={view.state} failedAt={failedAt} device={job.ip} />
              </Box>
              <StreamBadge stream={active ? progress.stream : 'idle'} />
            </Group>
          )}
          {progress.log.length > 0 && <LogToggle log={progress.log} />}
          {view.state === 'done' && job.sshCommand && <SshCommand command={job.sshCommand} />}
          <Anchor component={Link} to={paths.flashJob.href(job.handle)} size="xs" aria-label={`${messages.OPEN_JOB}: ${fill(messages.FLASH_JOB_OF, { device: job.ip, image: job.image })}`}>
            {messages.OPEN_JOB}
          </Anchor>
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

export function FlashJobsTable({ jobs, onEnded }: { jobs: readonly FlashJob[]; onEnded: (handle: string) => void }) {
  if (jobs.length === 0) return <Text c="dimmed">{messages.NO_FLASH_JOB}</Text>;
  return (
    <ScrollTable label={messages.FLASH_JOBS} verticalSpacing="xs" miw={720} headers={[messages.DEVICE_TYPE, messages.DEVICE, messages.IMAGE, messages.STARTED_AT, messages.FLASH_STATE]}>
      {jobs.map((job) => (
        <JobRow key={job.handle} job={job} onEnded={onEnded} />
      ))}
    </ScrollTable>
  );
}
