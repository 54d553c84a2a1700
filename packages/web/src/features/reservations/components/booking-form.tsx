// The booking form: colleagues, linked start / duration / end, reservation type, description, device type
// with its timeline and its devices, Reset and Book. Its state and rules: use-booking-form.ts.
import '@mantine/dates/styles.css';
import { Alert, Button, Group, List, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { RESERVATION_DESCRIPTION_MAX, type NodesToReserve, type ReservationType, messages } from '@testbed/contract';
import { memo } from 'react';
import { BookingDevicesSection } from './booking-devices-section';
import { BookingTimesFields } from './booking-times-fields';
import { ColleaguesSelect } from './colleagues-select';
import { useBookingForm } from './use-booking-form';

export interface BookingFormProps {
  /** Who books: the user of the route. */
  userId: number;
  nodes: NodesToReserve;
  reservationTypes: readonly ReservationType[];
  /** The device type the form opens on; the first one otherwise. */
  initialDeviceType?: string;
  /** Injected by tests; the browser's clock otherwise. */
  clock?: () => Date;
}

// Memoised: the page re-renders, synchronously, each time one of its reads answers or refreshes (the device
// catalogue, the user's keys); the form need not follow unless its own lists changed.
export const BookingForm = memo(function BookingForm({ userId, nodes, reservationTypes, initialDeviceType, clock = () => new Date() }: BookingFormProps) {
  const state = useBookingForm({ userId, nodes, reservationTypes, initialDeviceType, clock });
  const { form, values, pending, failure } = state;

  return (
    <form onSubmit={state.submit} noValidate aria-label={messages.BOOK_DEVICES}>
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md">
          <ColleaguesSelect
            excludeUserId={userId}
            value={values.colleagues}
            onChange={(colleagues) => form.setFieldValue('colleagues', colleagues)}
            disabled={pending}
          />
        </Paper>

        <BookingTimesFields state={state} />

        <Paper withBorder p="md" radius="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Select
              label={messages.RESERVATION_TYPE}
              withAsterisk
              data={reservationTypes.map((type) => type.label)}
              value={values.reservationType}
              onChange={(reservationType) => form.setFieldValue('reservationType', reservationType)}
              allowDeselect={false}
              disabled={pending}
            />
            <TextInput
              label={messages.DESCRIPTION}
              maxLength={RESERVATION_DESCRIPTION_MAX}
              description={`${values.description.length} / ${RESERVATION_DESCRIPTION_MAX}`}
              {...form.getInputProps('description')}
              onChange={(event) => state.setDescription(event.currentTarget.value)}
              disabled={pending}
            />
          </SimpleGrid>
        </Paper>

        <BookingDevicesSection state={state} userId={userId} reservationTypes={reservationTypes} />

        {failure && (
          <Alert color="red" variant="light" title={messages.BOOK_DEVICES_FAILED} role="alert" data-testid="booking-failure">
            <List size="sm" spacing={4}>
              {failure.map((message, index) => (
                <List.Item key={index}>{message}</List.Item>
              ))}
            </List>
          </Alert>
        )}

        <Group justify="flex-end" gap="sm">
          <Button type="button" variant="default" onClick={state.reset} disabled={pending}>
            {messages.RESET_ALL_VALUES}
          </Button>
          <Button type="submit" loading={pending} disabled={!state.submittable}>
            {messages.BOOK_DEVICES}
          </Button>
        </Group>
      </Stack>
    </form>
  );
});
