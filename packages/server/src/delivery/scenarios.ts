/**
 * Delivery's reliability scenarios against the built server in child processes (the harness of
 * reliability/): SIGKILL while the receiver is down, and two instances on one PostgreSQL. Each
 * returns its figures and a list of `problems` (empty when every guarantee held).
 */
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { applicantRequests, newRunId } from '../reliability/applicants.js';
import { runLoad } from '../reliability/load.js';
import type { LoadRecord } from '../reliability/load.js';
import type { ScenarioDatabase } from '../reliability/scenarios.js';
import { freePort, sleep, startServer } from '../reliability/server-process.js';
import type { ServerProcess } from '../reliability/server-process.js';
import { newSecret } from './signing.js';
import { startReceiver } from './test-receiver.js';
import type { Receiver } from './test-receiver.js';

export interface DeliveryFigures {
  database: ScenarioDatabase['kind'];
  /** Submissions answered 200: each must reach the receiver. */
  answered200: number;
  /** Event rows in the database at the end (committed submissions, answered or not). */
  events: number;
  /** Attempts in all, from the database. */
  attempts: number;
  /** Requests the receiver got, and how many distinct webhook-ids. */
  received: number;
  distinctEvents: number;
  /** The same webhook-id in two requests at once (must be 0). */
  concurrentSameId: number;
  /** Requests whose signature the standardwebhooks package rejected (must be 0). */
  badSignatures: number;
  /** Answered submissions whose event never arrived (must be 0). */
  lost: number;
  /** From the receiver's return (or the load's end) until the last answered event arrived. */
  deliverAllMs: number | null;
  problems: string[];
}

interface EventRows {
  events: number;
  attempts: number;
}

async function readEvents(url: string): Promise<EventRows> {
  const query =
    "select count(*) as events, coalesce(sum(attempts), 0) as attempts from delivery_events where event_type = 'application.decided'";
  type Row = { events: string | number; attempts: string | number };
  let row: Row | undefined;
  if (/^postgres(ql)?:\/\//i.test(url)) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      row = (await client.query<Row>(query)).rows[0];
    } finally {
      await client.end();
    }
  } else {
    const db = new Database(url, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      row = db.prepare(query).get() as Row;
    } finally {
      db.close();
    }
  }
  return { events: Number(row?.events), attempts: Number(row?.attempts) };
}

function deliveredKeys(receiver: Receiver): Set<string> {
  const keys = new Set<string>();
  for (const request of receiver.received) {
    const body = JSON.parse(request.body) as { data?: { submissionKey?: string } };
    if (body.data?.submissionKey) keys.add(body.data.submissionKey);
  }
  return keys;
}

async function waitForKeys(
  receiver: Receiver,
  keys: readonly string[],
  timeoutMs: number,
): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const delivered = deliveredKeys(receiver);
    if (keys.every((key) => delivered.has(key))) return true;
    if (performance.now() > deadline) return false;
    await sleep(50);
  }
}

function check(
  receiver: Receiver,
  secret: string,
  answered: readonly string[],
  rows: EventRows,
  deliverAllMs: number | null,
  database: ScenarioDatabase,
  problems: string[],
): DeliveryFigures {
  const verifier = new Webhook(secret);
  let badSignatures = 0;
  for (const request of receiver.received) {
    try {
      verifier.verify(request.body, {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      });
    } catch {
      badSignatures += 1;
    }
  }
  const delivered = deliveredKeys(receiver);
  const lost = answered.filter((key) => !delivered.has(key));
  const concurrentSameId = receiver.received.filter((r) => r.concurrentSameId > 1).length;
  const distinctEvents = new Set(receiver.received.map((r) => r.headers['webhook-id'])).size;
  if (lost.length > 0) problems.push(`${lost.length} answered submissions never delivered`);
  if (badSignatures > 0) problems.push(`${badSignatures} requests failed the signature check`);
  if (concurrentSameId > 0) problems.push(`${concurrentSameId} requests overlapped their own id`);
  if (distinctEvents !== rows.events) {
    problems.push(`${rows.events} events stored but ${distinctEvents} distinct ones received`);
  }
  return {
    database: database.kind,
    answered200: answered.length,
    events: rows.events,
    attempts: rows.attempts,
    received: receiver.received.length,
    distinctEvents,
    concurrentSameId,
    badSignatures,
    lost: lost.length,
    deliverAllMs,
    problems,
  };
}

function answeredKeys(records: readonly LoadRecord[]): string[] {
  return records.filter((record) => record.status === 200).map((record) => record.key);
}

export interface CrashWhileDownOptions {
  database: ScenarioDatabase;
  rate: number;
  /** How long the server takes submissions (the receiver down) before the SIGKILL. */
  crashAfterMs: number;
  /** How long to wait for every answered event once both are back. */
  deliverWithinMs: number;
}

/**
 * The receiver is down while submissions arrive, the server is killed (SIGKILL), the receiver
 * comes back, the server starts again on the same database: every answered submission's event
 * reaches the receiver, signed.
 */
export async function crashWhileReceiverDown(
  options: CrashWhileDownOptions,
): Promise<DeliveryFigures> {
  const { database } = options;
  const secret = newSecret();
  const port = await freePort();
  const env = {
    DELIVERY_WEBHOOK_URL: `http://127.0.0.1:${port}/hooks/broker`,
    DELIVERY_WEBHOOK_SECRET: secret,
    // A retry a second, for five minutes: the test's time, not the production schedule.
    DELIVERY_RETRY_SCHEDULE: Array.from({ length: 300 }, () => '1').join(','),
  };
  const problems: string[] = [];
  let server: ServerProcess | null = null;
  let receiver: Receiver | null = null;
  try {
    server = await startServer({ databaseUrl: database.url, env });
    const stop = new AbortController();
    const loading = runLoad({
      targets: [server.url],
      rate: options.rate,
      durationMs: 3_600_000,
      request: applicantRequests(newRunId()),
      signal: stop.signal,
      timeoutMs: 10_000,
    });
    await sleep(options.crashAfterMs);
    await server.crash();
    stop.abort();
    const { records } = await loading;
    const answered = answeredKeys(records);
    if (answered.length === 0) problems.push('no submission was answered before the kill');

    receiver = await startReceiver('/hooks/broker', port);
    const back = performance.now();
    server = await startServer({ databaseUrl: database.url, env });
    const all = await waitForKeys(receiver, answered, options.deliverWithinMs);
    const deliverAllMs = all ? Math.round(performance.now() - back) : null;
    // Whatever else is on its way (committed but unanswered at the kill) arrives too.
    await sleep(1500);
    const stopped = await server.stop();
    if (stopped.code !== 0) problems.push(`the server stopped with ${JSON.stringify(stopped)}`);
    const rows = await readEvents(database.url);
    return check(receiver, secret, answered, rows, deliverAllMs, database, problems);
  } finally {
    await server?.crash();
    await receiver?.close();
  }
}

export interface TwoInstancesOptions {
  database: ScenarioDatabase;
  rate: number;
  durationMs: number;
  /** The receiver takes this long to answer, so attempts overlap in time. */
  receiverDelayMs: number;
  deliverWithinMs: number;
}

/** Two server processes on one PostgreSQL deliver one load: each event once, never twice at once. */
export async function twoInstancesDelivering(
  options: TwoInstancesOptions,
): Promise<DeliveryFigures> {
  const { database } = options;
  const secret = newSecret();
  const receiver = await startReceiver('/hooks/broker');
  receiver.delayMs = options.receiverDelayMs;
  const env = { DELIVERY_WEBHOOK_URL: receiver.url, DELIVERY_WEBHOOK_SECRET: secret };
  const problems: string[] = [];
  const servers: ServerProcess[] = [];
  try {
    servers.push(await startServer({ databaseUrl: database.url, env }));
    servers.push(await startServer({ databaseUrl: database.url, env }));
    const { records } = await runLoad({
      targets: servers.map((server) => server.url),
      rate: options.rate,
      durationMs: options.durationMs,
      request: applicantRequests(newRunId()),
    });
    const answered = answeredKeys(records);
    if (answered.length !== records.length) {
      problems.push(`${records.length - answered.length} submissions were not answered 200`);
    }
    const loaded = performance.now();
    const all = await waitForKeys(receiver, answered, options.deliverWithinMs);
    const deliverAllMs = all ? Math.round(performance.now() - loaded) : null;
    for (const server of servers) {
      const stopped = await server.stop();
      if (stopped.code !== 0) problems.push(`a server stopped with ${JSON.stringify(stopped)}`);
    }
    const rows = await readEvents(database.url);
    const figures = check(receiver, secret, answered, rows, deliverAllMs, database, problems);
    if (figures.received !== figures.events) {
      problems.push(`${figures.received} requests for ${figures.events} events: some sent twice`);
    }
    return figures;
  } finally {
    await Promise.all(servers.map((server) => server.crash()));
    await receiver.close();
  }
}
