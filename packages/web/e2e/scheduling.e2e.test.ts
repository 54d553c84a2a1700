// Booking as a planner: an administrator sets a usage policy; the booking screen shows it, finds the
// earliest slot where the devices are free and books it; the reservation's end is moved later; a booking that
// starts now is flashable at once and is released.
import { messages } from '@testbed/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseReservationAction, expectNoAxeViolations, screenshot, signIn } from './support/browser';
import { addSshKey, apiSignIn, bookViaApi } from './support/seed';
import { ADMIN } from './support/server';
import { useJourney } from './support/journey';

const TIME_ZONE = 'Europe/Paris';
const UP_PIS = [1, 2, 3, 4, 5, 7, 8].map((n) => ({ macAddress: `02:00:00:01:00:0${n}`, ipAddress: `10.0.1.1${n}` }));

describe('finding a slot, extending and releasing', () => {
  const journey = useJourney({ context: { viewport: { width: 1280, height: 900 }, timezoneId: TIME_ZONE } });
  let userId: number;
  let busyUntil: Date;
  let reservationId: number;

  beforeAll(async () => {
    const { server } = journey;
    const admin = await apiSignIn(server.url, ADMIN.username, ADMIN.password);
    await addSshKey(admin, admin.userId);
    userId = admin.userId;
    // Every Raspberry Pi that is up is busy for the next three hours.
    const start = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 120_000);
    busyUntil = new Date(start.getTime() + 180 * 60_000);
    await bookViaApi(admin, { userId, start, durationMinutes: 180, devices: UP_PIS, timeZone: TIME_ZONE, description: 'busy' });
  });

  it('sets a usage policy on the administrators’ page', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/signin`);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(`${server.url}/home`);
    await page.goto(`${server.url}/usagePolicies`);
    await page.getByRole('heading', { name: messages.USAGE_POLICIES }).waitFor();
    await page.getByRole('combobox', { name: messages.DEVICE_TYPE }).click();
    await page.getByRole('option', { name: 'raspberry-pi-4' }).click();
    await page.getByRole('textbox', { name: messages.MAX_DURATION_MINUTES }).fill('240');
    await page.getByRole('textbox', { name: messages.MAX_DAYS_AHEAD }).fill('30');
    await page.getByRole('button', { name: messages.SAVE_POLICY }).click();
    const row = page.getByRole('row', { name: /raspberry-pi-4/ });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['raspberry-pi-4', messages.EVERYBODY, '240', '30', messages.NO_LIMIT]),
    );
    await screenshot(page, 'usage-policies');
    await expectNoAxeViolations(page);
  });

  it('shows the policy on the booking screen and fills the form with the earliest free slot', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/bookDevices/${userId}`);
    await page.getByRole('combobox', { name: messages.DEVICE_TYPE }).click();
    await page.getByRole('option', { name: 'raspberry-pi-4' }).click();
    await page.getByTestId('usage-policy').getByText('at most 4 h per reservation, up to 30 days ahead').waitFor();

    await page.getByRole('button', { name: messages.FIND_EARLIEST_SLOT }).click();
    await page.getByTestId('slot-notice').getByText(/earliest free slot is filled in/).waitFor();
    // The first window after the busy ones, on the first device.
    const endOfBusy = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .format(busyUntil)
      .split(':');
    expect(await page.getByLabel(`${messages.START_HOUR}: ${messages.HOURS}`).inputValue()).toBe(endOfBusy[0]);
    expect(await page.getByLabel(`${messages.START_HOUR}: ${messages.MINUTES}`).inputValue()).toBe(endOfBusy[1]);
    expect(await page.getByRole('checkbox', { name: `${messages.SELECT_DEVICE} 10.0.1.11` }).isChecked()).toBe(true);
    await screenshot(page, 'booking-earliest-slot');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: messages.BOOK_DEVICES }).click();
    await page.waitForURL(new RegExp(`/reservations/${userId}/reservationId/\\d+$`));
    reservationId = Number(new URL(page.url()).pathname.split('/').pop());
  });

  it('moves the end of the reservation one hour later, after confirming in a dialog', async () => {
    const { page } = journey;
    const row = page.locator(`tr[data-reservation-id="${reservationId}"]`);
    await chooseReservationAction(page, reservationId, messages.CHANGE_END);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: messages.NEW_END }).waitFor();
    await dialog.getByRole('button', { name: messages.ONE_HOUR_MORE }).click();
    await page.waitForTimeout(300);
    await screenshot(page, 'change-end-dialog');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: messages.SAVE_END }).click();
    await page.getByText(new RegExp(`Reservation ${reservationId} now ends at`)).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells[5]).toMatch(/^2 /);
    await screenshot(page, 'end-changed');
  });

  it('books from now, flashes at once, then releases the reservation', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/bookDevices/${userId}`);
    await page.getByRole('combobox', { name: messages.DEVICE_TYPE }).click();
    await page.getByRole('option', { name: 'openwrt-router' }).click();
    await page.getByRole('switch', { name: messages.START_NOW }).check();
    await page.getByRole('checkbox', { name: `${messages.SELECT_DEVICE} 10.0.2.11` }).check();
    await page.getByRole('button', { name: messages.BOOK_DEVICES }).click();
    await page.waitForURL(new RegExp(`/reservations/${userId}/reservationId/\\d+$`));
    const nowId = Number(new URL(page.url()).pathname.split('/').pop());
    const row = page.locator(`tr[data-reservation-id="${nowId}"]`);
    // Started already: flashable straight away, and it can be released.
    await row.getByRole('link', { name: messages.FLASH_DEVICES }).waitFor();
    await screenshot(page, 'booked-now');

    await chooseReservationAction(page, nowId, messages.RELEASE);
    const confirm = page.getByRole('dialog', { name: messages.RELEASE_TITLE });
    await confirm.waitFor();
    await page.waitForTimeout(300);
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: messages.RELEASE }).click();
    await page.getByText(`Reservation ${nowId} released: its devices are free.`).waitFor();
    await row.getByRole('link', { name: messages.FLASH_DEVICES }).waitFor({ state: 'detached' });
    await screenshot(page, 'released');
    await expectNoAxeViolations(page);
  });
});
