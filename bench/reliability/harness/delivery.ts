/**
 * What the delivery scenarios share: reading the events and attempts the server stored, and
 * checking every answered submission reached the receiver once, signed.
 */
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import type { Receiver } from '../../../packages/server/src/test-support/receiver.js';
import type { ScenarioDatabase } from './databases.js';
import type { LoadRecord } from './load.js';
import { sleep } from './server-process.js';

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

export async function readEvents(url: string): Promise<EventRows> {
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

export function deliveredKeys(receiver: Receiver): Set<string> {
  const keys = new Set<string>();
  for (const request of receiver.received) {
    const body = JSON.parse(request.body) as { data?: { submissionKey?: string } };
    if (body.data?.submissionKey) keys.add(body.data.submissionKey);
  }
  return keys;
}

export async function waitForKeys(
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

export function check(
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

export function answeredKeys(records: readonly LoadRecord[]): string[] {
  return records.filter((record) => record.status === 200).map((record) => record.key);
}
