// A user (not an administrator) without an SSH key is sent to the no-key page; with a key and an Exclusive
// reservation running now, the Flash devices button of the reservation leads to the flash screen, where they
// flash their device on a fast simulated testbed and watch its states up to 'Node is ready', the device down
// meanwhile.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { messages } from '@testbed/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, screenshot, signIn } from './support/browser';
import { addSshKey, apiSignIn, bookViaApi, createUserViaApi, type ApiSession } from './support/seed';
import { ADMIN } from './support/server';
import { useJourney } from './support/journey';

// The built-in testbed with a flash of 16 s and a node that boots in 8 s: with the 10 s poll of the
// screen, the journey sees a status line and the wait for the node before it is ready.
const builtIn = fileURLToPath(new URL('../../server/src/testbed/simulated-testbed.json', import.meta.url));
const testbedFile = join(mkdtempSync(join(tmpdir(), 'flashing-e2e-')), 'testbed.json');
writeFileSync(
  testbedFile,
  JSON.stringify({
    ...JSON.parse(readFileSync(builtIn, 'utf8')),
    simulator: { flashSeconds: 16, bootSeconds: 8, failureRate: 0, hangRate: 0 },
  }),
);

/** The Flash button of the form (the navigation has a Flash menu too). */
const flashButton = (page: Page) => page.getByRole('form', { name: messages.FLASH_FORM }).getByRole('button', { name: messages.FLASH_BUTTON, exact: true });

const PERSON = { username: 'hedy_l', firstname: 'Hedy', lastname: 'Lamarr', password: 'Hedy#Spread-1942' };
const DEVICE = { macAddress: '02:00:00:01:00:01', ipAddress: '10.0.1.11' };
const IMAGE = 'raspios-bookworm-lite';

describe('flashing a device', () => {
  const journey = useJourney({ env: { TESTBED_CONFIG: testbedFile }, context: { timezoneId: 'UTC' } });
  let user: ApiSession;

  it('sends an account without an SSH key to the no-key page', async () => {
    const { page, server } = journey;
    const admin = await apiSignIn(server.url, ADMIN.username, ADMIN.password);
    await createUserViaApi(admin, PERSON);
    user = await apiSignIn(server.url, PERSON.username, PERSON.password);
    await page.goto(`${server.url}/signin`);
    await signIn(page, PERSON.username, PERSON.password);
    await page.waitForURL(`${server.url}/home`);
    await page.goto(`${server.url}/flashNodes/${user.userId}`);
    await page.waitForURL(`${server.url}/noSshkeyValid/${user.userId}`);
    await page.getByText(messages.NO_SSH_KEY_VALID).waitFor();
  });

  it('opens the flash screen from the Flash devices button of a reservation running now', async () => {
    const { page, server } = journey;
    await addSshKey(user, user.userId);
    // A booking that starts this minute has started by the time the list shows it.
    if (new Date().getUTCSeconds() > 45) await new Promise((resolve) => setTimeout(resolve, (61 - new Date().getUTCSeconds()) * 1000));
    const now = new Date();
    now.setUTCSeconds(0, 0);
    await bookViaApi(user, { userId: user.userId, start: now, durationMinutes: 60, devices: [DEVICE], timeZone: 'UTC', description: 'flash run' });

    await page.goto(`${server.url}/reservations/${user.userId}`);
    await page.getByRole('link', { name: messages.FLASH_DEVICES }).first().click();
    await page.waitForURL(`${server.url}/flashNodes/${user.userId}?devices=${encodeURIComponent(DEVICE.macAddress)}`);
    await page.getByRole('heading', { level: 1, name: messages.FLASH_NODES }).waitFor();
    await page.getByText(messages.NO_FLASH_JOB).waitFor();
    // The reservation's device is chosen already; the image is left to the person.
    expect(await page.getByRole('combobox', { name: messages.DEVICE_TYPE, exact: true }).inputValue()).toBe('raspberry-pi-4');
    expect(await page.getByRole('combobox', { name: messages.DEVICE, exact: true }).inputValue()).toBe(`${DEVICE.ipAddress} (${DEVICE.macAddress})`);
    expect(await flashButton(page).isDisabled()).toBe(true);
    await screenshot(page, 'flash-form-preselected');
    await expectNoAxeViolations(page);
  });

  it('offers the devices of the chosen type, the ones that are down disabled, then the images of the type', async () => {
    const { page } = journey;
    await page.getByRole('combobox', { name: messages.DEVICE_TYPE, exact: true }).click();
    await page.getByRole('option', { name: 'raspberry-pi-4' }).click();
    await page.getByRole('combobox', { name: messages.DEVICE, exact: true }).click();
    const down = page.getByRole('option', { name: /^10\.0\.1\.16 / });
    expect(await down.textContent()).toContain(messages.DEVICE_DOWN);
    expect(await down.getAttribute('aria-disabled')).toBe('true');
    await screenshot(page, 'flash-form-devices');
    await page.getByRole('option', { name: `${DEVICE.ipAddress} (${DEVICE.macAddress})`, exact: true }).click();
    await page.getByRole('combobox', { name: messages.IMAGE, exact: true }).click();
    await page.getByRole('option', { name: IMAGE }).click();
    expect(await flashButton(page).isEnabled()).toBe(true);
  });

  it("shows the job's states in order up to 'Node is ready', the device down and the buttons disabled meanwhile", async () => {
    const { page } = journey;
    // Every state text the page shows is written down as it appears.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { flashStates: string[] }).flashStates = seen;
      const record = () => {
        const text = document.querySelector('[data-testid="flash-state"]')?.textContent ?? '';
        if (text && seen.at(-1) !== text) seen.push(text);
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await flashButton(page).click();
    const state = page.getByTestId('flash-state');
    await state.waitFor();
    expect(await flashButton(page).isDisabled()).toBe(true);
    // Only the device being flashed is locked: the rest of the form stays usable.
    expect(await page.getByRole('button', { name: messages.RESET_ALL_VALUES }).isEnabled()).toBe(true);
    expect(await page.getByRole('combobox', { name: messages.DEVICE, exact: true }).inputValue()).toContain(messages.DEVICE_DOWN);

    await page.getByText(/ : Writing image /).waitFor({ timeout: 30_000 });
    await screenshot(page, 'flash-running');
    await expectNoAxeViolations(page);
    await page.getByText(messages.FLASHING_DONE_CONNECTING).waitFor({ timeout: 30_000 });
    await page.getByText(messages.NODE_IS_READY).waitFor({ timeout: 30_000 });

    const seen = await page.evaluate(() => (window as unknown as { flashStates: string[] }).flashStates);
    const order = (text: string) =>
      text === messages.FLASHING_PENDING ? 0 : / : /.test(text) ? 1 : text === messages.FLASHING_DONE_CONNECTING ? 2 : text === messages.NODE_IS_READY ? 3 : -1;
    expect(seen.map(order), seen.join(' | ')).toEqual([...seen.map(order)].sort());
    expect(seen.map(order)).not.toContain(-1);
    expect(seen.at(-1)).toBe(messages.NODE_IS_READY);

    // The device is up again and the form can be used again.
    await expect.poll(() => page.getByRole('combobox', { name: messages.DEVICE, exact: true }).inputValue(), { timeout: 10_000 }).toBe(
      `${DEVICE.ipAddress} (${DEVICE.macAddress})`,
    );
    expect(await flashButton(page).isEnabled()).toBe(true);
    await screenshot(page, 'flash-ready');
    await expectNoAxeViolations(page);
  });

  it('shows the job again when the screen is opened anew (the flash ran on the server)', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/flashNodes/${user.userId}`);
    await page.getByText(messages.NODE_IS_READY).waitFor();
    expect(await page.getByRole('table', { name: messages.FLASH_JOBS }).getByText(IMAGE).isVisible()).toBe(true);
  });
});
