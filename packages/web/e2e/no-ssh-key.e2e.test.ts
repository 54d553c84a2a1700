// A user without an SSH key who wants to book devices lands on the no-key page, whether through the menu
// or by opening the booking address, and finds the way back to their reservations.
import { messages } from '@testbed/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, screenshot, signIn } from './support/browser';
import { ADMIN, startServer, type PortalServer } from './support/server';

describe('booking without an SSH key', () => {
  let server: PortalServer;
  let browser: Browser;
  let page: Page;
  let userId: number;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    page = await newPage(browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in an account that has no SSH key yet', async () => {
    // The first administrator starts with no key: it is the account the server offers without sign-up.
    await page.goto(`${server.url}/signin`);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/\/reservations\/\d+$/);
    userId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('currentUser') ?? '{}').hasSshKey)).toBe(false);
  });

  it('leads the Book devices entry of the Reservation menu to the no-key page', async () => {
    await page.getByRole('button', { name: messages.RESERVATION, exact: true }).click();
    await page.getByRole('menuitem', { name: messages.BOOK_DEVICES_MENU }).click();
    await page.waitForURL(`${server.url}/noSshkeyValid/${userId}`);
    await page.getByText(messages.NO_SSH_KEY_VALID).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(messages.WELCOME);
    expect(await page.getByText(messages.ADD_OR_CHANGE_SSH_KEY).isVisible()).toBe(true);
    await screenshot(page, 'no-ssh-key');
    await expectNoAxeViolations(page);
  });

  it('sends the booking address itself to the no-key page', async () => {
    await page.goto(`${server.url}/bookDevices/${userId}`);
    await page.waitForURL(`${server.url}/noSshkeyValid/${userId}`);
    await page.getByText(messages.NO_SSH_KEY_VALID).waitFor();
  });

  it('goes back to the reservation list with its button', async () => {
    await page.getByRole('link', { name: messages.GO_BACK_RESERVATION_LIST }).click();
    await page.waitForURL(`${server.url}/reservations/${userId}`);
    await page.getByRole('heading', { level: 1, name: messages.MY_RESERVATIONS }).waitFor();
    await page.getByText(messages.YOU_HAVE_NO_RESERVATION).waitFor();
    await screenshot(page, 'reservations-empty');
    await expectNoAxeViolations(page);
  });
});
