// The names that screen readers read for the controls of Mantine's calendars (its defaults are empty).
import { messages } from '@testbed/contract';

export function useDatePickerLabels() {
  return {
    previousMonth: messages.PREVIOUS_MONTH,
    nextMonth: messages.NEXT_MONTH,
    monthLevelControl: messages.CHANGE_LEVEL,
    yearLevelControl: messages.CHANGE_LEVEL,
    previousYear: messages.PREVIOUS_YEAR,
    nextYear: messages.NEXT_YEAR,
    previousDecade: messages.PREVIOUS_DECADE,
    nextDecade: messages.NEXT_DECADE,
  };
}
