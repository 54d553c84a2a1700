// One journey file = one real server and one Chromium, started before its tests and stopped after them.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type PortalServer, type ServerOptions } from './server';

export interface JourneyOptions extends ServerOptions {
  /** Viewport, time zone ... of the page's browser context (a context of its own, as axe-core needs). */
  context?: BrowserContextOptions;
}

export interface Journey {
  readonly server: PortalServer;
  readonly browser: Browser;
  readonly page: Page;
}

/** Call inside `describe`: the journey's fields are set once its `beforeAll` has run. */
export function useJourney(options: JourneyOptions = {}): Journey {
  const journey = {} as { server: PortalServer; browser: Browser; page: Page };
  beforeAll(async () => {
    [journey.server, journey.browser] = await Promise.all([startServer(options), launchBrowser()]);
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 }, ...options.context });
    journey.page = await context.newPage();
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
  });
  return journey;
}
