// API throughput on loopback. The real server (a copy of the build, rate limits off) on three
// databases in turn: a fresh SQLite file with its durable writes; a database on a private,
// durable PostgreSQL (fsync and synchronous_commit on) with one server; the same PostgreSQL with
// two servers (two processes, the load split between them). Submissions are measured on each,
// the address look-up and, as the floor, bench/echo-server.mjs (bare node:http parsing and
// answering JSON) once. Each is measured the same two ways:
// - maximum: autocannon for 10 s, requests/s and latency; submissions with 32 connections (split
//   between the servers when there are two), the look-up and the echo with 50;
// - paced: 500 requests/s sent by our own generator, one request every 2 ms on keep-alive
//   connections (not bursts), latency p50/p99 from each request's send, and p99 from when it
//   was due (which also counts any lag of the generator itself).
// Submissions carry unique keys and applicants; afterwards the database must hold one row per
// 200 answered.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { submissionPayloadSchema } from '@broker/domain';
import { startPrivatePostgres } from '../packages/server/src/test-support/postgres-server.ts';
import { validPayload } from '../packages/server/src/test-support/fixtures.ts';
import { startAppServer, startEchoServer } from './lib/server.mjs';
import { percentile, round } from './lib/stats.mjs';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const CONNECTIONS = 50;
/** The comparison of databases uses the connections of its before-figures (bench/baseline.json). */
const SUBMISSION_CONNECTIONS = 32;
const PACED_RATE = 500;

const DAY_MS = 86_400_000;
const FIRST_BIRTH_DAY = Date.UTC(1955, 0, 1);

/**
 * The shared test applicant's payload, built and checked once: building it costs the load
 * generator about 0.3 ms (the browser's payload builder over the whole journey), which per
 * request took a core of this 2-core machine away from the server under test.
 */
let base = null;

/**
 * The server tests' valid payload (packages/server/src/test-support/fixtures.ts, which the
 * build leaves out: `npm run bench` runs under tsx) with a new applicant each call: a new key, e-mail and phone, and dates of
 * birth spread over 40 years as real applicants' are (duplicate detection looks up complete
 * applications by date of birth first).
 */
export function payload(n) {
  const birthDay = new Date(FIRST_BIRTH_DAY + (n % 14_600) * DAY_MS).toISOString().slice(0, 10);
  const key = randomUUID();
  base ??= validPayload();
  return {
    ...base,
    submissionKey: key,
    sessionId: key,
    userAgent: 'Mozilla/5.0 (bench)',
    dateApplied: new Date().toISOString(),
    email: `bench.${n}.${key.slice(0, 8)}@example.com`,
    contactNumber: `0791${String(n % 10_000_000).padStart(7, '0')}`,
    dateOfBirth: `${birthDay}T00:00:00.000`,
  };
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

/** The PostgreSQL listening on `port`: its postmaster's pid, from /proc; null if not found. */
export function postmasterPid(port) {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const flag = args.indexOf('-p');
      if (args[0].endsWith('/postgres') && flag > 0 && args[flag + 1] === String(port)) {
        return Number(entry);
      }
    } catch {
      // Gone meanwhile.
    }
  }
  return null;
}

/** CPU time of a process and its children (PostgreSQL's backends, WAL writer…), in ms. */
export function treeCpuMs(root) {
  if (root === null) return null;
  let total = cpuMs(root) ?? 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === root) {
        total += cpuMs(Number(entry)) ?? 0;
      }
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
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

/**
 * Closed loop: autocannon with `connections` (split evenly over `origins`) for `seconds`.
 * `pids`: the server processes whose CPU is counted; `databaseCpu()`: the database's, if any.
 */
export async function maximum(
  origins,
  kind,
  prefix,
  okKeys,
  { seconds = SECONDS, connections = CONNECTIONS, pids = [], databaseCpu = () => null } = {},
) {
  const cpu = () => {
    const servers = pids.map((pid) => cpuMs(pid));
    return {
      server: servers.includes(null) ? null : servers.reduce((a, b) => a + b, 0),
      database: databaseCpu(),
    };
  };
  const before = cpu();
  const results = await Promise.all(
    origins.map((origin) =>
      autocannon({
        url: origin,
        connections: Math.round(connections / origins.length),
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
      }),
    ),
  );
  const after = cpu();
  const sum = (pick) => results.reduce((total, result) => total + pick(result), 0);
  const answered = sum((r) => r['2xx'] + r.non2xx);
  const perRequest = (field) =>
    before[field] !== null && after[field] !== null && answered > 0
      ? round((after[field] - before[field]) / answered, 3)
      : null;
  return {
    connections,
    instances: origins.length,
    requestsPerSecond: round(
      sum((r) => r.requests.average),
      0,
    ),
    // The server's own CPU per request: unlike requests/s, hardly moved by other load.
    serverCpuMsPerRequest: perRequest('server'),
    databaseCpuMsPerRequest: perRequest('database'),
    serverCpuCores:
      before.server !== null && after.server !== null
        ? round((after.server - before.server) / (seconds * 1000), 2)
        : null,
    p50Ms: Math.max(...results.map((r) => r.latency.p50)),
    // With two servers, the larger of the two p99s.
    p99Ms: Math.max(...results.map((r) => r.latency.p99)),
    ok: sum((r) => r['2xx']),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
  };
}

/**
 * `rate` requests a second for `seconds`, each sent on its own 1/rate slot (an open loop: a
 * slow server does not slow the sending). Whatever is unanswered 5 s after the last slot is
 * abandoned and counted as unanswered.
 */
async function paced(origins, kind, prefix, okKeys, { rate = PACED_RATE, seconds = SECONDS } = {}) {
  // With two servers, requests alternate between them.
  const targets = origins.map((origin) => new URL(origin));
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
      const { hostname, port } = targets[next % targets.length];
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
    await maximum([origin], kind, prefix, okKeys, { seconds: 2 }); // warm-up: JIT, connections
    const max = await maximum([origin], kind, prefix, okKeys, { pids: [pid] });
    log(
      `${label} ${name}: max ${max.requestsPerSecond}/s, ${max.serverCpuMsPerRequest} ms CPU a request, ${max.serverCpuCores} cores`,
    );
    await sleep(500);
    const pace = await paced([origin], kind, prefix, okKeys);
    log(`${label} ${name}: at ${PACED_RATE}/s p50 ${pace.p50Ms} ms, p99 ${pace.p99Ms} ms`);
    out[name] = { maximum: max, paced: pace };
  }
  return out;
}

/** The keys of the complete applications a database holds. */
async function storedKeys(database) {
  if (database.startsWith('postgres://')) {
    const client = new pg.Client({ connectionString: database });
    await client.connect();
    try {
      const { rows } = await client.query(
        `select submission_key as key from applications where status = 'complete'`,
      );
      return new Set(rows.map((row) => row.key));
    } finally {
      await client.end();
    }
  }
  const db = new Database(database, { readonly: true });
  try {
    return new Set(
      db
        .prepare(`select submission_key as key from applications where status = 'complete'`)
        .all()
        .map((row) => row.key),
    );
  } finally {
    db.close();
  }
}

/**
 * Submissions on one database with `instances` servers: a warm-up, the closed loop, the paced
 * run; then every key answered 200 must be a complete application in the database.
 */
async function submissionsOn(snapshot, { label, database, instances, databaseCpu, log }) {
  const servers = [];
  const okKeys = new Set();
  try {
    for (let i = 0; i < instances; i += 1) {
      servers.push(await startAppServer(snapshot, { database }));
    }
    const origins = servers.map((server) => server.origin);
    const pids = servers.map((server) => server.pid);
    const options = { connections: SUBMISSION_CONNECTIONS };
    await maximum(origins, 'submission', '/api/submission', okKeys, { ...options, seconds: 2 });
    const max = await maximum(origins, 'submission', '/api/submission', okKeys, {
      ...options,
      pids,
      databaseCpu,
    });
    log(
      `${label}: max ${max.requestsPerSecond}/s, p99 ${max.p99Ms} ms; CPU a request: server ${max.serverCpuMsPerRequest} ms, database ${max.databaseCpuMsPerRequest} ms`,
    );
    await sleep(500);
    const pace = await paced(origins, 'submission', '/api/submission', okKeys);
    log(`${label}: at ${PACED_RATE}/s p50 ${pace.p50Ms} ms, p99 ${pace.p99Ms} ms`);
    for (const server of servers) {
      const ended = server.exited();
      if (ended !== null) throw new Error(`${label}: a server stopped during the run (${ended})`);
    }
    return { maximum: max, paced: pace, okKeys };
  } finally {
    for (const server of servers) await server.stop();
  }
}

function storedCheck(okKeys, stored) {
  const missing = [...okKeys].filter((key) => !stored.has(key));
  // Rows beyond the 200s are requests still in flight when a timed run stopped.
  return { answered200: okKeys.size, storedRows: stored.size, missing: missing.length };
}

export async function apiThroughput(snapshot, { log = () => {} } = {}) {
  assertValidPayload();
  const submission = {};
  const submissions = {};

  // SQLite, then the same server on a durable PostgreSQL, then two servers on it.
  const sqliteFile = path.join(snapshot.root, 'bench-api.sqlite');
  const onSqlite = await submissionsOn(snapshot, {
    label: 'SQLite',
    database: sqliteFile,
    instances: 1,
    log,
  });
  submission.sqlite = { maximum: onSqlite.maximum, paced: onSqlite.paced };
  submissions.sqlite = storedCheck(onSqlite.okKeys, await storedKeys(sqliteFile));

  const postgres = await startPrivatePostgres({ durable: true });
  try {
    const postmaster = postmasterPid(postgres.port);
    const databaseCpu = () => treeCpuMs(postmaster);
    for (const [name, instances, label] of [
      ['postgres', 1, 'PostgreSQL, one server'],
      ['postgres2', 2, 'PostgreSQL, two servers'],
    ]) {
      const database = await postgres.createDatabase();
      const run = await submissionsOn(snapshot, { label, database, instances, databaseCpu, log });
      submission[name] = { maximum: run.maximum, paced: run.paced };
      submissions[name] = storedCheck(run.okKeys, await storedKeys(database));
    }
  } finally {
    await postgres.destroy();
  }

  let address;
  const server = await startAppServer(snapshot, { database: sqliteFile });
  try {
    ({ address } = await measure(server, [['address', 'address', '/api/address']], log, 'server'));
  } finally {
    await server.stop();
  }

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
  return {
    seconds: SECONDS,
    connections: { submission: SUBMISSION_CONNECTIONS, other: CONNECTIONS },
    cpus: os.cpus().length,
    tmpfs: snapshot.tmpfs,
    submission,
    address,
    floor,
    ratio: {
      submission: round(
        submission.sqlite.maximum.requestsPerSecond / floor.submission.maximum.requestsPerSecond,
        2,
      ),
      address: round(
        address.maximum.requestsPerSecond / floor.address.maximum.requestsPerSecond,
        2,
      ),
    },
    // Warm-ups included: every submission answered 200 must be a stored, complete application.
    submissions,
  };
}
