import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type NodesToReserve, type ReservationType } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { aReservation, fakeApi, people, type FakeRoute } from '../testing/fake-api';
import { BookingForm } from './booking-form';
import { renderRoutes } from '../../../test/app';
import { formatDateTime, formatTime } from '../../../shared/time';

const nodes: NodesToReserve = {
  'raspberry-pi-4': {
    '02:00:00:01:00:01': { ip: '10.0.1.11', up: true },
    '02:00:00:01:00:02': { ip: '10.0.1.12', up: true },
    '02:00:00:01:00:06': { ip: '10.0.1.16', up: false },
  },
  'openwrt-router': { '02:00:00:02:00:01': { ip: '10.0.2.11', up: true } },
};

const types: ReservationType[] = [
  { reservationTypeId: 1, label: 'Exclusive', exclusive: true },
  { reservationTypeId: 2, label: 'Shared', exclusive: false },
];

const colleagues = [
  { userId: 8, firstname: 'Bob', lastname: 'Durand', username: 'bob' },
  { userId: 7, firstname: 'Alice', lastname: 'Martin', username: 'alice' },
];

function serverRoutes(extra: Record<string, FakeRoute | { status?: number; body?: unknown }> = {}) {
  return {
    'GET /api/reservationTimeline/7': { body: { reservations: [], complete: true } },
    'GET /api/validUsers': ({ url }: { url: URL }) => ({
      body: colleagues.filter((user) => user.lastname.toLowerCase().includes((url.searchParams.get('name') ?? '').toLowerCase())),
    }),
    ...extra,
  };
}

function renderForm(clock: () => Date = () => new Date()) {
  return renderRoutes('/bookDevices/7', {
    '/bookDevices/:id': <BookingForm userId={7} nodes={nodes} reservationTypes={types} clock={clock} />,
    '/reservations/:id/reservationId/:reservationId': <p>reservation list</p>,
  });
}

const bookButton = () => screen.getByRole('button', { name: messages.BOOK_DEVICES });
const deviceBox = (ip: string) => screen.getByRole('checkbox', { name: `${messages.SELECT_DEVICE} ${ip}` });

async function chooseDeviceType(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: messages.DEVICE_TYPE }));
  await user.click(await screen.findByRole('option', { name, hidden: true }));
}

// Typing through user-event is slow on a busy machine.
describe('booking form', { timeout: 30_000 }, () => {
  it('keeps Book devices disabled until a device is checked, then books with the time zone and the colleagues', async () => {
    const now = new Date(2030, 5, 15, 14, 7);
    const { sent } = fakeApi(serverRoutes({ 'POST /api/reserveNodes': { body: { value0: true, value1: 42 } } }));
    const app = renderForm(() => now);
    const user = userEvent.setup();

    await chooseDeviceType(user, 'raspberry-pi-4');
    expect(bookButton()).toBeDisabled();
    await user.click(deviceBox('10.0.1.11'));
    await user.click(deviceBox('10.0.1.12'));
    expect(bookButton()).toBeEnabled();

    await user.type(screen.getByRole('combobox', { name: messages.ADDITIONAL_USERS }), 'Dur');
    await waitFor(() => expect(sent.some((request) => request.search.get('name') === 'Dur')).toBe(true));
    await user.click(await screen.findByRole('option', { name: 'Durand Bob (bob)', hidden: true }));
    // The chosen colleague shows as a chip.
    expect(screen.getByText('Durand Bob (bob)', { selector: '.mantine-Pill-label' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: messages.DESCRIPTION }), 'radio tests');
    await user.click(bookButton());

    await waitFor(() => expect(app.pathname()).toBe('/reservations/7/reservationId/42'));
    const booking = sent.find((request) => request.method === 'POST');
    expect(booking?.path).toBe('/api/reserveNodes');
    expect(booking?.body).toEqual({
      nodesBookingForm: {
        userId: 7,
        selectedDevicetype: 'raspberry-pi-4',
        startDate: { year: 2030, month: 6, day: 15 },
        startHour: '14:15',
        durationHour: 1,
        durationMinute: 0,
        endDate: { year: 2030, month: 6, day: 15 },
        endHour: '15:15',
        reservationType: 'Exclusive',
        reservationDescription: 'radio tests',
        selectedDevices: [
          { macAddress: '02:00:00:01:00:01', ipAddress: '10.0.1.11' },
          { macAddress: '02:00:00:01:00:02', ipAddress: '10.0.1.12' },
        ],
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
      selectedUsers: [{ userId: 8 }],
    });
  });

  it('says a usage-policy breach while the form is filled in, before booking', async () => {
    const now = new Date(2030, 5, 15, 14, 7);
    const limits = { maxDurationMinutes: 120, maxDaysAhead: null, maxDevicesAtOnce: 1, maxDeviceHoursPerWeek: null };
    fakeApi(serverRoutes({ 'GET /api/usagePolicies/mine': { body: { 'raspberry-pi-4': limits } } }));
    renderForm(() => now);
    const user = userEvent.setup();
    await chooseDeviceType(user, 'raspberry-pi-4');
    await user.click(deviceBox('10.0.1.11'));
    await screen.findByTestId('usage-policy');
    expect(screen.queryByTestId('usage-policy-breach')).not.toBeInTheDocument();
    await user.click(deviceBox('10.0.1.12'));
    const breach = await screen.findByTestId('usage-policy-breach');
    expect(breach).toHaveTextContent('more than 1 devices at once');
    await user.click(deviceBox('10.0.1.12'));
    await waitFor(() => expect(screen.queryByTestId('usage-policy-breach')).not.toBeInTheDocument());
  });

  it('says a breach of the weekly device-hours before booking, counting the week’s other bookings of the type', async () => {
    const now = new Date(2030, 5, 15, 14, 7);
    const limits = { maxDurationMinutes: null, maxDaysAhead: null, maxDevicesAtOnce: null, maxDeviceHoursPerWeek: 3 };
    // Two devices for an hour the day before: 2 device-hours of the 3 of that week are taken.
    const held = aReservation({ reservationId: 41, startDate: new Date(2030, 5, 14, 9).toISOString(), endDate: new Date(2030, 5, 14, 10).toISOString() });
    fakeApi(serverRoutes({ 'GET /api/usagePolicies/mine': { body: { 'raspberry-pi-4': limits } }, 'GET /api/userReservations/7': { body: [held] } }));
    renderForm(() => now);
    const user = userEvent.setup();
    await chooseDeviceType(user, 'raspberry-pi-4');
    await user.click(deviceBox('10.0.1.11'));
    await screen.findByTestId('usage-policy');
    // One more device-hour: 3, the limit itself.
    expect(screen.queryByTestId('usage-policy-breach')).not.toBeInTheDocument();
    await user.click(deviceBox('10.0.1.12'));
    const breach = await screen.findByTestId('usage-policy-breach');
    expect(breach).toHaveTextContent('would have 4 device-hours, more than 3');
    await user.click(deviceBox('10.0.1.12'));
    await waitFor(() => expect(screen.queryByTestId('usage-policy-breach')).not.toBeInTheDocument());
  });

  it('never offers the person booking as a colleague', async () => {
    fakeApi(serverRoutes());
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: messages.ADDITIONAL_USERS }), 'ar');
    // 'Martin' (the person booking, id 7) matches the search but is left out.
    await waitFor(() => expect(screen.getByText(messages.NO_USER_FOUND)).toBeInTheDocument());
    expect(screen.queryByRole('option', { name: /Martin/ })).not.toBeInTheDocument();
  });

  it('lists the server messages under BOOK_DEVICES_FAILED when the booking is refused', async () => {
    const conflict = 'Device raspberry-pi-4 02:00:00:01:00:01 (10.0.1.11) is already booked from 2030-06-15 14:00 to 2030-06-15 16:00 (UTC) by reservation 3 (Exclusive).';
    fakeApi(serverRoutes({ 'POST /api/reserveNodes': { status: 409, body: { value0: false, value1: [conflict] } } }));
    const app = renderForm(() => new Date(2030, 5, 15, 14, 7));
    const user = userEvent.setup();
    await chooseDeviceType(user, 'raspberry-pi-4');
    await user.click(deviceBox('10.0.1.11'));
    await user.click(bookButton());

    const failure = await screen.findByTestId('booking-failure');
    expect(failure).toHaveAttribute('role', 'alert');
    expect(within(failure).getByText(messages.BOOK_DEVICES_FAILED)).toBeInTheDocument();
    expect(within(failure).getByText(conflict)).toBeInTheDocument();
    expect(app.pathname()).toBe('/bookDevices/7');
    expect(bookButton()).toBeEnabled();
  });

  it('select-all checks only the devices that are up; a down device stays disabled', async () => {
    fakeApi(serverRoutes());
    renderForm();
    const user = userEvent.setup();
    await chooseDeviceType(user, 'raspberry-pi-4');
    const selectAll = screen.getByRole('checkbox', { name: messages.SELECT_ALL_UP_DEVICES });
    await user.click(selectAll);
    expect(deviceBox('10.0.1.11')).toBeChecked();
    expect(deviceBox('10.0.1.12')).toBeChecked();
    expect(deviceBox('10.0.1.16')).not.toBeChecked();
    expect(deviceBox('10.0.1.16')).toBeDisabled();
    expect(selectAll).toBeChecked();

    await user.click(deviceBox('10.0.1.12'));
    expect(selectAll).not.toBeChecked();
    expect(screen.getByText(`Devices selected: 1`)).toBeInTheDocument();
  });

  it('choosing another device type drops the devices checked before', async () => {
    fakeApi(serverRoutes());
    renderForm();
    const user = userEvent.setup();
    await chooseDeviceType(user, 'raspberry-pi-4');
    await user.click(deviceBox('10.0.1.11'));
    await chooseDeviceType(user, 'openwrt-router');
    expect(screen.queryByRole('checkbox', { name: `${messages.SELECT_DEVICE} 10.0.1.11` })).not.toBeInTheDocument();
    expect(deviceBox('10.0.2.11')).not.toBeChecked();
    expect(screen.getByText('Devices selected: 0')).toBeInTheDocument();
  });

  it('moves the end with the duration and says so when the end is not after the start', async () => {
    fakeApi(serverRoutes());
    renderForm(() => new Date(2030, 5, 15, 14, 7));
    const user = userEvent.setup();
    await chooseDeviceType(user, 'raspberry-pi-4');
    await user.click(deviceBox('10.0.1.11'));
    const hours = screen.getByRole('textbox', { name: messages.DURATION_HOURS });
    const minutes = screen.getByRole('textbox', { name: messages.DURATION_MINUTES });

    await user.clear(hours);
    await user.type(hours, '26');
    expect(screen.getByRole('button', { name: new RegExp(messages.END_DATE) })).toHaveTextContent('2030-06-16');
    expect(screen.getByLabelText(`${messages.END_HOUR}: ${messages.HOURS}`)).toHaveValue('16');

    // Hours and minutes are both asked for: an empty one says so, like the other.
    await user.clear(hours);
    expect(hours).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(messages.REQUIRED_FIELD)).toBeInTheDocument();
    expect(bookButton()).toBeDisabled();
    await user.type(hours, '0');
    await user.clear(minutes);
    await user.type(minutes, '0');
    // 0 h 0 min: the end is the start.
    expect(screen.getByText(messages.END_DATE_HOUR_EARLIER_TIME_ERROR)).toBeInTheDocument();
    expect(bookButton()).toBeDisabled();

    await user.type(minutes, '5');
    expect(screen.queryByText(messages.END_DATE_HOUR_EARLIER_TIME_ERROR)).not.toBeInTheDocument();
    expect(screen.getByLabelText(`${messages.END_HOUR}: ${messages.MINUTES}`)).toHaveValue('20');
    expect(bookButton()).toBeEnabled();

    await user.clear(minutes);
    expect(screen.getByText(messages.REQUIRED_FIELD)).toBeInTheDocument();
    expect(bookButton()).toBeDisabled();
    await user.type(minutes, '75');
    expect(screen.getByText(messages.DURATION_MINUTE_ERROR)).toBeInTheDocument();
    expect(bookButton()).toBeDisabled();
  });

  it('refuses a start that is no longer later than now, and says so', async () => {
    let now = new Date(2030, 5, 15, 14, 7);
    const { sent } = fakeApi(serverRoutes());
    renderForm(() => now);
    const user = userEvent.setup();
    await chooseDeviceType(user, 'raspberry-pi-4');
    await user.click(deviceBox('10.0.1.11'));
    expect(screen.queryByText(messages.EARLIER_TIME_ERROR)).not.toBeInTheDocument();

    // The form stayed open past its start time.
    now = new Date(2030, 5, 15, 14, 20);
    fireEvent.submit(screen.getByRole('form', { name: messages.BOOK_DEVICES }));
    expect(await screen.findByText(messages.EARLIER_TIME_ERROR)).toBeInTheDocument();
    expect(bookButton()).toBeDisabled();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
  });

  it('checks the description when the field is left', async () => {
    fakeApi(serverRoutes());
    renderForm();
    const user = userEvent.setup();
    const description = screen.getByRole('textbox', { name: messages.DESCRIPTION });
    await user.type(description, 'trailing ');
    expect(screen.queryByText(messages.RESERVATION_DESCRIPTION_ERROR)).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText(messages.RESERVATION_DESCRIPTION_ERROR)).toBeInTheDocument();
    expect(screen.getByText('9 / 100')).toBeInTheDocument();
    await user.clear(description);
    await user.type(description, 'Dana’s run (antenna test): 2/3 done, “café” ok?');
    expect(screen.queryByText(messages.RESERVATION_DESCRIPTION_ERROR)).not.toBeInTheDocument();
  });

  it('resets all values', async () => {
    fakeApi(serverRoutes());
    renderForm(() => new Date(2030, 5, 15, 14, 7));
    const user = userEvent.setup();
    await chooseDeviceType(user, 'raspberry-pi-4');
    await user.click(deviceBox('10.0.1.11'));
    await user.type(screen.getByRole('textbox', { name: messages.DURATION_HOURS }), '2');
    await user.click(screen.getByRole('button', { name: messages.RESET_ALL_VALUES }));
    expect(screen.getByRole('textbox', { name: messages.DURATION_HOURS })).toHaveValue('1');
    expect(screen.getByRole('combobox', { name: messages.DEVICE_TYPE })).toHaveValue('openwrt-router');
    expect(screen.getByText('Devices selected: 0')).toBeInTheDocument();
  });

  it('draws the week of the chosen devices and proposes a free hour as start', async () => {
    const now = new Date(2030, 5, 15, 14, 7);
    fakeApi(
      serverRoutes({
        'GET /api/reservationTimeline/7': ({ url }: { url: URL }) => {
          // The week shown, from the browser's midnight, for the chosen type.
          expect(url.searchParams.get('deviceType')).toBe('raspberry-pi-4');
          expect(url.searchParams.get('from')).toBe(new Date(2030, 5, 15).toISOString());
          expect(url.searchParams.get('to')).toBe(new Date(2030, 5, 22).toISOString());
          return {
            body: {
              reservations: [
                aReservation({ reservationId: 3, startDate: new Date(2030, 5, 16, 9).toISOString(), endDate: new Date(2030, 5, 16, 11).toISOString() }),
                aReservation({
                  reservationId: 4,
                  responsibleUser: people.bob,
                  reservationType: 'Shared',
                  startDate: new Date(2030, 5, 17, 9).toISOString(),
                  endDate: new Date(2030, 5, 17, 10).toISOString(),
                }),
              ],
              complete: false,
            },
          };
        },
      }),
    );
    renderForm(() => now);
    const user = userEvent.setup();
    await chooseDeviceType(user, 'raspberry-pi-4');
    const picture = await screen.findByRole('img', { name: /raspberry-pi-4/ });
    await waitFor(() => expect(picture.getAttribute('aria-label')).toContain('2 reservation(s) on 3 device(s)'));
    expect(picture.querySelectorAll('rect[data-kind="mine"]')).toHaveLength(2);
    expect(picture.querySelectorAll('rect[data-kind="shared"]')).toHaveLength(2);
    // The server said there were more reservations than it sent.
    expect(screen.getByText(messages.TIMELINE_INCOMPLETE)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: messages.TIMELINE_SHOW_TEXT }));
    expect(screen.getAllByText(`${formatDateTime(new Date(2030, 5, 16, 9))} → ${formatTime(new Date(2030, 5, 16, 11))} (Yours, #3)`, { exact: false })).toHaveLength(2);
    expect(screen.getByText(/10\.0\.1\.16/, { selector: 'span' }).parentElement).toHaveTextContent('free all week');

    // jsdom has no layout: place the picture so that a click lands on 2030-06-18 around 10:30 on the first row.
    const svg = picture as unknown as SVGSVGElement;
    const [, , viewWidth = 0, viewHeight = 0] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number);
    svg.getBoundingClientRect = () => ({ left: 0, top: 0, width: viewWidth, height: viewHeight }) as DOMRect;
    const dayWidth = 132;
    fireEvent.click(svg, { clientX: 128 + 3 * dayWidth + (10.5 / 24) * dayWidth, clientY: 38 + 10 });
    expect(screen.getByRole('button', { name: new RegExp(messages.START_DATE) })).toHaveTextContent('2030-06-18');
    expect(screen.getByLabelText(`${messages.START_HOUR}: ${messages.HOURS}`)).toHaveValue('10');
    expect(screen.getByLabelText(`${messages.START_HOUR}: ${messages.MINUTES}`)).toHaveValue('00');
    expect(screen.getByRole('button', { name: new RegExp(messages.END_DATE) })).toHaveTextContent('2030-06-18');
  });
});
