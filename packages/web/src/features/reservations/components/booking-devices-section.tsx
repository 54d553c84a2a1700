// The booking form's device part: the device type, its usage policy, the search for the earliest free slot,
// the type's timeline (a press on a free time picks the start) and its devices to check.
import { messages } from '@testbed/contract';
import { Box, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import type { ReservationType } from '@testbed/contract';
import { useMemo } from 'react';
import { fill } from '../../../shared/fill';
import { toDateString, toInstant } from '../booking-times';
import { timelineWindow } from '../timeline-model';
import { DevicesTable } from './devices-table';
import { TypeTimeline } from './type-timeline';
import type { BookingFormState } from './use-booking-form';
import { UsagePolicy } from './usage-policy';

export function BookingDevicesSection({ state, userId, reservationTypes }: { state: BookingFormState; userId: number; reservationTypes: readonly ReservationType[] }) {
  const { values, pending, selected, form } = state;
  const today = toDateString(state.now);
  const window = useMemo(() => timelineWindow(new Date(`${today}T00:00:00`)), [today]);
  const exclusiveTypes = useMemo(() => new Set(reservationTypes.filter((type) => type.exclusive).map((type) => type.label)), [reservationTypes]);
  const selection = useMemo(() => {
    const start = toInstant(values.times.startDate, values.times.startHour);
    const end = toInstant(values.times.endDate, values.times.endHour);
    return start && end && end > start ? { start, end, devices: selected } : null;
  }, [values.times, selected]);

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Select
          label={messages.DEVICE_TYPE}
          withAsterisk
          data={state.typeNames}
          value={values.deviceType}
          // A new type shows its own devices: the previous choice is dropped.
          onChange={(deviceType) => form.setValues({ deviceType, selected: [] })}
          allowDeselect={false}
          maw={420}
          disabled={pending}
        />
        {values.deviceType && (
          <>
            <UsagePolicy userId={userId} deviceType={values.deviceType} selection={selection} />
            <Group gap="sm" align="center">
              <Button type="button" variant="default" onClick={() => void state.findEarliestSlot()} loading={state.searching} disabled={pending}>
                {messages.FIND_EARLIEST_SLOT}
              </Button>
              <Text size="sm" aria-live="polite" data-testid="slot-notice">
                {state.slotNotice}
              </Text>
            </Group>
            <Box>
              {/* The size of a section label: at h4 this line is the largest text of the page, so the page's
                  largest contentful paint waits for the whole form instead of being its heading. */}
              <Title order={2} size="h5" mb="xs">
                {messages.TIMELINE_TITLE}
              </Title>
              <TypeTimeline
                userId={userId}
                deviceType={values.deviceType}
                devices={state.devices}
                window={window}
                now={state.now}
                exclusiveTypes={exclusiveTypes}
                selection={selection}
                onPickStart={pending ? undefined : state.pickStart}
              />
            </Box>
            <DevicesTable deviceType={values.deviceType} devices={state.devices} selected={selected} onChange={state.selectDevices} disabled={pending} />
            <Text size="sm" aria-live="polite">
              {fill(messages.SELECTED_DEVICES_COUNT, { count: selected.size })}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
