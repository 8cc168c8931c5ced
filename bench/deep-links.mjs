// A real cold load of the first screen and of deep links into the journey, as a phone reloading
// a discarded tab has it: Chromium with the CPU slowed 4× and the network shaped to 150 ms
// round trip and 1.6 Mbit/s down, 750 kbit/s up (DevTools protocol), a fresh context (empty
// cache) each load, and for a deep link the answers that lead there in sessionStorage before the
// page's first script (bench/lib/seed.mjs). Per page, the median of RUNS loads of: the largest
// contentful paint (LCP) and first contentful paint from the page's own PerformanceObserver; the
// moment the app is running (#root no longer inert) and the page shows the visitor's answers;
// the sum of layout shifts (CLS); and the long tasks' time beyond 50 ms each (blocking time). Unlike Lighthouse (bench/lighthouse.mjs), nothing is
// simulated: the figures move with the machine's load.
/* global document, window -- functions that run in the page */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/browser.mjs';
import { seededStateFor, STORAGE_KEY } from './lib/seed.mjs';
import { median, round, withTimeout } from './lib/stats.mjs';

export const DEEP_LINK_PAGES = [
  '/',
  '/date-of-birth',
  '/contact',
  '/address/1',
  '/before-you-submit',
];
const RUNS = Number(process.env.BENCH_DEEP_LINK_RUNS) || 3;
const LOAD_TIMEOUT_MS = 60_000;

export const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

/** In every document: LCP, FCP and layout shifts as the page sees them. */
function observePaints() {
  const seen = { lcp: null, fcp: null, cls: 0, blocking: 0 };
  window.__benchPaints = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') seen.fcp = entry.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) seen.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  // Total blocking time as the page saw it: each long task's time beyond 50 ms.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.blocking += Math.max(0, entry.duration - 50);
  }).observe({ type: 'longtask', buffered: true });
}

function seedScript([key, value]) {
  if (sessionStorage.getItem(key) === null) sessionStorage.setItem(key, value);
}

async function loadOnce(browser, origin, pagePath) {
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London' });
  try {
    if (pagePath !== '/') {
      await context.addInitScript(seedScript, [STORAGE_KEY, seededStateFor(pagePath)]);
    }
    await context.addInitScript(observePaints);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${origin}${pagePath}`, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => {
        const root = document.getElementById('root');
        return root && root.hasChildNodes() && !root.hasAttribute('inert');
      },
      null,
      { timeout: LOAD_TIMEOUT_MS, polling: 10 },
    );
    const runningAt = await page.evaluate(() => performance.now());
    const landed = new URL(page.url()).pathname;
    if (landed !== pagePath) throw new Error(`${pagePath} redirected to ${landed}`);
    // Layout shifts and a late LCP candidate have a moment to be reported.
    await page.waitForTimeout(500);
    const paints = await page.evaluate(() => window.__benchPaints);
    return {
      lcpMs: paints.lcp,
      fcpMs: paints.fcp,
      cls: paints.cls,
      runningMs: runningAt,
      blockingMs: paints.blocking,
    };
  } finally {
    await context.close();
  }
}

export async function deepLinks(origin, { runs = RUNS, log = () => {} } = {}) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const pages = [];
    for (const pagePath of DEEP_LINK_PAGES) {
      const results = [];
      for (let run = 1; run <= runs; run += 1) {
        results.push(
          await withTimeout(loadOnce(browser, origin, pagePath), LOAD_TIMEOUT_MS * 2, pagePath),
        );
      }
      const mid = (key) => round(median(results.map((r) => r[key])), 0);
      const page = {
        path: pagePath,
        runs,
        lcpMs: mid('lcpMs'),
        fcpMs: mid('fcpMs'),
        runningMs: mid('runningMs'),
        blockingMs: mid('blockingMs'),
        cls: round(Math.max(...results.map((r) => r.cls)), 3),
        each: results.map((r) => ({ ...r, cls: round(r.cls, 3) })),
      };
      log(
        `cold load ${pagePath}: LCP ${page.lcpMs} ms, app running ${page.runningMs} ms, blocking ${page.blockingMs} ms, CLS ${page.cls}`,
      );
      pages.push(page);
    }
    return { cpuSlowdown: CPU_SLOWDOWN, network: NETWORK, pages };
  } finally {
    await browser.close();
  }
}
