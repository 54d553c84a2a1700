// flashJob/{handle}: one flash job with its kept log; while it runs, its stage and log follow live.
import { messages } from '@testbed/contract';
import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fill } from '../../../shared/fill';
import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session';
import { flashJobKey, flashJobOptions } from '../api/flashing-api';
import { useFlashProgress } from '../api/use-flash-progress';
import { FlashLog, FlashStageBar, SshCommand, StreamBadge } from '../components/flash-progress';
import { formatDateTime } from '../../../shared/time';
import { isActive, type JobView } from '../flash-state';
import { QueryPlaceholder } from '../../../shared/components/query-placeholder';
import { ErrorAlert } from '../../../shared/components/error-alert';

export function FlashJobPage() {
  useDocumentTitle(`${messages.FLASH_JOB} | Testbed Portal`);
  const { handle = '' } = useParams();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const job = useQuery(flashJobOptions(handle));
  const running = job.data ? isActive(job.data.state) : false;
  const progress = useFlashProgress(handle, running);
  const state = (running && progress.state) || job.data?.state;
  const log = running && progress.log.length > 0 ? progress.log : (job.data?.log ?? []);

  // Once the stream says the job ended, the job is read again (finish time, ssh command).
  useEffect(() => {
    if (running && state && !isActive(state)) void queryClient.invalidateQueries({ queryKey: flashJobKey(handle) });
  }, [running, state, handle, queryClient]);

  const failedAt = [...log].reverse().find((entry) => entry.kind === 'stage' && entry.text !== 'failed' && entry.text !== 'cancelled')?.text as JobView['state'] | undefined;
  return (
    <Container size="lg" px={0}>
      <Stack gap="md">
        {user && (
          <Anchor component={Link} to={paths.flashNodes.href(user.userId)} size="sm">
            ← {messages.BACK_TO_FLASHING}
          </Anchor>
        )}
        <Title order={1}>{job.data ? fill(messages.FLASH_JOB_OF, { device: `${job.data.deviceType} ${job.data.ip}`, image: job.data.image }) : messages.FLASH_JOB}</Title>
        {job.isError || !job.data || !state ? (
          <QueryPlaceholder failure={job.error?.message} />
        ) : (
          <>
            <Group gap="lg">
              <Text size="sm">
                {messages.STARTED_AT}: {formatDateTime(job.data.startedAt, { seconds: true })}
              </Text>
              {job.data.finishedAt && (
                <Text size="sm">
                  {messages.FINISHED_AT}: {formatDateTime(job.data.finishedAt, { seconds: true })}
                </Text>
              )}
              <Text size="sm" ff="monospace">
                {job.data.device}
              </Text>
              <StreamBadge stream={running ? progress.stream : 'idle'} />
            </Group>
            <FlashStageBar state={state} failedAt={failedAt} device={job.data.ip} />
            {job.data.error && <ErrorAlert>{job.data.error}</ErrorAlert>}
            {state === 'done' && job.data.sshCommand && <SshCommand command={job.data.sshCommand} />}
            <Title order={2} size="h3">
              {messages.FLASH_LOG}
            </Title>
            <FlashLog log={log} />
          </>
        )}
      </Stack>
    </Container>
  );
}

export { FlashJobPage as Component };
