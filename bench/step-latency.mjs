// Continue → next screen: a whole vehicle-finance journey in Chromium with the CPU slowed 4× by
// the DevTools protocol (Emulation.setCPUThrottlingRate). Each step is filled by its labels as a
// person would; then, just before the click, a MutationObserver starts in the page, and the
// time runs from the click event's timeStamp to the moment a new, visible h1 is in the DOM
// (`domMs`), and to the task after the next animation frame, when it has been painted
// (`frameMs`). Also recorded: the scripts each screen fetched (gzip KB). The last step's
// "Submit application" (a POST and the outcome page) is reported on its own.
/* global document, history, location, MutationObserver, requestAnimationFrame, window -- functions that run in the page */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/browser.mjs';
import { gzipSize, kb } from './lib/chunks.mjs';
import { percentile, round, withTimeout } from './lib/stats.mjs';

const CPU_SLOWDOWN = 4;
const JOURNEYS = 3;
const JOURNEY_TIMEOUT_MS = 120_000;

const radio = (name) => ({ radio: name });
const text = (label, value) => ({ label, value });
const choose = (label, option) => ({ label, option });
const click = (button) => ({ click: button });
const tick = (name) => ({ tick: name });
/** Waits until the box with this label shows a value (filled in by the page itself). */
const filledIn = (label) => ({ filledIn: label });

/** One applicant's vehicle-finance journey on the default brand: [path, what to answer]. */
export const journey = (email) => [
  ['/', [radio('A vehicle')]],
  ['/loan-type', [radio('Hire purchase')]],
  ['/looking-to-buy', [radio(/^Yes, I have found/)]],
  ['/deposit', [radio('No')]],
  ['/amount-to-finance', []],
  ['/driving-licence', [radio('Full UK licence')]],
  ['/marital-status', [choose(/marital status/i, /^Single$/)]],
  ['/date-of-birth', [text('Day', '15'), text('Month', '5'), text('Year', '1980')]],
  [
    '/employment/1',
    [
      choose(/employment status/i, /^Employed full time$/),
      text(/^(Occupation|Job title)/, 'Engineer'),
      text(/^Employer name/, 'Analytical Engines Ltd'),
      text(/^Employer town/, 'London'),
    ],
  ],
  ['/employment-length/1', [text('Years', '6'), text('Months', '3')]],
  ['/employment-income/1', [text(/net monthly income/i, '2400')]],
  [
    '/address/1',
    [
      text('Postcode', 'E1 6AN'),
      click('Find address'),
      choose(/address/i, /^14 Commercial Street/),
      filledIn(/^Town or city/),
    ],
  ],
  ['/residential-status/1', [radio('Private tenant')]],
  ['/address-length/1', [text('Years', '5'), text('Months', '0')]],
  ['/personal', [radio('Ms'), text('First name', 'Ada'), text('Last name', 'Lovelace')]],
  [
    '/contact',
    [
      text('Email address', email),
      text('Phone number', '07123456789'),
      // The terms are agreed here (docs/decisions/0015).
      tick(/agree to the Terms/i),
    ],
  ],
  ['/optins', []],
  ['/joint', [radio('No')]],
  ['/before-you-submit', []],
  ['/submit', []],
];

export async function answer(page, action) {
  const main = page.locator('main');
  if (action.radio) {
    const option = main.getByRole('radio', { name: action.radio, exact: true });
    if (await option.isVisible()) {
      await option.check();
    } else {
      // A custom-styled radio hides its input: a person clicks the label.
      await page.locator(`label[for="${await option.getAttribute('id')}"]`).click();
    }
  } else if (action.tick) {
    const box = main.getByRole('checkbox', { name: action.tick });
    if (await box.isVisible()) await box.check();
    else await page.locator(`label[for="${await box.getAttribute('id')}"]`).click();
  } else if (action.filledIn) {
    const box = main.getByRole('textbox', { name: action.filledIn });
    await box.waitFor();
    const deadline = Date.now() + 10_000;
    while ((await box.inputValue()) === '') {
      if (Date.now() > deadline) throw new Error(`${String(action.filledIn)} stayed empty`);
      await page.waitForTimeout(50);
    }
  } else if (action.click) {
    await main.getByRole('button', { name: action.click, exact: true }).click();
  } else if (action.option) {
    const select = main.getByRole('combobox', { name: action.label });
    const option = select.locator('option').filter({ hasText: action.option }).first();
    await option.waitFor({ state: 'attached' });
    await select.selectOption({ label: (await option.textContent()).trim() });
  } else {
    await main.getByRole('textbox', { name: action.label }).fill(action.value);
  }
}

/** In every document: note when the app changes the URL, to split a step's time in phases. */
export function recordNavigations() {
  for (const name of ['pushState', 'replaceState']) {
    const original = history[name];
    history[name] = function (...args) {
      window.__benchNavigatedAt = performance.now();
      return original.apply(this, args);
    };
  }
}

/**
 * Arms the in-page timer, clicks, and returns { domMs, frameMs, handlerMs, scriptsMs, renderMs,
 * path }: click → new visible h1 in the DOM, and → the frame after; of which click → URL
 * changed (the Continue handler), → the last script requested since the click arrived, and the
 * rest (React rendering and committing the page).
 */
export async function timedClick(page, button) {
  await page.evaluate(() => {
    const before = document.querySelector('h1');
    window.__benchNavigatedAt = null;
    window.__benchStep = new Promise((resolve, reject) => {
      let clickedAt = null;
      window.addEventListener('click', (event) => (clickedAt = event.timeStamp), {
        capture: true,
        once: true,
      });
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error(`no new heading 10 s after the click (on ${location.pathname})`));
      }, 10_000);
      const observer = new MutationObserver(() => {
        const h1 = document.querySelector('h1');
        if (clickedAt === null || !h1 || h1 === before || !h1.checkVisibility()) return;
        const domAt = performance.now();
        observer.disconnect();
        clearTimeout(timer);
        const navigatedAt = window.__benchNavigatedAt ?? clickedAt;
        const scriptsEnd = performance
          .getEntriesByType('resource')
          .filter((entry) => entry.initiatorType !== 'fetch' && entry.startTime >= clickedAt)
          .reduce((end, entry) => Math.max(end, entry.responseEnd), navigatedAt);
        requestAnimationFrame(() =>
          setTimeout(() =>
            resolve({
              domMs: domAt - clickedAt,
              frameMs: performance.now() - clickedAt,
              handlerMs: navigatedAt - clickedAt,
              scriptsMs: Math.min(scriptsEnd, domAt) - navigatedAt,
              renderMs: domAt - Math.min(scriptsEnd, domAt),
              path: location.pathname,
            }),
          ),
        );
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  });
  await page.getByRole('button', { name: button, exact: true }).click();
  return page.evaluate(() => window.__benchStep);
}

async function runJourney(browser, origin, index, scriptSizes) {
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London' });
  try {
    await context.addInitScript(recordNavigations);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    let fetched = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const url = new URL(response.url()).pathname;
      fetched.push(url);
      if (!scriptSizes.has(url)) scriptSizes.set(url, gzipSize(await response.body()));
    });
    await page.goto(`${origin}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The start screen is the server's HTML (decision 0010): the app adopts it a moment later
    // and #root stops being inert. A person reads the page for seconds before answering; the
    // first Continue is timed once the app has started and its start-up fetches are done.
    await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('inert'));
    await page.waitForLoadState('networkidle');

    const steps = journey(`bench.latency.${Date.now()}.${index}@example.com`);
    const samples = [];
    let submit = null;
    for (const [i, [path, actions]] of steps.entries()) {
      const at = new URL(page.url()).pathname;
      if (at !== path) throw new Error(`expected ${path} but the app is on ${at}`);
      for (const action of actions) await answer(page, action);
      const last = i === steps.length - 1;
      fetched = [];
      const timing = await timedClick(page, last ? 'Submit application' : 'Continue');
      const expected = last ? null : steps[i + 1][0];
      if (expected && timing.path !== expected) {
        throw new Error(`Continue on ${path} led to ${timing.path}, not ${expected}`);
      }
      const sample = { from: path, ...timing, to: timing.path, scripts: [...fetched] };
      if (last) submit = sample;
      else samples.push(sample);
    }
    return { samples, submit };
  } catch (error) {
    // Say what the screen showed: usually a label that changed or an answer not accepted.
    const page = context.pages()[0];
    const screen = page
      ? await page
          .locator('main')
          .ariaSnapshot()
          .catch(() => '')
      : '';
    error.message += `\n${screen.slice(0, 1500)}`;
    throw error;
  } finally {
    await context.close();
  }
}

export async function stepLatency(origin, { journeys = JOURNEYS, log = () => {} } = {}) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const scriptSizes = new Map();
  try {
    const runs = [];
    for (let i = 0; i < journeys; i += 1) {
      const run = await withTimeout(
        runJourney(browser, origin, i, scriptSizes),
        JOURNEY_TIMEOUT_MS,
        'a step-latency journey',
      );
      runs.push(run);
      const worst = Math.max(...run.samples.map((s) => s.domMs));
      log(`step latency journey ${i + 1}: ${run.samples.length} steps, slowest ${round(worst)} ms`);
    }
    const samples = runs.flatMap((run) => run.samples);
    const dom = samples.map((s) => s.domMs);
    const frame = samples.map((s) => s.frameMs);
    const p50 = (key) => {
      const values = samples.map((s) => s[key]);
      return round(percentile(values, 50));
    };
    const byScreen = new Map();
    for (const s of samples) {
      const entry = byScreen.get(s.to) ?? {
        screen: s.to,
        from: s.from,
        domMs: [],
        scriptsGzipKb: 0,
      };
      entry.domMs.push(round(s.domMs));
      // The scripts this Continue fetched: the next screen's own chunks (first visit).
      const gz = s.scripts.reduce((t, url) => t + (scriptSizes.get(url) ?? 0), 0);
      entry.scriptsGzipKb = Math.max(entry.scriptsGzipKb, kb(gz));
      byScreen.set(s.to, entry);
    }
    const submits = runs.map((run) => run.submit).filter(Boolean);
    return {
      cpuSlowdown: CPU_SLOWDOWN,
      journeys: runs.length,
      samples: samples.length,
      p50Ms: round(percentile(dom, 50)),
      p95Ms: round(percentile(dom, 95)),
      maxMs: round(Math.max(...dom)),
      frameP50Ms: round(percentile(frame, 50)),
      frameP95Ms: round(percentile(frame, 95)),
      // Medians of the phases: the Continue handler, waiting for the next screen's scripts, and
      // rendering it. They do not add up to p50 exactly (medians of different steps).
      phasesP50Ms: {
        handler: p50('handlerMs'),
        scripts: p50('scriptsMs'),
        render: p50('renderMs'),
      },
      submitToOutcomeMs: submits.map((s) => round(s.domMs)),
      outcomePath: submits[0]?.to ?? null,
      screens: [...byScreen.values()],
    };
  } finally {
    await browser.close();
  }
}
