// An upload's share sent, speed and time left, and where a resumed upload picked up.
import { Progress, Stack, Text } from '@mantine/core';
import { messages } from '@testbed/contract';
import { fill } from '../../../shared/fill';
import { formatBytes, formatSeconds } from '../format';
import type { Progressing } from './use-tus-upload';

export function UploadProgress({ progress, percent, paused, resumedAt }: { progress: Progressing; percent: number; paused: boolean; resumedAt: number | null }) {
  return (
    <Stack gap={4}>
      <Progress value={percent} aria-label={messages.IMAGE_UPLOAD} animated={!paused} />
      <Text size="sm" aria-live="polite">
        {fill(messages.IMAGE_PROGRESS, {
          percent: String(percent),
          speed: formatBytes(progress.speed),
          left: progress.speed > 0 ? formatSeconds((progress.total - progress.sent) / progress.speed) : '…',
        })}
      </Text>
      {resumedAt !== null && resumedAt > 0 && <Text size="sm">{fill(messages.IMAGE_RESUMING, { percent: String(resumedAt) })}</Text>}
    </Stack>
  );
}
