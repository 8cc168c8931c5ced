// The applicant's site during a burst of anonymous staff sign-ins (docs/performance.md,
// docs/decisions/0056-password-hashing-pool.md). The real built server on a fresh SQLite file,
// its sign-in limits as shipped (rate limits of submissions and look-ups off, as in the other
// benches). One run; a prober sends a `GET /` and a real submission (a new applicant each) every
// 200 ms on a schedule, whether or not the earlier ones have been answered (a stalled server
// then shows in every request sent while it stalls, not in one slow sample):
//   1. before: 40 of each, after 40 to warm up;
//   2. during: a burst of 40 sign-ins (made-up e-mail addresses) and 10 set-up attempts
//      (made-up tokens), all at once, each from its own loopback address (127.0.1.x), so the
//      per-address limit alone cannot absorb it; probes sent while any of it is unanswered.
// Prints both medians and their ratio for each; the target is during ≤ 5 × before.
//
//   npx tsx bench/sign-in-burst.mjs [--server-dist=<packages/server/dist of another build>]
//
// after `npm run build`; with --server-dist, that build's server runs (with this checkout's web
// app beside it), e.g. the starting commit's, for a before/after.
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, existsSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { payload } from './api-throughput.mjs';
import { startAppServer } from './lib/server.mjs';
import { snapshotBuild } from './lib/snapshot.mjs';
import { median, percentile, round } from './lib/stats.mjs';

const BEFORE_SAMPLES = 40;
const SIGN_INS = 40;
const SET_UPS = 10;

const PROBE_INTERVAL_MS = 200;
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 32 });

/** One request; resolves { status, ms }. `localAddress` picks the loopback address it leaves from. */
function send(origin, method, pathname, body, { agent = keepAlive, localAddress } = {}) {
  const url = new URL(pathname, origin);
  const data = body === undefined ? null : Buffer.from(JSON.stringify(body));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        agent,
        localAddress,
        headers: data ? { 'content-type': 'application/json', 'content-length': data.length } : {},
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode, ms: performance.now() - started }),
        );
      },
    );
    request.on('error', reject);
    request.setTimeout(120_000, () =>
      request.destroy(new Error(`${method} ${pathname} timed out`)),
    );
    if (data) request.write(data);
    request.end();
  });
}

let applicant = 0;
/** One probe: a GET / and a submission sent together; their times go into `into`. */
async function probe(origin, into) {
  const body = payload(applicant++);
  const [page, submission] = await Promise.all([
    send(origin, 'GET', '/'),
    send(origin, 'POST', `/api/submission/${body.submissionKey}`, body),
  ]);
  if (page.status !== 200) throw new Error(`GET / answered ${page.status}`);
  if (submission.status !== 200) throw new Error(`a submission answered ${submission.status}`);
  into.page.push(page.ms);
  into.submission.push(submission.ms);
}

/** Probes every PROBE_INTERVAL_MS while `go()` holds (at least once); resolves when all are answered. */
async function probeWhile(origin, into, go) {
  const sent = [];
  do {
    sent.push(probe(origin, into));
    await sleep(PROBE_INTERVAL_MS);
  } while (go(sent.length));
  await Promise.all(sent);
}

function burst(origin) {
  const statuses = {};
  const requests = [];
  const count = (status) => (statuses[status] = (statuses[status] ?? 0) + 1);
  for (let n = 0; n < SIGN_INS + SET_UPS; n += 1) {
    const localAddress = `127.0.1.${n + 1}`;
    const request =
      n < SIGN_INS
        ? send(
            origin,
            'POST',
            '/api/staff/sign-in',
            { email: `${randomUUID()}@example.com`, password: 'a guess of some length' },
            { agent: false, localAddress },
          )
        : send(
            origin,
            'POST',
            '/api/staff/setup/complete',
            {
              token: randomBytes(32).toString('base64url'),
              password: 'a guess of some length',
              code: '123456',
            },
            { agent: false, localAddress },
          );
    requests.push(request.then((answer) => count(answer.status)));
  }
  const started = performance.now();
  let settled = false;
  const done = Promise.all(requests).then(() => {
    settled = true;
    return { statuses, ms: performance.now() - started };
  });
  return { done, pending: () => !settled };
}

function summary(before, during) {
  const figure = (name) => {
    const b = median(before[name]);
    const d = median(during[name]);
    return {
      beforeMs: round(b, 2),
      duringMs: round(d, 2),
      ratio: round(d / b, 2),
      duringMaxMs: round(Math.max(...during[name]), 1),
      duringP90Ms: round(percentile(during[name], 90), 1),
      samples: { before: before[name].length, during: during[name].length },
    };
  };
  return { page: figure('page'), submission: figure('submission') };
}

/** { page, submission: { beforeMs, duringMs, ratio, samples }, burst: { statuses, ms } } */
export async function signInBurst({ snapshot, serverDist = null, log = () => {} }) {
  let target = snapshot;
  if (serverDist !== null) {
    // Another build's server, serving this checkout's web app from beside its own dist.
    const webDist = path.resolve(serverDist, '../../web/dist');
    if (!existsSync(path.join(webDist, 'index.html')))
      cpSync(snapshot.webDist, webDist, { recursive: true });
    target = { ...snapshot, serverMain: path.resolve(serverDist, 'main.js') };
  }
  const server = await startAppServer(target);
  try {
    // The first requests compile code paths: not what "before" means.
    await probeWhile(server.origin, { page: [], submission: [] }, (n) => n < 40);
    const before = { page: [], submission: [] };
    await probeWhile(server.origin, before, (n) => n < BEFORE_SAMPLES);
    log(
      `before: GET / ${round(median(before.page), 2)} ms, submission ${round(median(before.submission), 2)} ms`,
    );

    const during = { page: [], submission: [] };
    const attack = burst(server.origin);
    await probeWhile(server.origin, during, () => attack.pending());
    const result = await attack.done;
    log(`burst answered in ${round(result.ms / 1000, 1)} s: ${JSON.stringify(result.statuses)}`);
    return {
      ...summary(before, during),
      burst: { statuses: result.statuses, ms: round(result.ms) },
    };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const distArg = process.argv.find((arg) => arg.startsWith('--server-dist='));
  const snapshot = await snapshotBuild();
  try {
    const load = os.loadavg()[0];
    const result = await signInBurst({
      snapshot,
      serverDist: distArg ? path.resolve(distArg.slice('--server-dist='.length)) : null,
      log: (line) => console.error(line),
    });
    for (const [name, label] of [
      ['page', 'GET /'],
      ['submission', 'POST /api/submission'],
    ]) {
      const f = result[name];
      console.log(
        `${label}: median ${f.beforeMs} ms before, ${f.duringMs} ms during the burst (${f.samples.before} / ${f.samples.during} samples): ${f.ratio}×; during: p90 ${f.duringP90Ms} ms, slowest ${f.duringMaxMs} ms`,
      );
    }
    console.log(
      `burst of ${SIGN_INS} sign-ins and ${SET_UPS} set-ups answered in ${round(result.burst.ms / 1000, 1)} s: ${JSON.stringify(result.burst.statuses)}; load average ${round(load, 2)} → ${round(os.loadavg()[0], 2)}`,
    );
  } finally {
    snapshot.remove();
  }
  process.exit(0);
}
