// The progress of one flash: a bar by stage, whether it is followed live or by the 10 s poll, the log
// (live while the stream runs), and once the node is ready the ssh command with a copy button.
import { Badge, Box, Button, Code, CopyButton, Group, Progress, Stack, Text } from '@mantine/core';
import { FLASH_STAGES, type FlashJobState, type FlashLogEntry, messages } from '@testbed/contract';
import { useState } from 'react';
import { fill } from '../../../shared/fill';
import { formatDateTime } from '../../../shared/time';

export function stageIndex(state: FlashJobState): number {
  const at = (FLASH_STAGES as readonly string[]).indexOf(state);
  return at < 0 ? 0 : at;
}

export function FlashStageBar({ state, failedAt, device }: { state: FlashJobState; failedAt?: FlashJobState; device: string }) {
  const last = FLASH_STAGES.length - 1;
  const ended = state === 'failed' || state === 'cancelled';
  const reached = ended ? stageIndex(failedAt ?? 'pending') : stageIndex(state);
  const value = state === 'done' ? 100 : Math.round(((reached + (ended ? 0 : 0.5)) / last) * 100);
  const label = messages[`FLASH_STAGE_${state}`];
  return (
    <Stack gap={2}>
      <Progress.Root size="md" aria-hidden="true">
        <Progress.Section value={Math.min(value, 100)} color={ended ? 'red' : state === 'done' ? 'green' : 'blue'} animated={state !== 'done' && !ended} />
      </Progress.Root>
      <Text
        size="xs"
        c="dimmed"
        role="progressbar"
        aria-label={fill(messages.FLASH_PROGRESS, { device })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(value, 100)}
        aria-valuetext={label}
        data-testid="flash-stage"
      >
        {label} · {Math.min(reached + 1, last + 1)}/{last + 1}
      </Text>
    </Stack>
  );
}

export function FlashLog({ log }: { log: readonly FlashLogEntry[] }) {
  if (log.length === 0) return <Text size="sm" c="dimmed">{messages.FLASH_LOG_EMPTY}</Text>;
  return (
    <Box
      component="ol"
      aria-label={messages.FLASH_LOG}
      tabIndex={0}
      data-testid="flash-log"
      style={{ listStyle: 'none', margin: 0, padding: 'var(--mantine-spacing-xs)', maxHeight: 260, overflowY: 'auto', fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)', background: 'var(--mantine-color-gray-0)', borderRadius: 'var(--mantine-radius-sm)' }}
    >
      {log.map((entry) => (
        <li key={entry.id}>
          <Text span size="xs" c="dimmed">
            {formatDateTime(entry.at, { seconds: true })}
          </Text>{' '}
          <Text span size="xs" fw={entry.kind === 'stage' ? 700 : undefined} c={entry.kind === 'error' ? 'red.9' : undefined}>
            {entry.kind === 'stage' ? `▸ ${messages[`FLASH_STAGE_${entry.text as FlashJobState}`]}` : entry.text}
          </Text>
        </li>
      ))}
    </Box>
  );
}

export function SshCommand({ command }: { command: string }) {
  return (
    <Group gap="xs" wrap="nowrap" data-testid="ssh-command">
      <Text size="sm" fw={500}>
        {messages.SSH_COMMAND}
      </Text>
      <Code style={{ whiteSpace: 'nowrap' }}>{command}</Code>
      <CopyButton value={command}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant={copied ? 'filled' : 'default'} color={copied ? 'teal' : undefined} onClick={copy} aria-label={`${messages.COPY}: ${command}`}>
            {copied ? messages.COPIED : messages.COPY}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** A toggle that shows the log beneath. */
export function LogToggle({ log }: { log: readonly FlashLogEntry[] }) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap={4}>
      <Button size="compact-xs" variant="subtle" onClick={() => setOpen(!open)} aria-expanded={open} w="fit-content">
        {open ? messages.HIDE_LOG : messages.SHOW_LOG}
      </Button>
      {open && <FlashLog log={log} />}
    </Stack>
  );
}

export function StreamBadge({ stream }: { stream: 'idle' | 'live' | 'lost' }) {
  if (stream === 'idle') return null;
  return (
    <Badge size="xs" variant="filled" color={stream === 'live' ? 'teal.9' : 'gray.7'} data-testid="flash-stream">
      {stream === 'live' ? messages.FLASH_LIVE : messages.FLASH_POLLING}
    </Badge>
  );
}
