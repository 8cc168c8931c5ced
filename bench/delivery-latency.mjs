// Submission latency while signed delivery runs (DESIGN's "p99 unchanged when a webhook receiver
// hangs"): the built server on a fresh SQLite file (or BENCH_DATABASE_URL) takes paced
// submissions (BENCH_DELIVERY_RATE a second, default 300, for BENCH_DELIVERY_SECONDS, default
// 10, after a 2 s warm-up) while its delivery worker posts every decided application to a
// receiver on loopback that either answers at once or never answers (the worker's 10 s timeout
// and 20 s lease then hold each event). Latency p50/p99 from each request's send and p99 from
// when it was due. Needs the server built: `npx tsc -b packages/server`. The load harness is
// TypeScript (bench/reliability/harness), hence tsx:
//
//   npx tsx bench/delivery-latency.mjs
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applicantRequests, newRunId } from './reliability/harness/applicants.ts';
import { runLoad, summariseLatency } from './reliability/harness/load.ts';
import { startServer } from './reliability/harness/server-process.ts';
import { newSecret } from '../packages/server/dist/delivery/signing.js';

const RATE = Number(process.env.BENCH_DELIVERY_RATE ?? 300);
const SECONDS = Number(process.env.BENCH_DELIVERY_SECONDS ?? 10);

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

async function measure(receiverKind) {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'bench-delivery-'));
  const receiver = await startReceiver(receiverKind === 'hangs');
  // 'refuses': nothing listens at the URL (connection refused at once).
  const url = receiverKind === 'refuses' ? 'http://127.0.0.1:9/hooks/broker' : receiver.url;
  const delivery =
    receiverKind === 'none'
      ? {}
      : { DELIVERY_WEBHOOK_URL: url, DELIVERY_WEBHOOK_SECRET: newSecret() };
  const server = await startServer({
    databaseUrl: process.env.BENCH_DATABASE_URL ?? path.join(directory, 'app.db'),
    env: { LOG_LEVEL: 'warn', ...delivery },
  });
  try {
    const run = newRunId();
    await runLoad({
      targets: [server.url],
      rate: RATE,
      durationMs: 2000,
      request: applicantRequests(`${run}w`),
    });
    const { records } = await runLoad({
      targets: [server.url],
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
      p50Ms: service.p50,
      p99Ms: service.p99,
      maxMs: service.max,
      p99FromDueMs: due.p99,
      receiverRequests: receiver.received(),
    };
  } finally {
    await server.crash();
    await receiver.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

console.error(
  `load average at start: ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
const results = [];
// 'none': no delivery configured, the floor the other two are compared with.
const KINDS = (process.env.BENCH_DELIVERY_KINDS ?? 'none,answers,hangs').split(',');
for (const kind of KINDS) {
  results.push(await measure(kind));
  console.error(JSON.stringify(results.at(-1)));
}
console.log(
  '| receiver | rate/s | sent | 200 | p50 ms | p99 ms | max ms | p99 from due ms | receiver requests |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.receiver} | ${r.rate} | ${r.sent} | ${r.ok} | ${r.p50Ms} | ${r.p99Ms} | ${r.maxMs} | ${r.p99FromDueMs} | ${r.receiverRequests} |`,
  );
}
