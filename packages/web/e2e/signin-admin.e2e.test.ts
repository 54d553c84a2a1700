// The administrator signs in through the page, finds the Lists menu, and signs out.
import { messages } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, newPage, screenshot, signIn } from './support/browser';
import { ADMIN } from './support/server';
import { useJourney } from './support/journey';

describe('an administrator signs in and out', () => {
  const journey = useJourney();

  it('shows an accessible sign-in page', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/`);
    await page.waitForURL(`${server.url}/signin`);
    await page.getByRole('heading', { level: 1, name: messages.WELCOME }).waitFor();
    await screenshot(page, 'signin');
    await expectNoAxeViolations(page);
  });

  it('signs in and lands on the redirect URL with the navigation of an administrator', async () => {
    const { page } = journey;
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/\/home$/);
    const nav = page.getByRole('navigation', { name: messages.MAIN_NAVIGATION });
    await nav.getByRole('button', { name: messages.LISTS }).waitFor();
    for (const label of [messages.RESERVATION, messages.FLASH, messages.MY_ACCOUNT, messages.SIGN_OUT]) {
      expect(await nav.getByRole('button', { name: label, exact: true }).isVisible()).toBe(true);
    }
    const stored = await page.evaluate(() => ({ token: localStorage.getItem('token'), username: localStorage.getItem('username') }));
    expect(stored.username).toBe(ADMIN.username);
    expect(stored.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('opens the Lists menu with its entries', async () => {
    const { page } = journey;
    await page.getByRole('button', { name: messages.LISTS }).click();
    const menu = page.getByRole('list', { name: messages.LISTS });
    await menu.waitFor();
    const items = await menu.getByRole('link').allTextContents();
    expect(items).toEqual([
      messages.USERS,
      messages.VALIDATION_PENDING_ACCOUNTS_MENU,
      messages.VALIDATE_ACCOUNTS_MENU,
      messages.IMPORT_ACCOUNTS_MENU,
      messages.GROUPS,
      messages.GROUP_TYPES,
      messages.CREDENTIALS,
      messages.API_TOKENS,
      messages.ROLES,
      messages.EMPLOYERS,
      messages.EMPLOYER_TYPES,
      messages.PROFESSIONAL_STATUS_LIST,
      messages.INTENDED_USAGES,
      messages.USAGE_POLICIES,
    ]);
    await screenshot(page, 'lists-menu');
    await expectNoAxeViolations(page);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  });

  it('offers the account menu, with account deletion in red', async () => {
    const { page } = journey;
    await page.getByRole('button', { name: messages.MY_ACCOUNT }).click();
    const menu = page.getByRole('list', { name: messages.MY_ACCOUNT });
    await menu.waitFor();
    const deleteItem = menu.getByRole('link', { name: messages.DELETE_ACCOUNT });
    expect(await deleteItem.getAttribute('href')).toMatch(/^\/deleteAccount\/\d+$/);
    const color = await deleteItem.evaluate((element) => getComputedStyle(element).color);
    const [red, green, blue] = color.match(/\d+/g)!.map(Number);
    expect(red).toBeGreaterThan(150);
    expect(green! + blue!).toBeLessThan(150);
    await screenshot(page, 'account-menu');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  });

  it('signs out to the sign-out page with local storage empty', async () => {
    const { page, server } = journey;
    await page.getByRole('button', { name: messages.SIGN_OUT }).click();
    await page.waitForURL(`${server.url}/signout`);
    await page.getByRole('heading', { level: 1, name: messages.DISCONNECTED_TITLE }).waitFor();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect(await page.getByRole('navigation').count()).toBe(0);
    await screenshot(page, 'signout');
    await expectNoAxeViolations(page);
  });

  it('shows an accessible not-found page for an unknown path', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/no/such/page`);
    await page.getByRole('heading', { level: 1, name: messages.PAGE_NOT_FOUND }).waitFor();
    expect(await page.getByRole('link', { name: messages.BACK_TO_SIGN_IN }).getAttribute('href')).toBe('/signin');
    await screenshot(page, 'not-found');
    await expectNoAxeViolations(page);
  });

  it('fits a phone screen, with the navigation behind a menu button', async () => {
    const { server, browser } = journey;
    const phone = await newPage(browser, { width: 390, height: 844 });
    await phone.goto(`${server.url}/signin`);
    await signIn(phone, ADMIN.username, ADMIN.password);
    await phone.waitForURL(/\/home$/);
    await phone.getByRole('button', { name: messages.TOGGLE_NAVIGATION }).click();
    const nav = phone.getByRole('navigation', { name: messages.MAIN_NAVIGATION });
    await nav.getByRole('link', { name: messages.USERS }).waitFor();
    await screenshot(phone, 'phone-navigation');
    await expectNoAxeViolations(phone);
    await phone.context().close();
  });
});
