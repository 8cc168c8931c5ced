// Server CPU per accepted submission against a floor measured in the same run (docs/design.md §5:
// at most 1.5× the floor). Our built server and bench/floor-server.mjs (Fastify validating with
// our published JSON schema, one durable SQLite insert and a duplicate look-up) take turns, A B
// A B in the same minutes, each on a fresh SQLite file: a warm-up, then `requests` submissions
// from `connections` connections; the CPU time the server process used (user + system, from
// /proc) divided by the submissions answered 200. On a machine shared with other work,
// requests/s swing with the others' load; the CPU one submission costs far less.
//
//   tsx bench/cpu-floor.mjs [rounds] [requests]       (after `npm run build`)
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { payload } from './api-throughput.mjs';
import { freePort, startAppServer, startProcessOn } from './lib/server.mjs';
import { round } from './lib/stats.mjs';

/** CPU time (user + system) a process has used, in ms; null off Linux. */
async function cpuMs(pid) {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

let counter = 0;

/** `amount` submissions, each a new key and applicant; the CPU the server used for them. */
async function submissions(server, amount, connections) {
  const before = await cpuMs(server.pid);
  const result = await autocannon({
    url: server.origin,
    connections,
    amount,
    requests: [
      {
        setupRequest: (request) => {
          counter += 1;
          const body = payload(counter);
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
  const after = await cpuMs(server.pid);
  return {
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
    cpuMs: before === null || after === null ? null : after - before,
    requestsPerSecond: result.requests.average,
  };
}

/**
 * The floor server on a fresh SQLite file; `schema` 'ours' writes our migrated schema's rows
 * instead of its one small table, and 'decided' adds the lender panel's decision and our request
 * log line (bench/floor-server.mjs).
 */
async function startFloorServer(snapshot, schema = 'floor') {
  const port = await freePort();
  return startProcessOn(path.join(import.meta.dirname, 'floor-server.mjs'), {
    port,
    env: {
      PORT: String(port),
      DATABASE_URL: path.join(snapshot.root, `floor-${schema}-${port}.sqlite`),
      ...(schema === 'floor'
        ? {}
        : { FLOOR_SCHEMA: schema, SERVER_DIST: path.dirname(snapshot.serverMain) }),
    },
  });
}

/**
 * Rounds of our server and the floor, interleaved; per side the CPU of every measured
 * submission summed and divided by those answered 200.
 */
export async function cpuAgainstFloor(
  snapshot,
  { rounds = 3, requests = 3000, connections = 8, log = () => {} } = {},
) {
  const sides = {
    ours: { start: () => startAppServer(snapshot), cpuMs: 0, ok: 0, failed: 0, runs: [] },
    floor: { start: () => startFloorServer(snapshot), cpuMs: 0, ok: 0, failed: 0, runs: [] },
    // Not the budget's floor: it tells what our schema's writes cost apart from our code.
    schema: {
      start: () => startFloorServer(snapshot, 'ours'),
      cpuMs: 0,
      ok: 0,
      failed: 0,
      runs: [],
    },
    // Nor this: the least our product can cost, its rows, decision and log line without our
    // checks (docs/performance.md, "The least our product can cost").
    decided: {
      start: () => startFloorServer(snapshot, 'decided'),
      cpuMs: 0,
      ok: 0,
      failed: 0,
      runs: [],
    },
  };
  const loads = [];
  for (let round_ = 0; round_ < rounds; round_ += 1) {
    // Each round swaps which goes first, so neither always follows the other's warm disk.
    const order =
      round_ % 2 === 0
        ? ['ours', 'floor', 'schema', 'decided']
        : ['decided', 'schema', 'floor', 'ours'];
    for (const name of order) {
      const side = sides[name];
      const server = await side.start();
      try {
        await submissions(server, Math.round(requests / 5), connections); // warm-up: JIT, caches
        const run = await submissions(server, requests, connections);
        if (run.cpuMs === null) throw new Error('no /proc: CPU time cannot be read here');
        side.cpuMs += run.cpuMs;
        side.ok += run.ok;
        side.failed += run.failed;
        const perRequest = round(run.cpuMs / Math.max(run.ok, 1), 3);
        side.runs.push(perRequest);
        loads.push(os.loadavg()[0]);
        log(
          `${name}: ${run.ok} submissions, ${perRequest} ms CPU each, ${Math.round(run.requestsPerSecond)}/s; load ${os.loadavg()[0].toFixed(1)}`,
        );
      } finally {
        await server.stop();
      }
    }
  }
  const perSubmission = (side) => round(side.cpuMs / Math.max(side.ok, 1), 3);
  const ours = perSubmission(sides.ours);
  const floor = perSubmission(sides.floor);
  const schema = perSubmission(sides.schema);
  const least = perSubmission(sides.decided);
  return {
    rounds,
    requests,
    connections,
    oursCpuMs: ours,
    floorCpuMs: floor,
    ratio: round(ours / floor, 2),
    schemaFloorCpuMs: schema,
    schemaRatio: round(ours / schema, 2),
    oursRuns: sides.ours.runs,
    floorRuns: sides.floor.runs,
    schemaFloorRuns: sides.schema.runs,
    leastCpuMs: least,
    leastRatio: round(least / floor, 2),
    oursOverLeast: round(ours / least, 2),
    leastRuns: sides.decided.runs,
    failed: sides.ours.failed + sides.floor.failed + sides.schema.failed + sides.decided.failed,
    loadAverage: round(loads.reduce((a, b) => a + b, 0) / Math.max(loads.length, 1), 1),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [rounds = '3', requests = '3000'] = process.argv.slice(2);
  const { snapshotBuild } = await import('./lib/snapshot.mjs');
  const snapshot = await snapshotBuild();
  try {
    const result = await cpuAgainstFloor(snapshot, {
      rounds: Number(rounds),
      requests: Number(requests),
      log: (line) => console.log(line),
    });
    console.log(
      `server CPU a submission: ours ${result.oursCpuMs} ms, floor ${result.floorCpuMs} ms, ratio ${result.ratio} (budget ≤ 1.5); load average ${result.loadAverage}; failed ${result.failed}`,
    );
    console.log(
      `the floor on our schema: ${result.schemaFloorCpuMs} ms (${round(result.schemaFloorCpuMs / result.floorCpuMs, 2)}× the floor); ours ${result.schemaRatio}× it`,
    );
    console.log(
      `the least our product can cost (our rows, the panel's decision, our log line; no checks): ${result.leastCpuMs} ms (${result.leastRatio}× the floor); ours ${result.oursOverLeast}× it`,
    );
  } finally {
    snapshot.remove();
  }
}
