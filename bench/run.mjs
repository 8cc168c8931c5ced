// npm run bench: builds (the npm script), then runs every benchmark against a private copy of the
// build, prints one Markdown table (every figure of docs/design.md §5 with its budget, met or
// missed, and the figure recorded before, from bench/baseline.json) and writes
// bench/results/latest.json and latest.md. `npx tsx bench/run.mjs --only=api,delivery` runs some
// parts (names below). Everything listens on and talks to 127.0.0.1 only (ports 3500-3599).
//
// Adding a part: one entry in PARTS. { name, limitMs, server?, run(context) → result,
// rows(result) → rows }. `context` is { snapshot, log } and, for a part with `server: true`,
// `origin`: one app server on the snapshot that every such part shares. Rows are
// bench/lib/report.mjs's { id?, figure, value, unit?, budget? }; `id` names the before-figure
// in bench/baseline.json. A part that throws or overruns is named in the table; the others run.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiThroughput } from './api-throughput.mjs';
import { backOfficeList } from './back-office-list.mjs';
import { cpuAgainstFloor } from './cpu-floor.mjs';
import { deepLinks } from './deep-links.mjs';
import { deliveryLatency } from './delivery-latency.mjs';
import { BUDGETS } from './lib/budgets.mjs';
import { CHROMIUM_PATH } from './lib/browser.mjs';
import { completeRows, loadBaseline, renderTable } from './lib/report.mjs';
import { startAppServer } from './lib/server.mjs';
import { snapshotBuild } from './lib/snapshot.mjs';
import { round, withTimeout } from './lib/stats.mjs';
import { lighthouse } from './lighthouse.mjs';
import { browserPageWeight, staticPageWeight } from './page-weight.mjs';
import { signInBurst } from './sign-in-burst.mjs';
import { stepLatency } from './step-latency.mjs';

const DATABASES = {
  sqlite: 'SQLite',
  postgres: 'PostgreSQL, one server',
  postgres2: 'PostgreSQL, two servers',
};

const PARTS = [
  {
    name: 'page-weight',
    limitMs: 120_000,
    server: true,
    run: async ({ snapshot, origin }) => ({
      build: staticPageWeight(snapshot.webDist),
      browser: await browserPageWeight(origin),
    }),
    rows: pageWeightRows,
  },
  {
    name: 'lighthouse',
    limitMs: 360_000,
    server: true,
    run: ({ origin, log }) => lighthouse(origin, { log }),
    rows: lighthouseRows,
  },
  {
    name: 'deep-links',
    limitMs: 300_000,
    server: true,
    run: ({ origin, log }) => deepLinks(origin, { log }),
    rows: deepLinkRows,
  },
  {
    name: 'step-latency',
    // Three rounds of a vehicle, a secured and a joint journey (bench/step-latency.mjs).
    limitMs: 600_000,
    server: true,
    run: ({ origin, log }) => stepLatency(origin, { log }),
    rows: stepLatencyRows,
  },
  {
    name: 'api',
    limitMs: 480_000,
    run: ({ snapshot, log }) => apiThroughput(snapshot, { log }),
    rows: apiRows,
  },
  {
    // docs/design.md §5: server CPU per submission against the floor server, interleaved.
    name: 'cpu-floor',
    limitMs: 600_000,
    run: ({ snapshot, log }) => cpuAgainstFloor(snapshot, { log }),
    rows: cpuFloorRows,
  },
  {
    name: 'delivery',
    limitMs: 420_000,
    run: ({ snapshot, log }) => deliveryLatency({ snapshot, log }),
    rows: deliveryRows,
  },
  {
    name: 'sign-in-burst',
    // A server of its own: the burst must not share a database with the other parts.
    limitMs: 300_000,
    run: ({ snapshot, log }) => signInBurst({ snapshot, log }),
    rows: signInBurstRows,
  },
  {
    name: 'back-office',
    limitMs: 480_000,
    run: ({ snapshot, log }) => backOfficeList({ snapshot, log }),
    rows: backOfficeRows,
  },
];

const only = process.argv.find((arg) => arg.startsWith('--only='));
const selected = only ? only.slice('--only='.length).split(',') : PARTS.map((p) => p.name);
for (const name of selected) {
  if (!PARTS.some((p) => p.name === name)) {
    throw new Error(`unknown part ${name}; parts: ${PARTS.map((p) => p.name).join(', ')}`);
  }
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
  parts: {},
  errors: [],
};

/** Runs one part within its time limit; a failure is recorded and the others still run. */
async function runPart(part, context) {
  const started = Date.now();
  log(`${part.name}…`);
  try {
    results.parts[part.name] = await withTimeout(part.run(context), part.limitMs, part.name);
    log(`${part.name} done in ${round((Date.now() - started) / 1000)} s`);
  } catch (error) {
    log(`${part.name} FAILED: ${error.message}`);
    results.errors.push({ part: part.name, message: error.message });
  }
}

const chosen = PARTS.filter((p) => selected.includes(p.name));
const snapshot = await snapshotBuild();
try {
  const withServer = chosen.filter((p) => p.server);
  if (withServer.length > 0) {
    const server = await startAppServer(snapshot);
    try {
      for (const part of withServer) {
        await runPart(part, { snapshot, origin: server.origin, log });
      }
    } finally {
      await server.stop();
    }
  }
  for (const part of chosen.filter((p) => !p.server)) await runPart(part, { snapshot, log });
} finally {
  snapshot.remove();
}
results.machine.loadAverageAtEnd = os.loadavg().map((n) => round(n, 2));

const baseline = loadBaseline();
const rows = [];
for (const part of chosen) {
  const result = results.parts[part.name];
  if (result !== undefined) rows.push(...part.rows(result));
}
rows.push({
  figure: 'Load average (1 / 5 / 15 min) at start; at end; cores',
  value: `${results.machine.loadAverageAtStart.join(' / ')}; ${results.machine.loadAverageAtEnd.join(' / ')}; ${results.machine.cpus}`,
});
for (const error of results.errors) {
  rows.push({ figure: `FAILED: ${error.part}`, value: error.message.split('\n')[0] });
}
results.rows = completeRows(rows, baseline);
const table = renderTable(results.rows);
console.log(table);
const out = path.resolve(import.meta.dirname, 'results');
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'latest.json'), JSON.stringify(results, null, 2) + '\n');
writeFileSync(path.join(out, 'latest.md'), table + '\n');
// A part that timed out may leave a browser or a request behind: do not wait for it.
process.exit(results.errors.length > 0 ? 1 : 0);

function pageWeightRows({ build: b, browser }) {
  const rows = [
    {
      id: 'pageWeight.firstScreen.build',
      figure: 'First screen JS, gzip (build)',
      value: b.firstScreen.jsGzipKb,
      unit: 'KB',
      budget: { max: BUDGETS.firstScreenJsKb },
    },
  ];
  if (browser) {
    rows.push(
      {
        id: 'pageWeight.firstScreen.chromium',
        figure: 'First screen JS, gzip (Chromium, `/` until idle)',
        value: browser.jsGzipKb,
        unit: 'KB',
        budget: { max: BUDGETS.firstScreenJsKb },
      },
      { figure: 'First screen CSS, gzip (Chromium)', value: browser.cssGzipKb, unit: 'KB' },
      {
        figure: 'Server compresses JS/CSS',
        value: browser.serverCompresses ? 'yes' : `no (${browser.jsTransferredKb} KB of JS sent)`,
      },
    );
  }
  const later = [...b.laterScreens, ...b.lazyChunks].sort((x, y) => y.jsGzipKb - x.jsGzipKb);
  const over = later.filter((u) => u.jsGzipKb > BUDGETS.laterScreenJsKb);
  rows.push(
    {
      id: 'pageWeight.laterScreen.largest',
      figure: `Largest later screen or lazy chunk, gzip (${later[0]?.name ?? '-'})`,
      value: later[0]?.jsGzipKb ?? 0,
      unit: 'KB',
      budget: { max: BUDGETS.laterScreenJsKb },
    },
    {
      figure: 'Later screens / lazy chunks over budget',
      value: over.length ? over.map((u) => `${u.name} ${u.jsGzipKb} KB`).join(', ') : 'none',
    },
  );
  return rows;
}

function lighthouseRows(result) {
  return (result.pages ?? []).flatMap((page) => {
    const p = page.path;
    return [
      {
        id: `lighthouse.${p}.scores`,
        figure: `Lighthouse ${p}: performance / accessibility / best practices`,
        value: [page.performance, page.accessibility, page.bestPractices],
        budget: {
          all: [BUDGETS.lighthouseScore, BUDGETS.lighthouseScore, BUDGETS.lighthouseScore],
        },
      },
      {
        id: `lighthouse.${p}.lcp`,
        figure: `Lighthouse ${p}: LCP`,
        value: page.lcpMs,
        unit: 'ms',
        budget: { max: BUDGETS.lcpMs },
      },
      { id: `lighthouse.${p}.tbt`, figure: `Lighthouse ${p}: TBT`, value: page.tbtMs, unit: 'ms' },
      {
        id: `lighthouse.${p}.cls`,
        figure: `Lighthouse ${p}: CLS`,
        value: page.cls,
        budget: { max: BUDGETS.cls },
      },
    ];
  });
}

/** Real cold loads of deep links with the answers in storage (decision 0043, bench/deep-links.mjs). */
function deepLinkRows(dl) {
  const where = (p) =>
    `Cold load ${p} (${dl.cpuSlowdown}× CPU, ${dl.network.latency} ms, 1.6 Mbit/s)`;
  return (dl.pages ?? []).flatMap((page) => [
    {
      id: `deepLinks.${page.path}.lcp`,
      figure: `${where(page.path)}: LCP`,
      value: page.lcpMs,
      unit: 'ms',
      budget: { max: BUDGETS.lcpMs },
    },
    {
      id: `deepLinks.${page.path}.running`,
      figure: `${where(page.path)}: app running`,
      value: page.runningMs,
      unit: 'ms',
    },
    {
      id: `deepLinks.${page.path}.cls`,
      figure: `${where(page.path)}: CLS`,
      value: page.cls,
      budget: { max: BUDGETS.cls },
    },
  ]);
}

function stepLatencyRows(sl) {
  const ph = sl.phasesP50Ms;
  const slowest = [...sl.screens].sort((a, b) => Math.max(...b.domMs) - Math.max(...a.domMs))[0];
  const kinds = Object.entries(sl.kinds ?? {});
  return [
    {
      id: 'stepLatency.p50',
      figure: `Continue → next h1, ${sl.cpuSlowdown}× CPU, every kind: p50 (${sl.samples} steps of ${sl.journeys} journeys)`,
      value: sl.p50Ms,
      unit: 'ms',
    },
    {
      id: 'stepLatency.p95',
      figure: `Continue → next h1, ${sl.cpuSlowdown}× CPU, every kind: p95`,
      value: sl.p95Ms,
      unit: 'ms',
      budget: { max: BUDGETS.stepP95Ms },
    },
    ...kinds.flatMap(([kind, k]) => [
      {
        id: `stepLatency.${kind}.p50`,
        figure: `Continue → next h1, ${kind} journey: p50 (${k.samples} steps, ${k.stepsPerJourney} a journey)`,
        value: k.p50Ms,
        unit: 'ms',
      },
      {
        id: `stepLatency.${kind}.p95`,
        figure: `Continue → next h1, ${kind} journey: p95 (phases p50: handler / scripts / render ${k.phasesP50Ms.handler} / ${k.phasesP50Ms.scripts} / ${k.phasesP50Ms.render} ms)`,
        value: k.p95Ms,
        unit: 'ms',
        budget: { max: BUDGETS.stepP95Ms },
      },
    ]),
    {
      id: 'stepLatency.frame',
      figure: 'Continue → next frame painted, every kind: p50 / p95',
      value: `${sl.frameP50Ms} / ${sl.frameP95Ms} ms`,
    },
    {
      figure: 'Continue phases, p50: handler / next screen’s scripts / render',
      value: `${ph.handler} / ${ph.scripts} / ${ph.render} ms`,
    },
    ...(slowest
      ? [
          {
            figure: 'Slowest screen to reach (its scripts fetched, gzip)',
            value: `${slowest.screen} (${slowest.kind}): ${Math.max(...slowest.domMs)} ms (${slowest.scriptsGzipKb} KB)`,
          },
        ]
      : []),
    {
      figure: `Submit → ${(sl.outcomePaths ?? []).join(' or ') || 'outcome'} h1`,
      value: `${sl.submitToOutcomeMs.join(', ')} ms`,
    },
  ];
}

function apiRows(api) {
  const rows = [];
  const connections = api.connections.submission;
  for (const [name, label] of Object.entries(DATABASES)) {
    const run = api.submission[name];
    const stored = api.submissions[name];
    if (!run) continue;
    const { maximum: max, paced } = run;
    rows.push(
      {
        id: `api.${name}.max`,
        figure: `POST /api/submission, ${label}: max submissions/s (${connections} conn., ${api.cpus} cores)`,
        value: max.requestsPerSecond,
        unit: '/s',
        budget: name === 'postgres2' ? undefined : { min: BUDGETS.submissionsPerSecond },
      },
      {
        id: `api.${name}.maxP99`,
        figure: `POST /api/submission, ${label}: p99 at max`,
        value: max.p99Ms,
        unit: 'ms',
      },
      {
        id: `api.${name}.pacedP99`,
        figure: `POST /api/submission, ${label}: p99 at ${paced.rate}/s (p50 ${paced.p50Ms} ms; from due ${paced.p99FromDueMs} ms)`,
        value: paced.p99Ms,
        unit: 'ms',
        budget: { max: BUDGETS.submissionP99Ms },
      },
      {
        id: `api.${name}.serverCpu`,
        figure: `POST /api/submission, ${label}: CPU a submission, server${max.databaseCpuMsPerRequest === null ? '' : ' + PostgreSQL'}`,
        value:
          max.databaseCpuMsPerRequest === null
            ? max.serverCpuMsPerRequest
            : `${max.serverCpuMsPerRequest} + ${max.databaseCpuMsPerRequest} ms`,
        unit: 'ms',
      },
      {
        id: 'api.errors',
        figure: `POST /api/submission, ${label}: errors; every 200 stored`,
        value: `${max.errors + max.non2xx + max.timeouts + paced.errors + paced.non200}; ${stored.missing === 0 ? 'yes' : `no, ${stored.missing} missing`} (${stored.answered200} answered, ${stored.storedRows} rows)`,
        budget: undefined,
      },
    );
  }
  const pg1 = api.submission.postgres?.maximum;
  const pg2 = api.submission.postgres2?.maximum;
  if (pg1 && pg2) {
    rows.push({
      figure: 'PostgreSQL, two servers ÷ one (same cores)',
      value: `${round(pg2.requestsPerSecond / pg1.requestsPerSecond, 2)}: ${moreCores(api, pg1, pg2)}`,
    });
  }
  rows.push(
    {
      id: 'api.address.max',
      figure: 'GET /api/address: max requests/s (50 conn.)',
      value: api.address.maximum.requestsPerSecond,
      unit: '/s',
    },
    {
      id: 'api.address.pacedP99',
      figure: `GET /api/address at ${api.address.paced.rate}/s: p99 (p50 ${api.address.paced.p50Ms} ms)`,
      value: api.address.paced.p99Ms,
      unit: 'ms',
    },
    {
      id: 'api.floor.max',
      figure: 'Floor (node:http echo): POST / GET max requests/s',
      value: `${api.floor.submission.maximum.requestsPerSecond.toLocaleString('en-GB')} / ${api.floor.address.maximum.requestsPerSecond.toLocaleString('en-GB')}`,
    },
    {
      id: 'api.ratio',
      figure: 'Ours (SQLite) ÷ floor, max requests/s: POST / GET',
      value: `${api.ratio.submission} / ${api.ratio.address}`,
    },
  );
  return rows;
}

/**
 * What the one- and two-server figures predict for a machine with more cores: the CPU one
 * submission costs (server + PostgreSQL) against the cores there are.
 */
function moreCores(api, pg1, pg2) {
  const perSubmission = (pg1.serverCpuMsPerRequest ?? 0) + (pg1.databaseCpuMsPerRequest ?? 0);
  if (perSubmission === 0) return '';
  const ceiling = Math.round((api.cpus * 1000) / perSubmission);
  const serverShare = round((pg1.serverCpuMsPerRequest ?? 0) / perSubmission, 2);
  return (
    `one submission costs ${round(perSubmission, 3)} ms of CPU (server ${serverShare} of it), so ` +
    `${api.cpus} cores cap any number of servers at about ${ceiling.toLocaleString('en-GB')}/s ` +
    `(two servers reached ${pg2.requestsPerSecond}); with more cores a second server adds up to a ` +
    `core of Node's work, until PostgreSQL's share (${round(1 - serverShare, 2)}) saturates its cores`
  );
}

function cpuFloorRows(result) {
  return [
    {
      id: 'cpu.ours',
      figure: `POST /api/submission, SQLite: server CPU a submission (${result.rounds} × ${result.requests} at ${result.connections} conn., interleaved with the floor; runs ${result.oursRuns.join(', ')} ms)`,
      value: result.oursCpuMs,
      unit: 'ms',
    },
    {
      id: 'cpu.floor',
      figure: `Floor (Fastify, our published JSON schema, one durable SQLite insert and a duplicate look-up): server CPU a submission (runs ${result.floorRuns.join(', ')} ms)`,
      value: result.floorCpuMs,
      unit: 'ms',
    },
    {
      id: 'cpu.ratio',
      figure: `Ours ÷ floor, server CPU a submission (load average ${result.loadAverage})`,
      value: result.ratio,
      budget: { max: BUDGETS.cpuFloorRatio },
    },
    {
      id: 'cpu.schemaFloor',
      figure: `The floor writing our schema's rows (every column and index, and the people row; no budget: it tells the schema's cost from our code's): server CPU a submission (runs ${result.schemaFloorRuns.join(', ')} ms)`,
      value: result.schemaFloorCpuMs,
      unit: 'ms',
    },
    {
      id: 'cpu.schemaRatio',
      figure: 'Ours ÷ the floor on our schema, server CPU a submission',
      value: result.schemaRatio,
    },
    {
      id: 'cpu.least',
      figure: `The least our product can cost: the floor on our schema plus the lender panel's decision (its evidence stored) and our request log line, with no checks (no budget: docs/decisions/0102): server CPU a submission (runs ${result.leastRuns.join(', ')} ms)`,
      value: result.leastCpuMs,
      unit: 'ms',
    },
    {
      id: 'cpu.leastRatio',
      figure: 'The least our product can cost ÷ the floor, server CPU a submission',
      value: result.leastRatio,
    },
    {
      id: 'cpu.oursOverLeast',
      figure:
        'Ours ÷ the least our product can cost, server CPU a submission: what our checks and code add',
      value: result.oursOverLeast,
    },
  ];
}

function deliveryRows(delivery) {
  return delivery.kinds.map((kind) => ({
    id: `delivery.${kind.receiver}.p99`,
    figure: `POST /api/submission at ${delivery.rate}/s (SQLite), receiver ${kind.receiver}: p99 over ${kind.runs} interleaved runs (p50 ${kind.p50Ms} ms; runs' p99 ${kind.runP99Ms.join(', ')} ms)`,
    value: kind.p99Ms,
    unit: 'ms',
    budget: { max: BUDGETS.submissionP99Ms },
  }));
}

/** docs/decisions/0056-password-hashing-pool.md: the applicant's site during a sign-in burst. */
function signInBurstRows(result) {
  const rows = [
    ['page', 'GET /'],
    ['submission', 'POST /api/submission'],
  ].map(([name, label]) => {
    const f = result[name];
    return {
      id: `signInBurst.${name}.ratio`,
      figure: `${label} during 40 anonymous staff sign-ins and 10 set-ups (SQLite): median during ÷ before (${f.duringMs} / ${f.beforeMs} ms; slowest ${f.duringMaxMs} ms)`,
      value: f.ratio,
      unit: '×',
      budget: { max: 5 },
    };
  });
  rows.push({
    figure: 'Sign-in burst: answered in; by status',
    value: `${round(result.burst.ms / 1000, 1)} s; ${JSON.stringify(result.burst.statuses)}`,
  });
  return rows;
}

function backOfficeRows(result) {
  const rows = [];
  for (const run of result.runs) {
    const slowest = [...run.queries].sort((a, b) => b.p95Ms - a.p95Ms)[0];
    rows.push({
      id: `backOffice.${run.dialect}.slowest`,
      figure: `Back-office list, ${run.rows.toLocaleString('en-GB')} applications, ${run.dialect}: slowest kind's p95 (${slowest.name}; ${run.samples} requests each)`,
      value: slowest.p95Ms,
      unit: 'ms',
      budget: { max: BUDGETS.backOfficeListP95Ms },
    });
    rows.push({
      figure: `Back-office list, ${run.dialect}: p95 of each kind`,
      value: run.queries.map((q) => `${q.name} ${q.p95Ms}`).join('; '),
    });
  }
  return rows;
}
