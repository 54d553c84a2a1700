// An anonymous visitor of an administrator's page is asked to sign in and then taken back to it.
import { messages } from '@testbed/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './support/browser';
import { ADMIN, startServer, type PortalServer } from './support/server';

describe('a guarded route', () => {
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

  it('sends an anonymous visitor of /users to sign-in with a returnURL, then back to /users', async () => {
    await page.goto(`${server.url}/users`);
    await page.waitForURL(`${server.url}/signin?returnURL=%2Fusers`);
    await page.getByRole('heading', { level: 1, name: messages.WELCOME }).waitFor();

    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(`${server.url}/users`);
    expect(new URL(page.url()).pathname).toBe('/users');
    await page.getByRole('button', { name: messages.SIGN_OUT }).waitFor();
  });
});
