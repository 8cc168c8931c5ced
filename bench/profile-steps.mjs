// Where Continue → next screen spends its time: one journey of each kind asked for (vehicle,
// secured, joint) in Chromium at 4× CPU (as bench/step-latency.mjs, whose journeys and timer it
// uses), with the V8 sampling profiler running from just before each click until the new h1 is
// in the DOM. Self time is attributed to source modules through the build's sourcemaps (minified
// names say nothing), and Chromium's own work (style, layout, paint, garbage collection) to the
// profiler's "(program)"/"(garbage collector)". `node bench/profile-steps.mjs [vehicle|secured|
// joint…] [--rounds=n]` after `npm run build`: the kinds one journey each, `rounds` times
// interleaved; prints the modules that cost most per screen reached and, for each kind, over its
// presses and per press. For docs/performance.md; it times nothing against a budget.
/* global document -- a function that runs in the page */
import { readFile } from 'node:fs/promises';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/browser.mjs';
import { startAppServer } from './lib/server.mjs';
import { snapshotBuild } from './lib/snapshot.mjs';
import { round } from './lib/stats.mjs';
import { KINDS, answer, journey, recordNavigations, timedClick } from './step-latency.mjs';

const CPU_SLOWDOWN = 4;
const TOP = Number(process.env.PROFILE_TOP) || 25;

const maps = new Map();
/** The server never serves source maps (docs/security.md): they are read from the build. */
async function sourceMapOf(url) {
  if (!maps.has(url)) {
    maps.set(
      url,
      readFile(path.join(snapshot.webDist, `${new URL(url).pathname}.map`), 'utf8')
        .then((text) => new SourceMap(JSON.parse(text)))
        .catch(() => null),
    );
  }
  return maps.get(url);
}

/** 'packages/web/src/widgets/x.tsx', 'react-dom', '(program)', or the URL when unmapped. */
async function moduleOf(frame) {
  if (!frame.url) return frame.functionName || '(native)';
  const map = await sourceMapOf(frame.url);
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
  const source = entry?.originalSource;
  if (!source) return new URL(frame.url).pathname;
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) return source.slice(nm + 'node_modules/'.length).split('/')[0];
  const packages = source.indexOf('packages/');
  if (packages >= 0) return source.slice(packages);
  return source.replace(/^(\.\.\/)+/, 'packages/');
}

/** Self time (ms) by module of one CPU profile. */
async function selfTimeByModule(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  for (let i = 0; i < profile.samples.length; i += 1) {
    const node = byId.get(profile.samples[i]);
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    self.set(node.id, (self.get(node.id) ?? 0) + ms);
  }
  const totals = new Map();
  for (const [id, ms] of self) {
    const name = await moduleOf(byId.get(id).callFrame);
    totals.set(name, (totals.get(name) ?? 0) + ms);
  }
  return totals;
}

const add = (into, from) => {
  for (const [key, ms] of from) into.set(key, (into.get(key) ?? 0) + ms);
};
const top = (totals, n) =>
  [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, ms]) => `${round(ms)} ms  ${name}`);

/** One journey of `kind` in a fresh context: each press's self time by module. */
async function profileJourney(browser, origin, kind, n) {
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London' });
  try {
    await context.addInitScript(recordNavigations);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('inert'));
    await page.waitForLoadState('networkidle');

    const presses = [];
    const steps = journey(kind, n);
    for (const [path, actions] of steps.slice(0, -1)) {
      for (const action of actions) await answer(page, action);
      // Whatever the answers started (the next screen fetched ahead, the partial save) settles
      // first, as it does while a person moves to the button.
      await page.waitForLoadState('networkidle');
      await cdp.send('Profiler.start');
      const timing = await timedClick(page, 'Continue');
      const { profile } = await cdp.send('Profiler.stop');
      const totals = await selfTimeByModule(profile);
      presses.push({ path, timing, totals });
      console.log(
        `${kind} ${path} → ${timing.path}: ${round(timing.domMs)} ms (handler ${round(timing.handlerMs)}, render ${round(timing.renderMs)}); ${top(totals, 4).join('; ')}`,
      );
    }
    return presses;
  } finally {
    await context.close();
  }
}

// `node bench/profile-steps.mjs [kind…] [--rounds=n]`: the kinds (vehicle, secured, joint;
// default vehicle) one journey each, `rounds` times interleaved, so load falls on each alike.
const args = process.argv.slice(2);
const kinds = args.filter((arg) => !arg.startsWith('--'));
for (const kind of kinds) {
  if (!KINDS.includes(kind)) throw new Error(`unknown kind ${kind}; kinds: ${KINDS.join(', ')}`);
}
if (kinds.length === 0) kinds.push('vehicle');
const rounds = Number(args.find((arg) => arg.startsWith('--rounds='))?.slice(9)) || 1;

const snapshot = await snapshotBuild();
const server = await startAppServer(snapshot);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const byKind = new Map(kinds.map((kind) => [kind, { all: new Map(), presses: 0, domMs: [] }]));
  for (let r = 0; r < rounds; r += 1) {
    for (const [k, kind] of kinds.entries()) {
      const presses = await profileJourney(
        browser,
        server.origin,
        kind,
        (Date.now() % 400_000) + r * 10 + k,
      );
      const into = byKind.get(kind);
      for (const press of presses) {
        add(into.all, press.totals);
        into.domMs.push(press.timing.domMs);
      }
      into.presses += presses.length;
    }
  }
  for (const [kind, { all, presses, domMs }] of byKind) {
    const mean = domMs.reduce((a, b) => a + b, 0) / domMs.length;
    console.log(
      `\n${kind}: self time over ${presses} Continue presses, by module (mean press ${round(mean)} ms; per press in brackets):`,
    );
    for (const [name, ms] of [...all].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
      console.log(`  ${round(ms)} ms (${round(ms / presses, 2)})  ${name}`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
  snapshot.remove();
}
