// A newcomer's day in the browser: the reservations table fits a 1280 px screen with each row's actions in a
// menu; the profile's time zone is shown, changed, and every time follows it (the reservations, the booking
// form); the booking form says a breach of the weekly device-hours before booking. axe runs on each state.
import { homeMessages, messages, userMessages } from '@testbed/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, screenshot, signIn } from './support/browser';
import { addSshKey, adminPut, apiSignIn, bookViaApi, createUserViaApi, type ApiSession } from './support/seed';
import { ADMIN } from './support/server';
import { useJourney } from './support/journey';

const PERSON = { username: 'daywalker', firstname: 'Dana', lastname: 'Daywalker', password: 'Daywalker#2026' };
const BROWSER_ZONE = 'Europe/Paris';

describe("a newcomer's day", () => {
  const journey = useJourney({ timeoutMs: 170_000, context: { timezoneId: BROWSER_ZONE, locale: 'en-GB' } });
  let person: ApiSession;
  let reservationId: number;

  beforeAll(async () => {
    const { server } = journey;
    const admin = await apiSignIn(server.url, ADMIN.username, ADMIN.password);
    await createUserViaApi(admin, PERSON);
    person = await apiSignIn(server.url, PERSON.username, PERSON.password);
    await addSshKey(person, person.userId);
    // Three hours of a Raspberry Pi from half an hour after the next quarter hour. The booking form later opens
    // on the hour from the quarter hour it shows then (the same or one of the next two), so whichever UTC week
    // that hour falls in, or if Monday 00:00 UTC cuts it, a week it touches holds more than one device-hour with
    // this reservation, and the form must say so.
    const start = new Date(Math.ceil(Date.now() / 900_000) * 900_000 + 30 * 60_000);
    reservationId = await bookViaApi(person, {
      userId: person.userId,
      start,
      durationMinutes: 180,
      devices: [{ macAddress: '02:00:00:01:00:03', ipAddress: '10.0.1.13' }],
      timeZone: 'UTC',
      description: 'Dana’s first run (antenna test)',
    });
    // Then one device-hour a week of Raspberry Pis for everybody.
    await adminPut(admin, '/api/usagePolicies', {
      deviceType: 'raspberry-pi-4',
      groupId: null,
      maxDurationMinutes: null,
      maxDaysAhead: null,
      maxDevicesAtOnce: null,
      maxDeviceHoursPerWeek: 1,
    });
  });

  it('lands on Home, and fits the reservations table at 1280 px with the row actions in a menu', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/signin`);
    await signIn(page, PERSON.username, PERSON.password);
    await page.waitForURL(`${server.url}/home`);
    await page.getByTestId('holding-next').getByTestId('home-reservation').waitFor();
    await page.getByTestId('free-devices').getByRole('link', { name: homeMessages.BOOK_TYPE_NOW.replace('{{type}}', 'raspberry-pi-4') }).waitFor();

    await page.goto(`${server.url}/reservations/${person.userId}`);
    const row = page.locator(`tr[data-reservation-id="${reservationId}"]`);
    await row.waitFor();
    const region = page.getByRole('region', { name: messages.MY_RESERVATIONS });
    const overflow = await region.evaluate((box) => box.scrollWidth - box.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await page.getByText(`Times in ${BROWSER_ZONE}`).first().waitFor();
    await screenshot(page, 'reservations-1280');
    await expectNoAxeViolations(page);

    await row.getByRole('button', { name: messages.RESERVATION_ACTIONS.replace('{{id}}', String(reservationId)) }).click();
    for (const action of [messages.CHANGE_END, messages.ADD_TO_CALENDAR, messages.DELETE]) {
      await page.getByRole('menuitem', { name: action, exact: true }).waitFor();
    }
    await page.waitForTimeout(300);
    await screenshot(page, 'reservations-row-menu');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
  });

  it('shows the time zone on the profile, and every time follows it once changed', async () => {
    const { page, server } = journey;
    const row = page.locator(`tr[data-reservation-id="${reservationId}"]`);
    const startInParis = (await row.getByRole('cell').nth(4).textContent()) ?? '';

    await page.goto(`${server.url}/user/${person.userId}`);
    const zone = page.getByRole('textbox', { name: userMessages.TIME_ZONE }).or(page.getByLabel(userMessages.TIME_ZONE, { exact: true }));
    await zone.first().waitFor();
    await page.getByText(`your browser’s zone (${BROWSER_ZONE})`).waitFor();
    await zone.first().fill('Asia/Tok');
    await page.getByRole('option', { name: 'Asia/Tokyo' }).click();
    await screenshot(page, 'profile-time-zone');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: userMessages.SUBMIT }).click();
    await page.getByText(userMessages.SAVED).waitFor();

    await page.goto(`${server.url}/reservations/${person.userId}`);
    await row.waitFor();
    await page.getByText('Times in Asia/Tokyo (UTC+09:00)').first().waitFor();
    const startInTokyo = (await row.getByRole('cell').nth(4).textContent()) ?? '';
    expect(startInTokyo).not.toBe(startInParis);
    const stored = await fetch(`${server.url}/api/userReservations/${person.userId}`, { headers: { authorization: `Bearer ${person.token}` } }).then(
      (reply) => reply.json() as Promise<Array<{ reservationId: number; startDate: string }>>,
    );
    const start = new Date(stored.find((reservation) => reservation.reservationId === reservationId)!.startDate);
    const tokyoHour = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit' }).format(start);
    expect(startInTokyo).toContain(tokyoHour);
    await screenshot(page, 'reservations-in-profile-zone');
  });

  it('opens the booking form on the type of Home’s "Book now", in the profile’s zone, and says a weekly breach before booking', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/home`);
    await page.getByTestId('free-devices').getByRole('link', { name: homeMessages.BOOK_TYPE_NOW.replace('{{type}}', 'raspberry-pi-4') }).click();
    await page.waitForURL(`${server.url}/bookDevices/${person.userId}?deviceType=raspberry-pi-4`);
    expect(await page.getByRole('combobox', { name: messages.DEVICE_TYPE }).inputValue()).toBe('raspberry-pi-4');
    expect(await page.getByTestId('booking-time-zone').textContent()).toBe('Times in Asia/Tokyo (UTC+09:00)');
    await page.getByTestId('usage-policy').waitFor();
    await page.getByRole('checkbox', { name: `${messages.SELECT_DEVICE} 10.0.1.11` }).check();
    const breach = page.getByTestId('usage-policy-breach');
    await breach.waitFor();
    expect(await breach.textContent()).toMatch(/device-hours, more than 1(?!\d)/);
    await screenshot(page, 'booking-weekly-breach');
    await expectNoAxeViolations(page);
  });
});
