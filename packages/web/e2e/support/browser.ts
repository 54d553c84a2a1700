// Debian's Chromium driven by playwright-core, an accessibility check with axe-core, and screenshots kept
// in e2e/screenshots/ for a person to look at.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { messages } from '@testbed/contract';
import { chromium, type Browser, type Page, type ViewportSize } from 'playwright-core';
import { expect } from 'vitest';

const screenshotsDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * Waits for the transitions under way (a menu fading in, a notice sliding in), which would otherwise be
 * photographed half transparent or measured at the wrong contrast. Endless animations (spinners) are not
 * waited for.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** A page in a context of its own (axe-core needs one), so its local storage starts empty. */
export async function newPage(browser: Browser, viewport: ViewportSize = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

/** Fails with the list of what axe-core finds wrong on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await settle(page);
  const results = await new AxeBuilder({ page }).analyze();
  const found = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n'),
  );
  expect(found, `axe-core violations on ${page.url()}`).toEqual([]);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotsDir, { recursive: true });
  await settle(page);
  await page.screenshot({ path: join(screenshotsDir, `${name}.png`), fullPage: true });
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  // The labels end with the required-field asterisk.
  await page.getByLabel(new RegExp(`^${messages.USERNAME}`)).fill(username);
  await page.getByLabel(new RegExp(`^${messages.PASSWORD}`)).fill(password);
  await page.getByRole('button', { name: messages.SIGN_IN, exact: true }).click();
}

/** Opens the menu of a reservation's row (or card) and chooses one of its actions. */
export async function chooseReservationAction(page: Page, reservationId: number, action: string): Promise<void> {
  await page.getByRole('button', { name: messages.RESERVATION_ACTIONS.replace('{{id}}', String(reservationId)) }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}
