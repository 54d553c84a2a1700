// A date field that is chosen, never typed: a button showing the
// date opens a calendar of three months with week numbers, no day before `minDate`, and a footer with
// Today and Close.
import { messages } from '@testbed/contract';
import { Button, Group, InputBase, Popover, Stack } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useDatePickerLabels } from '../../../shared/components/date-picker-labels';
import classes from './calendar-field.module.css';

export interface CalendarFieldProps {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  /** 'YYYY-MM-DD'; earlier days are disabled. */
  minDate: string;
  /** 'YYYY-MM-DD' of today in the browser's zone. */
  today: string;
  required?: boolean;
  error?: string;
  disabled?: boolean;
}

export function CalendarField({ label, value, onChange, minDate, today, required, error, disabled }: CalendarFieldProps) {
  const datePickerLabels = useDatePickerLabels();
  const [opened, { close, toggle }] = useDisclosure(false);
  // Three months side by side need a wide screen; a phone shows one.
  const wide = useMediaQuery('(min-width: 62em)', true);

  const pick = (date: string | null) => {
    onChange(date);
    close();
  };

  return (
    <Popover opened={opened} onChange={(open) => !open && close()} position="bottom-start" shadow="md" trapFocus returnFocus withinPortal>
      <Popover.Target>
        <InputBase
          component="button"
          type="button"
          label={label}
          withAsterisk={required}
          error={error}
          disabled={disabled}
          pointer
          onClick={toggle}
          aria-haspopup="dialog"
          aria-expanded={opened}
        >
          {value ?? messages.PICK_A_DATE}
        </InputBase>
      </Popover.Target>
      <Popover.Dropdown aria-label={label} role="dialog">
        <Stack gap="xs">
          <DatePicker
            value={value}
            onChange={pick}
            numberOfColumns={wide ? 3 : 1}
            withWeekNumbers
            minDate={minDate}
            defaultDate={value ?? minDate}
            firstDayOfWeek={1}
            highlightToday
            classNames={{ day: classes.day }}
            ariaLabels={datePickerLabels}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={() => pick(today < minDate ? minDate : today)}>
              {messages.TODAY}
            </Button>
            <Button variant="default" size="xs" onClick={close}>
              {messages.CLOSE}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
