/**
 * Reliability scenario 3: two instances of the built server on one PostgreSQL; the same key or
 * the same person sent to both at once is still one application.
 */
import {
  applicant,
  applicantRequests,
  keyFor,
  newRunId,
  submissionRequest,
} from '../harness/applicants.js';
import { lostAnswers } from '../harness/databases.js';
import type { ScenarioDatabase } from '../harness/databases.js';
import { countOutcomes, createPoster, errorCode, runLoad } from '../harness/load.js';
import type { LoadRequest } from '../harness/load.js';
import { startServer } from '../harness/server-process.js';
import type { ServerProcess } from '../harness/server-process.js';
import { readStored } from '../harness/stored.js';

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
      const second = submissionRequest({ ...person, submissionKey: keyFor(`${run}d-b`, i) });
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
