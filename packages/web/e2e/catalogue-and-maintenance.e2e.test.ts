// The device catalogue and maintenance: a newcomer reads the fleet at a glance and filters the devices by
// property and state; an administrator blocks a router for a window, sees the reservation inside it before
// confirming, its holder gets a mail, and the booking screen's timeline shows the maintenance.
import { messages } from '@testbed/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, screenshot, signIn } from './support/browser';
import { waitForMail } from './support/outbox';
import { addSshKey, apiSignIn, bookViaApi } from './support/seed';
import { ADMIN } from './support/server';
import { useJourney } from './support/journey';

const TIME_ZONE = 'Europe/Paris';
const ROUTER = { macAddress: '02:00:00:02:00:01', ipAddress: '10.0.2.11' };
/** yyyy-MM-dd HH:mm in the browser's zone (Paris), as the forms take it. */
const formDate = (date: Date) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
};

describe('device catalogue and maintenance', () => {
  const journey = useJourney({ context: { viewport: { width: 1280, height: 900 }, timezoneId: TIME_ZONE } });
  let userId: number;
  let reservationId: number;
  let start: Date;

  beforeAll(async () => {
    const admin = await apiSignIn(journey.server.url, ADMIN.username, ADMIN.password);
    await addSshKey(admin, admin.userId);
    userId = admin.userId;
    start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 24 * 3_600_000);
    reservationId = await bookViaApi(admin, { userId, start, durationMinutes: 120, devices: [ROUTER], timeZone: TIME_ZONE, description: 'mesh' });
  });

  it('shows the fleet at a glance and filters the devices by property and by state', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/signin`);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(`${server.url}/home`);
    await page.getByRole('button', { name: messages.RESERVATION, exact: true }).click();
    await page.getByRole('navigation', { name: messages.MAIN_NAVIGATION }).getByRole('link', { name: messages.DEVICES, exact: true }).click();
    await page.getByRole('heading', { name: messages.DEVICES, level: 1 }).waitFor();
    const table = page.getByRole('table', { name: messages.DEVICES });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(24);
    expect(await page.locator('[data-fleet-state="down"]').textContent()).toContain('4');

    await page.getByLabel(messages.FILTER_BY_PROPERTY, { exact: true }).first().click();
    await page.getByRole('option', { name: 'radios: 802.15.4' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(8);
    expect(await table.locator('tbody tr').first().textContent()).toContain('nrf52840-dk');

    await page.locator('[data-fleet-state="down"]').click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    expect(await page.locator('[data-fleet-state="down"]').getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'devices');
    await expectNoAxeViolations(page);
  });

  it('blocks a router after showing the reservation inside, and mails its holder', async () => {
    const { page, server } = journey;
    await page.getByRole('button', { name: messages.FLASH, exact: true }).click();
    await page.getByRole('navigation', { name: messages.MAIN_NAVIGATION }).getByRole('link', { name: messages.MAINTENANCE }).click();
    await page.getByRole('heading', { name: messages.MAINTENANCE, level: 1 }).waitFor();
    await page.getByRole('textbox', { name: messages.MAINTENANCE_REASON }).fill('Antenna swap');
    await page.getByRole('combobox', { name: messages.DEVICE_TYPE }).click();
    await page.getByRole('option', { name: 'openwrt-router' }).click();
    await page.getByLabel(messages.MAINTENANCE_DEVICES, { exact: true }).first().click();
    await page.getByRole('option', { name: `${ROUTER.ipAddress} (${ROUTER.macAddress})` }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: messages.MAINTENANCE_START }).fill(formDate(new Date(start.getTime() + 3_600_000)));
    await page.getByRole('textbox', { name: messages.MAINTENANCE_END }).fill(formDate(new Date(start.getTime() + 4 * 3_600_000)));
    await page.getByRole('button', { name: messages.MAINTENANCE_PREVIEW }).click();

    const affected = page.getByRole('table', { name: messages.MAINTENANCE_AFFECTED_TABLE });
    await affected.getByRole('cell', { name: String(reservationId), exact: true }).waitFor();
    await screenshot(page, 'maintenance-preview');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: messages.MAINTENANCE_CONFIRM }).click();
    await page.getByText('Maintenance created; 1 holder(s) informed.').waitFor();
    await page.getByRole('table', { name: messages.MAINTENANCE_CURRENT }).getByRole('cell', { name: 'Antenna swap', exact: true }).waitFor();
    const mail = await waitForMail(server.dataDir, { to: ADMIN.email, subject: new RegExp(`Maintenance of devices of your reservation ${reservationId}`) });
    expect(mail.text).toContain('Antenna swap');
    await expectNoAxeViolations(page);
  });

  it('draws the maintenance on the booking timeline and narrows the types by property', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/bookDevices/${userId}`);
    await page.getByRole('combobox', { name: messages.DEVICE_TYPE }).click();
    await page.getByRole('option', { name: 'openwrt-router' }).click();
    await page.locator('rect[data-kind="maintenance"]').first().waitFor();
    await screenshot(page, 'booking-timeline-maintenance');
    await expectNoAxeViolations(page);

    await page.getByLabel(messages.FILTER_BY_PROPERTY, { exact: true }).first().click();
    await page.getByRole('option', { name: 'radios: ble' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: messages.DEVICE_TYPE }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['nrf52840-dk', 'raspberry-pi-4']);
  });
});
