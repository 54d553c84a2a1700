// The day picker of the validate-accounts screen with its calendar options (docs/web-app.md): 1, 2, 3 or 6 months
// shown (2 by default), week numbers, month and year chosen from select boxes, days of the neighbouring
// months visible.
import { Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import '@mantine/dates/styles.css';
import { DatePicker } from '@mantine/dates';
import { accountValidationMessages as text } from '@testbed/contract';
import { useId } from 'react';
import { useDatePickerLabels } from '../../../shared/components/date-picker-labels';
import { toDateString, zoneLabel } from '../../../shared/time';
import { fill, monthStart } from './format';
import classes from './validation-date-picker.module.css';

export const MONTH_CHOICES = ['1', '2', '3', '6'] as const;
const MONTH_NAMES = Array.from({ length: 12 }, (_, month) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long' }).format(new Date(2026, month, 1)),
);
/** Accounts are searched in the past; twenty years back is more than a testbed's life. */
const YEARS_BACK = 20;

export interface ValidationDatePickerProps {
  value: string | null;
  onChange: (value: string) => void;
  /** The first month shown, 'YYYY-MM-DD'. */
  displayed: string;
  onDisplayedChange: (value: string) => void;
  months: (typeof MONTH_CHOICES)[number];
  onMonthsChange: (value: (typeof MONTH_CHOICES)[number]) => void;
}

export function ValidationDatePicker({ value, onChange, displayed, onDisplayedChange, months, onMonthsChange }: ValidationDatePickerProps) {
  const ariaLabels = useDatePickerLabels();
  const labelId = useId();
  const [year, month] = displayed.split('-').map(Number) as [number, number];
  const thisYear = Number(toDateString(new Date()).slice(0, 4));
  const years = Array.from({ length: YEARS_BACK + 2 }, (_, i) => String(thisYear + 1 - i));
  const show = (nextYear: number, nextMonth: number) => onDisplayedChange(monthStart(nextYear, nextMonth));

  return (
    <Stack gap="sm" role="group" aria-labelledby={labelId}>
      <Text id={labelId} fw={500} size="sm">
        {text.LAST_VALIDATED_BEFORE}
      </Text>
      <Group gap="sm" align="flex-end">
        <NativeSelect
          label={text.MONTH}
          data={MONTH_NAMES.map((name, index) => ({ value: String(index + 1), label: name }))}
          value={String(month)}
          onChange={(event) => show(year, Number(event.currentTarget.value))}
        />
        <NativeSelect
          label={text.YEAR}
          data={years}
          value={String(year)}
          onChange={(event) => show(Number(event.currentTarget.value), month)}
        />
        <NativeSelect
          label={text.MONTHS_SHOWN}
          data={[...MONTH_CHOICES]}
          value={months}
          onChange={(event) => onMonthsChange(event.currentTarget.value as (typeof MONTH_CHOICES)[number])}
        />
      </Group>
      <SimpleGrid cols={1}>
        <DatePicker
          value={value}
          onChange={(day) => day && onChange(day)}
          date={displayed}
          onDateChange={onDisplayedChange}
          numberOfColumns={Number(months)}
          withWeekNumbers
          // With several months shown, a day stands once: the next month's dimmed copy of a chosen day would be
          // selected too, in colours too faint to read.
          hideOutsideDates={Number(months) > 1}
          firstDayOfWeek={1}
          highlightToday
          classNames={{ day: classes.day }}
          styles={{ levelsGroup: { flexWrap: 'wrap', rowGap: 'var(--mantine-spacing-md)' } }}
          ariaLabels={ariaLabels}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed" data-testid="validation-zone">
        {fill(text.DAYS_IN_ZONE, { zone: zoneLabel() })}
      </Text>
    </Stack>
  );
}
