// A booking that overlaps an existing Exclusive reservation is refused: the form stays, with the server's
// messages listed under BOOK_DEVICES_FAILED, and nothing is booked.
import { messages } from '@testbed/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, screenshot, signIn } from './support/browser';
import { addSshKey, apiSignIn, bookViaApi, wallClockIn, type ApiSession } from './support/seed';
import { ADMIN } from './support/server';
import { useJourney } from './support/journey';

const TIME_ZONE = 'America/New_York';

/** Tomorrow at `hour`:00 in TIME_ZONE, as an instant. */
function tomorrowAt(hour: number): Date {
  const tomorrow = wallClockIn(new Date(Date.now() + 86_400_000), TIME_ZONE).date;
  // Walk from a UTC guess to the instant whose wall clock in the zone reads that day and hour.
  let guess = new Date(Date.UTC(tomorrow.year, tomorrow.month - 1, tomorrow.day, hour));
  for (let step = 0; step < 3; step += 1) {
    const seen = wallClockIn(guess, TIME_ZONE);
    const seenUtc = Date.UTC(seen.date.year, seen.date.month - 1, seen.date.day, Number(seen.hour.slice(0, 2)), Number(seen.hour.slice(3)));
    guess = new Date(guess.getTime() + (Date.UTC(tomorrow.year, tomorrow.month - 1, tomorrow.day, hour) - seenUtc));
  }
  return guess;
}

describe('a booking that overlaps another one', () => {
  const journey = useJourney({ context: { viewport: { width: 1280, height: 900 }, timezoneId: TIME_ZONE } });
  let admin: ApiSession;
  let heldId: number;

  beforeAll(async () => {
    const { server } = journey;
    admin = await apiSignIn(server.url, ADMIN.username, ADMIN.password);
    await addSshKey(admin, admin.userId);
    heldId = await bookViaApi(admin, {
      userId: admin.userId,
      start: tomorrowAt(10),
      durationMinutes: 120,
      devices: [{ macAddress: '02:00:00:01:00:03', ipAddress: '10.0.1.13' }],
      description: 'held',
      timeZone: TIME_ZONE,
    });
  });
  it('shows the existing reservation on the timeline of its device', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/signin`);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(`${server.url}/home`);
    await page.goto(`${server.url}/bookDevices/${admin.userId}`);
    await page.getByRole('combobox', { name: messages.DEVICE_TYPE }).click();
    await page.getByRole('option', { name: 'raspberry-pi-4' }).click();
    const timeline = page.getByRole('img', { name: /raspberry-pi-4.*1 reservation\(s\)/ });
    await timeline.waitFor();
    expect(await timeline.locator(`g[data-device="10.0.1.13"] rect[data-reservation="${heldId}"]`).count()).toBe(1);
    expect(await timeline.locator(`rect[data-reservation="${heldId}"]`).count()).toBe(1);
  });

  it('chooses tomorrow 11:00 for two hours with the calendar and the hour fields', async () => {
    const { page } = journey;
    const tomorrow = wallClockIn(new Date(Date.now() + 86_400_000), TIME_ZONE).date;
    const label = new Date(tomorrow.year, tomorrow.month - 1, tomorrow.day).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
    await page.getByRole('button', { name: new RegExp(messages.START_DATE) }).click();
    await page.getByRole('dialog', { name: messages.START_DATE }).getByRole('button', { name: label, exact: true }).click();

    await page.getByLabel(`${messages.START_HOUR}: ${messages.HOURS}`).click();
    await page.keyboard.type('11');
    await page.getByLabel(`${messages.START_HOUR}: ${messages.MINUTES}`).click();
    await page.keyboard.type('00');
    await page.getByRole('textbox', { name: messages.DURATION_HOURS }).fill('2');
    await page.getByRole('textbox', { name: messages.DURATION_MINUTES }).fill('0');

    const iso = `${tomorrow.year}-${String(tomorrow.month).padStart(2, '0')}-${String(tomorrow.day).padStart(2, '0')}`;
    expect(await page.getByRole('button', { name: new RegExp(messages.END_DATE) }).textContent()).toContain(iso);
    expect(await page.getByLabel(`${messages.START_HOUR}: ${messages.MINUTES}`).inputValue()).toBe('00');
    expect(await page.getByLabel(`${messages.END_HOUR}: ${messages.HOURS}`).inputValue()).toBe('13');
    expect(await page.getByLabel(`${messages.END_HOUR}: ${messages.MINUTES}`).inputValue()).toBe('00');
    expect(await page.getByText(messages.EARLIER_TIME_ERROR).count()).toBe(0);
  });

  it('lists the conflict under BOOK_DEVICES_FAILED and stays on the form', async () => {
    const { page } = journey;
    await page.getByRole('checkbox', { name: `${messages.SELECT_DEVICE} 10.0.1.13` }).check();
    await page.getByRole('checkbox', { name: `${messages.SELECT_DEVICE} 10.0.1.14` }).check();
    await page.getByRole('button', { name: messages.BOOK_DEVICES }).click();

    const failure = page.getByTestId('booking-failure');
    await failure.waitFor();
    expect(await failure.getByText(messages.BOOK_DEVICES_FAILED).isVisible()).toBe(true);
    const items = await failure.getByRole('listitem').allTextContents();
    expect(items).toHaveLength(1);
    expect(items[0]).toContain('10.0.1.13');
    expect(items[0]).toContain(`reservation ${heldId}`);
    expect(new URL(page.url()).pathname).toBe(`/bookDevices/${admin.userId}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'booking-failed');
    await expectNoAxeViolations(page);
  });

  it('booked nothing', async () => {
    const { server } = journey;
    const reply = await fetch(`${server.url}/api/userReservations/${admin.userId}`, { headers: { authorization: `Bearer ${admin.token}` } });
    const list = (await reply.json()) as Array<{ reservationId: number }>;
    expect(list.map((reservation) => reservation.reservationId)).toEqual([heldId]);
  });
});
