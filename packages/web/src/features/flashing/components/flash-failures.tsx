// Why a flash did not start: the request's refusal, or each device a batch could not start with its reason.
import { Alert, Text } from '@mantine/core';
import { messages } from '@testbed/contract';
import { fill } from '../../../shared/fill';

export function FlashFailures({ error, refused }: { error: string | null; refused: ReadonlyArray<{ device: string; error: string | null }> }) {
  return (
    <>
      {error && (
        <Alert color="red" variant="light" title={messages.FLASH_FAILED_TO_START} role="alert">
          {error}
        </Alert>
      )}
      {refused.length > 0 && (
        <Alert color="orange" variant="light" title={messages.FLASH_FAILED_TO_START} role="alert">
          {refused.map((job) => (
            <Text key={job.device} size="sm">
              {fill(messages.FLASH_BATCH_REFUSED, { device: job.device, reason: job.error ?? '' })}
            </Text>
          ))}
        </Alert>
      )}
    </>
  );
}
