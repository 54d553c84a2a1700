// The booking form's times: start (or "Start now"), duration and end, linked so that changing one moves
// another (booking-times.ts), in the zone of the profile; with the messages of a start before now and of an
// end before the start.
import { messages } from '@testbed/contract';
import { Box, Fieldset, Group, Paper, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import type { MouseEvent } from 'react';
import { fill } from '../../../shared/fill';
import { zoneLabel } from '../../../shared/time';
import { minimumStartHour, toDateString } from '../booking-times';
import { CalendarField } from './calendar-field';
import type { BookingFormState } from './use-booking-form';

/**
 * Clicking an hour or minute field that already has the focus would collapse its selection into a caret,
 * so the digits typed next land beside the old ones; keeping the selection makes typing replace the value.
 */
const keepSelection = { onMouseUp: (event: MouseEvent<HTMLInputElement>) => event.preventDefault() };

const legendStyles = { legend: { fontWeight: 700, marginBottom: 'var(--mantine-spacing-xs)' } };

/** The two numbers of the duration. */
const DURATION_FIELDS = [
  { field: 'durationHour', label: 'DURATION_HOURS', maxLength: 5 },
  { field: 'durationMinute', label: 'DURATION_MINUTES', maxLength: 2 },
] as const;

/** The hour of the start or of the end: 24 h, its two inputs named after it for screen readers. */
function HourField({ label, value, onChange, min, disabled, testId }: { label: string; value: string; onChange: (hour: string) => void; min?: string; disabled: boolean; testId: string }) {
  return (
    <TimePicker
      label={label}
      value={value}
      onChange={onChange}
      min={min}
      format="24h"
      withAsterisk
      hoursInputLabel={`${label}: ${messages.HOURS}`}
      minutesInputLabel={`${label}: ${messages.MINUTES}`}
      hoursInputProps={keepSelection}
      minutesInputProps={keepSelection}
      disabled={disabled}
      data-testid={testId}
    />
  );
}

export function BookingTimesFields({ state }: { state: BookingFormState }) {
  const { values, problems, pending, now, setTime } = state;
  const today = toDateString(now);
  const endDateMin = values.times.startDate && values.times.startDate > today ? values.times.startDate : today;
  const timeProblems = [problems.start, problems.end].filter(Boolean);
  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <Fieldset legend={messages.START} variant="unstyled" styles={legendStyles}>
          <Stack gap="xs">
            <Switch
              label={messages.START_NOW}
              description={messages.START_NOW_HINT}
              checked={values.startNow}
              onChange={(event) => state.setStartNow(event.currentTarget.checked)}
              disabled={pending}
            />
            <CalendarField
              label={messages.START_DATE}
              value={values.times.startDate}
              onChange={(date) => setTime('startDate', date)}
              minDate={today}
              today={today}
              required
              disabled={pending || values.startNow}
            />
            <HourField
              label={messages.START_HOUR}
              value={values.times.startHour}
              onChange={(hour) => setTime('startHour', hour)}
              min={`${minimumStartHour(values.times.startDate, now)}:00`}
              disabled={pending || values.startNow}
              testId="start-hour"
            />
          </Stack>
        </Fieldset>
        <Fieldset legend={messages.DURATION} variant="unstyled" styles={legendStyles}>
          <Group grow align="flex-start" gap="xs">
            {DURATION_FIELDS.map(({ field, label, maxLength }) => (
              <TextInput
                key={field}
                label={messages[label]}
                withAsterisk
                inputMode="numeric"
                value={values.times[field]}
                onChange={(event) => setTime(field, event.currentTarget.value)}
                error={problems[`times.${field}`]}
                maxLength={maxLength}
                disabled={pending}
              />
            ))}
          </Group>
        </Fieldset>
        <Fieldset legend={messages.END} variant="unstyled" styles={legendStyles}>
          <Stack gap="xs">
            {/* Written out like the start's: the end has its own limits and is not held by "Start now". */}
            <CalendarField
              label={messages.END_DATE}
              value={values.times.endDate}
              onChange={(date) => setTime('endDate', date)}
              minDate={endDateMin}
              today={today}
              required
              disabled={pending}
            />
            <HourField label={messages.END_HOUR} value={values.times.endHour} onChange={(hour) => setTime('endHour', hour)} disabled={pending} testId="end-hour" />
          </Stack>
        </Fieldset>
      </SimpleGrid>
      <Text size="xs" c="gray.7" mt="xs" data-testid="booking-time-zone">
        {fill(messages.TIMES_IN_ZONE, { zone: zoneLabel(Date.now(), state.timeZone) })}
      </Text>
      <Box aria-live="polite" mt={timeProblems.length > 0 ? 'sm' : 0}>
        {timeProblems.map((message) => (
          <Text key={String(message)} c="red.9" size="sm" fw={500}>
            {message}
          </Text>
        ))}
      </Box>
    </Paper>
  );
}
