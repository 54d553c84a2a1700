// A user uploads their own firmware from the images page (dropped on the drop zone, sent over tus with its
// progress), sees it with their usage against their quota, flashes a booked nRF52840 board with it up to
// 'Node is ready', shares it with one of their groups from its edit dialog, sees the quota an administrator
// set them, and deletes it once the flash has ended.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { messages } from '@testbed/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, newPage, screenshot, signIn } from './support/browser';
import { addSshKey, adminPost, adminPut, apiSignIn, bookViaApi, createUserViaApi, type ApiSession } from './support/seed';
import { ADMIN } from './support/server';
import { useJourney } from './support/journey';

const builtIn = fileURLToPath(new URL('../../server/src/testbed/simulated-testbed.json', import.meta.url));
const testbedFile = join(mkdtempSync(join(tmpdir(), 'images-e2e-')), 'testbed.json');
writeFileSync(testbedFile, JSON.stringify({ ...JSON.parse(readFileSync(builtIn, 'utf8')), simulator: { flashSeconds: 6, bootSeconds: 2, failureRate: 0, hangRate: 0 } }));

const flashButton = (page: Page) => page.getByRole('form', { name: messages.FLASH_FORM }).getByRole('button', { name: messages.FLASH_BUTTON, exact: true });

const PERSON = { username: 'grace_h', firstname: 'Grace', lastname: 'Hopper', password: 'Grace#Cobol-1959' };
const DEVICE = { macAddress: '02:00:00:03:00:01', ipAddress: '10.0.3.11' };
/** An ELF file of 3 MiB: its header, then random bytes (sent in one chunk, its progress shown). */
const FIRMWARE = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 1, 1, 1, 0]), randomBytes(3 * 1024 * 1024 - 8)]);

describe('bringing one’s own image', () => {
  const journey = useJourney({ env: { TESTBED_CONFIG: testbedFile }, context: { timezoneId: 'UTC' } });
  let user: ApiSession;

  it('uploads an image dropped on the images page, with its progress, and lists it with the usage against the quota', async () => {
    const { page, server } = journey;
    const admin = await apiSignIn(server.url, ADMIN.username, ADMIN.password);
    await createUserViaApi(admin, PERSON);
    user = await apiSignIn(server.url, PERSON.username, PERSON.password);
    await addSshKey(user, user.userId);
    await page.goto(`${server.url}/signin`);
    await signIn(page, PERSON.username, PERSON.password);
    await page.waitForURL(`${server.url}/home`);
    await page.goto(`${server.url}/images`);
    await page.getByRole('heading', { level: 1, name: messages.MY_IMAGES }).waitFor();
    await page.getByText(messages.IMAGE_NONE).waitFor();

    const drop = page.getByRole('button', { name: messages.IMAGE_DROP });
    const dataTransfer = await page.evaluateHandle((base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'blink.elf', { type: 'application/octet-stream' }));
      return transfer;
    }, FIRMWARE.toString('base64'));
    await drop.dispatchEvent('drop', { dataTransfer });
    await page.getByText('blink.elf (3.0 MiB)').waitFor();
    expect(await page.getByRole('textbox', { name: messages.IMAGE_NAME }).inputValue()).toBe('blink');
    await page.getByRole('textbox', { name: messages.IMAGE_VERSION }).fill('2.1');
    await page.getByLabel(messages.IMAGE_DEVICE_TYPES).click({ force: true });
    await page.getByRole('option', { name: 'nrf52840-dk' }).click();
    await page.keyboard.press('Escape');
    await screenshot(page, 'images-upload-form');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: messages.IMAGE_START_UPLOAD }).click();
    await page.getByText(messages.IMAGE_UPLOADED.replace('{{name}}', 'blink').replace('{{version}}', '2.1')).waitFor({ timeout: 30_000 });
    const row = page.getByRole('row').filter({ hasText: 'blink 2.1' });
    await row.waitFor();
    expect(await row.textContent()).toContain('elf');
    expect(await row.textContent()).toContain('3.0 MiB');
    expect(await page.getByTestId('image-usage').textContent()).toBe('Using 3.0 MiB of your 10.0 GiB quota');
    await screenshot(page, 'images-list');
    await expectNoAxeViolations(page);
  });

  it('flashes a booked board with it up to Node is ready', async () => {
    const { page, server } = journey;
    if (new Date().getUTCSeconds() > 45) await new Promise((resolve) => setTimeout(resolve, (61 - new Date().getUTCSeconds()) * 1000));
    const now = new Date();
    now.setUTCSeconds(0, 0);
    await bookViaApi(user, { userId: user.userId, start: now, durationMinutes: 60, devices: [DEVICE], timeZone: 'UTC', description: 'own firmware' });
    await page.goto(`${server.url}/flashNodes/${user.userId}?devices=${encodeURIComponent(DEVICE.macAddress)}`);
    await page.getByRole('heading', { level: 1, name: messages.FLASH_NODES }).waitFor();
    await page.getByRole('combobox', { name: messages.IMAGE, exact: true }).click();
    // The operator's images first, then the user's own.
    await page.getByRole('option', { name: 'zephyr-3.7' }).waitFor();
    await page.getByText(messages.IMAGE_GROUP_own).waitFor();
    await screenshot(page, 'flash-own-image-choice');
    await page.getByRole('option', { name: 'blink 2.1' }).click();
    await flashButton(page).click();
    await page.getByText(messages.NODE_IS_READY).waitFor({ timeout: 60_000 });
    expect(await page.getByRole('table', { name: messages.FLASH_JOBS }).getByText('blink 2.1').isVisible()).toBe(true);
    await screenshot(page, 'flash-own-image-ready');
    await expectNoAxeViolations(page);
  });

  it('edits the image to share it with one of their groups and sees the new visibility in the list', async () => {
    const { page, server } = journey;
    const admin = await apiSignIn(server.url, ADMIN.username, ADMIN.password);
    const group = (await adminPost(admin, '/api/group', { name: 'Compilers' })) as { groupId: number };
    await adminPut(admin, `/api/group/${group.groupId}/userToAdd/${user.userId}`, {});
    await page.goto(`${server.url}/images`);
    await page.getByRole('button', { name: `${messages.IMAGE_EDIT} blink 2.1` }).click();
    const dialog = page.getByRole('dialog', { name: messages.IMAGE_EDIT_TITLE.replace('{{name}}', 'blink').replace('{{version}}', '2.1') });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: messages.IMAGE_DESCRIPTION }).fill('Blinks the first LED every second.');
    await dialog.getByText(messages.IMAGE_VISIBILITY_public, { exact: true }).click();
    await dialog.getByText(messages.IMAGE_PUBLIC_APPROVAL).waitFor();
    await dialog.getByText(messages.IMAGE_VISIBILITY_group, { exact: true }).click();
    await dialog.getByRole('combobox', { name: messages.IMAGE_SHARE_GROUP }).click();
    await page.getByRole('option', { name: 'Compilers' }).click();
    await screenshot(page, 'images-edit-dialog');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: messages.SAVE }).click();
    await page.getByText(messages.IMAGE_UPDATED.replace('{{name}}', 'blink').replace('{{version}}', '2.1')).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: 'blink 2.1' });
    await row.getByText(`${messages.IMAGE_VISIBILITY_group} Compilers`).waitFor();
    // The group's usage now counts the shared image.
    await page.getByText(messages.IMAGE_GROUP_USAGE.replace('{{group}}', 'Compilers').replace('{{used}}', '3.0 MiB').replace('{{quota}}', '10.0 GiB')).waitFor();
  });

  it("an administrator sets the user's quota on the administrators' images page, and the owner's page shows it", async () => {
    const { browser, page, server } = journey;
    const adminPage = await newPage(browser);
    await adminPage.goto(`${server.url}/signin`);
    await signIn(adminPage, ADMIN.username, ADMIN.password);
    await adminPage.waitForURL(`${server.url}/home`);
    await adminPage.goto(`${server.url}/adminImages`);
    const quota = adminPage.getByRole('form', { name: messages.IMAGE_QUOTA_USER });
    await quota.waitFor();
    await quota.getByRole('textbox', { name: messages.IMAGE_QUOTA_USER_ID }).fill(String(user.userId));
    await quota.getByRole('textbox', { name: messages.IMAGE_QUOTA_GIB }).fill('2.5');
    await quota.getByRole('button', { name: messages.IMAGE_QUOTA_SET_USER }).click();
    await adminPage.getByText(messages.IMAGE_QUOTA_SAVED.replace('{{quota}}', '2.5 GiB')).waitFor();
    // A group that does not exist is refused, and the refusal is shown.
    const groupQuota = adminPage.getByRole('form', { name: messages.IMAGE_QUOTA_GROUP });
    await groupQuota.getByRole('textbox', { name: messages.IMAGE_QUOTA_GROUP_ID }).fill('999999');
    await groupQuota.getByRole('textbox', { name: messages.IMAGE_QUOTA_GIB }).fill('1');
    await groupQuota.getByRole('button', { name: messages.IMAGE_QUOTA_SET_GROUP }).click();
    await groupQuota.getByRole('alert').waitFor();
    await screenshot(adminPage, 'admin-images-quotas');
    await expectNoAxeViolations(adminPage);
    await adminPage.context().close();

    await page.goto(`${server.url}/images`);
    await page.getByRole('row').filter({ hasText: 'blink 2.1' }).waitFor();
    expect(await page.getByTestId('image-usage').textContent()).toBe('Using 3.0 MiB of your 2.5 GiB quota');
  });

  it('deletes the image once its flash has ended', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/images`);
    await page.getByRole('button', { name: `${messages.IMAGE_DELETE} blink 2.1` }).click();
    await page.getByRole('dialog').getByRole('button', { name: messages.IMAGE_DELETE }).click();
    await page.getByText(messages.IMAGE_NONE).waitFor();
    // The usage is read again alongside the list: wait for its new reply rather than race it.
    await page.getByTestId('image-usage').filter({ hasText: /^Using 0 B of your 2\.5 GiB quota$/ }).waitFor();
  });
});
