// The user's flash jobs with their state text. A running job's status is asked every 10 seconds; the
// state cell is a live region so that a screen reader hears each new state.
import { Badge, Box, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FlashJob } from '@testbed/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { checkFlashingOptions } from '../api/flashing-api';
import { isActive, stateText, type JobView } from '../flash-state';

/** 'yyyy-MM-dd HH:mm' in the browser's zone, as the spec writes dates. */
function formatDate(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const COLORS = { running: 'blue', done: 'green', failed: 'red' } as const;

function JobRow({ job, onEnded }: { job: FlashJob; onEnded: (handle: string) => void }) {
  const check = useQuery(checkFlashingOptions(job.handle, isActive(job.state)));
  const view: JobView = check.data
    ? { state: check.data.state, statusLine: check.data.value1 || null, error: check.data.error }
    : { state: job.state, statusLine: job.statusLine, error: job.error };
  const active = isActive(view.state);
  useEffect(() => {
    if (isActive(job.state) && !active) onEnded(job.handle);
  }, [active, job.state, job.handle, onEnded]);
  useEffect(() => {
    if (check.error) console.error('flash status could not be read', check.error);
  }, [check.error]);

  const tone = active ? 'running' : view.state === 'done' ? 'done' : 'failed';
  return (
    <Table.Tr data-handle={job.handle} data-state={view.state}>
      <Table.Td>{job.deviceType}</Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {job.ip}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {job.device}
        </Text>
      </Table.Td>
      <Table.Td>{job.image}</Table.Td>
      <Table.Td>{formatDate(job.startedAt)}</Table.Td>
      <Table.Td>
        <Box aria-live="polite" aria-atomic="true">
          <Badge color={COLORS[tone]} variant="light" radius="sm" mr="xs" aria-hidden="true" styles={{ root: { textTransform: 'none' } }}>
            {tone === 'running' ? '…' : tone === 'done' ? '✓' : '✗'}
          </Badge>
          <Text span size="sm" c={tone === 'failed' ? 'red.9' : undefined} data-testid="flash-state">
            {stateText(view)}
          </Text>
        </Box>
      </Table.Td>
    </Table.Tr>
  );
}

export function FlashJobsTable({ jobs, onEnded }: { jobs: readonly FlashJob[]; onEnded: (handle: string) => void }) {
  const { t } = useTranslation();
  if (jobs.length === 0) return <Text c="dimmed">{t('NO_FLASH_JOB')}</Text>;
  return (
    <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('FLASH_JOBS')}>
      <Table striped withTableBorder verticalSpacing="xs" miw={720} aria-label={t('FLASH_JOBS')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('DEVICE_TYPE')}</Table.Th>
            <Table.Th>{t('DEVICE')}</Table.Th>
            <Table.Th>{t('IMAGE')}</Table.Th>
            <Table.Th>{t('STARTED_AT')}</Table.Th>
            <Table.Th>{t('FLASH_STATE')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => (
            <JobRow key={job.handle} job={job} onEnded={onEnded} />
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
