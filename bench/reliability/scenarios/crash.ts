/**
 * Reliability scenario 2, crash: the built server killed with SIGKILL mid-load and started again
 * on the same database; no answered submission is lost and a resent one is not a second
 * application.
 */
import { applicantRequests, newRunId } from '../harness/applicants.js';
import { indexOf, lostAnswers, resubmit, some } from '../harness/databases.js';
import type { DatabaseKind, ScenarioDatabase } from '../harness/databases.js';
import { runLoad } from '../harness/load.js';
import type { LoadRecord } from '../harness/load.js';
import { startServer, sleep } from '../harness/server-process.js';
import type { ServerProcess } from '../harness/server-process.js';
import { readStored, sqliteIntegrity } from '../harness/stored.js';

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
