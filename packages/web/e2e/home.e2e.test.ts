// The home page: a new user sees the first-steps checklist and their reservation with the way to connect; an
// administrator sees what waits for them, each with a link to act, and finds every administrators' page in
// the menus; "Documentation" opens the user guide, with the API reference beside it. Also the portal's files: the icon at /favicon.ico, and no cookie sent with the scripts.
import { HELP_TOPICS, helpMessages, homeMessages, messages } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, screenshot, signIn } from './support/browser';
import { addSshKey, apiSignIn, bookViaApi, createUserViaApi, ed25519PublicKeyLine, type ApiSession } from './support/seed';
import { ADMIN } from './support/server';
import { useJourney } from './support/journey';

const PERSON = { username: 'newcomer', firstname: 'Nia', lastname: 'Newcomer', password: 'Newcomer#2026' };
const DEVICE = { macAddress: '02:00:00:01:00:01', ipAddress: '10.0.1.11' };

describe('the home page', () => {
  // A loaded machine may take more than the usual 90 s to start the server.
  const journey = useJourney({ timeoutMs: 170_000 });
  let user: ApiSession;

  it('serves the icon at /favicon.ico and the scripts without a cookie', async () => {
    const { server } = journey;
    const icon = await fetch(`${server.url}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\//);
    const bytes = Buffer.from(await icon.arrayBuffer());
    expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const page = await fetch(`${server.url}/signin`);
    expect(page.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=/);
    const script = (await page.text()).match(/\/assets\/[^"]+\.js/)?.[0];
    expect(script).toBeDefined();
    const asset = await fetch(`${server.url}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('set-cookie')).toBeNull();
  });

  it('shows a new user the first steps, and ticks them as they are done', async () => {
    const { page, server } = journey;
    const admin = await apiSignIn(server.url, ADMIN.username, ADMIN.password);
    await createUserViaApi(admin, PERSON);
    user = await apiSignIn(server.url, PERSON.username, PERSON.password);
    await page.goto(`${server.url}/signin`);
    await signIn(page, PERSON.username, PERSON.password);
    // A person who signs in lands on Home.
    await page.waitForURL(`${server.url}/home`);
    const steps = page.getByTestId('first-steps');
    await steps.waitFor({ timeout: 30_000 });
    expect(await steps.getByText(`(${homeMessages.STEP_TODO})`, { exact: true }).count()).toBe(4);
    await page.getByTestId('holding-now').getByText(homeMessages.NO_RESERVATION_NOW).waitFor();
    await screenshot(page, 'home-first-steps');
    await expectNoAxeViolations(page);
  });

  it('shows the device held now with its ssh command and a flash button, and the first two steps done', async () => {
    const { page, server } = journey;
    await addSshKey(user, user.userId, ed25519PublicKeyLine('nia@laptop'));
    if (new Date().getUTCSeconds() > 45) await new Promise((resolve) => setTimeout(resolve, (61 - new Date().getUTCSeconds()) * 1000));
    const now = new Date();
    now.setUTCSeconds(0, 0);
    await bookViaApi(user, { userId: user.userId, start: now, durationMinutes: 60, devices: [DEVICE], timeZone: 'UTC', description: 'first run' });
    // A new sign-in carries the key in the session.
    await page.goto(`${server.url}/signout`);
    await page.getByRole('heading', { level: 1, name: messages.DISCONNECTED_TITLE }).waitFor();
    await page.goto(`${server.url}/signin?returnURL=%2Fhome`);
    await signIn(page, PERSON.username, PERSON.password);
    await page.waitForURL(`${server.url}/home`);
    const held = page.getByTestId('holding-now').getByTestId('home-reservation');
    await held.waitFor({ timeout: 30_000 });
    expect(await held.innerText()).toContain(`ssh ${PERSON.username}@${DEVICE.ipAddress}`);
    const flash = held.getByRole('link', { name: homeMessages.FLASH });
    expect(await flash.getAttribute('href')).toBe(`/flashNodes/${user.userId}?devices=${encodeURIComponent(DEVICE.macAddress)}`);
    const steps = page.getByTestId('first-steps');
    await expect.poll(() => steps.getByText(`(${homeMessages.STEP_DONE})`, { exact: true }).count(), { timeout: 30_000 }).toBe(2);
    await screenshot(page, 'home-holding');
    await expectNoAxeViolations(page);
  });

  it('lands an administrator on Home: what waits for them with a link to act, the devices free now, every administrators page in the menus', async () => {
    const { page, server } = journey;
    const admin = await apiSignIn(server.url, ADMIN.username, ADMIN.password);
    await addSshKey(admin, admin.userId, ed25519PublicKeyLine('admin@desk'));
    // An account asked to re-validate waits for the administrators.
    await fetch(`${server.url}/api/auth/userAccountToValidate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify([user.userId]),
    });
    await page.goto(`${server.url}/signout`);
    await page.getByRole('heading', { level: 1, name: messages.DISCONNECTED_TITLE }).waitFor();
    // An administrator who signs in lands on Home too.
    await page.goto(`${server.url}/signin`);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(`${server.url}/home`);
    const waiting = page.getByTestId('waiting-for-you');
    const line = waiting.getByTestId('waiting-line').filter({ hasText: 're-validate' });
    await line.waitFor({ timeout: 30_000 });
    // The simulated testbed has devices that do not answer: the administrators see them, with their page.
    expect(await waiting.getByTestId('waiting-line').filter({ hasText: 'Devices down' }).getByRole('link', { name: homeMessages.OPEN }).getAttribute('href')).toBe('/deviceHealth');
    // The devices free now, by type, each with a way to book it.
    const free = page.getByTestId('free-devices');
    const routers = free.locator('tr[data-device-type="openwrt-router"]');
    await routers.waitFor();
    expect(await routers.getByRole('link', { name: homeMessages.BOOK_TYPE_NOW.replace('{{type}}', 'openwrt-router') }).getAttribute('href')).toMatch(
      /^\/bookDevices\/\d+\?deviceType=openwrt-router$/,
    );
    await screenshot(page, 'home-admin');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: messages.LISTS }).click();
    const lists = page.getByRole('list', { name: messages.LISTS });
    for (const name of [messages.GROUPS, messages.GROUP_TYPES, messages.IMPORT_ACCOUNTS_MENU, messages.VALIDATE_ACCOUNTS_MENU, messages.VALIDATION_PENDING_ACCOUNTS_MENU]) {
      await lists.getByRole('link', { name, exact: true }).waitFor();
    }
    await screenshot(page, 'home-admin-lists-menu');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    await line.getByRole('link', { name: homeMessages.OPEN }).click();
    await page.waitForURL(`${server.url}/displayValidationPendingAccounts`);
  });

  it('opens the user guide from "Documentation", its topics written for users, the API reference beside them', async () => {
    const { page, server } = journey;
    await page.getByRole('link', { name: messages.DOCUMENTATION }).first().click();
    await page.waitForURL(`${server.url}/help`);
    await page.getByRole('heading', { level: 1, name: helpMessages.HELP_TITLE }).waitFor();
    expect(await page.getByTestId('help-topic').count()).toBe(HELP_TOPICS.length);
    expect(await page.getByTestId('api-reference').getByRole('link', { name: helpMessages.API_REFERENCE }).getAttribute('href')).toBe('/api/docs');
    await screenshot(page, 'help');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: helpMessages['flashing.title'] }).click();
    await page.waitForURL(`${server.url}/help/flashing`);
    await page.getByRole('heading', { level: 1, name: helpMessages['flashing.title'] }).waitFor();
    await screenshot(page, 'help-flashing');
    await expectNoAxeViolations(page);
  });
});
