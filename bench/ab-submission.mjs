// Two builds of the server compared on submissions, interleaved A B A B in the same minutes, by
// the CPU one submission costs (the server process, and PostgreSQL's processes when on
// PostgreSQL): on a shared machine requests/s swing with other people's load, CPU time per
// request far less.
//
//   node bench/ab-submission.mjs <server dist A> <server dist B> [sqlite|postgres] [rounds]
//
// e.g. a copy of packages/server/dist built from an earlier commit against the current one.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPrivatePostgres } from '../packages/server/src/test-support/postgres-server.ts';
import { maximum, postmasterPid, treeCpuMs } from './api-throughput.mjs';
import { startAppServer } from './lib/server.mjs';

const [distA, distB, dialect = 'postgres', rounds = '2'] = process.argv.slice(2);
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 6);
const root = mkdtempSync(path.join(os.tmpdir(), 'broker-ab-'));
const postgres = dialect === 'postgres' ? await startPrivatePostgres({ durable: true }) : null;
const databaseCpu = postgres ? () => treeCpuMs(postmasterPid(postgres.port)) : () => null;
const results = { A: [], B: [] };
try {
  for (let round = 0; round < Number(rounds); round += 1) {
    for (const [name, dist] of [
      ['A', distA],
      ['B', distB],
    ]) {
      const database = postgres
        ? await postgres.createDatabase()
        : path.join(root, `${name}${round}.sqlite`);
      const snapshot = { root, serverMain: path.resolve(dist, 'main.js') };
      const server = await startAppServer(snapshot, { database });
      try {
        const options = { connections: 32 };
        await maximum([server.origin], 'submission', '/api/submission', new Set(), {
          ...options,
          seconds: 2,
        });
        const run = await maximum([server.origin], 'submission', '/api/submission', new Set(), {
          ...options,
          seconds: SECONDS,
          pids: [server.pid],
          databaseCpu,
        });
        results[name].push(run);
        console.log(
          `${name} (${dist}): ${run.requestsPerSecond}/s, CPU a submission: server ${run.serverCpuMsPerRequest} ms, database ${run.databaseCpuMsPerRequest} ms; load ${os.loadavg()[0].toFixed(1)}`,
        );
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  await postgres?.destroy();
}
