// What a user feels in the browser (docs/benchmark.md): the JavaScript each page fetches on a first load
// before it is interactive, measured from a real load of the built web app in Debian's Chromium, and
// Lighthouse's scores for performance, accessibility and best practices on the same pages.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromium, type BrowserContext } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
/**
 * The project's Chromium flags, and Chromium's own browser-interface pages turned off: this Chromium builds its
 * address bar's popup as a web page (WebUI) in a renderer of its own as it starts, some two seconds of CPU
 * that on two cores came out of the measured page (its long tasks three to eight times longer, Lighthouse's
 * performance 20 to 30 points lower). No page of ours is in them.
 */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
];

export interface MeasuredPage {
  /** A name for the table. */
  name: string;
  /** The page's path in the web app. */
  path: string;
  /** The budget of its first load's JavaScript, in KB gzip, when it has one. */
  maxScriptKb?: number;
  /** Whether the page needs a signed-in user. */
  signedIn: boolean;
}

export interface ScriptWeight {
  files: number;
  rawKb: number;
  gzipKb: number;
  /** KB gzip of the scripts asked for once the page was usable. */
  laterKb: number;
}

/** Runs per page, of which the median run is kept. */
const LIGHTHOUSE_RUNS = 3;

type LighthouseResult = Parameters<typeof computeMedianRun>[0][number];

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** The metrics behind the performance score, as Lighthouse words them (FCP, LCP, TBT, CLS, Speed Index). */
  metrics: string;
  /** The performance score of each run, in order. */
  runs: number[];
}

const PERFORMANCE_METRICS: Array<[string, string]> = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];

/** What the web app keeps in local storage after a sign-in (see web/src/shared/session.ts). */
export type StoredSession = Record<string, string>;

async function withSession(context: BrowserContext, session: StoredSession | null) {
  if (!session) return;
  await context.addInitScript((entries: StoredSession) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, session);
}

/**
 * Loads the page once in a fresh context (empty cache) and weighs the scripts it asked for before it was
 * usable (its level-1 heading shown): the bytes, and the bytes as gzip at level 9 (what the build's .gz
 * copies weigh), so that the figure does not depend on what the browser asked for. What the page fetches
 * afterwards (the notification and modal hosts, prefetches) is counted apart.
 */
export async function weighScripts(origin: string, page: MeasuredPage, session: StoredSession | null): Promise<ScriptWeight> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await withSession(context, page.signedIn ? session : null);
    // The page notes, on its own clock, when its level-1 heading first shows (every page of the app has one
    // once it is usable); its resource timings tell when each script was asked for on the same clock.
    // (Written as text: these run in the page, whose DOM types this package does not load.)
    await context.addInitScript({
      content: `
        const observer = new MutationObserver(() => {
          if (window.usableAt === undefined && document.querySelector('h1')) {
            window.usableAt = performance.now();
            observer.disconnect();
          }
        });
        observer.observe(document, { childList: true, subtree: true });`,
    });
    const tab = await context.newPage();
    const bodies = new Map<string, Promise<Buffer>>();
    tab.on('response', (response) => {
      if (response.request().resourceType() !== 'script' && !new URL(response.url()).pathname.endsWith('.js')) return;
      const body = response.body();
      // A script still arriving when the page closes is not weighed: its failure must not end the run.
      body.catch(() => undefined);
      bodies.set(response.url(), body);
    });
    await tab.goto(`${origin}${page.path}`, { waitUntil: 'networkidle' });
    // Waits for the heading without a predicate of ours: Playwright evaluates a waitForFunction predicate in
    // the page, which the app's Content-Security-Policy (no 'unsafe-eval') forbids once it has to poll.
    await tab.waitForSelector('h1', { state: 'attached', timeout: 30_000 });
    const timings = (await tab.evaluate(`({
      usableAt: window.usableAt ?? performance.now(),
      asked: performance.getEntriesByType('resource').map((entry) => ({ url: entry.name, at: entry.startTime })),
    })`)) as { usableAt: number; asked: Array<{ url: string; at: number }> };
    const askedAt = new Map(timings.asked.map((entry) => [entry.url, entry.at]));
    const scripts = [...bodies].map(([url, body]) => ({ askedAt: askedAt.get(url) ?? Number.POSITIVE_INFINITY, body }));
    const usable = timings.usableAt;
    const weigh = async (list: typeof scripts) => {
      const bodies = await Promise.all(list.map((script) => script.body));
      return {
        files: bodies.length,
        rawKb: bodies.reduce((sum, body) => sum + body.length, 0) / 1024,
        gzipKb: bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024,
      };
    };
    const before = await weigh(scripts.filter((script) => script.askedAt <= usable));
    const after = await weigh(scripts.filter((script) => script.askedAt > usable));
    return { ...before, laterKb: after.gzipKb };
  } finally {
    await browser.close();
  }
}

const WEB = fileURLToPath(new URL('../../web/', import.meta.url));

/**
 * The floor of any page's first load on the portal's web stack: a bare sign-in form on React DOM, Mantine,
 * React Router, TanStack Query and zod, each used the lightest way it offers and without the portal's
 * code (packages/web/bench/stack-floor), built as the app is; the KB gzip (level 9) of its scripts.
 */
export async function stackFloorKb(): Promise<number> {
  const out = await mkdtemp(path.join(tmpdir(), 'tp-stack-floor-'));
  try {
    const vite = path.join(WEB, '..', '..', 'node_modules', '.bin', 'vite');
    const build = spawnSync(vite, ['build', '--config', 'bench/stack-floor/vite.config.ts', '--outDir', out], { cwd: WEB, stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.status !== 0) throw new Error('the stack floor did not build');
    const assets = path.join(out, 'assets');
    const scripts = (await readdir(assets)).filter((name) => name.endsWith('.js'));
    const sizes = await Promise.all(scripts.map(async (name) => gzipSync(await readFile(path.join(assets, name)), { level: 9 }).length));
    return sizes.reduce((sum, size) => sum + size, 0) / 1024;
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

/**
 * Lighthouse's desktop runs of each page in one Chromium whose remote debugging port it drives. A signed-in
 * page finds the session in local storage: Lighthouse is told not to clear the storage, and the session is
 * written from an API address of the same origin, and the cache is emptied before each run. One run's score
 * moves by ten points or more from the next on this machine: as Lighthouse advises, each page is measured
 * LIGHTHOUSE_RUNS times and its median run (Lighthouse's computeMedianRun) is the figure.
 */
export async function lighthouseScores(
  origin: string,
  pages: MeasuredPage[],
  session: StoredSession,
  port: number,
  reportsDir?: string,
): Promise<Map<string, LighthouseScores>> {
  const profile = await mkdtemp(path.join(tmpdir(), 'tp-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: [...FLAGS, `--remote-debugging-port=${port}`],
  });
  if (reportsDir) await mkdir(reportsDir, { recursive: true });
  const scores = new Map<string, LighthouseScores>();
  try {
    const tab = await context.newPage();
    const devtools = await context.newCDPSession(tab);
    const measure = async (page: MeasuredPage): Promise<LighthouseResult & { report: string }> => {
      // Each run is a first visit: nothing cached by the page or the run measured before it.
      await devtools.send('Network.clearBrowserCache');
      await tab.goto(`${origin}/api/health/live`);
      await tab.evaluate((entries: StoredSession | null) => {
        localStorage.clear();
        for (const [key, value] of Object.entries(entries ?? {})) localStorage.setItem(key, value);
      }, page.signedIn ? session : null);
      const result = await lighthouse(
        `${origin}${page.path}`,
        { port, output: 'html', logLevel: 'error', disableStorageReset: true, onlyCategories: ['performance', 'accessibility', 'best-practices'] },
        desktopConfig,
      );
      if (!result?.lhr.categories) throw new Error(`Lighthouse gave no result for ${page.path}`);
      return Object.assign(result.lhr, { report: String(result.report) });
    };
    for (const page of pages) {
      const runs: LighthouseResult[] = [];
      while (runs.length < LIGHTHOUSE_RUNS) {
        let lhr = await measure(page);
        // A run whose trace Chromium did not record (NO_NAVSTART, NO_FCP...) scores nothing: it is run again,
        // once; a second failure is reported with Lighthouse's reason rather than as a bare 0.
        if (lhr.runtimeError) lhr = await measure(page);
        const failure = lhr.runtimeError;
        if (failure) throw new Error(`Lighthouse could not measure ${page.path}: ${failure.code} ${failure.message}`);
        runs.push(lhr);
        if (reportsDir) await writeFile(path.join(reportsDir, `${page.name}-${runs.length}.html`), lhr.report);
      }
      // Lighthouse's own choice among runs: the one nearest the median first paint and time to interactive.
      const lhr = computeMedianRun(runs);
      const score = (key: string) => Math.round((lhr.categories[key]?.score ?? 0) * 100);
      const metrics = PERFORMANCE_METRICS.map(([id, name]) => `${name} ${lhr.audits[id]?.displayValue ?? '?'}`).join(', ');
      scores.set(page.name, {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        metrics,
        runs: runs.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100)),
      });
    }
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
  return scores;
}
