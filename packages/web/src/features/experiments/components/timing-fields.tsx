// When and how long: the duration, the start (now, the earliest slot in which every group is free, or a time)
// and the time when one is asked.
import { Group, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { experimentMessages as texts, type ExperimentDescription } from '@testbed/contract';
import type { ContractForm } from '../../../shared/form';
import { FORM_DATE_PLACEHOLDER } from '../../../shared/time';
import type { ExperimentValues } from '../experiment-values';

export function TimingFields({ form }: { form: ContractForm<ExperimentValues, ExperimentDescription> }) {
  const { start } = form.getValues();
  return (
    <Group align="flex-end" wrap="wrap">
      <NumberInput label={texts.DURATION_MINUTES} {...form.getInputProps('durationMinutes')} min={1} required w="12rem" />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="experiment-start">
          {texts.START}
        </Text>
        <SegmentedControl
          aria-labelledby="experiment-start"
          value={start}
          onChange={(value) => form.setFieldValue('start', value as ExperimentValues['start'])}
          data={[
            { value: 'now', label: texts.START_NOW },
            { value: 'earliest', label: texts.START_EARLIEST },
            { value: 'at', label: texts.START_AT },
          ]}
        />
      </Stack>
      {start === 'at' && <TextInput label={texts.START_TIME} placeholder={FORM_DATE_PLACEHOLDER} {...form.getInputProps('startAt')} w="12rem" />}
    </Group>
  );
}
