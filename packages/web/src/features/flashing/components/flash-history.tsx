// "My flash history": every flash of the user, newest first, ten at a time, each opening its job page.
import { messages } from '@testbed/contract';
import { Anchor, Badge, Button, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fill } from '../../../shared/fill';
import { Link } from 'react-router';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { paths } from '../../../shared/paths';
import { flashHistoryOptions } from '../api/flashing-api';
import { formatDateTime } from '../../../shared/time';
import { reportFailure } from '../../../shared/report-failure';

// Filled in dark shades: white text on them keeps a contrast of at least 4.5:1.
const COLORS: Record<string, string> = { done: 'teal.9', failed: 'red.9', cancelled: 'orange.9' };

export function FlashHistory() {
  const history = useInfiniteQuery(flashHistoryOptions());
  useEffect(() => {
    if (history.error) reportFailure('flash history could not be loaded', history.error);
  }, [history.error]);
  const jobs = history.data?.pages.flatMap((page) => page.jobs) ?? [];
  if (history.isPending) return null;
  if (jobs.length === 0) return <Text c="dimmed">{messages.NO_FLASH_HISTORY}</Text>;
  return (
    <ScrollTable
      label={messages.MY_FLASH_HISTORY}
      verticalSpacing="xs"
      miw={720}
      data-testid="flash-history"
      headers={[messages.STARTED_AT, messages.DEVICE, messages.IMAGE, messages.FLASH_STATE, messages.FLASH_LOG]}
      after={
        history.hasNextPage && (
          <Button variant="default" size="xs" mt="xs" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
            {messages.LOAD_MORE}
          </Button>
        )
      }
    >
      {jobs.map((job) => (
        <Table.Tr key={job.handle}>
          <Table.Td>{formatDateTime(job.startedAt)}</Table.Td>
          <Table.Td>
            {job.deviceType} <Text span ff="monospace" size="sm">{job.ip}</Text>
          </Table.Td>
          <Table.Td>{job.image}</Table.Td>
          <Table.Td>
            <Badge variant="filled" color={COLORS[job.state] ?? 'blue.9'} styles={{ root: { textTransform: 'none' } }}>
              {messages[`FLASH_STAGE_${job.state}`]}
            </Badge>
          </Table.Td>
          <Table.Td>
            <Anchor component={Link} to={paths.flashJob.href(job.handle)} size="sm" aria-label={`${messages.OPEN_JOB}: ${fill(messages.FLASH_JOB_OF, { device: job.ip, image: job.image })}, ${formatDateTime(job.startedAt)}`}>
              {messages.OPEN_JOB}
            </Anchor>
          </Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}
