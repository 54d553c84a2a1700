// A user with an SSH key books two devices on a free slot picked on the timeline, lands on the reservation
// list with the new reservation announced and highlighted, and deletes it after confirming.
import { messages } from '@testbed/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseReservationAction, expectNoAxeViolations, screenshot, signIn } from './support/browser';
import { addSshKey, apiSignIn } from './support/seed';
import { ADMIN } from './support/server';
import { useJourney } from './support/journey';

const TIME_ZONE = 'Europe/Paris';
// Geometry of the timeline's viewBox (components/reservation-timeline.tsx).
const LABEL_WIDTH = 128;
const DAY_WIDTH = 132;
const HEADER_HEIGHT = 38;
const ROW_HEIGHT = 26;

/** 'YYYY-MM-DD' of the day `days` after today, in the browser's zone. */
function dayInZone(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

describe('booking two devices, then deleting the reservation', () => {
  const journey = useJourney({ context: { viewport: { width: 1280, height: 900 }, timezoneId: TIME_ZONE } });
  let userId: number;
  let reservationId: number;

  beforeAll(async () => {
    const { server } = journey;
    // The seeding goes through the API as a person would through the credentials screen.
    const admin = await apiSignIn(server.url, ADMIN.username, ADMIN.password);
    await addSshKey(admin, admin.userId);
    userId = admin.userId;
  });
  it('opens the booking form from the Reservation menu', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/signin`);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(`${server.url}/home`);
    await page.getByRole('button', { name: messages.RESERVATION, exact: true }).click();
    await page.getByRole('navigation', { name: messages.MAIN_NAVIGATION }).getByRole('link', { name: messages.BOOK_DEVICES_MENU }).click();
    await page.waitForURL(`${server.url}/bookDevices/${userId}`);
    await page.getByRole('combobox', { name: messages.DEVICE_TYPE }).waitFor();
    expect(await page.getByRole('button', { name: messages.BOOK_DEVICES }).isDisabled()).toBe(true);
    await screenshot(page, 'booking-form');
    await expectNoAxeViolations(page);
  });

  it('searches colleagues on the server and never offers the person booking', async () => {
    const { page } = journey;
    // The server holds one account so far: searching its own last name finds nobody else.
    const search = page.getByRole('combobox', { name: messages.ADDITIONAL_USERS });
    await search.fill('Admin');
    await page.getByText(messages.NO_USER_FOUND).waitFor();
    expect(await page.getByRole('option').count()).toBe(0);
    await search.fill('');
    await page.keyboard.press('Escape');
  });

  it('shows the calendar with three months, week numbers, Today and Close', async () => {
    const { page } = journey;
    await page.getByRole('button', { name: new RegExp(messages.START_DATE) }).click();
    const calendar = page.getByRole('dialog', { name: messages.START_DATE });
    await calendar.waitFor();
    expect(await calendar.locator('table').count()).toBe(3);
    expect(await calendar.getByRole('button', { name: messages.TODAY }).isVisible()).toBe(true);
    await page.waitForTimeout(300);
    await screenshot(page, 'booking-calendar');
    await expectNoAxeViolations(page);
    await calendar.getByRole('button', { name: messages.CLOSE }).click();
    await calendar.waitFor({ state: 'hidden' });
  });

  it('picks a free hour on the timeline of the chosen device type', async () => {
    const { page } = journey;
    await page.getByRole('combobox', { name: messages.DEVICE_TYPE }).click();
    await page.getByRole('option', { name: 'raspberry-pi-4' }).click();
    const timeline = page.getByRole('img', { name: /raspberry-pi-4/ });
    await timeline.waitFor();
    // The mouse only reaches what is on the screen.
    await timeline.scrollIntoViewIfNeeded();
    const box = (await timeline.boundingBox())!;
    const viewWidth = Number((await timeline.getAttribute('viewBox'))!.split(' ')[2]);
    const scale = box.width / viewWidth;
    // Day after tomorrow, 10:30, on the first device's row: the slot of 10:00.
    await page.mouse.click(
      box.x + (LABEL_WIDTH + 2 * DAY_WIDTH + (10.5 / 24) * DAY_WIDTH) * scale,
      box.y + (HEADER_HEIGHT + ROW_HEIGHT / 2) * scale,
    );
    expect(await page.getByRole('button', { name: new RegExp(messages.START_DATE) }).textContent()).toContain(dayInZone(2));
    expect(await page.getByLabel(`${messages.START_HOUR}: ${messages.HOURS}`).inputValue()).toBe('10');
    expect(await page.getByLabel(`${messages.START_HOUR}: ${messages.MINUTES}`).inputValue()).toBe('00');
  });

  it('links the end to the start and the duration', async () => {
    const { page } = journey;
    const hours = page.getByRole('textbox', { name: messages.DURATION_HOURS });
    await hours.fill('2');
    await page.getByRole('textbox', { name: messages.DURATION_MINUTES }).fill('30');
    expect(await page.getByLabel(`${messages.END_HOUR}: ${messages.HOURS}`).inputValue()).toBe('12');
    expect(await page.getByLabel(`${messages.END_HOUR}: ${messages.MINUTES}`).inputValue()).toBe('30');
    expect(await page.getByRole('button', { name: new RegExp(messages.END_DATE) }).textContent()).toContain(dayInZone(2));
  });

  it('books two devices with a description', async () => {
    const { page } = journey;
    await page.getByRole('checkbox', { name: `${messages.SELECT_DEVICE} 10.0.1.11` }).check();
    await page.getByRole('checkbox', { name: `${messages.SELECT_DEVICE} 10.0.1.12` }).check();
    expect(await page.getByRole('checkbox', { name: `${messages.SELECT_DEVICE} 10.0.1.16` }).isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: messages.DESCRIPTION }).fill('radio range tests');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'booking-filled');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: messages.BOOK_DEVICES }).click();
    await page.waitForURL(new RegExp(`/reservations/${userId}/reservationId/\\d+$`));
    reservationId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText(`${messages.RESERVATION_ID_CREATED} ${reservationId}`).waitFor();
  });

  it('highlights the new reservation in the list, in the browser’s time zone', async () => {
    const { page } = journey;
    const row = page.locator(`tr[data-reservation-id="${reservationId}"]`);
    await row.waitFor();
    expect(await row.getAttribute('aria-current')).toBe('true');
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(0, 2)).toEqual([String(reservationId), 'Testbed Administrator']);
    // In the browser's locale and zone: the hours booked on the form, whatever the locale's way of writing them.
    expect(cells[4]).toMatch(/\b10:00\b/);
    expect(cells[5]).toBe('2 h 30 min');
    expect(cells[6]).toMatch(/\b12:30\b/);
    expect(cells[4]).toContain(String(Number(dayInZone(2).slice(8))));
    expect(cells[7]).toBe('radio range tests');
    expect(cells[8]).toBe('10.0.1.11 / 10.0.1.12');
    expect(cells[9]).toBe('Exclusive');
    await screenshot(page, 'reservations-created');
    await expectNoAxeViolations(page);
  });

  it('shows the same picture for the user’s own reservations on request', async () => {
    const { page } = journey;
    await page.getByRole('switch', { name: messages.SHOW_MY_TIMELINE }).check();
    const timeline = page.getByRole('img', { name: /1 reservation\(s\) on 2 device\(s\)/ });
    await timeline.waitFor();
    expect(await timeline.locator(`rect[data-reservation="${reservationId}"]`).count()).toBe(2);
    await screenshot(page, 'reservations-timeline');
    await expectNoAxeViolations(page);
    await page.getByRole('switch', { name: messages.SHOW_MY_TIMELINE }).uncheck();
  });

  it('asks for confirmation before deleting, then removes the row', async () => {
    const { page } = journey;
    const row = page.locator(`tr[data-reservation-id="${reservationId}"]`);
    await row.waitFor();
    await chooseReservationAction(page, reservationId, messages.DELETE);
    const dialog = page.getByRole('dialog', { name: messages.RESERVATION_DELETION });
    await dialog.getByText(messages.DELETE_CONFIRMATION).waitFor();
    await dialog.getByText(`${messages.DELETE_CONFIRMATION_RESERVATION} ${reservationId}`).waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'reservation-delete-dialog');
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: messages.DELETE }).click();
    await page.getByText(`${messages.RESERVATION_ID_DELETED} ${reservationId}`).waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByText(messages.YOU_HAVE_NO_RESERVATION).waitFor();
    expect(await page.getByText(`${messages.RESERVATION_ID_CREATED} ${reservationId}`).count()).toBe(0);
    await screenshot(page, 'reservation-deleted');
  });
});
