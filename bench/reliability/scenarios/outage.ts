/**
 * Reliability scenario 4, database outage: PostgreSQL stopped or frozen under load; the server
 * answers 503 promptly, /readyz says so, and it recovers without losing an answered submission.
 */
import { performance } from 'node:perf_hooks';
import type { PrivatePostgres } from '../../../packages/server/src/test-support/postgres-server.js';
import { applicantRequests, newRunId } from '../harness/applicants.js';
import { indexOf, lostAnswers, postgresDatabase, resubmit, some } from '../harness/databases.js';
import { countOutcomes, runLoad } from '../harness/load.js';
import { startServer, sleep } from '../harness/server-process.js';
import { countAlerts, readStored } from '../harness/stored.js';

export interface OutageFigures {
  mode: 'stop' | 'freeze';
  rate: number;
  downS: number;
  sent: number;
  outcomes: Record<string, number>;
  /**
   * The slowest answer of the whole run, outage included, from when it was sent (the bound
   * applies to this); `maxLatencyFromDueMs` adds the generator's own lateness.
   */
  maxLatencyMs: number;
  maxLatencyFromDueMs: number;
  /** The slowest answer while the database was away. */
  maxLatencyDownMs: number;
  /** /readyz polls while the database was away, and how many answered 503. */
  readyPollsDown: number;
  readyUnavailable: number;
  /** From the database's restart (or thaw) to the first 200 submission. */
  recoveryMs: number | null;
  /** From the database's restart (or thaw) to the first /readyz 200. */
  readyRecoveryMs: number | null;
  answered200: number;
  lost: number;
  /** 503 keys resubmitted after recovery: each must give 200 and one application. */
  resubmitted: number;
  /**
   * Chat alerts queued: at most one per 5-minute window (docs/decisions/0021-grouped-alerts.md),
   * never one per refused submission.
   */
  alertsQueued: number;
  problems: string[];
}

export interface OutageScenarioOptions {
  postgres: PrivatePostgres;
  /** 'stop': a fast shutdown, then a start on the same port and data; 'freeze': SIGSTOP/SIGCONT. */
  mode: 'stop' | 'freeze';
  rate: number;
  beforeMs: number;
  downMs: number;
  /** Load after the first 200 following the database's return. */
  afterMs: number;
  /** No answer may take longer than this, outage or not. */
  answerBoundMs: number;
  /** The server must answer 200 again within this long after the database returns. */
  recoveryBoundMs: number;
}

interface Poll {
  atMs: number;
  status: number;
  ms: number;
}

const UNAVAILABLE_BODY = JSON.stringify({ error: 'unavailable' });

/**
 * PostgreSQL goes away under load: every submission gets 200 or a quick 503
 * `{"error":"unavailable"}` (never a 500, a hang or a dropped connection), /readyz says 503, the
 * server process survives, and once the database is back it answers 200 again by itself.
 */
export async function outageScenario(options: OutageScenarioOptions): Promise<OutageFigures> {
  const { postgres, mode, rate } = options;
  const database = await postgresDatabase(postgres);
  const run = newRunId();
  const requests = applicantRequests(run);
  const problems: string[] = [];
  const server = await startServer({ databaseUrl: database.url });
  const start = performance.now();
  const now = () => performance.now() - start;
  let downAt = Number.POSITIVE_INFINITY;
  let upAt = Number.POSITIVE_INFINITY;
  let first200AfterUp: number | null = null;
  const polls: Poll[] = [];
  let polling = true;

  try {
    const stop = new AbortController();
    const loading = runLoad({
      targets: [server.url],
      rate,
      durationMs: 3_600_000,
      request: requests,
      keepBody: () => true,
      signal: stop.signal,
      timeoutMs: options.answerBoundMs * 3,
      // Enough connections for every request the server may hold while the database is away,
      // so none waits on this side for a free one.
      maxSockets: Math.ceil((rate * options.answerBoundMs) / 1000) + 50,
      onRecord: (record) => {
        if (record.status === 200 && record.dueAtMs >= upAt && first200AfterUp === null) {
          first200AfterUp = now();
        }
      },
    });
    // A poll every 250 ms, each on its own: one that hangs must not hide the others.
    const pollsInFlight: Promise<void>[] = [];
    const poller = (async () => {
      while (polling) {
        pollsInFlight.push(
          (async () => {
            const atMs = now();
            let status = 0;
            try {
              const response = await fetch(`${server.url}/readyz`, {
                signal: AbortSignal.timeout(options.answerBoundMs * 3),
              });
              status = response.status;
              await response.arrayBuffer();
            } catch {
              status = 0;
            }
            polls.push({ atMs, status, ms: now() - atMs });
          })(),
        );
        await sleep(250);
      }
      await Promise.all(pollsInFlight);
    })();

    await sleep(options.beforeMs);
    downAt = now();
    if (mode === 'stop') await postgres.stop('fast');
    else postgres.freeze();
    await sleep(options.downMs);
    // From here the database may answer (a started server accepts connections before start()
    // has seen it ready), so the outage ends here and recovery is timed from here.
    upAt = now();
    if (mode === 'stop') await postgres.start();
    else postgres.thaw();
    const deadline = upAt + options.recoveryBoundMs;
    while (first200AfterUp === null && now() < deadline) await sleep(50);
    await sleep(options.afterMs);
    stop.abort();
    const { records } = await loading;
    polling = false;
    await poller;
    const firstOk = first200AfterUp as number | null;

    if (server.exit() !== null) {
      problems.push(`the server died: ${JSON.stringify(server.exit())}\n${server.output()}`);
    }
    const outcomes = countOutcomes(records);
    for (const [outcome, count] of Object.entries(outcomes)) {
      if (outcome !== '200' && outcome !== '503') problems.push(`${count} answers were ${outcome}`);
    }
    const wrongBodies = records.filter((r) => r.status === 503 && r.body !== UNAVAILABLE_BODY);
    if (wrongBodies.length > 0) {
      problems.push(
        `${wrongBodies.length} 503 answers without the JSON error: ${wrongBodies[0]?.body}`,
      );
    }
    const maxLatencyMs = Math.max(...records.map((record) => record.serviceMs));
    const maxLatencyFromDueMs = Math.max(...records.map((record) => record.latencyMs));
    const during = records.filter((r) => r.dueAtMs >= downAt && r.dueAtMs < upAt);
    const maxLatencyDownMs = Math.max(0, ...during.map((record) => record.serviceMs));
    if (maxLatencyMs > options.answerBoundMs) {
      problems.push(
        `an answer took ${Math.round(maxLatencyMs)} ms (bound ${options.answerBoundMs})`,
      );
    }
    if (!records.some((record) => record.status === 503)) {
      problems.push('no submission was answered 503 during the outage');
    }
    // Polls that began a second after the database went and ended before it came back.
    const pollsDown = polls.filter(
      (poll) => poll.atMs > downAt + 1000 && poll.atMs + poll.ms < upAt,
    );
    const readyUnavailable = pollsDown.filter((poll) => poll.status === 503).length;
    if (pollsDown.length === 0) problems.push('/readyz was not polled during the outage');
    if (readyUnavailable !== pollsDown.length) {
      problems.push(
        `/readyz answered ${pollsDown.map((poll) => poll.status).join(',')} while down`,
      );
    }
    const slowPoll = polls.find((poll) => poll.ms > options.answerBoundMs);
    if (slowPoll) problems.push(`/readyz took ${Math.round(slowPoll.ms)} ms`);
    const readyAgain = polls.find((poll) => poll.atMs >= upAt && poll.status === 200);
    const recoveryMs = firstOk === null ? null : Math.round(firstOk - upAt);
    if (recoveryMs === null || recoveryMs > options.recoveryBoundMs) {
      problems.push(`no 200 within ${options.recoveryBoundMs} ms of the database's return`);
    }
    if (readyAgain === undefined) problems.push('/readyz did not answer 200 again');
    // Once recovered, it stays recovered.
    if (firstOk !== null) {
      const late = records.filter((r) => r.dueAtMs > firstOk + 1000 && r.status !== 200);
      if (late.length > 0) problems.push(`${late.length} failures after recovery`);
    }

    const stored = await readStored(database.url);
    const lost = lostAnswers(records, stored.byKey);
    if (lost.length > 0) problems.push(`${lost.length} answered 200 but lost: ${some(lost)}`);
    const failed = records.filter((record) => record.status !== 200);
    const answers = await resubmit(
      server.url,
      failed.map((record) => requests(indexOf(record.key))),
    );
    const refused = failed.filter((record) => answers.get(record.key)?.status !== 200);
    if (refused.length > 0) {
      problems.push(
        `${refused.length} resubmissions after recovery failed: ${some(refused.map((r) => r.key))}`,
      );
    }
    const alertsQueued = await countAlerts(database.url);
    if (alertsQueued > 2) problems.push(`${alertsQueued} alerts queued for an outage`);
    const after = await readStored(database.url);
    if (after.rows !== records.length) {
      problems.push(`${after.rows} applications for ${records.length} keys after resubmitting`);
    }
    const stopped = await server.stop();
    if (stopped.code !== 0) problems.push(`the server stopped with ${JSON.stringify(stopped)}`);
    return {
      mode,
      rate,
      downS: Math.round(upAt - downAt) / 1000,
      sent: records.length,
      outcomes,
      maxLatencyMs: Math.round(maxLatencyMs),
      maxLatencyFromDueMs: Math.round(maxLatencyFromDueMs),
      maxLatencyDownMs: Math.round(maxLatencyDownMs),
      readyPollsDown: pollsDown.length,
      readyUnavailable,
      recoveryMs,
      readyRecoveryMs:
        readyAgain === undefined ? null : Math.round(readyAgain.atMs + readyAgain.ms - upAt),
      answered200: records.filter((record) => record.status === 200).length,
      lost: lost.length,
      resubmitted: failed.length,
      alertsQueued,
      problems,
    };
  } finally {
    polling = false;
    postgres.thaw();
    await server.crash();
  }
}
