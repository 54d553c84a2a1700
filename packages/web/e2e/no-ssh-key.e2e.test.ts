// A user without an SSH key who wants to book devices lands on the no-key page, whether through the menu
// or by opening the booking address, and finds the way back to their reservations.
import { messages } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, screenshot, signIn } from './support/browser';
import { ADMIN } from './support/server';
import { useJourney } from './support/journey';

describe('booking without an SSH key', () => {
  const journey = useJourney();
  let userId: number;

  it('signs in an account that has no SSH key yet', async () => {
    const { page, server } = journey;
    // The first administrator starts with no key: it is the account the server offers without sign-up.
    await page.goto(`${server.url}/signin`);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/\/home$/);
    userId = await page.evaluate(() => JSON.parse(localStorage.getItem('currentUser') ?? '{}').userId as number);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('currentUser') ?? '{}').hasSshKey)).toBe(false);
  });

  it('leads the Book devices entry of the Reservation menu to the no-key page', async () => {
    const { page, server } = journey;
    await page.getByRole('button', { name: messages.RESERVATION, exact: true }).click();
    await page.getByRole('navigation', { name: messages.MAIN_NAVIGATION }).getByRole('link', { name: messages.BOOK_DEVICES_MENU }).click();
    await page.waitForURL(`${server.url}/noSshkeyValid/${userId}`);
    await page.getByText(messages.NO_SSH_KEY_VALID).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(messages.WELCOME);
    expect(await page.getByText(messages.ADD_OR_CHANGE_SSH_KEY).isVisible()).toBe(true);
    await screenshot(page, 'no-ssh-key');
    await expectNoAxeViolations(page);
  });

  it('sends the booking address itself to the no-key page', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/bookDevices/${userId}`);
    await page.waitForURL(`${server.url}/noSshkeyValid/${userId}`);
    await page.getByText(messages.NO_SSH_KEY_VALID).waitFor();
  });

  it('goes back to the reservation list with its button', async () => {
    const { page, server } = journey;
    await page.getByRole('link', { name: messages.GO_BACK_RESERVATION_LIST }).click();
    await page.waitForURL(`${server.url}/reservations/${userId}`);
    await page.getByRole('heading', { level: 1, name: messages.MY_RESERVATIONS }).waitFor();
    await page.getByText(messages.YOU_HAVE_NO_RESERVATION).waitFor();
    await screenshot(page, 'reservations-empty');
    await expectNoAxeViolations(page);
  });
});
