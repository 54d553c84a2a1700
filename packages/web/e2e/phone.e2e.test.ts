// The states people meet, on a 375 px wide phone: the sign-in page and its error, the reservations list with
// a notification shown, a confirmation modal open, the booking form with a select open, and the flash screen.
// axe runs on each state, not only on pages at rest.
import { messages } from '@testbed/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseReservationAction, expectNoAxeViolations, screenshot, signIn } from './support/browser';
import { addSshKey, apiSignIn, bookViaApi } from './support/seed';
import { ADMIN } from './support/server';
import { useJourney } from './support/journey';

const TIME_ZONE = 'Europe/Paris';

describe('a phone screen, in the states people meet', () => {
  const journey = useJourney({ context: { viewport: { width: 375, height: 812 }, timezoneId: TIME_ZONE, isMobile: true, hasTouch: true } });
  let userId: number;
  let reservationId: number;

  beforeAll(async () => {
    const admin = await apiSignIn(journey.server.url, ADMIN.username, ADMIN.password);
    await addSshKey(admin, admin.userId);
    userId = admin.userId;
    const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 2 * 86_400_000);
    reservationId = await bookViaApi(admin, {
      userId,
      start,
      durationMinutes: 90,
      devices: [{ macAddress: '02:00:00:01:00:01', ipAddress: '10.0.1.11' }],
      timeZone: TIME_ZONE,
      description: 'phone check',
    });
  });

  it('shows the sign-in error', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/signin`);
    await signIn(page, ADMIN.username, 'Not#TheRight1');
    await page.getByText(messages.BAD_LOGIN).waitFor();
    await screenshot(page, 'phone-signin-error');
    await expectNoAxeViolations(page);
  });

  it('lists the reservations, with a notification shown and a confirmation open', async () => {
    const { page, server } = journey;
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(`${server.url}/home`);
    await page.goto(`${server.url}/reservations/${userId}`);
    // One card per reservation: no table that scrolls sideways.
    const row = page.locator(`[data-reservation-id="${reservationId}"]`);
    await row.waitFor();
    await screenshot(page, 'phone-reservations');
    await expectNoAxeViolations(page);

    expect(await page.locator('table').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await chooseReservationAction(page, reservationId, messages.CHANGE_END);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: messages.ONE_HOUR_MORE }).click();
    await page.waitForTimeout(300);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: messages.SAVE_END }).click();
    await page.getByText(new RegExp(`Reservation ${reservationId} now ends at`)).waitFor();
    await screenshot(page, 'phone-notification');
    await expectNoAxeViolations(page);

    await chooseReservationAction(page, reservationId, messages.DELETE);
    await page.getByRole('dialog', { name: messages.RESERVATION_DELETION }).waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'phone-delete-dialog');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: messages.CANCEL }).click();
  });

  it('opens the navigation menu and the booking form with a select open', async () => {
    const { page, server } = journey;
    await page.getByRole('button', { name: messages.TOGGLE_NAVIGATION }).click();
    await page.getByRole('navigation', { name: messages.MAIN_NAVIGATION }).getByRole('link', { name: messages.USERS }).waitFor();
    await expectNoAxeViolations(page);

    await page.goto(`${server.url}/bookDevices/${userId}`);
    await page.getByRole('combobox', { name: messages.DEVICE_TYPE }).click();
    await page.getByRole('option', { name: 'raspberry-pi-4' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('option', { name: 'raspberry-pi-4' }).click();
    await page.getByRole('button', { name: messages.FIND_EARLIEST_SLOT }).waitFor();
    await screenshot(page, 'phone-booking');
    await expectNoAxeViolations(page);
  });

  it('shows the flash screen', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/flashNodes/${userId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await screenshot(page, 'phone-flash');
    await expectNoAxeViolations(page);
    // The device list open: its options stay inside the page's landmarks.
    await page.getByRole('combobox', { name: messages.DEVICE_TYPE }).click();
    await page.getByRole('option', { name: 'raspberry-pi-4' }).click();
    await page.getByRole('combobox', { name: messages.DEVICE, exact: true }).click();
    await page.getByRole('option').first().waitFor();
    await screenshot(page, 'phone-flash-device-list');
    await expectNoAxeViolations(page);
  });
});
