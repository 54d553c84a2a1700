// The booking form: colleagues, linked start / duration / end,
// reservation type, description, device type with its timeline and its devices, Reset and Book.
import '@mantine/dates/styles.css';
import {
  Alert,
  Box,
  Button,
  Fieldset,
  Group,
  List,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import {
  describeLimits,
  RESERVATION_DESCRIPTION_MAX,
  type NodesToReserve,
  type ReservationType,
} from '@testbed/contract';
import { memo, useCallback, useDeferredValue, useMemo, useState, type FormEvent, type MouseEvent } from 'react';
import { useTranslation } from '../../../shared/i18n-devices';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { useEvery } from '../../../shared/use-every';
import { fetchFreeSlots, maintenanceOptions, myUsageLimitsOptions, recentReservationsOptions, RefusedError, reservationTimelineOptions, useReserveNodes } from '../api/reservations-api';
import {
  bookingProblems,
  buildRequest,
  canSubmit,
  initialBookingValues,
  isDescriptionValid,
  weeklyHoursBreaches,
  type BookingValues,
} from '../booking-form-model';
import {
  formTimeZone,
  changeTimeField,
  minimumStartHour,
  startAt,
  toDateString,
  toInstant,
  type TimeField,
} from '../booking-times';
import { deviceTypeNames, devicesOfType } from '../devices';
import { formatDateTime, formatDay, zoneLabel } from '../../../shared/time';
import { buildTimeline, timelineWindow, type DeviceRow, type TimelineWindow } from '../timeline-model';
import { CalendarField } from './calendar-field';
import { ColleaguesSelect } from './colleagues-select';
import { DevicesTable } from './devices-table';
import { ReservationTimeline, type ReservationTimelineProps } from './reservation-timeline';

/**
 * Clicking an hour or minute field that already has the focus would collapse its selection into a caret,
 * so the digits typed next land beside the old ones; keeping the selection makes typing replace the value.
 */
const keepSelection = { onMouseUp: (event: MouseEvent<HTMLInputElement>) => event.preventDefault() };

const legendStyles = { legend: { fontWeight: 700, marginBottom: 'var(--mantine-spacing-xs)' } };

/** The two numbers of the duration, each with the sentence of a value that is not a number in range. */
const DURATION_FIELDS = [
  { field: 'durationHour', label: 'DURATION_HOURS', patternError: 'DURATION_HOUR_ERROR', maxLength: 5 },
  { field: 'durationMinute', label: 'DURATION_MINUTES', patternError: 'DURATION_MINUTE_ERROR', maxLength: 2 },
] as const;

/** The next whole minute: where a "Start now" booking shows its start. */
const nextMinute = (at: Date) => new Date(Math.ceil((at.getTime() + 1) / 60_000) * 60_000);

/** The rules compare with now: it moves on while the form is open. */
const CLOCK_TICK_MS = 15_000;

/** The hour of the start or of the end: 24 h, its two inputs named after it for screen readers. */
function HourField({ label, value, onChange, min, disabled, testId }: { label: string; value: string; onChange: (hour: string) => void; min?: string; disabled: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <TimePicker
      label={label}
      value={value}
      onChange={onChange}
      min={min}
      format="24h"
      withAsterisk
      hoursInputLabel={`${label}: ${t('HOURS')}`}
      minutesInputLabel={`${label}: ${t('MINUTES')}`}
      hoursInputProps={keepSelection}
      minutesInputProps={keepSelection}
      disabled={disabled}
      data-testid={testId}
    />
  );
}

/**
 * The usage policy of the chosen type, when it has one. A component of its own, as the timeline below: a read
 * re-renders the component that holds it when it starts and when it answers, and right after the form first
 * shows, re-rendering the whole form for that was most of its longest task.
 */
function UsagePolicy({ userId, deviceType, selection }: { userId: number; deviceType: string; selection: { start: Date; end: Date; devices: ReadonlySet<string> } | null }) {
  const { t } = useTranslation();
  const limits = useQuery(myUsageLimitsOptions(userId));
  const policy = limits.data?.[deviceType];
  // The weekly device-hours count the user's other bookings of the type: read only where a weekly limit binds.
  const recent = useQuery({ ...recentReservationsOptions(userId), enabled: policy?.maxDeviceHoursPerWeek != null });
  if (!policy) return null;
  // What the server would refuse, said while the form is filled in.
  const breaches: string[] = [];
  if (selection) {
    const minutes = (selection.end.getTime() - selection.start.getTime()) / 60_000;
    if (policy.maxDurationMinutes !== null && minutes > policy.maxDurationMinutes) breaches.push(t('BREACH_DURATION', { limit: policy.maxDurationMinutes }));
    if (policy.maxDevicesAtOnce !== null && selection.devices.size > policy.maxDevicesAtOnce) breaches.push(t('BREACH_DEVICES', { limit: policy.maxDevicesAtOnce }));
    if (policy.maxDaysAhead !== null && selection.start.getTime() > Date.now() + policy.maxDaysAhead * 86_400_000) {
      breaches.push(t('BREACH_DAYS_AHEAD', { limit: policy.maxDaysAhead }));
    }
    if (policy.maxDeviceHoursPerWeek !== null && recent.data && selection.devices.size > 0) {
      const booking = { start: selection.start, end: selection.end, devices: selection.devices.size };
      for (const { week, hours } of weeklyHoursBreaches(booking, recent.data, userId, deviceType, policy.maxDeviceHoursPerWeek)) {
        breaches.push(t('BREACH_WEEKLY_HOURS', { limit: policy.maxDeviceHoursPerWeek, week: formatDay(week, 'UTC'), hours }));
      }
    }
  }
  return (
    <>
      <Text size="sm" c="dimmed" data-testid="usage-policy">
        {t('USAGE_POLICY_SUMMARY', { type: deviceType, limits: describeLimits(policy) })}
      </Text>
      {breaches.length > 0 && (
        <Alert color="orange" variant="light" role="status" data-testid="usage-policy-breach">
          {t('USAGE_POLICY_BREACH', { type: deviceType, reasons: breaches.join('; ') })}
        </Alert>
      )}
    </>
  );
}

interface TypeTimelineProps {
  userId: number;
  deviceType: string;
  devices: readonly DeviceRow[];
  window: TimelineWindow;
  now: Date;
  exclusiveTypes: ReadonlySet<string>;
  selection: ReservationTimelineProps['selection'];
  onPickStart?: (start: Date) => void;
}

/** The timeline of the chosen type: its reservations and the maintenance windows, read here (see UsagePolicy). */
function TypeTimeline({ userId, deviceType, devices, window, now, exclusiveTypes, selection, onPickStart }: TypeTimelineProps) {
  const timeline = useQuery(reservationTimelineOptions(userId, deviceType, window));
  const maintenance = useQuery(maintenanceOptions(window));
  const rows = useMemo(
    () => buildTimeline(devices, timeline.data?.reservations ?? [], userId, window, exclusiveTypes, maintenance.data ?? []),
    [devices, timeline.data, userId, window, exclusiveTypes, maintenance.data],
  );
  // A deferred copy of the rows draws new reservations in slices rather than in one long task.
  const shownRows = useDeferredValue(rows);
  return (
    <ReservationTimeline
      rows={shownRows}
      window={window}
      now={now}
      subject={deviceType}
      complete={timeline.data?.complete ?? true}
      selection={selection}
      onPickStart={onPickStart}
    />
  );
}

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

function defaultType(types: readonly ReservationType[]): string | null {
  return (types.find((type) => type.exclusive) ?? types[0])?.label ?? null;
}

// Memoised: the page re-renders, synchronously, each time one of its reads answers or refreshes (the device
// catalogue, the user's keys); the form need not follow unless its own lists changed.
export const BookingForm = memo(function BookingForm({ userId, nodes, reservationTypes, initialDeviceType, clock = () => new Date() }: BookingFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const typeNames = useMemo(() => deviceTypeNames(nodes), [nodes]);
  const [now, setNow] = useState(clock);
  const [values, setValues] = useState<BookingValues>(() =>
    initialBookingValues(clock(), defaultType(reservationTypes), initialDeviceType && typeNames.includes(initialDeviceType) ? initialDeviceType : (typeNames[0] ?? null)),
  );
  const [descriptionError, setDescriptionError] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);
  const booking = useReserveNodes();

  const [slotNotice, setSlotNotice] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);

  useEvery(CLOCK_TICK_MS, () => {
    const at = clock();
    setNow(at);
    // "Start now" keeps showing the next minute as the clock moves on.
    setValues((current) => (current.startNow ? { ...current, times: startAt(current.times, nextMinute(at)) } : current));
  });

  const timeZone = useMemo(formTimeZone, []);
  const devices = useMemo(() => devicesOfType(nodes, values.deviceType), [nodes, values.deviceType]);
  const problems = bookingProblems(values, devices, userId, timeZone, now);
  const pending = booking.isPending;
  const submittable = canSubmit(problems, pending);
  const today = toDateString(now);

  const window = useMemo(() => timelineWindow(new Date(`${today}T00:00:00`)), [today]);
  const exclusiveTypes = useMemo(
    () => new Set(reservationTypes.filter((type) => type.exclusive).map((type) => type.label)),
    [reservationTypes],
  );

  const selection = useMemo(() => {
    const start = toInstant(values.times.startDate, values.times.startHour);
    const end = toInstant(values.times.endDate, values.times.endHour);
    return start && end && end > start ? { start, end, devices: values.selected } : null;
  }, [values.times, values.selected]);

  const update = (change: Partial<BookingValues>) => setValues((current) => ({ ...current, ...change }));
  // Stable callbacks let the memoised timeline and devices table skip the renders of typing.
  const selectDevices = useCallback((selected: Set<string>) => setValues((current) => ({ ...current, selected })), []);
  const pickStart = useCallback(
    (start: Date) => setValues((current) => ({ ...current, times: startAt(current.times, start) })),
    [],
  );
  const setTime = (field: TimeField, value: string | null) =>
    setValues((current) => ({ ...current, times: changeTimeField(current.times, field, value) }));

  const setStartNow = (startNow: boolean) =>
    setValues((current) => ({ ...current, startNow, times: startNow ? startAt(current.times, nextMinute(clock())) : current.times }));

  /** Asks the server for the earliest window of the type's devices and fills the form with the first one. */
  const findEarliestSlot = async () => {
    if (!values.deviceType) return;
    const minutes = Number(values.times.durationHour.trim() || 0) * 60 + Number(values.times.durationMinute.trim() || 0);
    const type = reservationTypes.find((candidate) => candidate.label === values.reservationType);
    setSearching(true);
    setSlotNotice(null);
    try {
      const { slots } = await fetchFreeSlots({
        deviceType: values.deviceType,
        count: Math.max(1, values.selected.size),
        durationMinutes: minutes > 0 ? minutes : 60,
        mode: type && !type.exclusive ? 'Shared' : 'Exclusive',
      });
      const slot = slots[0];
      if (!slot) {
        setSlotNotice(t('NO_FREE_SLOT'));
        return;
      }
      const start = new Date(slot.start);
      setValues((current) => ({
        ...current,
        startNow: false,
        times: startAt(current.times, start),
        selected: new Set(slot.devices.map((device) => device.macAddress)),
      }));
      setSlotNotice(t('EARLIEST_SLOT_FILLED', { count: slot.devices.length, start: formatDateTime(slot.start) }));
    } catch (error) {
      setSlotNotice(error instanceof RefusedError ? error.messages.join(' ') : t('LOADING_FAILED'));
    } finally {
      setSearching(false);
    }
  };

  const reset = () => {
    const fresh = clock();
    setNow(fresh);
    setValues(initialBookingValues(fresh, defaultType(reservationTypes), typeNames[0] ?? null));
    setDescriptionError(false);
    setFailure(null);
    setSlotNotice(null);
    booking.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const at = clock();
    setNow(at);
    const request = buildRequest(values, devices, userId, timeZone);
    if (!request || !canSubmit(bookingProblems(values, devices, userId, timeZone, at), pending)) return;
    setFailure(null);
    booking.mutate(request, {
      onSuccess: (reservationId) => void navigate(paths.reservationCreated.href(userId, reservationId)),
      onError: (error) => setFailure(error instanceof RefusedError ? error.messages : [error.message]),
    });
  };

  const minStartHour = minimumStartHour(values.times.startDate, now);
  const startDateMin = today;
  const endDateMin = values.times.startDate && values.times.startDate > today ? values.times.startDate : today;

  return (
    <form onSubmit={submit} noValidate aria-label={t('BOOK_DEVICES')}>
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md">
          <ColleaguesSelect
            excludeUserId={userId}
            value={values.colleagues}
            onChange={(colleagues) => update({ colleagues })}
            disabled={pending}
          />
        </Paper>

        <Paper withBorder p="md" radius="md">
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            <Fieldset legend={t('START')} variant="unstyled" styles={legendStyles}>
              <Stack gap="xs">
                <Switch
                  label={t('START_NOW')}
                  description={t('START_NOW_HINT')}
                  checked={values.startNow}
                  onChange={(event) => setStartNow(event.currentTarget.checked)}
                  disabled={pending}
                />
                <CalendarField
                  label={t('START_DATE')}
                  value={values.times.startDate}
                  onChange={(date) => setTime('startDate', date)}
                  minDate={startDateMin}
                  today={today}
                  required
                  disabled={pending || values.startNow}
                />
                <HourField
                  label={t('START_HOUR')}
                  value={values.times.startHour}
                  onChange={(hour) => setTime('startHour', hour)}
                  min={`${minStartHour}:00`}
                  disabled={pending || values.startNow}
                  testId="start-hour"
                />
              </Stack>
            </Fieldset>
            <Fieldset legend={t('DURATION')} variant="unstyled" styles={legendStyles}>
              <Group grow align="flex-start" gap="xs">
                {DURATION_FIELDS.map(({ field, label, patternError, maxLength }) => (
                  <TextInput
                    key={field}
                    label={t(label)}
                    withAsterisk
                    inputMode="numeric"
                    value={values.times[field]}
                    onChange={(event) => setTime(field, event.currentTarget.value)}
                    error={problems[field] === 'pattern' ? t(patternError) : problems[field] === 'missing' ? t('REQUIRED_FIELD') : undefined}
                    maxLength={maxLength}
                    disabled={pending}
                  />
                ))}
              </Group>
            </Fieldset>
            <Fieldset legend={t('END')} variant="unstyled" styles={legendStyles}>
              <Stack gap="xs">
                {/* Written out like the start's: the end has its own limits and is not held by "Start now". */}
                <CalendarField
                  label={t('END_DATE')}
                  value={values.times.endDate}
                  onChange={(date) => setTime('endDate', date)}
                  minDate={endDateMin}
                  today={today}
                  required
                  disabled={pending}
                />
                <HourField label={t('END_HOUR')} value={values.times.endHour} onChange={(hour) => setTime('endHour', hour)} disabled={pending} testId="end-hour" />
              </Stack>
            </Fieldset>
          </SimpleGrid>
          <Text size="xs" c="gray.7" mt="xs" data-testid="booking-time-zone">
            {t('TIMES_IN_ZONE', { zone: zoneLabel(Date.now(), timeZone) })}
          </Text>
          <Box aria-live="polite" mt={problems.earlierThanNow || problems.endBeforeStart ? 'sm' : 0}>
            {problems.earlierThanNow && (
              <Text c="red.9" size="sm" fw={500}>
                {t('EARLIER_TIME_ERROR')}
              </Text>
            )}
            {problems.endBeforeStart && (
              <Text c="red.9" size="sm" fw={500}>
                {t('END_DATE_HOUR_EARLIER_TIME_ERROR')}
              </Text>
            )}
          </Box>
        </Paper>

        <Paper withBorder p="md" radius="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Select
              label={t('RESERVATION_TYPE')}
              withAsterisk
              data={reservationTypes.map((type) => type.label)}
              value={values.reservationType}
              onChange={(reservationType) => update({ reservationType })}
              allowDeselect={false}
              disabled={pending}
            />
            <TextInput
              label={t('DESCRIPTION')}
              value={values.description}
              maxLength={RESERVATION_DESCRIPTION_MAX}
              description={`${values.description.length} / ${RESERVATION_DESCRIPTION_MAX}`}
              onChange={(event) => {
                const description = event.currentTarget.value;
                update({ description });
                if (descriptionError && isDescriptionValid(description)) setDescriptionError(false);
              }}
              onBlur={() => setDescriptionError(!isDescriptionValid(values.description))}
              error={descriptionError ? t('RESERVATION_DESCRIPTION_ERROR') : undefined}
              disabled={pending}
            />
          </SimpleGrid>
        </Paper>

        <Paper withBorder p="md" radius="md">
          <Stack gap="md">
            <Select
              label={t('DEVICE_TYPE')}
              withAsterisk
              data={typeNames}
              value={values.deviceType}
              // A new type shows its own devices: the previous choice is dropped.
              onChange={(deviceType) => update({ deviceType, selected: new Set() })}
              allowDeselect={false}
              maw={420}
              disabled={pending}
            />
            {values.deviceType && <UsagePolicy userId={userId} deviceType={values.deviceType} selection={selection} />}
            {values.deviceType && (
              <Group gap="sm" align="center">
                <Button type="button" variant="default" onClick={() => void findEarliestSlot()} loading={searching} disabled={pending}>
                  {t('FIND_EARLIEST_SLOT')}
                </Button>
                <Text size="sm" aria-live="polite" data-testid="slot-notice">
                  {slotNotice}
                </Text>
              </Group>
            )}
            {values.deviceType && (
              <>
                <Box>
                  {/* The size of a section label: at h4 this line is the largest text of the page, so the page's
                      largest contentful paint waits for the whole form instead of being its heading. */}
                  <Title order={2} size="h5" mb="xs">
                    {t('TIMELINE_TITLE')}
                  </Title>
                  <TypeTimeline
                    userId={userId}
                    deviceType={values.deviceType}
                    devices={devices}
                    window={window}
                    now={now}
                    exclusiveTypes={exclusiveTypes}
                    selection={selection}
                    onPickStart={pending ? undefined : pickStart}
                  />
                </Box>
                <DevicesTable
                  deviceType={values.deviceType}
                  devices={devices}
                  selected={values.selected}
                  onChange={selectDevices}
                  disabled={pending}
                />
                <Text size="sm" aria-live="polite">
                  {t('SELECTED_DEVICES_COUNT', { count: values.selected.size })}
                </Text>
              </>
            )}
          </Stack>
        </Paper>

        {failure && (
          <Alert color="red" variant="light" title={t('BOOK_DEVICES_FAILED')} role="alert" data-testid="booking-failure">
            <List size="sm" spacing={4}>
              {failure.map((message, index) => (
                <List.Item key={index}>{message}</List.Item>
              ))}
            </List>
          </Alert>
        )}

        <Group justify="flex-end" gap="sm">
          <Button type="button" variant="default" onClick={reset} disabled={pending}>
            {t('RESET_ALL_VALUES')}
          </Button>
          <Button type="submit" loading={pending} disabled={!submittable}>
            {t('BOOK_DEVICES')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
});
