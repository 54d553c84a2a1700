// A user holding three devices flashes them in one action and follows the three jobs live to 'Node is
// ready', each with its ssh command through the testbed's jump host; a flash whose progress stream is lost
// is followed by the 10 s poll; a device that fails three flashes in a row (driven through the API) shows
// as quarantined on the administrators' health page, where it is released with a note.
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

const FAILING = { mac: '02:00:00:01:00:05', ip: '10.0.1.15' };
const builtIn = fileURLToPath(new URL('../../server/src/testbed/simulated-testbed.json', import.meta.url));
const original = JSON.parse(readFileSync(builtIn, 'utf8')) as {
  deviceTypes: Array<{ name: string; devices: Array<{ mac: string; failureRate?: number }> }>;
};
for (const type of original.deviceTypes) for (const device of type.devices) if (device.mac === FAILING.mac) device.failureRate = 1;
const testbedFile = join(mkdtempSync(join(tmpdir(), 'flash-batch-e2e-')), 'testbed.json');
writeFileSync(
  testbedFile,
  JSON.stringify({
    ...original,
    sshJumpHost: 'gateway.testbed.example.org',
    simulator: { flashSeconds: 8, bootSeconds: 2, failureRate: 0, hangRate: 0 },
  }),
);

const PERSON = { username: 'grace_h', firstname: 'Grace', lastname: 'Hopper', password: 'Grace#Cobol-1959' };
const DEVICES = [
  { macAddress: '02:00:00:01:00:01', ipAddress: '10.0.1.11' },
  { macAddress: '02:00:00:01:00:02', ipAddress: '10.0.1.12' },
  { macAddress: '02:00:00:01:00:03', ipAddress: '10.0.1.13' },
];
const IMAGE = 'raspios-bookworm-lite';
const flashButton = (page: Page) =>
  page.getByRole('form', { name: messages.FLASH_FORM }).getByRole('button', { name: messages.FLASH_BUTTON, exact: true });

async function call(session: ApiSession, method: string, path: string, body?: unknown) {
  const reply = await fetch(`${session.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${session.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: reply.status, body: (await reply.json()) as Record<string, unknown> };
}

describe('batch flash with live progress, and device quarantine', () => {
  const journey = useJourney({
    env: { TESTBED_CONFIG: testbedFile, DEVICE_QUARANTINE_FAILURES: '3' },
    context: { timezoneId: 'UTC' },
    // The journey blocks the progress stream to see the screen fall back to polling.
    expectedConsole: [/^Failed to load resource: net::ERR_FAILED$/],
  });
  let user: ApiSession;
  let admin: ApiSession;

  it('flashes three held devices with one image and follows them live to ready, each with its ssh command', async () => {
    const { page, server } = journey;
    admin = await apiSignIn(server.url, ADMIN.username, ADMIN.password);
    await createUserViaApi(admin, PERSON);
    user = await apiSignIn(server.url, PERSON.username, PERSON.password);
    await addSshKey(user, user.userId);
    if (new Date().getUTCSeconds() > 45) await new Promise((resolve) => setTimeout(resolve, (61 - new Date().getUTCSeconds()) * 1000));
    const now = new Date();
    now.setUTCSeconds(0, 0);
    await bookViaApi(user, { userId: user.userId, start: now, durationMinutes: 60, devices: DEVICES, timeZone: 'UTC', description: 'batch' });

    await page.goto(`${server.url}/signin`);
    await signIn(page, PERSON.username, PERSON.password);
    await page.waitForURL(`${server.url}/home`);
    await page.goto(`${server.url}/flashNodes/${user.userId}`);
    await page.getByRole('heading', { level: 1, name: messages.FLASH_NODES }).waitFor();
    await page.getByRole('combobox', { name: messages.DEVICE_TYPE, exact: true }).click();
    await page.getByRole('option', { name: 'raspberry-pi-4' }).click();
    await page.getByRole('checkbox', { name: messages.FLASH_SEVERAL }).check();
    const devices = page.getByRole('combobox', { name: messages.DEVICES_TO_FLASH });
    for (const device of DEVICES) {
      await devices.click();
      await page.getByRole('option', { name: `${device.ipAddress} (${device.macAddress})`, exact: true }).click();
    }
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: messages.IMAGE, exact: true }).click();
    await page.getByRole('option', { name: IMAGE }).click();
    await screenshot(page, 'flash-batch-form');
    await flashButton(page).click();

    const jobs = page.getByRole('table', { name: messages.FLASH_JOBS });
    await expect.poll(() => jobs.getByTestId('flash-stream').filter({ hasText: messages.FLASH_LIVE }).count(), { timeout: 15_000 }).toBe(3);
    await page.getByTestId('flash-stage').filter({ hasText: messages.FLASH_STAGE_flashing }).first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'flash-batch-running');
    await expectNoAxeViolations(page);

    await expect.poll(() => jobs.getByText(messages.NODE_IS_READY).count(), { timeout: 40_000 }).toBe(3);
    // The ssh command comes with the job list read again once the jobs ended.
    await expect.poll(() => jobs.getByTestId('ssh-command').count(), { timeout: 15_000 }).toBe(3);
    const commands = await jobs.getByTestId('ssh-command').locator('code').allTextContents();
    expect(commands.sort()).toEqual(DEVICES.map((device) => `ssh -J gateway.testbed.example.org ${PERSON.username}@${device.ipAddress}`));
    await screenshot(page, 'flash-batch-ready');
    await expectNoAxeViolations(page);

    // The job page keeps the log with the stages and times.
    await jobs.getByRole('link', { name: new RegExp(`${messages.OPEN_JOB}: .*${DEVICES[0]!.ipAddress.replace(/\./g, '\\.')}`) }).click();
    await page.getByTestId('flash-log').getByText(/Flashing done$/).waitFor();
    expect(await page.getByTestId('ssh-command').locator('code').textContent()).toContain(DEVICES[0]!.ipAddress);
    await screenshot(page, 'flash-job-page');
    await expectNoAxeViolations(page);
  });

  it('follows a flash by the 10 s poll when its progress stream is lost', async () => {
    const { page, server } = journey;
    await page.route('**/api/flashJobs/*/events?*', (route) => route.abort());
    await page.goto(`${server.url}/flashNodes/${user.userId}`);
    await page.getByRole('combobox', { name: messages.DEVICE_TYPE, exact: true }).click();
    await page.getByRole('option', { name: 'raspberry-pi-4' }).click();
    await page.getByRole('combobox', { name: messages.DEVICE, exact: true }).click();
    await page.getByRole('option', { name: `${DEVICES[1]!.ipAddress} (${DEVICES[1]!.macAddress})`, exact: true }).click();
    await page.getByRole('combobox', { name: messages.IMAGE, exact: true }).click();
    await page.getByRole('option', { name: IMAGE }).click();
    await flashButton(page).click();
    const jobs = page.getByRole('table', { name: messages.FLASH_JOBS });
    await jobs.getByTestId('flash-stream').filter({ hasText: messages.FLASH_POLLING }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'flash-polling');
    // The new job reaches 'Node is ready' by the poll alone: no stream was ever open.
    await expect.poll(() => jobs.getByText(messages.NODE_IS_READY).count(), { timeout: 40_000 }).toBe(4);
    expect(await jobs.getByTestId('flash-stream').filter({ hasText: messages.FLASH_LIVE }).count()).toBe(0);
    await page.unroute('**/api/flashJobs/*/events?*');
  });

  it('quarantines a device after three failed flashes and lets an administrator release it with a note', async () => {
    const { browser, server } = journey;
    await addSshKey(admin, admin.userId);
    for (let n = 0; n < 3; n++) {
      const started = await call(admin, 'POST', '/api/flashNodes', { deviceType: 'raspberry-pi-4', device: FAILING.mac, image: IMAGE });
      expect(started.status).toBe(200);
      await expect
        .poll(async () => (await call(admin, 'POST', '/api/checkFlashing', { handle: started.body.value2 })).body.state, { timeout: 30_000, interval: 250 })
        .toBe('failed');
    }
    const nodes = await call(user, 'GET', '/api/getNodes');
    expect((nodes.body['raspberry-pi-4'] as Record<string, { up: boolean; quarantined?: boolean }>)[FAILING.mac]).toMatchObject({ up: false, quarantined: true });

    // The administrator in a browser context of their own.
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: 'UTC' })).newPage();
    await page.goto(`${server.url}/signin`);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/\/home$/);
    await page.goto(`${server.url}/deviceHealth`);
    const row = page.locator(`tr[data-device="${FAILING.mac}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-state')).toBe('quarantined');
    expect(await row.textContent()).toContain('3 failed flash(es) in a row');
    await screenshot(page, 'device-health-quarantined');
    await expectNoAxeViolations(page);

    await row.getByRole('button', { name: messages.RELEASE }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: new RegExp(`^${messages.NOTE}`) }).fill('Reflashed the bootloader by hand');
    await screenshot(page, 'device-health-release');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: messages.RELEASE, exact: true }).click();
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 10_000 }).toBe('up');
  });
});
