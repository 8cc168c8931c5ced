// Where a submission's CPU goes: the built server (packages/server/dist, `npx tsc -b
// packages/server` first) under `node --cpu-prof`, BENCH_PROFILE_SECONDS (default 8) of
// submissions from 16 connections, then the profile's self time summed by function and by
// package, with the server's CPU time per submission.
//
//   node bench/profile-submission.mjs [sqlite|postgres]
//
// PostgreSQL: a private, durable one (as the API benchmark's). The .cpuprofile is kept (its path
// is printed) for Chromium's DevTools.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { startPrivatePostgres } from '../packages/server/src/test-support/postgres-server.ts';
import { payload } from './api-throughput.mjs';
import { freePort } from './lib/server.mjs';

const dialect = process.argv[2] ?? 'sqlite';
const SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 8);
const directory = mkdtempSync(path.join(os.tmpdir(), 'broker-profile-'));
const postgres = dialect === 'postgres' ? await startPrivatePostgres({ durable: true }) : null;
const database = postgres ? await postgres.createDatabase() : path.join(directory, 'app.db');
const port = await freePort();
const main =
  process.env.BENCH_SERVER_MAIN ??
  path.resolve(import.meta.dirname, '../packages/server/dist/main.js');
const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${directory}`, main], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: database,
    RATE_LIMIT_SUBMISSIONS: '0',
    RATE_LIMIT_LOOKUPS: '0',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const exited = new Promise((resolve) => child.once('exit', resolve));
const origin = `http://127.0.0.1:${port}`;
for (let i = 0; ; i += 1) {
  try {
    if ((await fetch(`${origin}/healthz`)).ok) break;
  } catch {
    if (i > 100) throw new Error('the server did not start');
  }
  await sleep(100);
}

let n = 0;
const run = (duration) =>
  autocannon({
    url: origin,
    connections: 16,
    duration,
    requests: [
      {
        setupRequest: (request) => {
          n += 1;
          const body = payload(n);
          return {
            ...request,
            method: 'POST',
            path: `/api/submission/${body.submissionKey}`,
            body: JSON.stringify(body),
            headers: { 'content-type': 'application/json' },
          };
        },
      },
    ],
  });
await run(2); // warm-up
const result = await run(SECONDS);
child.kill('SIGINT');
await exited;
await postgres?.destroy();

const file = readdirSync(directory).find((name) => name.endsWith('.cpuprofile'));
const profile = JSON.parse(readFileSync(path.join(directory, file), 'utf8'));
const deltas = profile.timeDeltas;
const selfUs = new Map();
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
for (let i = 0; i < profile.samples.length; i += 1) {
  const id = profile.samples[i];
  selfUs.set(id, (selfUs.get(id) ?? 0) + (deltas[i] ?? 0));
}
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const idle = [...selfUs.entries()]
  .filter(([id]) => ['(idle)', '(program)'].includes(byId.get(id).callFrame.functionName))
  .reduce((a, [, us]) => a + us, 0);
const busy = total - idle;
const functions = new Map();
const packages = new Map();
for (const [id, us] of selfUs) {
  const { functionName, url, lineNumber } = byId.get(id).callFrame;
  if (functionName === '(idle)' || functionName === '(program)') continue;
  const where = url.includes('node_modules/')
    ? url
        .slice(url.lastIndexOf('node_modules/') + 13)
        .split('/')
        .slice(0, 2)
        .join('/')
    : url.includes('/dist/')
      ? url.slice(url.indexOf('/packages/') + 10)
      : url || '(native)';
  const key = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + us);
  const pkg = where.startsWith('@') ? where : where.split('/')[0];
  packages.set(pkg, (packages.get(pkg) ?? 0) + us);
}
const submissions = result['2xx'];
const top = (map, count) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, us]) => `${((100 * us) / busy).toFixed(1).padStart(5)}%  ${key}`)
    .join('\n');
console.log(
  `${dialect}: ${submissions} submissions answered 200 (${result.non2xx} other) in ${SECONDS} s, ` +
    `${Math.round(result.requests.average)}/s; main thread busy ${(busy / 1000 / (submissions + 1)).toFixed(3)} ms a submission (whole profile, warm-up included)`,
);
console.log(`\nby package or file:\n${top(packages, 15)}\n\nby function:\n${top(functions, 30)}`);
console.log(`\nprofile: ${path.join(directory, file)}`);
