// A user books a device with a colleague found by last name in the multi-select; the colleague signs in and
// finds the reservation among their own, with the booker as the responsible user.
import { messages } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, screenshot, signIn } from './support/browser';
import { addSshKey, apiSignIn, createUserViaApi } from './support/seed';
import { ADMIN } from './support/server';
import { useJourney } from './support/journey';

const BOOKER = { username: 'marie_c', firstname: 'Marie', lastname: 'Curien', password: 'Mar1e#Radium' };
const COLLEAGUE = { username: 'pierre_c', firstname: 'Pierre', lastname: 'Curieux', password: 'P1erre#Radium' };

describe('booking with a colleague', () => {
  const journey = useJourney();
  let bookerId: number;
  let colleagueId: number;
  let reservationId: number;

  it('books a device for the booker and a colleague chosen by last name', async () => {
    const { page, server } = journey;
    const admin = await apiSignIn(server.url, ADMIN.username, ADMIN.password);
    bookerId = await createUserViaApi(admin, BOOKER);
    colleagueId = await createUserViaApi(admin, COLLEAGUE);
    await addSshKey(admin, bookerId);

    await page.goto(`${server.url}/signin`);
    await signIn(page, BOOKER.username, BOOKER.password);
    await page.waitForURL(`${server.url}/home`);
    await page.goto(`${server.url}/bookDevices/${bookerId}`);
    await page.getByRole('combobox', { name: messages.DEVICE_TYPE }).click();
    await page.getByRole('option', { name: 'raspberry-pi-4' }).click();
    await page.getByRole('checkbox', { name: `${messages.SELECT_DEVICE} 10.0.1.13` }).check();

    // The search runs on the server; the booker's own name is never offered.
    const search = page.getByRole('combobox', { name: messages.ADDITIONAL_USERS });
    await search.fill('Curi');
    await page.getByRole('option', { name: new RegExp(COLLEAGUE.lastname) }).waitFor();
    expect(await page.getByRole('option', { name: new RegExp(BOOKER.lastname) }).count()).toBe(0);
    await page.getByRole('option', { name: new RegExp(COLLEAGUE.lastname) }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: messages.DESCRIPTION }).fill('joint measurements');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'booking-with-colleague');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: messages.BOOK_DEVICES }).click();
    await page.waitForURL(new RegExp(`/reservations/${bookerId}/reservationId/\\d+$`));
    reservationId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText(`${messages.RESERVATION_ID_CREATED} ${reservationId}`).waitFor();
  });

  it('shows the reservation among the colleague’s own, with the booker responsible', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/signout`);
    await page.getByRole('heading', { level: 1, name: messages.DISCONNECTED_TITLE }).waitFor();
    await page.getByRole('link', { name: messages.RECONNECT }).click();
    await page.waitForURL(`${server.url}/signin`);
    await signIn(page, COLLEAGUE.username, COLLEAGUE.password);
    await page.waitForURL(`${server.url}/home`);
    await page.goto(`${server.url}/reservations/${colleagueId}`);
    const row = page.getByRole('table', { name: messages.MY_RESERVATIONS }).getByRole('row').filter({ hasText: 'joint measurements' });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${BOOKER.firstname} ${BOOKER.lastname}`);
    expect(await row.textContent()).toContain('10.0.1.13');
    // Only the responsible user deletes it: the colleague's menu has no Delete.
    await row.getByRole('button', { name: messages.RESERVATION_ACTIONS.replace('{{id}}', String(reservationId)) }).click();
    await page.getByRole('menuitem', { name: messages.ADD_TO_CALENDAR }).waitFor();
    expect(await page.getByRole('menuitem', { name: messages.DELETE }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await screenshot(page, 'colleague-reservations');
    await expectNoAxeViolations(page);
  });
});
