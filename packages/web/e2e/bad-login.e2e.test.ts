// A wrong password is answered with the bad-login text, and nobody is signed in.
import { messages } from '@testbed/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, signIn } from './support/browser';
import { ADMIN, startServer, type PortalServer } from './support/server';

describe('a bad login', () => {
  let server: PortalServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    page = await newPage(browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the bad-login text for a wrong password', async () => {
    await page.goto(`${server.url}/signin`);
    await signIn(page, ADMIN.username, 'Not-the-r1ght-one');
    const error = page.getByTestId('signin-error');
    await error.waitFor();
    const text = (await error.textContent()) ?? '';
    expect(text.replace(/\s+/g, ' ').trim()).toBe(messages.BAD_LOGIN);
    expect(new URL(page.url()).pathname).toBe('/signin');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await screenshot(page, 'bad-login');
  });
});
