/**
 * The reliability scenarios of issue 6, run against the built server in child processes over
 * real HTTP and real databases. Each returns its figures and a list of `problems` (empty when
 * every guarantee held), so the CI tests (short runs) and `npm run bench:reliability` (full runs)
 * check exactly the same things.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { applicant, applicantRequests, newRunId, submissionRequest } from './applicants.js';
import { countOutcomes, createPoster, errorCode, runLoad, summariseLatency } from './load.js';
import type { LatencySummary, LoadRecord, LoadRequest } from './load.js';
import type { PrivatePostgres } from './postgres-server.js';
import { startServer, sleep } from './server-process.js';
import type { ServerProcess } from './server-process.js';
import { countAlerts, readStored, sqliteIntegrity } from './stored.js';
import type { StoredApplication } from './stored.js';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface ScenarioDatabase {
  kind: DatabaseKind;
  /** DATABASE_URL: a file for SQLite. */
  url: string;
  dispose(): Promise<void>;
}

/** A new SQLite file in a temporary folder. */
export function sqliteDatabase(): ScenarioDatabase {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-reliability-'));
  return {
    kind: 'sqlite',
    url: path.join(directory, 'app.db'),
    dispose: () => Promise.resolve(fs.rmSync(directory, { recursive: true, force: true })),
  };
}

export async function postgresDatabase(server: PrivatePostgres): Promise<ScenarioDatabase> {
  return { kind: 'postgres', url: await server.createDatabase(), dispose: () => Promise.resolve() };
}

/** At most this many example keys in a problem's text. */
const EXAMPLES = 5;

function some(keys: readonly string[]): string {
  return keys.slice(0, EXAMPLES).join(', ') + (keys.length > EXAMPLES ? ', …' : '');
}

/**
 * Every 200 answer is a stored, complete application whose stored answer is the one given.
 * Returns the keys that are not.
 */
function lostAnswers(
  records: readonly LoadRecord[],
  stored: ReadonlyMap<string, StoredApplication>,
): string[] {
  return records
    .filter((record) => record.status === 200)
    .filter((record) => {
      const row = stored.get(record.key);
      return (
        row === undefined ||
        row.status !== 'complete' ||
        (record.body !== null && row.responseJson !== record.body)
      );
    })
    .map((record) => record.key);
}

/** Resubmits each request once; the answers by key. */
async function resubmit(
  target: string,
  requests: readonly LoadRequest[],
  concurrency = 16,
): Promise<Map<string, { status: number; body: string }>> {
  const poster = createPoster({ maxSockets: concurrency, timeoutMs: 30_000 });
  const answers = new Map<string, { status: number; body: string }>();
  try {
    for (let i = 0; i < requests.length; i += concurrency) {
      await Promise.all(
        requests.slice(i, i + concurrency).map(async (request) => {
          try {
            answers.set(request.key, await poster.post(target, request.path, request.body));
          } catch (error) {
            answers.set(request.key, { status: 0, body: errorCode(error) });
          }
        }),
      );
    }
  } finally {
    poster.close();
  }
  return answers;
}

function indexOf(key: string): number {
  return Number(key.slice(key.lastIndexOf('-') + 1));
}

// ---------------------------------------------------------------------------------------------
// 1. Load

export interface LoadFigures {
  database: DatabaseKind;
  targetRate: number;
  durationS: number;
  sent: number;
  ok: number;
  /** 200 answers a second over the sending time. */
  achievedRate: number;
  latencyMs: LatencySummary;
  /** The same from the moment each request was actually sent (see LoadRecord.serviceMs). */
  serviceMs: LatencySummary;
  outcomes: Record<string, number>;
  errors: number;
  /** Complete applications in the database afterwards (warm-up included). */
  stored: number;
  /** 200 answers, warm-up included: must equal `stored`. */
  answered200: number;
  lost: number;
  problems: string[];
}

export interface LoadScenarioOptions {
  database: ScenarioDatabase;
  rate: number;
  durationMs: number;
  /** Sent first at the same rate, stored and checked too, but not in the latency figures. */
  warmupMs?: number;
  serverEnv?: Record<string, string>;
}

/** Unique valid submissions at a steady rate; afterwards stored applications = 200 answers. */
export async function loadScenario(options: LoadScenarioOptions): Promise<LoadFigures> {
  const { database, rate, durationMs } = options;
  const server = await startServer({ databaseUrl: database.url, env: options.serverEnv });
  const problems: string[] = [];
  try {
    const keepBody = (status: number) => status === 200;
    const warmup =
      (options.warmupMs ?? 0) > 0
        ? await runLoad({
            targets: [server.url],
            rate,
            durationMs: options.warmupMs ?? 0,
            request: applicantRequests(newRunId()),
            keepBody,
          })
        : { records: [] };
    const run = newRunId();
    const load = await runLoad({
      targets: [server.url],
      rate,
      durationMs,
      request: applicantRequests(run),
      keepBody,
    });
    const all = [...warmup.records, ...load.records];
    const stored = await readStored(database.url);
    const complete = [...stored.byKey.values()].filter((row) => row.status === 'complete').length;
    const answered200 = all.filter((record) => record.status === 200).length;
    const lost = lostAnswers(all, stored.byKey);
    const ok = load.records.filter((record) => record.status === 200).length;
    const outcomes = countOutcomes(load.records);
    const errors = load.records.length - ok;

    if (errors > 0) problems.push(`${errors} answers were not 200: ${JSON.stringify(outcomes)}`);
    if (lost.length > 0) problems.push(`${lost.length} answered 200 but not stored: ${some(lost)}`);
    if (complete !== answered200) {
      problems.push(`${complete} applications stored for ${answered200} answers of 200`);
    }
    const stopped = await server.stop();
    if (stopped.code !== 0) problems.push(`the server stopped with ${JSON.stringify(stopped)}`);
    return {
      database: database.kind,
      targetRate: rate,
      durationS: durationMs / 1000,
      sent: load.records.length,
      ok,
      achievedRate: Math.round((ok / load.sendingMs) * 1000 * 10) / 10,
      latencyMs: summariseLatency(load.records.map((record) => record.latencyMs)),
      serviceMs: summariseLatency(load.records.map((record) => record.serviceMs)),
      outcomes,
      errors,
      stored: complete,
      answered200,
      lost: lost.length,
      problems,
    };
  } finally {
    await server.crash();
  }
}

// ---------------------------------------------------------------------------------------------
// 2. Crash

export interface CrashFigures {
  database: DatabaseKind;
  crashes: number;
  /** Submissions answered 200 before the crashes: every one must be stored. */
  answered200: number;
  lost: number;
  /** Sent but not answered 200 (in flight at the kill, or refused while the server was down). */
  unanswered: number;
  /** Of those, already committed when the server died: resubmitting replays the stored answer. */
  committedUnanswered: number;
  resubmitted: number;
  /** Resubmissions that created a second application or decided again (must be 0). */
  secondApplications: number;
  integrity: string[];
  problems: string[];
}

export interface CrashScenarioOptions {
  database: ScenarioDatabase;
  rate: number;
  crashes: number;
  /** How long the server takes submissions before each SIGKILL: [min, max] ms, random. */
  crashAfterMs: readonly [number, number];
}

/**
 * SIGKILL while the server takes submissions, then start it again on the same database: every
 * answered submission is there, SQLite's integrity check passes, and resubmitting every key that
 * got no answer gives exactly one application per key.
 */
export async function crashScenario(options: CrashScenarioOptions): Promise<CrashFigures> {
  const { database, rate } = options;
  const run = newRunId();
  const requests = applicantRequests(run);
  const problems: string[] = [];
  const integrity: string[] = [];
  const answered: LoadRecord[] = [];
  const unansweredKeys = new Set<string>();
  let committedUnanswered = 0;
  let resubmitted = 0;
  let secondApplications = 0;
  let offset = 0;
  let server: ServerProcess | null = null;

  try {
    for (let crash = 0; crash < options.crashes; crash += 1) {
      server = await startServer({ databaseUrl: database.url });
      const stop = new AbortController();
      const base = offset;
      const loading = runLoad({
        targets: [server.url],
        rate,
        durationMs: 3_600_000,
        request: (index) => requests(base + index),
        keepBody: (status) => status === 200,
        signal: stop.signal,
        timeoutMs: 10_000,
      });
      const [min, max] = options.crashAfterMs;
      await sleep(min + Math.random() * (max - min));
      await server.crash();
      // A few requests meet the dead port too (connection refused): also unanswered.
      await sleep(100);
      stop.abort();
      const { records } = await loading;
      offset += records.length;

      if (database.kind === 'sqlite') {
        const check = sqliteIntegrity(database.url);
        integrity.push(check);
        if (check !== 'ok') problems.push(`crash ${crash + 1}: integrity_check says ${check}`);
      }

      server = await startServer({ databaseUrl: database.url });
      const before = await readStored(database.url);
      const lost = lostAnswers(records, before.byKey);
      if (lost.length > 0) {
        problems.push(`crash ${crash + 1}: ${lost.length} answered 200 but lost: ${some(lost)}`);
      }
      const ok = records.filter((record) => record.status === 200);
      const failed = records.filter((record) => record.status !== 200);
      answered.push(...ok);
      if (ok.length === 0) problems.push(`crash ${crash + 1}: no submission was answered`);
      if (failed.length === 0) problems.push(`crash ${crash + 1}: the kill interrupted nothing`);

      // The client resends what got no answer, with the same key; and, to be sure replays hold
      // after a restart, a sample of what was answered.
      const retry = [...failed, ...ok.slice(0, 20)];
      const answers = await resubmit(
        server.url,
        retry.map((record) => requests(indexOf(record.key))),
      );
      resubmitted += retry.length;
      for (const record of retry) {
        const answer = answers.get(record.key);
        const row = before.byKey.get(record.key);
        if (answer?.status !== 200) {
          problems.push(`resubmitting ${record.key} answered ${answer?.status} ${answer?.body}`);
          continue;
        }
        if (record.status !== 200) unansweredKeys.add(record.key);
        if (row?.status === 'complete') {
          if (record.status !== 200) committedUnanswered += 1;
          // Already decided before the crash: the resubmission must replay, not decide again.
          if (answer.body !== row.responseJson) secondApplications += 1;
        }
        if (record.status === 200 && answer.body !== record.body) secondApplications += 1;
      }
      const after = await readStored(database.url);
      const incomplete = [...after.byKey].filter(([, row]) => row.status !== 'complete');
      if (incomplete.length > 0) {
        problems.push(`${incomplete.length} applications left incomplete`);
      }
      const expectedRows = before.rows + failed.filter((r) => !before.byKey.has(r.key)).length;
      if (after.rows !== expectedRows) {
        problems.push(
          `crash ${crash + 1}: ${after.rows} rows after resubmitting, not ${expectedRows}`,
        );
      }
      const stopped = await server.stop();
      if (stopped.code !== 0) problems.push(`the server stopped with ${JSON.stringify(stopped)}`);
      server = null;
    }
    if (secondApplications > 0) {
      problems.push(`${secondApplications} resubmissions were decided a second time`);
    }
    const final = await readStored(database.url);
    const lostOverall = lostAnswers(answered, final.byKey);
    if (lostOverall.length > 0) problems.push(`${lostOverall.length} answered 200 but lost`);
    return {
      database: database.kind,
      crashes: options.crashes,
      answered200: answered.length,
      lost: lostOverall.length,
      unanswered: unansweredKeys.size,
      committedUnanswered,
      resubmitted,
      secondApplications,
      integrity,
      problems,
    };
  } finally {
    await server?.crash();
  }
}

// ---------------------------------------------------------------------------------------------
// 3. Two instances, one PostgreSQL

export interface TwoInstancesFigures {
  sameKeyRaces: number;
  /** Races where both answers were 200, equal, and one application was stored. */
  sameKeyHeld: number;
  duplicateRaces: number;
  /** Races with exactly one approval and one duplicate. */
  duplicateHeld: number;
  load: { rate: number; durationS: number; ok: number; stored: number; lost: number };
  problems: string[];
}

export interface TwoInstancesOptions {
  database: ScenarioDatabase;
  races: number;
  /** Races run at the same time (each is two requests at once). */
  parallel?: number;
  loadRate: number;
  loadDurationMs: number;
}

/** Two server processes on different ports over one PostgreSQL database. */
export async function twoInstancesScenario(
  options: TwoInstancesOptions,
): Promise<TwoInstancesFigures> {
  const { database } = options;
  const parallel = options.parallel ?? 8;
  const run = newRunId();
  const problems: string[] = [];
  const servers: ServerProcess[] = [];
  const poster = createPoster({ maxSockets: parallel * 2, timeoutMs: 30_000 });
  try {
    servers.push(await startServer({ databaseUrl: database.url }));
    servers.push(await startServer({ databaseUrl: database.url }));
    const [a, b] = servers as [ServerProcess, ServerProcess];

    const post = async (target: string, request: LoadRequest) => {
      try {
        return await poster.post(target, request.path, request.body);
      } catch (error) {
        return { status: 0, body: errorCode(error) };
      }
    };
    const inBatches = async (count: number, race: (i: number) => Promise<void>) => {
      for (let i = 0; i < count; i += parallel) {
        await Promise.all(
          Array.from({ length: Math.min(parallel, count - i) }, (_, j) => race(i + j)),
        );
      }
    };

    // The same key to both at once.
    let sameKeyHeld = 0;
    const sameKeys: string[] = [];
    await inBatches(options.races, async (i) => {
      const request = submissionRequest(applicant(i, `${run}s`));
      sameKeys.push(request.key);
      const [first, second] = await Promise.all([post(a.url, request), post(b.url, request)]);
      if (first.status === 200 && second.status === 200 && first.body === second.body) {
        sameKeyHeld += 1;
      } else {
        problems.push(
          `same key ${request.key}: ${first.status} ${first.body} / ${second.status} ${second.body}`,
        );
      }
    });
    const afterSameKey = await readStored(database.url);
    const sameKeyRows = sameKeys.filter((key) => afterSameKey.byKey.has(key)).length;
    if (afterSameKey.rows !== options.races || sameKeyRows !== options.races) {
      problems.push(`${afterSameKey.rows} applications stored for ${options.races} keys`);
      sameKeyHeld = Math.min(sameKeyHeld, sameKeyRows);
    }

    // The same person under two keys, one to each instance, at once.
    let duplicateHeld = 0;
    await inBatches(options.races, async (i) => {
      const person = applicant(i, `${run}d`);
      const first = submissionRequest(person);
      const second = submissionRequest({ ...person, submissionKey: `${person.submissionKey}-b` });
      const answers = await Promise.all([post(a.url, first), post(b.url, second)]);
      const verdicts = answers.map((answer) => {
        if (answer.status !== 200) return `status ${answer.status}`;
        const body = JSON.parse(answer.body) as {
          duplicateRequest?: unknown;
          quoteValid?: unknown;
        };
        if (body.duplicateRequest === true) return 'duplicate';
        return body.quoteValid === true ? 'approved' : 'other';
      });
      if ([...verdicts].sort().join() === 'approved,duplicate') duplicateHeld += 1;
      else problems.push(`same person ${person.submissionKey}: ${verdicts.join(' / ')}`);
    });

    // Load spread over both instances.
    const load = await runLoad({
      targets: [a.url, b.url],
      rate: options.loadRate,
      durationMs: options.loadDurationMs,
      request: applicantRequests(`${run}l`),
      keepBody: (status) => status === 200,
    });
    const stored = await readStored(database.url);
    const lost = lostAnswers(load.records, stored.byKey);
    const ok = load.records.filter((record) => record.status === 200).length;
    const loadStored = load.records.filter((record) => stored.byKey.has(record.key)).length;
    if (ok !== load.records.length) {
      problems.push(`load: ${JSON.stringify(countOutcomes(load.records))}`);
    }
    if (lost.length > 0) problems.push(`load: ${lost.length} answered 200 but lost`);
    if (loadStored !== ok) problems.push(`load: ${loadStored} stored for ${ok} answers of 200`);
    for (const server of servers) {
      const stopped = await server.stop();
      if (stopped.code !== 0) problems.push(`a server stopped with ${JSON.stringify(stopped)}`);
    }
    return {
      sameKeyRaces: options.races,
      sameKeyHeld,
      duplicateRaces: options.races,
      duplicateHeld,
      load: {
        rate: options.loadRate,
        durationS: options.loadDurationMs / 1000,
        ok,
        stored: loadStored,
        lost: lost.length,
      },
      problems,
    };
  } finally {
    poster.close();
    await Promise.all(servers.map((server) => server.crash()));
  }
}

// ---------------------------------------------------------------------------------------------
// 4. Database outage

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
