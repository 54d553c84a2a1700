// One journey file = one real server and one Chromium, started before its tests and stopped after them.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type PortalServer, type ServerOptions } from './server';

export interface JourneyOptions extends ServerOptions {
  /** Viewport, time zone ... of the page's browser context (a context of its own, as axe-core needs). */
  context?: BrowserContextOptions;
  /** Console lines the journey provokes on purpose (a request it blocks ...), left out of the check. */
  expectedConsole?: RegExp[];
}

export interface Journey {
  readonly server: PortalServer;
  readonly browser: Browser;
  readonly page: Page;
}

/**
 * What the page said that a person would never see and a developer must: errors and React's warnings on the
 * console, and uncaught exceptions. The browser's own line for a refused request (a 4xx the journey provokes
 * on purpose) is not the app's doing and is left out.
 */
function watchConsole(page: Page, problems: string[], expected: RegExp[]) {
  page.on('console', (message) => {
    const text = message.text();
    if (expected.some((pattern) => pattern.test(text))) return;
    if (message.type() === 'error' && !/^Failed to load resource: the server responded with a status of 4\d\d/.test(text)) {
      problems.push(`console error: ${text}`);
    } else if (message.type() === 'warning' && /React|Warning:|react-router/i.test(text)) {
      problems.push(`console warning: ${text}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
}

/** Call inside `describe`: the journey's fields are set once its `beforeAll` has run. */
export function useJourney(options: JourneyOptions = {}): Journey {
  const journey = {} as { server: PortalServer; browser: Browser; page: Page };
  const problems: string[] = [];
  beforeAll(async () => {
    [journey.server, journey.browser] = await Promise.all([startServer(options), launchBrowser()]);
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 }, ...options.context });
    journey.page = await context.newPage();
    watchConsole(journey.page, problems, options.expectedConsole ?? []);
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
    // Every journey fails on what its pages said on the console, whichever step said it.
    expect(problems).toEqual([]);
  });
  return journey;
}
