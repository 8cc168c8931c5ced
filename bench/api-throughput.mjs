// API throughput on loopback. The real server (a copy of the build, a fresh SQLite file with
// its durable writes, rate limits off) and, as the floor, bench/echo-server.mjs (bare node:http
// parsing and answering JSON), each measured the same two ways:
// - maximum: autocannon, 50 connections for 10 s, requests/s and latency;
// - paced: 500 requests/s sent by our own generator, one request every 2 ms on keep-alive
//   connections (not bursts), latency p50/p99 from each request's send, and p99 from when it
//   was due (which also counts any lag of the generator itself).
// Submissions carry unique keys and applicants; afterwards the database must hold one row per
// 200 answered.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { submissionPayloadSchema } from '@broker/domain';
import { validPayload } from '../packages/server/src/test-support/fixtures.ts';
import { startAppServer, startEchoServer } from './lib/server.mjs';
import { percentile, round } from './lib/stats.mjs';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const CONNECTIONS = 50;
const PACED_RATE = 500;

const DAY_MS = 86_400_000;
const FIRST_BIRTH_DAY = Date.UTC(1955, 0, 1);

/**
 * The server tests' valid payload (packages/server/src/test-support/fixtures.ts, which the
 * build leaves out: `npm run bench` runs under tsx) with a new applicant each call: a new key, e-mail and phone, and dates of
 * birth spread over 40 years as real applicants' are (duplicate detection looks up complete
 * applications by date of birth first).
 */
export function payload(n) {
  const birthDay = new Date(FIRST_BIRTH_DAY + (n % 14_600) * DAY_MS).toISOString().slice(0, 10);
  const key = randomUUID();
  return validPayload({
    submissionKey: key,
    sessionId: key,
    userAgent: 'Mozilla/5.0 (bench)',
    dateApplied: new Date().toISOString(),
    email: `bench.${n}.${key.slice(0, 8)}@example.com`,
    contactNumber: `0791${String(n % 10_000_000).padStart(7, '0')}`,
    dateOfBirth: `${birthDay}T00:00:00.000`,
  });
}

const POSTCODES = (() => {
  const file = path.resolve(import.meta.dirname, '../packages/server/data/addresses.sample.json');
  const { addresses, simulatedFailures } = JSON.parse(readFileSync(file, 'utf8'));
  const failing = new Set(simulatedFailures?.postcodes ?? []);
  return [...new Set(addresses.map((a) => a.postcode))].filter(
    (p) => !failing.has(p) && !p.startsWith('ZZ'),
  );
})();

/** CPU time (user + system, all threads) the process has used, in ms; null off Linux. */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of proc(5), in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

let counter = 0;
/** A request of a kind: { method, path, body? } with a new key (and applicant) each time. */
function nextRequest(kind, prefix) {
  counter += 1;
  if (kind === 'submission') {
    const body = payload(counter);
    return {
      key: body.submissionKey,
      method: 'POST',
      path: `${prefix}/${body.submissionKey}`,
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    };
  }
  return {
    method: 'GET',
    path: `${prefix}/${encodeURIComponent(POSTCODES[counter % POSTCODES.length])}`,
  };
}

async function maximum(origin, kind, prefix, okKeys, seconds = SECONDS, pid = null) {
  const cpuBefore = pid && cpuMs(pid);
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (request, context) => {
          const { key, ...next } = nextRequest(kind, prefix);
          context.key = key;
          return { ...request, ...next };
        },
        onResponse: (status, _body, context) => {
          if (status === 200 && context.key) okKeys.add(context.key);
        },
      },
    ],
  });
  const cpuAfter = pid && cpuMs(pid);
  const answered = result['2xx'] + result.non2xx;
  return {
    requestsPerSecond: round(result.requests.average, 0),
    // The server's own CPU per request: unlike requests/s, hardly moved by other load.
    serverCpuMsPerRequest:
      cpuBefore !== null && cpuAfter !== null && answered > 0
        ? round((cpuAfter - cpuBefore) / answered, 3)
        : null,
    serverCpuCores:
      cpuBefore !== null && cpuAfter !== null
        ? round((cpuAfter - cpuBefore) / (seconds * 1000), 2)
        : null,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/**
 * `rate` requests a second for `seconds`, each sent on its own 1/rate slot (an open loop: a
 * slow server does not slow the sending). Whatever is unanswered 5 s after the last slot is
 * abandoned and counted as unanswered.
 */
async function paced(origin, kind, prefix, okKeys, { rate = PACED_RATE, seconds = SECONDS } = {}) {
  const { hostname, port } = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const interval = 1000 / rate;
  const total = Math.round(rate * seconds);
  const fromSend = [];
  const fromDue = [];
  const statuses = {};
  const inFlight = new Set();
  let errors = 0;
  let unanswered = 0;
  let lateness = 0;
  let done = 0;
  let abandoned = false;
  const start = performance.now() + 20;

  await new Promise((resolve) => {
    const finish = () => {
      done += 1;
      if (done === total) resolve();
    };
    const fire = (due) => {
      const request = nextRequest(kind, prefix);
      const sentAt = performance.now();
      lateness = Math.max(lateness, sentAt - due);
      const options = { agent, hostname, port, method: request.method, path: request.path };
      const req = http.request({ ...options, headers: request.headers }, (res) => {
        res.resume();
        res.on('end', () => {
          inFlight.delete(req);
          const now = performance.now();
          fromSend.push(now - sentAt);
          fromDue.push(now - due);
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          if (res.statusCode === 200 && request.key) okKeys.add(request.key);
          finish();
        });
      });
      inFlight.add(req);
      req.on('error', () => {
        inFlight.delete(req);
        if (abandoned) unanswered += 1;
        else errors += 1;
        finish();
      });
      req.end(request.body);
    };
    let next = 0;
    const tick = () => {
      const now = performance.now();
      while (next < total && start + next * interval <= now) {
        fire(start + next * interval);
        next += 1;
      }
      if (next < total) setTimeout(tick, Math.max(0, start + next * interval - performance.now()));
    };
    setTimeout(tick, 20);
    setTimeout(
      () => {
        abandoned = true;
        for (const req of inFlight) req.destroy(new Error('abandoned'));
        // Requests never sent (the generator itself fell behind) count as unanswered too.
        for (; next < total; next += 1) {
          unanswered += 1;
          finish();
        }
      },
      seconds * 1000 + 5000,
    ).unref();
  });
  agent.destroy();
  const elapsed = (performance.now() - start) / 1000;
  const ok = statuses[200] ?? 0;
  return {
    rate,
    achievedPerSecond: round(fromSend.length / Math.max(elapsed, seconds), 0),
    p50Ms: round(percentile(fromSend, 50), 2),
    p99Ms: round(percentile(fromSend, 99), 2),
    p99FromDueMs: round(percentile(fromDue, 99), 2),
    maxMs: round(Math.max(...fromSend), 1),
    generatorLagMaxMs: round(lateness, 1),
    ok,
    non200: fromSend.length - ok,
    statuses,
    errors,
    unanswered,
  };
}

function assertValidPayload() {
  const parsed = submissionPayloadSchema.safeParse(payload(1));
  if (!parsed.success) {
    throw new Error(`the benchmark's payload is invalid: ${JSON.stringify(parsed.error.issues)}`);
  }
}

async function measure({ origin, pid }, routes, log, label, okKeys = new Set()) {
  const out = {};
  for (const [name, kind, prefix] of routes) {
    await maximum(origin, kind, prefix, okKeys, 2); // warm-up: JIT, connections, pages
    const max = await maximum(origin, kind, prefix, okKeys, SECONDS, pid);
    log(
      `${label} ${name}: max ${max.requestsPerSecond}/s, ${max.serverCpuMsPerRequest} ms CPU a request, ${max.serverCpuCores} cores`,
    );
    await sleep(500);
    const pace = await paced(origin, kind, prefix, okKeys);
    log(`${label} ${name}: at ${PACED_RATE}/s p50 ${pace.p50Ms} ms, p99 ${pace.p99Ms} ms`);
    out[name] = { maximum: max, paced: pace };
  }
  return out;
}

export async function apiThroughput(snapshot, { log = () => {} } = {}) {
  assertValidPayload();
  const database = path.join(snapshot.root, 'bench-api.sqlite');
  let ours;
  const okKeys = new Set();
  const server = await startAppServer(snapshot, { database });
  try {
    ours = await measure(
      server,
      [
        ['submission', 'submission', '/api/submission'],
        ['address', 'address', '/api/address'],
      ],
      log,
      'server',
      okKeys,
    );
  } finally {
    await server.stop();
  }
  // Warm-ups included: every submission answered 200 must be a stored, complete application.
  const db = new Database(database, { readonly: true });
  const stored = new Set(
    db
      .prepare(`select submission_key as key from applications where status = 'complete'`)
      .all()
      .map((row) => row.key),
  );
  db.close();
  const missing = [...okKeys].filter((key) => !stored.has(key));

  const echo = await startEchoServer();
  let floor;
  try {
    floor = await measure(
      echo,
      [
        ['submission', 'submission', '/echo'],
        ['address', 'address', '/echo'],
      ],
      log,
      'echo',
    );
  } finally {
    await echo.stop();
  }
  const ratio = (name) =>
    round(ours[name].maximum.requestsPerSecond / floor[name].maximum.requestsPerSecond, 2);
  return {
    seconds: SECONDS,
    connections: CONNECTIONS,
    tmpfs: snapshot.tmpfs,
    ours,
    floor,
    ratio: { submission: ratio('submission'), address: ratio('address') },
    // Rows beyond the 200s are requests still in flight when a timed run stopped.
    submissions: { answered200: okKeys.size, storedRows: stored.size, missing: missing.length },
  };
}
