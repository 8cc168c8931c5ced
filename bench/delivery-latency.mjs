// Submission latency while signed delivery runs (docs/design.md §5: submission p99 unchanged
// when a webhook receiver hangs). The built server on a fresh
// SQLite file (or BENCH_DATABASE_URL) takes paced submissions (BENCH_DELIVERY_RATE a second,
// default 500, for BENCH_DELIVERY_SECONDS, default 10, after a 2 s warm-up) while its delivery
// worker posts every decided application to a receiver on loopback that either answers at once
// or never answers (the worker's 10 s timeout and 20 s lease then hold each event). The kinds
// are interleaved, A B A B (BENCH_DELIVERY_ROUNDS rounds, default 2), so each meets the same
// machine; per kind, p50/p99 over all its runs' requests from each request's send, and each
// run's own p99. bench/run.mjs runs it as the part `delivery` on its copy of the build;
// alone it needs the build: `npx tsc -b packages/server`. The load harness is TypeScript
// (bench/reliability/harness), hence tsx:
//
//   npx tsx bench/delivery-latency.mjs
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { applicantRequests, newRunId } from './reliability/harness/applicants.ts';
import { runLoad, summariseLatency } from './reliability/harness/load.ts';
import { newSecret } from '../packages/server/dist/delivery/signing.js';
import { startAppServer } from './lib/server.mjs';
import { percentile, round } from './lib/stats.mjs';

const RATE = Number(process.env.BENCH_DELIVERY_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_DELIVERY_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_DELIVERY_ROUNDS ?? 2);

async function startReceiver(hang) {
  let received = 0;
  // A path of its own: on a shared machine another process may post to a reused port.
  const hookPath = `/hooks/${randomUUID()}`;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.url === hookPath) received += 1;
      if (!hang) response.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}${hookPath}`,
    received: () => received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

async function measure(snapshot, receiverKind) {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'bench-delivery-'));
  const receiver = await startReceiver(receiverKind === 'hangs');
  // 'refuses': nothing listens at the URL (connection refused at once).
  const url = receiverKind === 'refuses' ? 'http://127.0.0.1:9/hooks/broker' : receiver.url;
  const delivery =
    receiverKind === 'none'
      ? {}
      : { DELIVERY_WEBHOOK_URL: url, DELIVERY_WEBHOOK_SECRET: newSecret() };
  const server = await startAppServer(snapshot, {
    database: process.env.BENCH_DATABASE_URL ?? path.join(directory, 'app.db'),
    // Logging at info, as in production: bench/lib/server.mjs reads the line saying it listens.
    env: delivery,
  });
  try {
    const run = newRunId();
    await runLoad({
      targets: [server.origin],
      rate: RATE,
      durationMs: 2000,
      request: applicantRequests(`${run}w`),
    });
    const { records } = await runLoad({
      targets: [server.origin],
      rate: RATE,
      durationMs: SECONDS * 1000,
      request: applicantRequests(run),
    });
    const ok = records.filter((record) => record.status === 200).length;
    const service = summariseLatency(records.map((record) => record.serviceMs));
    const due = summariseLatency(records.map((record) => record.latencyMs));
    return {
      receiver: receiverKind,
      rate: RATE,
      seconds: SECONDS,
      sent: records.length,
      ok,
      serviceMs: records.map((record) => record.serviceMs),
      p50Ms: service.p50,
      p99Ms: service.p99,
      maxMs: service.max,
      p99FromDueMs: due.p99,
      receiverRequests: receiver.received(),
    };
  } finally {
    await server.stop();
    await receiver.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

/**
 * The kinds interleaved over `rounds` rounds; `snapshot`: bench/lib/snapshot.mjs's copy of the
 * build (or { serverMain, root } of the checkout).
 */
export async function deliveryLatency({
  snapshot,
  kinds = ['answers', 'hangs'],
  rounds = ROUNDS,
  log = () => {},
}) {
  const runs = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const kind of kinds) {
      const run = await measure(snapshot, kind);
      log(
        `delivery, receiver ${kind}: p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, ${run.ok} of ${run.sent} answered 200, receiver got ${run.receiverRequests}`,
      );
      runs.push(run);
    }
  }
  return {
    rate: RATE,
    seconds: SECONDS,
    rounds,
    kinds: kinds.map((kind) => {
      const mine = runs.filter((run) => run.receiver === kind);
      const all = mine.flatMap((run) => run.serviceMs);
      return {
        receiver: kind,
        runs: mine.length,
        sent: mine.reduce((n, run) => n + run.sent, 0),
        ok: mine.reduce((n, run) => n + run.ok, 0),
        p50Ms: round(percentile(all, 50), 2),
        p99Ms: round(percentile(all, 99), 2),
        runP99Ms: mine.map((run) => round(run.p99Ms, 1)),
        receiverRequests: mine.map((run) => run.receiverRequests),
      };
    }),
    runs: runs.map(({ serviceMs: _omitted, ...run }) => run),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const repository = path.resolve(import.meta.dirname, '..');
  const checkout = {
    root: repository,
    serverMain: path.join(repository, 'packages/server/dist/main.js'),
  };
  console.error(
    `load average at start: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  // 'none': no delivery configured; 'refuses': nothing listening at the URL.
  const kinds = (process.env.BENCH_DELIVERY_KINDS ?? 'none,answers,hangs').split(',');
  const result = await deliveryLatency({ snapshot: checkout, kinds, log: console.error });
  console.log("| receiver | rate/s | runs | sent | 200 | p50 ms | p99 ms | runs' p99 ms |");
  console.log('|---|---|---|---|---|---|---|---|');
  for (const k of result.kinds) {
    console.log(
      `| ${k.receiver} | ${result.rate} | ${k.runs} | ${k.sent} | ${k.ok} | ${k.p50Ms} | ${k.p99Ms} | ${k.runP99Ms.join(', ')} |`,
    );
  }
  console.error(
    `load average at end: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
}
