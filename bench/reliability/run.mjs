// npm run bench:reliability [-- --duration=60 --rate=500 --crashes=5 --only=load,crash,instances,outage]
//
// docs/reliability.md's full runs against the built server (node packages/server/dist/main.js) on
// 127.0.0.1: steady load on SQLite and on PostgreSQL, SIGKILL crashes, two instances on one
// PostgreSQL, and a PostgreSQL outage (stopped, then frozen). The checks are the ones the CI
// tests run in short (bench/reliability/tests, one scenario a file in scenarios/); this adds
// length and figures. Prints a table, writes bench/results/reliability-latest.json, exits 1 on a
// problem. The scenarios are TypeScript: `npm run bench:reliability` runs this under tsx.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startPrivatePostgres } from '../../packages/server/src/test-support/postgres-server.ts';
import { postgresDatabase, sqliteDatabase } from './harness/databases.ts';
import { crashScenario } from './scenarios/crash.ts';
import { loadScenario } from './scenarios/load.ts';
import { outageScenario } from './scenarios/outage.ts';
import { twoInstancesScenario } from './scenarios/two-instances.ts';

const scenarios = {
  sqliteDatabase,
  postgresDatabase,
  loadScenario,
  crashScenario,
  twoInstancesScenario,
  outageScenario,
};

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: process.env.RELIABILITY_DURATION_S ?? '60' },
    rate: { type: 'string', default: process.env.RELIABILITY_RATE ?? '500' },
    crashes: { type: 'string', default: process.env.RELIABILITY_CRASHES ?? '5' },
    only: {
      type: 'string',
      default: process.env.RELIABILITY_ONLY ?? 'load,crash,instances,outage',
    },
  },
});
const durationS = Number(values.duration);
const rate = Number(values.rate);
const crashes = Number(values.crashes);
const only = new Set(values.only.split(',').map((name) => name.trim()));
for (const [name, value] of [
  ['--duration', durationS],
  ['--rate', rate],
  ['--crashes', crashes],
]) {
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number`);
    process.exit(2);
  }
}

const log = (text) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${text}`);
const results = {
  date: new Date().toISOString(),
  command: ['npm run bench:reliability', ...(process.argv.length > 2 ? ['--'] : [])]
    .concat(process.argv.slice(2))
    .join(' '),
  machine: {
    cpus: os.cpus().length,
    loadAverage: os.loadavg().map((n) => Math.round(n * 10) / 10),
  },
  settings: { durationS, rate, crashes },
};

// PostgreSQL with its durable defaults (fsync, synchronous_commit on): honest figures.
let postgres = null;
const needsPostgres = ['load', 'crash', 'instances', 'outage'].some((name) => only.has(name));
try {
  if (needsPostgres) postgres = await startPrivatePostgres({ durable: true });

  if (only.has('load')) {
    results.load = [];
    for (const kind of ['sqlite', 'postgres']) {
      log(`load: ${rate}/s for ${durationS} s on ${kind}`);
      const database =
        kind === 'sqlite' ? scenarios.sqliteDatabase() : await scenarios.postgresDatabase(postgres);
      try {
        results.load.push(
          await scenarios.loadScenario({
            database,
            rate,
            durationMs: durationS * 1000,
            warmupMs: 3000,
          }),
        );
      } finally {
        await database.dispose();
      }
    }
  }

  if (only.has('crash')) {
    results.crash = [];
    for (const kind of ['sqlite', 'postgres']) {
      log(`crash: ${crashes} × SIGKILL at ${rate}/s on ${kind}`);
      const database =
        kind === 'sqlite' ? scenarios.sqliteDatabase() : await scenarios.postgresDatabase(postgres);
      try {
        results.crash.push(
          await scenarios.crashScenario({ database, rate, crashes, crashAfterMs: [2000, 6000] }),
        );
      } finally {
        await database.dispose();
      }
    }
  }

  if (only.has('instances')) {
    log(`two instances: races, then ${rate}/s over both for ${Math.ceil(durationS / 3)} s`);
    results.instances = await scenarios.twoInstancesScenario({
      database: await scenarios.postgresDatabase(postgres),
      races: 200,
      parallel: 10,
      loadRate: rate,
      loadDurationMs: Math.ceil(durationS / 3) * 1000,
    });
  }

  if (only.has('outage')) {
    results.outage = [];
    for (const [mode, downMs] of [
      ['stop', 10_000],
      ['freeze', 15_000],
    ]) {
      log(`outage: PostgreSQL ${mode === 'stop' ? 'stopped' : 'frozen'} for ${downMs / 1000} s`);
      results.outage.push(
        await scenarios.outageScenario({
          postgres,
          mode,
          rate: Math.min(rate, 200),
          beforeMs: 3000,
          downMs,
          afterMs: 5000,
          answerBoundMs: 12_000,
          recoveryBoundMs: 20_000,
        }),
      );
    }
  }
} finally {
  await postgres?.destroy();
}

// ---- report

const rows = [];
const row = (scenario, figures, result) => rows.push({ scenario, figures, result });
const verdict = (problems) => (problems.length === 0 ? 'ok' : `FAILED: ${problems.join('; ')}`);
for (const load of results.load ?? []) {
  const l = load.latencyMs;
  const s = load.serviceMs;
  row(
    `load, ${load.database}`,
    `${load.targetRate}/s × ${load.durationS} s: ${load.achievedRate} answered/s, ` +
      `p50 ${l.p50} ms, p99 ${l.p99} ms, max ${l.max} ms (from sending: p50 ${s.p50}, ` +
      `p99 ${s.p99}), errors ${load.errors}; stored ${load.stored} = 200s ${load.answered200}`,
    verdict(load.problems),
  );
}
for (const crash of results.crash ?? []) {
  row(
    `crash, ${crash.database}`,
    `${crash.crashes} × kill -9: ${crash.answered200} answered 200, lost ${crash.lost}; ` +
      `${crash.unanswered} unanswered (${crash.committedUnanswered} already committed) resent: ` +
      `second applications ${crash.secondApplications}` +
      (crash.integrity.length > 0
        ? `; integrity_check ${[...new Set(crash.integrity)].join(',')}`
        : ''),
    verdict(crash.problems),
  );
}
if (results.instances) {
  const i = results.instances;
  row(
    'two instances, PostgreSQL',
    `same key to both at once: ${i.sameKeyHeld}/${i.sameKeyRaces} one application, same answer; ` +
      `same person, two keys: ${i.duplicateHeld}/${i.duplicateRaces} one approval + one duplicate; ` +
      `${i.load.rate}/s over both × ${i.load.durationS} s: ${i.load.ok} 200s, ${i.load.stored} stored`,
    verdict(i.problems),
  );
}
for (const outage of results.outage ?? []) {
  row(
    `outage, PostgreSQL ${outage.mode === 'stop' ? 'stopped' : 'frozen'}`,
    `${outage.rate}/s, down ${outage.downS} s: ${JSON.stringify(outage.outcomes)}, ` +
      `slowest answer ${outage.maxLatencyMs} ms (${outage.maxLatencyFromDueMs} ms from due); ` +
      `/readyz 503 ${outage.readyUnavailable}/${outage.readyPollsDown}; ` +
      `200 again ${outage.recoveryMs} ms after restart; lost ${outage.lost}; ` +
      `${outage.resubmitted} resent → one application each`,
    verdict(outage.problems),
  );
}
const table = [
  '| scenario | figures | result |',
  '|---|---|---|',
  ...rows.map((r) => `| ${r.scenario} | ${r.figures} | ${r.result} |`),
].join('\n');
console.log(table);

const out = path.resolve(import.meta.dirname, '../results');
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'reliability-latest.json'), JSON.stringify(results, null, 2) + '\n');
log(`written: ${path.relative(process.cwd(), path.join(out, 'reliability-latest.json'))}`);
if (rows.some((r) => r.result !== 'ok')) process.exit(1);
