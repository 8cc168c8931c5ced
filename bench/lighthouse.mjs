// Lighthouse 12 (its Node API, default config: mobile form factor, simulated throttling) on /,
// /date-of-birth and /contact, three runs each in a fresh Chromium profile; the median of each
// figure. /date-of-birth and /contact need earlier answers (the app sends a deep link to the first
// incomplete step), so before Lighthouse navigates, puppeteer-core registers a script that runs
// at the start of every document of that tab and puts a seeded application into sessionStorage.
// Lighthouse still clears the origin's storage and cache first: the load stays a cold one.
/* global location -- a function that runs in the page */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { navigation } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/browser.mjs';
import { seededStateFor, STORAGE_KEY } from './lib/seed.mjs';
import { median, round, withTimeout } from './lib/stats.mjs';

// The first screen and deep links into the journey (a reload, a discarded tab reloaded): each
// step page the server pre-renders a shell for (docs/decisions/0043-step-shells.md).
export const LIGHTHOUSE_PAGES = [
  '/',
  '/date-of-birth',
  '/contact',
  '/address/1',
  '/before-you-submit',
];
// BENCH_LIGHTHOUSE_RUNS=1 for a quick look; the table's figures are the median of three.
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 3;
const RUN_TIMEOUT_MS = 120_000;

/** Diagnostics kept with each page's figures, for the profile of a missed budget. */
const DIAGNOSTICS = [
  'first-contentful-paint',
  'speed-index',
  'interactive',
  'server-response-time',
  'render-blocking-resources',
  'uses-text-compression',
  'unused-javascript',
  'bootup-time',
  'mainthread-work-breakdown',
  'network-dependency-tree-insight',
  'critical-request-chains',
  'lcp-phases-insight',
  'largest-contentful-paint-element',
  'total-byte-weight',
];

function seedScript(key, value) {
  try {
    if (location.protocol === 'http:' || location.protocol === 'https:') {
      sessionStorage.setItem(key, value);
    }
  } catch {
    // about:blank and the like have no storage of their own.
  }
}

async function runOnce(origin, pagePath) {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'broker-bench-lighthouse-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    userDataDir: profile,
    args: CHROMIUM_ARGS.filter((arg) => arg !== '--headless'),
  });
  try {
    const page = await browser.newPage();
    if (pagePath !== '/') {
      await page.evaluateOnNewDocument(seedScript, STORAGE_KEY, seededStateFor(pagePath));
    }
    const result = await navigation(page, `${origin}${pagePath}`, {
      flags: {
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      },
    });
    const { lhr } = result;
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (landed !== pagePath) throw new Error(`${pagePath} redirected to ${landed}`);
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failing = Object.values(lhr.categories).flatMap((category) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map(
          (ref) =>
            `${category.id}/${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`,
        ),
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
      tbtMs: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      failing,
      diagnostics: Object.fromEntries(
        DIAGNOSTICS.filter((id) => lhr.audits[id]).map((id) => [
          id,
          lhr.audits[id].displayValue ?? lhr.audits[id].score,
        ]),
      ),
      lcpElement:
        lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node
          ?.nodeLabel ?? null,
      warnings: lhr.runWarnings,
    };
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Lighthouse sometimes loses its trace on a busy machine (NO_NAVSTART, …): one more try. */
export async function runWithRetry(origin, pagePath, log = () => {}) {
  try {
    return await withTimeout(runOnce(origin, pagePath), RUN_TIMEOUT_MS, `Lighthouse ${pagePath}`);
  } catch (error) {
    log(`lighthouse ${pagePath}: ${error.message.split('\n')[0]}; trying again`);
    return withTimeout(runOnce(origin, pagePath), RUN_TIMEOUT_MS, `Lighthouse ${pagePath}`);
  }
}

export async function lighthouse(origin, { runs = RUNS, log = () => {} } = {}) {
  const pages = [];
  for (const pagePath of LIGHTHOUSE_PAGES) {
    const results = [];
    for (let run = 1; run <= runs; run += 1) {
      results.push(await runWithRetry(origin, pagePath, log));
      const last = results[results.length - 1];
      log(
        `lighthouse ${pagePath} run ${run}: performance ${last.performance}, LCP ${round(last.lcpMs, 0)} ms`,
      );
    }
    const mid = (key) => median(results.map((r) => r[key]));
    pages.push({
      path: pagePath,
      runs: results.length,
      performance: mid('performance'),
      accessibility: mid('accessibility'),
      bestPractices: mid('bestPractices'),
      lcpMs: round(mid('lcpMs'), 0),
      tbtMs: round(mid('tbtMs'), 0),
      cls: round(mid('cls'), 3),
      failing: [...new Set(results.flatMap((r) => r.failing))],
      diagnostics: results[Math.floor(results.length / 2)].diagnostics,
      each: results.map(({ failing: _f, diagnostics: _d, ...rest }) => rest),
    });
  }
  return { formFactor: 'mobile', throttling: 'simulate (Lighthouse defaults)', pages };
}
