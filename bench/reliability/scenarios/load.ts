/**
 * Reliability scenario 1, load: unique valid submissions at a steady rate against the built
 * server; afterwards every 200 answer is a stored application and nothing else is.
 */
import { applicantRequests, newRunId } from '../harness/applicants.js';
import { lostAnswers, some } from '../harness/databases.js';
import type { DatabaseKind, ScenarioDatabase } from '../harness/databases.js';
import { countOutcomes, runLoad, summariseLatency } from '../harness/load.js';
import type { LatencySummary } from '../harness/load.js';
import { startServer } from '../harness/server-process.js';
import { readStored } from '../harness/stored.js';

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
