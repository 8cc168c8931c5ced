// Continue → next screen: whole journeys of each kind (vehicle, secured, joint with the joint
// applicant's screens) in Chromium with the CPU slowed 4× by the DevTools protocol
// (Emulation.setCPUThrottlingRate). Each step is answered from the shared test applicant
// (`@broker/domain/testing`) through the controls the journey's table says it shows; then, just before the click, a MutationObserver starts in the page, and the
// time runs from the click event's timeStamp to the moment a new, visible h1 is in the DOM
// (`domMs`), and to the task after the next animation frame, when it has been painted
// (`frameMs`). Also recorded: the scripts each screen fetched (gzip KB). The last step's
// "Submit application" (a POST and the outcome page) is reported on its own.
/* global document, history, location, MutationObserver, requestAnimationFrame, window -- functions that run in the page */
import { chromium } from '@playwright/test';
import { stepFields, stepPath } from '@broker/domain';
import {
  BEN,
  applicantAnswers,
  applicantStateAt,
  numberedPerson,
  setAnswer,
} from '@broker/domain/testing';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/browser.mjs';
import { gzipSize, kb } from '../packages/web/scripts/build-graph/chunks.mjs';
import { percentile, round, withTimeout } from './lib/stats.mjs';

const CPU_SLOWDOWN = 4;
const JOURNEYS = 3;
const JOURNEY_TIMEOUT_MS = 120_000;

/** The journeys the bench walks, each with its own steps: the secured one adds the property
 * and the secured-loan disclosure on every screen, the joint one the joint applicant's screens. */
export const KINDS = ['vehicle', 'secured', 'joint'];

const fieldId = (path) => path.replaceAll('.', '-'); // packages/web/src/features/steps/lib/field-id.ts
const check = (id) => ({ check: id });
const select = (id, value) => ({ select: id, value });
const fill = (id, value) => ({ fill: id, value: String(value) });
const MANUAL_ADDRESS = { clickIfVisible: 'Enter the address manually' };

/** A radio option's input (packages/web/src/features/steps/widgets/radio-group.tsx). */
const optionId = (path, index) => (index === 0 ? fieldId(path) : `${fieldId(path)}-${index + 1}`);

/** How a person gives one answer on the screen: the control the step's table says it is. */
function actionFor(fields, path, value) {
  const field = fields.find((f) => f.path === path);
  // Parts of a group (date of birth, years and months, the address lines) are text boxes.
  if (!field) return fill(fieldId(path), value);
  const index = field.options?.findIndex((option) => Object.is(option.value, value)) ?? -1;
  if (field.kind === 'radio' || field.kind === 'title') {
    if (index < 0) throw new Error(`${path}: no option ${String(value)}`);
    return check(optionId(path, index));
  }
  // The dropdown's options are valued by their index (widgets/dropdown.tsx).
  if (field.kind === 'dropdown') return select(fieldId(path), String(index));
  if (field.kind === 'checkbox') return value === true ? check(fieldId(path)) : null;
  return fill(fieldId(path), value);
}

/**
 * One journey of this kind on the default brand: [path, what to answer], from the shared test
 * applicant's answers (`@broker/domain/testing`, packages/domain/src/testing/applicant.ts), each
 * given through the control the journey's table says the screen shows for it. `n` makes the
 * applicant (and the joint applicant) a person of their own, so no application is a duplicate.
 */
export function journey(kind, n) {
  const person = numberedPerson(n);
  const joint = numberedPerson(n + 500_001, BEN);
  const steps = applicantAnswers(kind, { person, joint }).map(({ step, answers }) => {
    const path = stepPath(step);
    // The screen's fields once its answers are in (some show only for an answer: occupation).
    const state = applicantStateAt(kind, path, { person, joint });
    for (const [at, value] of Object.entries(answers)) setAnswer(state, at, value);
    const fields = stepFields(step, state);
    let entries = Object.entries(answers);
    const actions = [];
    const postcode = entries.find(([at]) => at.endsWith('.postcode'));
    if (step.id === 'address' && postcode) {
      // The postcode first, then the lines by hand: the lookup is not what is timed.
      actions.push(fill(fieldId(postcode[0]), postcode[1]), MANUAL_ADDRESS);
      entries = entries.filter((entry) => entry !== postcode);
    }
    for (const [at, value] of entries) actions.push(actionFor(fields, at, value));
    return [path, actions.filter(Boolean)];
  });
  return [...steps, ['/before-you-submit', []], ['/submit', []]];
}

export async function answer(page, action) {
  const main = page.locator('main');
  if (action.clickIfVisible) {
    const button = main.getByRole('button', { name: action.clickIfVisible, exact: true });
    if (await button.isVisible()) await button.click();
    return;
  }
  const control = main.locator(`[id="${action.check ?? action.select ?? action.fill}"]`);
  if (action.check) {
    if (await control.isVisible()) await control.check();
    // A custom-styled radio or checkbox hides its input: a person clicks the label.
    else await main.locator(`label[for="${action.check}"]`).click();
  } else if (action.select) {
    await control.selectOption(action.value);
  } else {
    await control.fill(action.value);
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

async function runJourney(browser, origin, kind, index, scriptSizes) {
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

    // A person of their own each journey and each run (numberedPerson takes 0 to 999,999).
    const steps = journey(kind, (Math.trunc(Date.now() / 1000) * 10 + index) % 500_000);
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
      const sample = { kind, from: path, ...timing, to: timing.path, scripts: [...fetched] };
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

/** p50/p95 and the phases of some Continue presses. */
function summarise(samples) {
  const dom = samples.map((s) => s.domMs);
  const frame = samples.map((s) => s.frameMs);
  const p50 = (key) =>
    round(
      percentile(
        samples.map((s) => s[key]),
        50,
      ),
    );
  return {
    samples: samples.length,
    p50Ms: round(percentile(dom, 50)),
    p95Ms: round(percentile(dom, 95)),
    maxMs: round(Math.max(...dom)),
    frameP50Ms: round(percentile(frame, 50)),
    frameP95Ms: round(percentile(frame, 95)),
    // Medians of the phases: the Continue handler, waiting for the next screen's scripts, and
    // rendering it. They do not add up to p50 exactly (medians of different steps).
    phasesP50Ms: { handler: p50('handlerMs'), scripts: p50('scriptsMs'), render: p50('renderMs') },
  };
}

/**
 * `journeys` rounds of one journey of each kind, interleaved (vehicle, secured, joint; then
 * secured, joint, vehicle…) so that the machine's load and the cold first journey fall on every
 * kind alike. The overall figures are over every Continue of every kind; `kinds` has each
 * kind's own.
 */
export async function stepLatency(
  origin,
  { journeys = JOURNEYS, kinds = KINDS, log = () => {} } = {},
) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const scriptSizes = new Map();
  try {
    const runs = [];
    for (let round_ = 0; round_ < journeys; round_ += 1) {
      // Each round starts with a different kind: the browser's first journey is its coldest.
      const order = [
        ...kinds.slice(round_ % kinds.length),
        ...kinds.slice(0, round_ % kinds.length),
      ];
      for (const [k, kind] of order.entries()) {
        const run = await withTimeout(
          runJourney(browser, origin, kind, round_ * kinds.length + k, scriptSizes),
          JOURNEY_TIMEOUT_MS,
          `a ${kind} step-latency journey`,
        );
        runs.push(run);
        const worst = Math.max(...run.samples.map((s) => s.domMs));
        log(
          `step latency ${kind} journey ${round_ + 1}: ${run.samples.length} steps, slowest ${round(worst)} ms`,
        );
      }
    }
    const samples = runs.flatMap((run) => run.samples);
    const byScreen = new Map();
    for (const s of samples) {
      const key = `${s.kind} ${s.to}`;
      const entry = byScreen.get(key) ?? {
        kind: s.kind,
        screen: s.to,
        from: s.from,
        domMs: [],
        scriptsGzipKb: 0,
      };
      entry.domMs.push(round(s.domMs));
      // The scripts this Continue fetched: the next screen's own chunks (first visit).
      const gz = s.scripts.reduce((t, url) => t + (scriptSizes.get(url) ?? 0), 0);
      entry.scriptsGzipKb = Math.max(entry.scriptsGzipKb, kb(gz));
      byScreen.set(key, entry);
    }
    const submits = runs.map((run) => run.submit).filter(Boolean);
    return {
      cpuSlowdown: CPU_SLOWDOWN,
      journeys: runs.length,
      ...summarise(samples),
      kinds: Object.fromEntries(
        kinds.map((kind) => [
          kind,
          {
            journeys: journeys,
            stepsPerJourney: samples.filter((s) => s.kind === kind).length / journeys,
            ...summarise(samples.filter((s) => s.kind === kind)),
          },
        ]),
      ),
      submitToOutcomeMs: submits.map((s) => round(s.domMs)),
      outcomePaths: [...new Set(submits.map((s) => s.to))],
      screens: [...byScreen.values()],
    };
  } finally {
    await browser.close();
  }
}
