// npm run bench: builds (the npm script), then runs every benchmark against a private copy of the
// build, prints a Markdown table and writes bench/results/latest.json and latest.md.
// `node bench/run.mjs --only=page-weight,lighthouse,step-latency,api` runs some of them.
// Everything listens on and talks to 127.0.0.1 only (ports 3500-3599).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiThroughput } from './api-throughput.mjs';
import { BUDGETS } from './lib/budgets.mjs';
import { CHROMIUM_PATH } from './lib/browser.mjs';
import { startAppServer } from './lib/server.mjs';
import { snapshotBuild } from './lib/snapshot.mjs';
import { round, withTimeout } from './lib/stats.mjs';
import { deepLinks } from './deep-links.mjs';
import { lighthouse } from './lighthouse.mjs';
import { browserPageWeight, staticPageWeight } from './page-weight.mjs';
import { stepLatency } from './step-latency.mjs';

const ALL = ['page-weight', 'lighthouse', 'deep-links', 'step-latency', 'api'];
const only = process.argv.find((arg) => arg.startsWith('--only='));
const selected = only ? only.slice('--only='.length).split(',') : ALL;
for (const part of selected) {
  if (!ALL.includes(part)) throw new Error(`unknown part ${part}; parts: ${ALL.join(', ')}`);
}

const log = (line) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);
const results = {
  date: new Date().toISOString(),
  node: process.version,
  chromium: (() => {
    try {
      return execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' }).trim();
    } catch {
      return null;
    }
  })(),
  machine: { cpus: os.cpus().length, loadAverageAtStart: os.loadavg().map((n) => round(n, 2)) },
  errors: [],
};

/** Runs one benchmark within its time limit; a failure is recorded and the others still run. */
async function part(name, limitMs, run) {
  const started = Date.now();
  log(`${name}…`);
  try {
    const value = await withTimeout(run(), limitMs, name);
    log(`${name} done in ${round((Date.now() - started) / 1000)} s`);
    return value;
  } catch (error) {
    log(`${name} FAILED: ${error.message}`);
    results.errors.push({ part: name, message: error.message });
    return null;
  }
}

const snapshot = await snapshotBuild();
try {
  if (selected.includes('page-weight')) {
    results.pageWeight = {
      build: await part('page weight of the build', 60_000, async () =>
        staticPageWeight(snapshot.webDist),
      ),
    };
  }
  const browserParts = ['page-weight', 'lighthouse', 'deep-links', 'step-latency'].filter((p) =>
    selected.includes(p),
  );
  if (browserParts.length > 0) {
    const server = await startAppServer(snapshot);
    try {
      if (selected.includes('page-weight')) {
        results.pageWeight.browser = await part('page weight in Chromium', 60_000, () =>
          browserPageWeight(server.origin),
        );
      }
      if (selected.includes('lighthouse')) {
        results.lighthouse = await part('lighthouse', 360_000, () =>
          lighthouse(server.origin, { log }),
        );
      }
      if (selected.includes('deep-links')) {
        results.deepLinks = await part('cold loads of deep links', 300_000, () =>
          deepLinks(server.origin, { log }),
        );
      }
      if (selected.includes('step-latency')) {
        results.stepLatency = await part('step latency', 240_000, () =>
          stepLatency(server.origin, { log }),
        );
      }
    } finally {
      await server.stop();
    }
  }
  if (selected.includes('api')) {
    results.api = await part('API throughput', 240_000, () => apiThroughput(snapshot, { log }));
  }
} finally {
  snapshot.remove();
}
results.machine.loadAverageAtEnd = os.loadavg().map((n) => round(n, 2));

const table = renderTable(results);
console.log(table);
const out = path.resolve(import.meta.dirname, 'results');
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'latest.json'), JSON.stringify(results, null, 2) + '\n');
writeFileSync(path.join(out, 'latest.md'), table + '\n');
// A part that timed out may leave a browser or a request behind: do not wait for it.
process.exit(results.errors.length > 0 ? 1 : 0);

function renderTable(r) {
  const rows = [];
  const status = (met) => (met === null ? '' : met ? 'met' : '**missed**');
  const add = (measure, value, budget = '', met = null) =>
    rows.push([measure, value, budget, status(met)]);
  const pw = r.pageWeight;
  if (pw?.build) {
    const b = pw.build;
    add(
      'First screen JS, gzip (build)',
      `${b.firstScreen.jsGzipKb} KB`,
      `≤ ${BUDGETS.firstScreenJsKb} KB`,
      b.firstScreen.jsGzipKb <= BUDGETS.firstScreenJsKb,
    );
    if (pw.browser) {
      add(
        'First screen JS, gzip (Chromium, `/` until idle)',
        `${pw.browser.jsGzipKb} KB`,
        `≤ ${BUDGETS.firstScreenJsKb} KB`,
        pw.browser.jsGzipKb <= BUDGETS.firstScreenJsKb,
      );
      add('First screen CSS, gzip (Chromium)', `${pw.browser.cssGzipKb} KB`);
      add(
        'Server compresses JS/CSS',
        pw.browser.serverCompresses ? 'yes' : `no (${pw.browser.jsTransferredKb} KB of JS sent)`,
      );
    }
    const later = [...b.laterScreens, ...b.lazyChunks].sort((x, y) => y.jsGzipKb - x.jsGzipKb);
    const over = later.filter((u) => u.jsGzipKb > BUDGETS.laterScreenJsKb);
    add(
      'Largest later screen or lazy chunk, gzip',
      `${later[0]?.jsGzipKb ?? 0} KB (${later[0]?.name ?? '-'})`,
      `≤ ${BUDGETS.laterScreenJsKb} KB`,
      over.length === 0,
    );
    add(
      'Later screens / lazy chunks over budget',
      over.length ? over.map((u) => `${u.name} ${u.jsGzipKb} KB`).join(', ') : 'none',
    );
  }
  for (const page of r.lighthouse?.pages ?? []) {
    const p = page.path;
    const scores = [page.performance, page.accessibility, page.bestPractices];
    add(
      `Lighthouse ${p}: performance / accessibility / best practices`,
      scores.join(' / '),
      '100 / 100 / 100',
      scores.every((s) => s >= BUDGETS.lighthouseScore),
    );
    add(
      `Lighthouse ${p}: LCP`,
      `${page.lcpMs} ms`,
      `≤ ${BUDGETS.lcpMs} ms`,
      page.lcpMs <= BUDGETS.lcpMs,
    );
    add(`Lighthouse ${p}: TBT`, `${page.tbtMs} ms`);
    add(`Lighthouse ${p}: CLS`, String(page.cls), String(BUDGETS.cls), page.cls <= BUDGETS.cls);
  }
  const dl = r.deepLinks;
  for (const page of dl?.pages ?? []) {
    const where = `Cold load ${page.path} (${dl.cpuSlowdown}× CPU, ${dl.network.latency} ms, 1.6 Mbit/s)`;
    add(`${where}: LCP`, `${page.lcpMs} ms`, `≤ ${BUDGETS.lcpMs} ms`, page.lcpMs <= BUDGETS.lcpMs);
    add(
      `${where}: app running / CLS`,
      `${page.runningMs} ms / ${page.cls}`,
      String(BUDGETS.cls),
      page.cls <= BUDGETS.cls,
    );
  }
  const sl = r.stepLatency;
  if (sl) {
    add(`Continue → next h1, ${sl.cpuSlowdown}× CPU: p50 (${sl.samples} steps)`, `${sl.p50Ms} ms`);
    add(
      `Continue → next h1, ${sl.cpuSlowdown}× CPU: p95`,
      `${sl.p95Ms} ms`,
      `≤ ${BUDGETS.stepP95Ms} ms`,
      sl.p95Ms <= BUDGETS.stepP95Ms,
    );
    add('Continue → next frame painted: p50 / p95', `${sl.frameP50Ms} / ${sl.frameP95Ms} ms`);
    const ph = sl.phasesP50Ms;
    add(
      'Continue phases, p50: handler / next screen’s scripts / render',
      `${ph.handler} / ${ph.scripts} / ${ph.render} ms`,
    );
    const slowest = [...sl.screens].sort((a, b) => Math.max(...b.domMs) - Math.max(...a.domMs))[0];
    if (slowest) {
      add(
        'Slowest screen to reach (its scripts fetched, gzip)',
        `${slowest.screen}: ${Math.max(...slowest.domMs)} ms (${slowest.scriptsGzipKb} KB)`,
      );
    }
    add(`Submit → ${sl.outcomePath ?? 'outcome'} h1`, `${sl.submitToOutcomeMs.join(', ')} ms`);
  }
  const api = r.api;
  if (api) {
    const sub = api.ours.submission;
    const addr = api.ours.address;
    const errors =
      sub.maximum.errors +
      sub.maximum.non2xx +
      sub.maximum.timeouts +
      sub.paced.errors +
      sub.paced.non200;
    add(
      'POST /api/submission: max requests/s (50 conn.)',
      String(sub.maximum.requestsPerSecond),
      `≥ ${BUDGETS.submissionsPerSecond}`,
      sub.maximum.requestsPerSecond >= BUDGETS.submissionsPerSecond,
    );
    add(
      `POST /api/submission at ${sub.paced.rate}/s: p50 / p99`,
      `${sub.paced.p50Ms} / ${sub.paced.p99Ms} ms (p99 from due ${sub.paced.p99FromDueMs} ms)`,
      `p99 ≤ ${BUDGETS.submissionP99Ms} ms`,
      sub.paced.p99Ms <= BUDGETS.submissionP99Ms,
    );
    add(
      'POST /api/submission: errors; every 200 stored',
      `${errors}; ${api.submissions.missing === 0 ? 'yes' : `no, ${api.submissions.missing} missing`} (${api.submissions.answered200} answered, ${api.submissions.storedRows} rows)`,
      '0; yes',
      errors === 0 && api.submissions.missing === 0,
    );
    add(
      'Server CPU per request: POST / GET (echo: POST / GET)',
      `${sub.maximum.serverCpuMsPerRequest} / ${addr.maximum.serverCpuMsPerRequest} ms (${api.floor.submission.maximum.serverCpuMsPerRequest} / ${api.floor.address.maximum.serverCpuMsPerRequest} ms)`,
    );
    add('GET /api/address: max requests/s', String(addr.maximum.requestsPerSecond));
    add(
      `GET /api/address at ${addr.paced.rate}/s: p50 / p99`,
      `${addr.paced.p50Ms} / ${addr.paced.p99Ms} ms`,
    );
    add(
      'Floor (node:http echo): POST / GET max requests/s',
      `${api.floor.submission.maximum.requestsPerSecond} / ${api.floor.address.maximum.requestsPerSecond}`,
    );
    add(
      `Floor at ${sub.paced.rate}/s: POST p50 / p99`,
      `${api.floor.submission.paced.p50Ms} / ${api.floor.submission.paced.p99Ms} ms`,
    );
    add(
      'Ours ÷ floor, max requests/s: POST / GET',
      `${api.ratio.submission} / ${api.ratio.address}`,
    );
  }
  add(
    'Load average (1 min) at start / end, cores',
    `${r.machine.loadAverageAtStart[0]} / ${r.machine.loadAverageAtEnd?.[0]}, ${r.machine.cpus}`,
  );
  for (const error of r.errors) add(`FAILED: ${error.part}`, error.message.split('\n')[0]);
  return [
    '| measure | value | budget | |',
    '|---|---|---|---|',
    ...rows.map(
      (row) => `| ${row.map((cell) => String(cell).replace(/\|/g, '\\|')).join(' | ')} |`,
    ),
  ].join('\n');
}
