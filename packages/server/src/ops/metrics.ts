/**
 * Prometheus metrics (docs/operations.md, docs/decisions/0068-metrics-on-their-own-listener.md):
 * the process's figures, each request's duration by route pattern and status, and the service's
 * own counters and gauges. Counters count in this process; the gauges read the database at each
 * scrape, so every instance reports the same queue and the same last retention run.
 */
import client from 'prom-client';
import type { SignInRefusal } from '../staff/sign-in-events.js';
import type { Db } from '../db/schema.js';
import type { ApplicationOutcome } from '../db/schema.js';
import { RETENTION_JOB } from '../lifecycle/retention.js';

/**
 * What became of a complete submission (`POST /api/submission/{key}`): decided (approved,
 * declined, duplicate), replayed (the same key again), or refused: invalid (400, 413, 415),
 * rate_limited (429), unavailable (503: the database did not answer; the browser retries),
 * failed (any other 5xx).
 */
export const SUBMISSION_OUTCOMES = [
  'approved',
  'declined',
  'duplicate',
  'replayed',
  'invalid',
  'rate_limited',
  'unavailable',
  'failed',
] as const;
export type SubmissionOutcome = (typeof SUBMISSION_OUTCOMES)[number];

const SIGN_IN_STEPS: readonly SignInRefusal['step'][] = ['password', 'code', 'setup'];
const SIGN_IN_REASONS: readonly SignInRefusal['reason'][] = [
  'invalid',
  'locked',
  'rate_limited',
  'busy',
];

export interface Metrics {
  /** Null for the no-op set (no metrics listener configured). */
  readonly registry: client.Registry | null;
  /** A route's answer: its pattern (never the raw URL), status and duration. */
  request(method: string, route: string | undefined, status: number, seconds: number): void;
  /** A complete submission answered 200 (the route's own count; refusals come from `request`). */
  submitted(result: { replayed: boolean; outcome: ApplicationOutcome | null }): void;
  /** A staff sign-in refused (staff/sign-in-events.ts): its step and why. */
  signInRefused(refusal: SignInRefusal): void;
  mailSent(): void;
  /** A portal e-mail failed; `willRetry` false when it was the last attempt. */
  mailFailed(willRetry: boolean): void;
}

/** The route whose answers `broker_submissions_total` counts. */
export const SUBMISSION_ROUTE = '/api/submission/:submissionKey';

/** A request's duration: most answer in a few ms; the budget for a submission's p99 is 25 ms. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const NO_METRICS: Metrics = {
  registry: null,
  request: () => undefined,
  submitted: () => undefined,
  signInRefused: () => undefined,
  mailSent: () => undefined,
  mailFailed: () => undefined,
};

function refusal(status: number): SubmissionOutcome | null {
  if (status === 429) return 'rate_limited';
  if (status === 503) return 'unavailable';
  if (status >= 500) return 'failed';
  if (status >= 400) return 'invalid';
  return null;
}

export interface MetricsOptions {
  db: Db;
  clock?: { now(): Date };
  /** Process, heap, GC and event-loop figures (prom-client's defaults). */
  processMetrics?: boolean;
}

export function createMetrics(options: MetricsOptions): Metrics {
  const { db } = options;
  const clock = options.clock ?? { now: () => new Date() };
  const registry = new client.Registry();
  if (options.processMetrics !== false) client.collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer, by route pattern, method and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const submissions = new client.Counter({
    name: 'broker_submissions_total',
    help: `Complete submissions by outcome: ${SUBMISSION_OUTCOMES.join(', ')}.`,
    labelNames: ['outcome'] as const,
    registers,
  });
  const signIns = new client.Counter({
    name: 'broker_staff_sign_in_failures_total',
    help: 'Staff sign-ins refused, by step (password, code, setup) and reason (invalid, locked, rate_limited, busy).',
    labelNames: ['step', 'reason'] as const,
    registers,
  });
  const mailSent = new client.Counter({
    name: 'broker_mail_sent_total',
    help: 'Portal e-mails handed to the mail server.',
    registers,
  });
  const mailFailed = new client.Counter({
    name: 'broker_mail_failed_total',
    help: 'Portal e-mails that failed, by whether they will be retried.',
    labelNames: ['will_retry'] as const,
    registers,
  });

  // Every series exists from the start, so a rate over it is defined before the first event.
  for (const outcome of SUBMISSION_OUTCOMES) submissions.inc({ outcome }, 0);
  for (const step of SIGN_IN_STEPS) {
    for (const reason of SIGN_IN_REASONS) signIns.inc({ step, reason }, 0);
  }
  for (const willRetry of ['true', 'false']) mailFailed.inc({ will_retry: willRetry }, 0);

  // The database gauges share one read per scrape.
  let reading: Promise<DatabaseFigures | null> | null = null;
  const figures = () => {
    reading ??= readDatabaseFigures(db, clock.now()).finally(() => {
      reading = null;
    });
    return reading;
  };
  const databaseGauge = (
    name: string,
    help: string,
    pick: (figures: DatabaseFigures) => number,
  ): client.Gauge =>
    new client.Gauge({
      name,
      help,
      registers,
      async collect() {
        const read = await figures();
        // An unreadable database gives NaN rather than a stale figure (see broker_database_up).
        this.set(read === null ? Number.NaN : pick(read));
      },
    });
  new client.Gauge({
    name: 'broker_database_up',
    help: 'Whether this scrape could read the database (1) or not (0).',
    registers,
    async collect() {
      this.set((await figures()) === null ? 0 : 1);
    },
  });
  databaseGauge(
    'broker_delivery_pending_events',
    'Delivery events (webhooks and chat alerts) neither delivered nor dead.',
    (read) => read.pending,
  );
  databaseGauge(
    'broker_delivery_oldest_pending_seconds',
    'Age of the oldest pending delivery event; 0 when none is pending.',
    (read) => read.oldestPendingSeconds,
  );
  databaseGauge(
    'broker_delivery_dead_letters',
    'Delivery events that used every attempt and wait for staff to redeliver them.',
    (read) => read.dead,
  );
  databaseGauge(
    'broker_retention_last_run_timestamp_seconds',
    'When the daily retention job last finished, on any instance (Unix time); 0: never.',
    (read) => read.retentionFinishedAt,
  );

  return {
    registry,
    request(method, route, status, seconds) {
      const pattern = route ?? 'unmatched';
      duration.observe({ method, route: pattern, status_code: status }, seconds);
      if (pattern === SUBMISSION_ROUTE) {
        const outcome = refusal(status);
        if (outcome !== null) submissions.inc({ outcome });
      }
    },
    submitted(result) {
      const outcome: SubmissionOutcome = result.replayed
        ? 'replayed'
        : (result.outcome ?? 'failed');
      submissions.inc({ outcome });
    },
    signInRefused({ step, reason }) {
      signIns.inc({ step, reason });
    },
    mailSent() {
      mailSent.inc();
    },
    mailFailed(willRetry) {
      mailFailed.inc({ will_retry: willRetry ? 'true' : 'false' });
    },
  };
}

interface DatabaseFigures {
  pending: number;
  oldestPendingSeconds: number;
  dead: number;
  retentionFinishedAt: number;
}

/** Three reads on the partial indexes of migration 0002 and the lease row: cheap at any size. */
async function readDatabaseFigures(db: Db, now: Date): Promise<DatabaseFigures | null> {
  try {
    const pending = await db
      .selectFrom('delivery_events')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('count'),
        eb.fn.min('created_at').as('oldest'),
      ])
      .where('delivered_at', 'is', null)
      .where('dead_at', 'is', null)
      .executeTakeFirst();
    const dead = await db
      .selectFrom('delivery_events')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('dead_at', 'is not', null)
      .executeTakeFirst();
    const retention = await db
      .selectFrom('job_leases')
      .select('last_finished_at')
      .where('name', '=', RETENTION_JOB)
      .executeTakeFirst();
    const oldest = pending?.oldest ?? null;
    const finished = retention?.last_finished_at ?? null;
    return {
      pending: Number(pending?.count ?? 0),
      oldestPendingSeconds:
        oldest === null ? 0 : Math.max(0, (now.getTime() - Date.parse(oldest)) / 1000),
      dead: Number(dead?.count ?? 0),
      retentionFinishedAt: finished === null ? 0 : Date.parse(finished) / 1000,
    };
  } catch {
    return null;
  }
}
