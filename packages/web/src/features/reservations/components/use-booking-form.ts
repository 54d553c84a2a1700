// The booking form's state: @mantine/form over BookingValues, judged by bookingErrors (booking-request.ts:
// the contract's schema and the time rules). The rules compare with now, which moves on while the form is
// open; "Start now" keeps the start fields on the next minute; "Find the earliest slot" fills them in.
import { messages } from '@testbed/contract';
import { useForm } from '@mantine/form';
import type { ReservationType, NodesToReserve } from '@testbed/contract';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../shared/time';
import { fill } from '../../../shared/fill';
import { paths } from '../../../shared/paths';
import { useEvery } from '../../../shared/use-every';
import { fetchFreeSlots, RefusedError, useReserveNodes } from '../api/reservations-api';
import { bookingErrors, initialBookingValues, parseRequest, type BookingValues } from '../booking-request';
import { changeTimeField, formTimeZone, startAt, type TimeField } from '../booking-times';
import { deviceTypeNames, devicesOfType } from '../devices';

/** The next whole minute: where a "Start now" booking shows its start. */
const nextMinute = (at: Date) => new Date(Math.ceil((at.getTime() + 1) / 60_000) * 60_000);

/** The rules compare with now: it moves on while the form is open. */
const CLOCK_TICK_MS = 15_000;

function defaultType(types: readonly ReservationType[]): string | null {
  return (types.find((type) => type.exclusive) ?? types[0])?.label ?? null;
}

export interface BookingFormInput {
  userId: number;
  nodes: NodesToReserve;
  reservationTypes: readonly ReservationType[];
  initialDeviceType?: string;
  clock: () => Date;
}

export function useBookingForm({ userId, nodes, reservationTypes, initialDeviceType, clock }: BookingFormInput) {
  const navigate = useNavigate();
  const typeNames = useMemo(() => deviceTypeNames(nodes), [nodes]);
  const timeZone = useMemo(formTimeZone, []);
  const [now, setNow] = useState(clock);
  const [failure, setFailure] = useState<string[] | null>(null);
  const [slotNotice, setSlotNotice] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const booking = useReserveNodes();
  const judge = (values: BookingValues, at: Date) =>
    bookingErrors(values, { devices: devicesOfType(nodes, values.deviceType), userId, timeZone, now: at });

  const form = useForm<BookingValues>({
    mode: 'controlled',
    initialValues: initialBookingValues(
      clock(),
      defaultType(reservationTypes),
      initialDeviceType && typeNames.includes(initialDeviceType) ? initialDeviceType : (typeNames[0] ?? null),
    ),
    validate: (values) => judge(values, now),
    // The description's message shows once the field is left and stays until the text is right.
    validateInputOnBlur: ['description'],
    clearInputErrorOnChange: false,
  });
  const { values } = form;
  // The form of the last render, for the callbacks kept stable so that the memoised timeline and devices
  // table skip the renders of typing.
  const latest = useRef(form);
  latest.current = form;

  useEvery(CLOCK_TICK_MS, () => {
    const at = clock();
    setNow(at);
    // "Start now" keeps showing the next minute as the clock moves on.
    if (latest.current.getValues().startNow) latest.current.setFieldValue('times', (times) => startAt(times, nextMinute(at)));
  });

  const devices = useMemo(() => devicesOfType(nodes, values.deviceType), [nodes, values.deviceType]);
  const problems = judge(values, now);

  const selectDevices = useCallback((selected: Set<string>) => latest.current.setFieldValue('selected', [...selected]), []);
  const pickStart = useCallback((start: Date) => latest.current.setFieldValue('times', (times) => startAt(times, start)), []);
  const setTime = (field: TimeField, value: string | null) => form.setFieldValue('times', (times) => changeTimeField(times, field, value));
  const setStartNow = (startNow: boolean) =>
    form.setValues((current) => ({ startNow, times: startNow && current.times ? startAt(current.times, nextMinute(clock())) : current.times }));
  const setDescription = (description: string) => {
    form.setFieldValue('description', description);
    if (form.errors.description && !judge({ ...values, description }, now).description) form.clearFieldError('description');
  };

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
        count: Math.max(1, values.selected.length),
        durationMinutes: minutes > 0 ? minutes : 60,
        mode: type && !type.exclusive ? 'Shared' : 'Exclusive',
      });
      const slot = slots[0];
      if (!slot) {
        setSlotNotice(messages.NO_FREE_SLOT);
        return;
      }
      form.setValues((current) => ({
        startNow: false,
        times: current.times && startAt(current.times, new Date(slot.start)),
        selected: slot.devices.map((device) => device.macAddress),
      }));
      setSlotNotice(fill(messages.EARLIEST_SLOT_FILLED, { count: slot.devices.length, start: formatDateTime(slot.start) }));
    } catch (error) {
      setSlotNotice(error instanceof RefusedError ? error.messages.join(' ') : messages.LOADING_FAILED);
    } finally {
      setSearching(false);
    }
  };

  const reset = () => {
    const fresh = clock();
    setNow(fresh);
    form.setValues(initialBookingValues(fresh, defaultType(reservationTypes), typeNames[0] ?? null));
    form.clearErrors();
    setFailure(null);
    setSlotNotice(null);
    booking.reset();
  };

  const submit = form.onSubmit((submitted) => {
    // Judged again against the clock of the press: the form may have stood open for a while.
    const at = clock();
    setNow(at);
    if (booking.isPending || Object.keys(judge(submitted, at)).length > 0) return;
    const parsed = parseRequest(submitted, devicesOfType(nodes, submitted.deviceType), userId, timeZone);
    if (!('request' in parsed)) return;
    setFailure(null);
    booking.mutate(parsed.request, {
      onSuccess: (reservationId) => void navigate(paths.reservationCreated.href(userId, reservationId)),
      onError: (error) => setFailure(error instanceof RefusedError ? error.messages : [error.message]),
    });
  });

  const selected = useMemo(() => new Set(values.selected), [values.selected]);
  return {
    form,
    values,
    selected,
    now,
    timeZone,
    typeNames,
    devices,
    problems,
    pending: booking.isPending,
    submittable: !booking.isPending && Object.keys(problems).length === 0,
    failure,
    slotNotice,
    searching,
    selectDevices,
    pickStart,
    setTime,
    setStartNow,
    setDescription,
    findEarliestSlot,
    reset,
    submit,
  };
}

export type BookingFormState = ReturnType<typeof useBookingForm>;
