// Insight: an administrator reads the usage statistics (charts, tables, heat map, a CSV export) and the audit
// log (filters, CSV), then on their own page sees a failed sign-in, sets reminders, creates a calendar feed that
// a calendar program could read, and takes a reservation into their calendar.
import { readFile } from 'node:fs/promises';
import { messages } from '@testbed/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseReservationAction, expectNoAxeViolations, screenshot, signIn } from './support/browser';
import { addSshKey, apiSignIn, bookViaApi } from './support/seed';
import { ADMIN } from './support/server';
import { useJourney } from './support/journey';

const TIME_ZONE = 'Europe/Paris';
const PI = { macAddress: '02:00:00:01:00:03', ipAddress: '10.0.1.13' };

describe('statistics, audit log, reminders and calendar feed', () => {
  const journey = useJourney({ context: { viewport: { width: 1280, height: 900 }, timezoneId: TIME_ZONE, acceptDownloads: true } });
  let userId: number;
  let reservationId: number;

  beforeAll(async () => {
    const { server } = journey;
    // A wrong password first: the administrator's own page and the audit log must show it.
    const wrong = await fetch(`${server.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.username, password: 'not-the-password' }),
    });
    expect(wrong.status).toBe(401);
    const admin = await apiSignIn(server.url, ADMIN.username, ADMIN.password);
    await addSshKey(admin, admin.userId);
    userId = admin.userId;
    const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3_600_000);
    reservationId = await bookViaApi(admin, { userId, start, durationMinutes: 120, devices: [PI], timeZone: TIME_ZONE, description: 'insight run' });
  });

  it('shows the usage statistics from the Insight menu, with a CSV export of a table', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/signin`);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(`${server.url}/home`);
    await page.getByRole('button', { name: messages.INSIGHT }).click();
    await page.getByRole('navigation', { name: messages.MAIN_NAVIGATION }).getByRole('link', { name: messages.STATISTICS }).click();
    await page.getByRole('heading', { name: messages.STATISTICS, level: 1 }).waitFor();

    const byType = page.getByRole('table', { name: messages.STAT_DEVICE_HOURS_BY_TYPE_MONTH });
    const row = byType.getByRole('row', { name: /raspberry-pi-4/ });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('2');
    const heat = page.getByRole('table', { name: messages.STAT_OCCUPANCY });
    expect(await heat.getByRole('row').count()).toBe(8);
    await screenshot(page, 'statistics');
    await expectNoAxeViolations(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `Export ${messages.STAT_DEVICE_HOURS_BY_GROUP} as CSV` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('deviceHoursByGroup.csv');
    expect(await readFile((await file.path())!, 'utf8')).toBe('group,bookedHours,usedHours\r\n(no group),2,0\r\n');
  });

  it('filters the audit log by action and by device', async () => {
    const { page } = journey;
    await page.getByRole('button', { name: messages.INSIGHT }).click();
    await page.getByRole('navigation', { name: messages.MAIN_NAVIGATION }).getByRole('link', { name: messages.AUDIT_LOG }).click();
    await page.getByRole('heading', { name: messages.AUDIT_LOG, level: 1 }).waitFor();
    const table = page.getByRole('table', { name: messages.AUDIT_LOG });
    await table.locator('tr[data-action="auth.signin.failure"]').waitFor();
    await screenshot(page, 'audit-log');
    await expectNoAxeViolations(page);

    await page.getByRole('textbox', { name: messages.AUDIT_FILTER_DEVICE }).fill(PI.macAddress);
    await page.getByRole('button', { name: messages.APPLY }).click();
    await page.waitForURL(/device=02%3A00%3A00%3A01%3A00%3A03/);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    expect(await table.locator('tbody tr').first().getAttribute('data-action')).toBe('reservation.book');
    expect(await table.locator('tbody tr').first().textContent()).toContain(`reservation ${reservationId}`);

    await page.getByRole('textbox', { name: messages.AUDIT_FILTER_DEVICE }).fill('nonsense');
    await page.getByRole('button', { name: messages.APPLY }).click();
    await page.getByText('device must be a MAC address').waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: messages.CLEAR_FILTERS }).click();
    await page.getByRole('combobox', { name: messages.AUDIT_FILTER_ACTION }).fill('auth.');
    await page.getByRole('button', { name: messages.APPLY }).click();
    await page.waitForURL(/action=auth\./);
    await expect.poll(async () => new Set(await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action'))))).toEqual(
      new Set(['auth.signin.failure', 'auth.signin.success']),
    );
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: messages.EXPORT_CSV }).click();
    const csv = await readFile((await (await download).path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('id,at,actor_user_id,actor_username,action,target_type,target_id,devices,ip,details');
    expect(csv).toContain(',auth.signin.failure,');
    expect(csv).not.toContain('reservation.book');
  });

  it('shows the failed sign-in on the own page, keeps reminder settings and gives a calendar feed address once', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/user/${userId}`);
    const history = page.getByRole('table', { name: messages.SIGN_IN_HISTORY });
    await history.locator('tr[data-outcome="failure"]').getByText(messages.SIGN_IN_failure).waitFor();

    const reminders = page.getByRole('form', { name: messages.REMINDERS });
    await reminders.getByRole('switch', { name: messages.REMIND_BEFORE_END }).uncheck({ force: true });
    await reminders.getByRole('textbox', { name: `${messages.REMIND_BEFORE_START}: ${messages.MINUTES_BEFORE}` }).fill('30');
    await reminders.getByRole('button', { name: messages.SAVE }).click();
    await page.getByText(messages.REMINDERS_SAVED).waitFor();

    await page.getByRole('button', { name: messages.CALENDAR_FEED_CREATE }).click();
    const dialog = page.getByRole('dialog', { name: messages.CALENDAR_FEED_CREATED });
    const url = (await dialog.getByTestId('calendar-feed-url').textContent())!;
    expect(url).toMatch(/\/api\/calendar\.ics\?token=[A-Za-z0-9_-]{43}$/);
    await screenshot(page, 'calendar-feed-created');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: messages.CLOSE }).last().click();

    const feed = await fetch(url.replace(/^https?:\/\/[^/]+/, server.url));
    expect(feed.status).toBe(200);
    const ics = await feed.text();
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain(`UID:reservation-${reservationId}@`);

    await page.reload();
    await page.getByTestId('calendar-feed-status').getByText(/Your feed exists since/).waitFor();
    await expect.poll(() => page.getByRole('form', { name: messages.REMINDERS }).getByRole('switch', { name: messages.REMIND_BEFORE_END }).isChecked()).toBe(false);
    expect(await page.getByRole('textbox', { name: `${messages.REMIND_BEFORE_START}: ${messages.MINUTES_BEFORE}` }).inputValue()).toBe('30');
    await screenshot(page, 'own-page-insight');
    await expectNoAxeViolations(page);
  });

  it('downloads a reservation as a calendar event from the reservations screen', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/reservations/${userId}`);
    const download = page.waitForEvent('download');
    await page.locator(`tr[data-reservation-id="${reservationId}"]`).waitFor();
    await chooseReservationAction(page, reservationId, messages.ADD_TO_CALENDAR);
    const file = await download;
    expect(file.suggestedFilename()).toBe(`reservation-${reservationId}.ics`);
    const ics = await readFile((await file.path())!, 'utf8');
    expect(ics).toContain('METHOD:PUBLISH');
    expect(ics).toContain('SUMMARY:Testbed: 1 device – insight run');
  });
});
