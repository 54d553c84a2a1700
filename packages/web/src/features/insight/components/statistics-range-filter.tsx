// The statistics page's range: two days, checked by the contract's rule before the tables are asked for.
import { Button, Group, TextInput } from '@mantine/core';
import { messages, statisticsRangeFormSchema, type StatisticsRangeForm } from '@testbed/contract';
import { useContractForm } from '../../../shared/form';

export function StatisticsRangeFilter({ initial, onApply }: { initial: StatisticsRangeForm; onApply: (range: StatisticsRangeForm) => void }) {
  const form = useContractForm(statisticsRangeFormSchema, initial);
  return (
    <form onSubmit={form.onSubmit(onApply)} aria-label={messages.STATISTICS}>
      <Group align="flex-end" wrap="wrap">
        <TextInput type="date" label={messages.DATE_FROM} {...form.getInputProps('from')} />
        <TextInput type="date" label={messages.DATE_TO} {...form.getInputProps('to')} />
        <Button type="submit">{messages.APPLY}</Button>
      </Group>
    </form>
  );
}
