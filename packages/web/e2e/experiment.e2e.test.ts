// An experiment from the web: the form (two groups of devices) previews the slot and each group's devices before
// anything is booked, confirming books it and opens its page, where the state of the experiment and of each
// device follow live up to ready; the bell of the header tells of it; stopping it releases the devices and flashes
// them back.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { experimentMessages, messages, notificationMessages } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, screenshot, signIn } from './support/browser';
import { addSshKey, apiSignIn, createUserViaApi } from './support/seed';
import { ADMIN } from './support/server';
import { useJourney } from './support/journey';

// The built-in testbed with flashes of 3 s, so that the page shows them flashing before ready.
const builtIn = fileURLToPath(new URL('../../server/src/testbed/simulated-testbed.json', import.meta.url));
const testbedFile = join(mkdtempSync(join(tmpdir(), 'experiment-e2e-')), 'testbed.json');
writeFileSync(testbedFile, JSON.stringify({ ...JSON.parse(readFileSync(builtIn, 'utf8')), simulator: { flashSeconds: 3, bootSeconds: 1, failureRate: 0, hangRate: 0 } }));

const PERSON = { username: 'grace_h', firstname: 'Grace', lastname: 'Hopper', password: 'Grace#Cobol-1959' };

describe('an experiment from the web', () => {
  const journey = useJourney({ env: { TESTBED_CONFIG: testbedFile }, context: { timezoneId: 'UTC' } });

  it('previews the slot and the devices, books it, follows it to ready and stops it', async () => {
    const { page, server } = journey;
    const admin = await apiSignIn(server.url, ADMIN.username, ADMIN.password);
    await createUserViaApi(admin, PERSON);
    const user = await apiSignIn(server.url, PERSON.username, PERSON.password);
    await addSshKey(user, user.userId);
    await page.goto(`${server.url}/signin`);
    await signIn(page, PERSON.username, PERSON.password);
    await page.waitForURL(`${server.url}/home`);

    await page.goto(`${server.url}/experiments`);
    await page.getByText(experimentMessages.NONE).waitFor();
    await page.getByRole('link', { name: experimentMessages.NEW_EXPERIMENT }).click();
    await page.waitForURL(`${server.url}/experiment`);
    await page.getByRole('textbox', { name: experimentMessages.NAME, exact: true }).fill('Two routers');
    const group = (n: number) => page.getByRole('group', { name: experimentMessages.GROUP.replace('{{n}}', String(n)) });
    await group(1).getByRole('combobox', { name: experimentMessages.DEVICE_TYPE, exact: true }).click();
    await page.getByRole('option', { name: 'openwrt-router' }).click();
    await group(1).getByRole('textbox', { name: experimentMessages.COUNT }).fill('2');
    await group(1).getByRole('combobox', { name: experimentMessages.IMAGE, exact: true }).click();
    await page.getByRole('option', { name: 'openwrt-23.05' }).click();
    // A second group: a board of another type with its own image.
    await page.getByRole('button', { name: experimentMessages.ADD_GROUP }).click();
    await group(2).getByRole('combobox', { name: experimentMessages.DEVICE_TYPE, exact: true }).click();
    await page.getByRole('option', { name: 'nrf52840-dk' }).click();
    await group(2).getByRole('combobox', { name: experimentMessages.IMAGE, exact: true }).click();
    await page.getByRole('option', { name: 'contiki-ng-4.9' }).click();
    await page.getByText(experimentMessages.START_NOW, { exact: true }).click();
    // From the top: the sticky header would otherwise sit across the form in the full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'experiment-two-groups');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: experimentMessages.PREVIEW }).click();

    const preview = page.getByTestId('experiment-preview');
    await preview.waitFor();
    const previewOf = (n: number) => preview.getByRole('region', { name: experimentMessages.PREVIEW_GROUP_TABLE.replace('{{n}}', String(n)) });
    expect(await previewOf(1).getByRole('row').count()).toBe(3);
    expect(await previewOf(2).getByRole('row').count()).toBe(2);
    await expect.poll(() => previewOf(1).textContent()).toContain('02:00:00:02:00:01');
    await expect.poll(() => previewOf(2).textContent()).toContain('02:00:00:03:00:01');
    // Nothing is booked by a preview.
    const before = await fetch(`${server.url}/api/experiments`, { headers: { authorization: `Bearer ${user.token}` } }).then((reply) => reply.json());
    expect(before).toEqual([]);
    await screenshot(page, 'experiment-preview');
    await expectNoAxeViolations(page);

    // The description is kept as a template for the next run.
    await page.getByRole('textbox', { name: experimentMessages.TEMPLATE_NAME }).fill('Routers');
    await page.getByRole('button', { name: experimentMessages.SAVE_TEMPLATE }).click();
    await page.getByText(experimentMessages.TEMPLATE_SAVED.replace('{{name}}', 'Routers')).waitFor();

    await page.getByRole('button', { name: experimentMessages.CONFIRM }).click();
    await page.waitForURL(/\/experiments\/\d+$/);
    const state = page.getByTestId('experiment-state');
    await expect.poll(() => state.textContent(), { timeout: 30_000 }).toMatch(/^(ready|running)$/);
    const devices = page.getByRole('region', { name: experimentMessages.DEVICES_TABLE });
    await expect.poll(() => devices.textContent()).toContain(`ssh ${PERSON.username}@10.0.2.11`);
    await expect.poll(() => devices.textContent()).toContain(`ssh ${PERSON.username}@10.0.3.11`);
    await screenshot(page, 'experiment-ready');
    await expectNoAxeViolations(page);

    // Its owner is told in the portal too: the bell counts it as the page sees it ready, and links to it.
    const bell = page.getByRole('button', { name: notificationMessages.OPEN_NOTIFICATIONS.replace('{{count}}', '1') });
    await bell.waitFor({ timeout: 10_000 });
    await bell.click();
    const notifications = page.getByRole('region', { name: notificationMessages.NOTIFICATIONS });
    const told = notifications.getByRole('link', { name: 'Experiment Two routers is ready' });
    await told.waitFor();
    expect(await told.getAttribute('href')).toBe(new URL(page.url()).pathname);
    await screenshot(page, 'experiment-notification');
    await expectNoAxeViolations(page);
    await told.click();
    // Opened, it is read: the bell counts nothing.
    await page.getByRole('button', { name: notificationMessages.NOTIFICATIONS, exact: true }).waitFor();
    expect(await notifications.count()).toBe(0);

    await page.getByRole('button', { name: experimentMessages.STOP }).click();
    await page.getByRole('dialog').getByRole('button', { name: experimentMessages.STOP }).click();
    await expect.poll(() => state.textContent(), { timeout: 30_000 }).toBe(experimentMessages.STATE_DONE);
    await expect.poll(() => devices.textContent()).toContain(experimentMessages.DEVICE_RELEASED);
    await screenshot(page, 'experiment-done');

    await page.getByRole('link', { name: `← ${experimentMessages.EXPERIMENTS}` }).click();
    await page.getByRole('link', { name: 'Two routers' }).waitFor();
    await page.getByRole('link', { name: experimentMessages.NEW_EXPERIMENT }).click();
    await page.getByRole('combobox', { name: experimentMessages.TEMPLATE, exact: true }).click();
    await page.getByRole('option', { name: 'Routers' }).click();
    expect(await page.getByRole('textbox', { name: experimentMessages.NAME, exact: true }).inputValue()).toBe('Two routers');
    expect(await group(2).getByRole('combobox', { name: experimentMessages.DEVICE_TYPE, exact: true }).inputValue()).toBe('nrf52840-dk');
    expect(messages.EXPERIMENTS_MENU).toBe('Experiments');
  });
});
