/**
 * Graceful shutdown under load (docs/decisions/0069-graceful-shutdown.md): SIGTERM while
 * submissions arrive straight at the instance (no load balancer) and the delivery worker holds
 * events. Nothing acknowledged is lost; every other client got a 503 or no answer at all, and
 * retrying with its key (as the browser does) gives one application each; the worker gives its
 * events back, and the process exits 0 within its timeout.
 *
 * Without a balancer that follows readiness, clients still connect at the instant the listener
 * closes: the kernel refuses them or resets connections it had queued but the server had not yet
 * read. Those requests were never processed, which the retry shows.
 */
import http from 'node:http';
import Database from 'better-sqlite3';
import pg from 'pg';
import { performance } from 'node:perf_hooks';
import { newSecret } from '../../../packages/server/src/delivery/signing.js';
import { startReceiver } from '../../../packages/server/src/test-support/receiver.js';
import { applicantRequests, newRunId } from '../harness/applicants.js';
import { indexOf, lostAnswers, resubmit, some } from '../harness/databases.js';
import type { DatabaseKind, ScenarioDatabase } from '../harness/databases.js';
import { countOutcomes, runLoad } from '../harness/load.js';
import { sleep, startServer } from '../harness/server-process.js';
import { readStored } from '../harness/stored.js';

export interface ShutdownFigures {
  database: DatabaseKind;
  /** Answers by outcome: '200', '503', 'ECONNREFUSED'… */
  outcomes: Record<string, number>;
  /** 200s answered after SIGTERM: the drain kept serving. */
  answeredAfterSignal: number;
  lost: number;
  /** Requests without a 200, resent with their keys to a new instance: each answered 200. */
  resubmitted: number;
  /** Of those, already stored: the resend replayed the stored answer. */
  committedUnanswered: number;
  /** Resends that made a second application or decided again (must be 0). */
  secondApplications: number;
  /** Readiness answers after SIGTERM, before the exit ('503 stopping'…). */
  readiness: string[];
  exit: { code: number | null; signal: string | null };
  /** From SIGTERM to the process's exit. */
  exitMs: number;
  /** Delivery events the worker still held (attempt counted, not due) after the exit. */
  heldEvents: number;
  /** Periodic-job leases still held after the exit. */
  heldLeases: number;
  problems: string[];
}

export interface ShutdownScenarioOptions {
  database: ScenarioDatabase;
  rate: number;
  /** Load before the SIGTERM. */
  beforeMs: number;
  drainMs: number;
  timeoutMs: number;
}

/** What a client may meet: the answer, a 503 to retry, or no answer (refused, reset). */
const EXPECTED = new Set(['200', '503', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

interface LeftBehind {
  heldEvents: number;
  heldLeases: number;
}

/** `/readyz` on a connection of its own: '503 stopping', or the network error's code. */
function readyz(url: string, timeoutMs = 2000): Promise<string> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: timeoutMs }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => {
        const { status } = JSON.parse(body) as { status?: string };
        resolve(`${response.statusCode} ${status}`);
      });
    });
    request.on('timeout', () =>
      request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
    );
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

async function leftBehind(url: string, exitedAt: Date): Promise<LeftBehind> {
  const at = exitedAt.toISOString();
  // A claimed event the worker kept: its attempt counted, not due until the lease ends.
  const events = `select count(*) as n from delivery_events where delivered_at is null
    and dead_at is null and attempts > 0 and last_error is null and next_attempt_at > '${at}'`;
  const leases = 'select count(*) as n from job_leases where holder is not null';
  if (/^postgres(ql)?:\/\//i.test(url)) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const held = await client.query<{ n: string }>(events);
      const leased = await client.query<{ n: string }>(leases);
      return { heldEvents: Number(held.rows[0]?.n), heldLeases: Number(leased.rows[0]?.n) };
    } finally {
      await client.end();
    }
  }
  const db = new Database(url, { fileMustExist: true });
  try {
    const held = db.prepare(events).get() as { n: number };
    const leased = db.prepare(leases).get() as { n: number };
    return { heldEvents: held.n, heldLeases: leased.n };
  } finally {
    db.close();
  }
}

export async function shutdownScenario(options: ShutdownScenarioOptions): Promise<ShutdownFigures> {
  const { database, rate } = options;
  const problems: string[] = [];
  // A receiver that never answers: the worker is mid-post with a batch when SIGTERM comes.
  const receiver = await startReceiver();
  receiver.mode = { hang: true };
  const server = await startServer({
    databaseUrl: database.url,
    env: {
      DELIVERY_WEBHOOK_URL: receiver.url,
      DELIVERY_WEBHOOK_SECRET: newSecret(),
      SHUTDOWN_DRAIN_MS: String(options.drainMs),
      SHUTDOWN_TIMEOUT_MS: String(options.timeoutMs),
    },
  });
  try {
    const requests = applicantRequests(newRunId());
    const stop = new AbortController();
    let signalledAt = Number.POSITIVE_INFINITY;
    let answeredAfterSignal = 0;
    let answeredBeforeSignal = 0;
    const loading = runLoad({
      targets: [server.url],
      rate,
      durationMs: 3_600_000,
      request: requests,
      keepBody: (status) => status === 200,
      signal: stop.signal,
      // Long: on a starved machine a request can wait in this generator's own queue for a socket.
      timeoutMs: 60_000,
      onRecord: (record) => {
        if (record.status !== 200) return;
        if (performance.now() > signalledAt) answeredAfterSignal += 1;
        else answeredBeforeSignal += 1;
      },
    });
    await sleep(options.beforeMs);
    // The worker is mid-post, and some submissions were answered, however busy the machine.
    while (receiver.received.length === 0 || answeredBeforeSignal < 20) await sleep(20);

    signalledAt = performance.now();
    server.child.kill('SIGTERM');
    const readiness: string[] = [];
    const polling = (async () => {
      while (server.exit() === null) {
        readiness.push(await readyz(`${server.url}/readyz`));
        await sleep(50);
      }
    })();
    const exit = await server.exited;
    const exitMs = performance.now() - signalledAt;
    const exitedAt = new Date();
    await polling;
    // Clients keep arriving for a moment after the exit: refused connections, nothing sent.
    await sleep(300);
    stop.abort();
    const { records } = await loading;

    if (exit.code !== 0) problems.push(`the server exited with ${JSON.stringify(exit)}`);
    if (exitMs > options.timeoutMs) {
      problems.push(
        `the server took ${Math.round(exitMs)} ms to exit (timeout ${options.timeoutMs})`,
      );
    }
    const outcomes = countOutcomes(records);
    const unexpected = Object.keys(outcomes).filter((name) => !EXPECTED.has(name));
    if (unexpected.length > 0) problems.push(`unexpected answers: ${JSON.stringify(outcomes)}`);
    const stored = await readStored(database.url);
    const lost = lostAnswers(records, stored.byKey);
    if (lost.length > 0) problems.push(`${lost.length} answered 200 but lost: ${some(lost)}`);
    if ((outcomes['200'] ?? 0) === 0) problems.push('no submission was answered');
    const left = await leftBehind(database.url, exitedAt);

    // Every client without its answer retries with its key, against the next instance.
    const failed = records.filter((record) => record.status !== 200);
    const next = await startServer({ databaseUrl: database.url });
    let committedUnanswered = 0;
    let secondApplications = 0;
    try {
      const answers = await resubmit(
        next.url,
        failed.map((record) => requests(indexOf(record.key))),
      );
      for (const record of failed) {
        const answer = answers.get(record.key);
        const row = stored.byKey.get(record.key);
        if (answer?.status !== 200) {
          problems.push(`resending ${record.key} answered ${answer?.status} ${answer?.body}`);
          continue;
        }
        if (row?.status === 'complete') {
          committedUnanswered += 1;
          if (answer.body !== row.responseJson) secondApplications += 1;
        }
      }
      const after = await readStored(database.url);
      const expected = stored.rows + failed.filter((r) => !stored.byKey.has(r.key)).length;
      if (after.rows !== expected) {
        problems.push(`${after.rows} applications after the resends, not ${expected}`);
      }
    } finally {
      await next.stop();
    }
    if (secondApplications > 0) problems.push(`${secondApplications} resends decided again`);
    if (left.heldEvents > 0) {
      problems.push(`${left.heldEvents} delivery events still held by the stopped worker`);
    }
    if (left.heldLeases > 0) problems.push(`${left.heldLeases} job leases still held`);
    if (receiver.received.length === 0) problems.push('the worker posted nothing to give back');
    return {
      database: database.kind,
      outcomes,
      answeredAfterSignal,
      lost: lost.length,
      resubmitted: failed.length,
      committedUnanswered,
      secondApplications,
      readiness,
      exit,
      exitMs: Math.round(exitMs),
      ...left,
      problems,
    };
  } finally {
    await server.crash();
    await receiver.close();
  }
}

export interface RollingFigures {
  outcomes: Record<string, number>;
  /** 200s the stopping instance gave after SIGTERM, before the balancer moved away. */
  answeredAfterSignal: number;
  lost: number;
  exit: { code: number | null; signal: string | null };
  exitMs: number;
  problems: string[];
}

export interface RollingOptions {
  /** PostgreSQL: two instances share it. */
  database: ScenarioDatabase;
  rate: number;
  beforeMs: number;
  drainMs: number;
  /** How often the balancer asks each instance's /readyz. */
  checkIntervalMs: number;
}

/**
 * A rolling restart as docs/operations.md describes it: two instances behind a balancer that
 * sends new requests only to an instance whose /readyz answered 200 at its last check. One gets
 * SIGTERM under load; with a drain longer than the check interval, no client sees anything but
 * its answer: no 503, no refused or reset connection.
 */
export async function rollingShutdownScenario(options: RollingOptions): Promise<RollingFigures> {
  const { database } = options;
  const problems: string[] = [];
  const env = { SHUTDOWN_DRAIN_MS: String(options.drainMs) };
  const stopping = await startServer({ databaseUrl: database.url, env });
  const staying = await startServer({ databaseUrl: database.url, env });
  try {
    let ready = true;
    let checking = true;
    const checks = (async () => {
      // As a balancer's health check: an answer later than the interval counts as a failure.
      while (checking) {
        const started = performance.now();
        ready = (await readyz(`${stopping.url}/readyz`, options.checkIntervalMs)) === '200 ready';
        await sleep(Math.max(0, options.checkIntervalMs - (performance.now() - started)));
      }
    })();
    const requests = applicantRequests(newRunId());
    const stop = new AbortController();
    let signalledAt = Number.POSITIVE_INFINITY;
    let answeredAfterSignal = 0;
    const loading = runLoad({
      targets: [stopping.url, staying.url],
      route: (index) => (ready && index % 2 === 0 ? stopping.url : staying.url),
      rate: options.rate,
      durationMs: 3_600_000,
      request: requests,
      keepBody: (status) => status === 200,
      signal: stop.signal,
      onRecord: (record) => {
        if (
          record.status === 200 &&
          record.target === stopping.url &&
          performance.now() > signalledAt
        ) {
          answeredAfterSignal += 1;
        }
      },
    });
    await sleep(options.beforeMs);
    signalledAt = performance.now();
    stopping.child.kill('SIGTERM');
    const exit = await stopping.exited;
    const exitMs = performance.now() - signalledAt;
    await sleep(500);
    stop.abort();
    checking = false;
    const { records } = await loading;
    await checks;

    if (exit.code !== 0) problems.push(`the instance exited with ${JSON.stringify(exit)}`);
    const outcomes = countOutcomes(records);
    if (Object.keys(outcomes).some((name) => name !== '200')) {
      problems.push(`clients met more than their answers: ${JSON.stringify(outcomes)}`);
    }
    const stored = await readStored(database.url);
    const lost = lostAnswers(records, stored.byKey);
    if (lost.length > 0) problems.push(`${lost.length} answered 200 but lost: ${some(lost)}`);
    return {
      outcomes,
      answeredAfterSignal,
      lost: lost.length,
      exit,
      exitMs: Math.round(exitMs),
      problems,
    };
  } finally {
    await stopping.crash();
    await staying.crash();
  }
}
