// Two builds of the web app compared on Continue → next screen (bench/step-latency.mjs), one
// journey of each kind per build per round, interleaved A B, B A, A B… so both meet the same
// minutes of a shared machine. Each build is served by the current server build from a private
// copy, with a fresh database each.
//
//   node bench/ab-steps.mjs <web dist A> <web dist B> [rounds]
//
// e.g. a copy of packages/web/dist built from an earlier commit against the current one. Prints
// p50 and p95 of each build per round and over all rounds, with the load average.
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../packages/web/scripts/build-graph/chunks.mjs';
import { startAppServer } from './lib/server.mjs';
import { percentile, round } from './lib/stats.mjs';
import { stepLatency } from './step-latency.mjs';

const [distA, distB, rounds = '3'] = process.argv.slice(2);
if (!distA || !distB) {
  console.error('usage: node bench/ab-steps.mjs <web dist A> <web dist B> [rounds]');
  process.exit(2);
}

/** A snapshot of the checkout's server with `webDist` beside it, as bench/lib/snapshot.mjs makes. */
function snapshotWith(webDist) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'broker-ab-steps-'));
  for (const item of [
    'packages/server/dist',
    'packages/server/package.json',
    'packages/server/data/addresses.sample.json',
    'packages/server/data/lender-panel.sample.json',
  ]) {
    cpSync(path.join(REPO_ROOT, item), path.join(root, item), { recursive: true });
  }
  cpSync(path.resolve(webDist), path.join(root, 'packages/web/dist'), { recursive: true });
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return { root, serverMain: path.join(root, 'packages/server/dist/main.js') };
}

const builds = { A: snapshotWith(distA), B: snapshotWith(distB) };
const servers = {};
const samples = { A: [], B: [] };
// The presses into check-your-answers, the longest page, apart.
const intoCheck = { A: [], B: [] };
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
const summary = (values) =>
  `p50 ${round(percentile(values, 50))} / p95 ${round(percentile(values, 95))} ms (${values.length})`;

try {
  for (const name of ['A', 'B']) servers[name] = await startAppServer(builds[name]);
  console.log(`load average at start ${load()}`);
  for (let r = 0; r < Number(rounds); r += 1) {
    const order = r % 2 === 0 ? ['A', 'B'] : ['B', 'A'];
    for (const name of order) {
      const result = await stepLatency(servers[name].origin, { journeys: 1 });
      const domMs = result.screens.flatMap((screen) => screen.domMs);
      samples[name].push(...domMs);
      const check = result.screens
        .filter((screen) => screen.screen === '/before-you-submit')
        .flatMap((screen) => screen.domMs);
      intoCheck[name].push(...check);
      console.log(
        `round ${r + 1} ${name}: ${summary(domMs)}; into check-your-answers ${check.join(', ')} ms; load ${load()}`,
      );
    }
  }
  for (const name of ['A', 'B']) {
    const dist = name === 'A' ? distA : distB;
    console.log(
      `${name} (${dist}): ${summary(samples[name])}; into check-your-answers p50 ${round(percentile(intoCheck[name], 50))} ms`,
    );
  }
  console.log(`load average at end ${load()}`);
} finally {
  for (const server of Object.values(servers)) await server.stop();
  for (const build of Object.values(builds)) rmSync(build.root, { recursive: true, force: true });
}
