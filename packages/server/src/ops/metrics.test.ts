/**
 * The metrics (docs/operations.md): the real app on each database, its own listener on loopback,
 * and the output read by an independent parser of the Prometheus text format.
 */
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { newSecret } from '../delivery/signing.js';
import { createDelivery } from '../delivery/worker.js';
import { runRetentionOnce } from '../lifecycle/retention.js';
import { createLogger } from '../logger.js';
import { createCodeHasher } from '../portal/codes.js';
import { devMailboxTransport, smtpTransport, startMailWorker } from '../portal/mail.js';
import type { DialectName, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, TestClock } from '../test-support/databases.js';
import { validPayload } from '../test-support/fixtures.js';
import { freePort } from '../test-support/ports.js';
import { parsePrometheusText } from '../test-support/prometheus.js';
import type { ParsedFamily } from '../test-support/prometheus.js';
import { DEFAULT_METRICS_ALLOW } from './config.js';
import { createMetrics, SUBMISSION_ROUTE } from './metrics.js';
import { startMetricsServer } from './metrics-server.js';
import type { MetricsServer } from './metrics-server.js';

const T0 = '2026-03-10T10:00:00.000Z';
const logger = createLogger('silent');

function family(families: ParsedFamily[], name: string): ParsedFamily {
  const found = families.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no metric family ${name}`);
  return found;
}

/** The value of the sample of this name with exactly these labels (none: the unlabelled one). */
function value(families: ParsedFamily[], name: string, labels: Record<string, string> = {}) {
  const key = (set: Record<string, string>) => JSON.stringify(Object.entries(set).sort());
  const sample = families
    .flatMap((candidate) => candidate.samples)
    .find((candidate) => candidate.name === name && key(candidate.labels) === key(labels));
  if (sample === undefined) throw new Error(`no sample ${name} ${JSON.stringify(labels)}`);
  return sample.value;
}

describe.each<DialectName>(['sqlite', 'postgres'])('metrics on %s', (dialect) => {
  let database: TestDatabase;
  const closing: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(dialect, inject('postgresUrl'));
  });
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });
  afterAll(() => database.close());

  async function serve(
    registry: Parameters<typeof startMetricsServer>[0]['registry'],
    allow = DEFAULT_METRICS_ALLOW,
  ): Promise<MetricsServer> {
    const server = await startMetricsServer({
      registry,
      port: await freePort(),
      host: '127.0.0.1',
      allow,
      logger,
    });
    closing.push(() => server.close());
    return server;
  }

  it('reports every family: requests by route pattern, submissions, delivery, mail, retention, staff sign-in and the process', async () => {
    const clock = new TestClock(new Date(T0));
    // Nothing listens here: every delivery attempt fails.
    const nowhere = `http://127.0.0.1:${await freePort()}/hooks`;
    const config = loadConfig({
      DATABASE_URL: database.url,
      RATE_LIMIT_SUBMISSIONS: '1',
      RATE_LIMIT_LOOKUPS: '0',
      DELIVERY_WEBHOOK_URL: nowhere,
      DELIVERY_WEBHOOK_SECRET: newSecret(),
      DELIVERY_RETRY_SCHEDULE: '1',
    });
    const metrics = createMetrics({ db: database.db, clock });
    const delivery = createDelivery({
      db: database.db,
      config,
      clock,
      logger,
      pollIntervalMs: 0,
      timeoutMs: 1000,
    });
    const app: FastifyInstance = await buildApp({
      config,
      db: database.db,
      clock,
      logger,
      delivery,
      metrics,
      webRoot: path.join(os.tmpdir(), 'broker-no-web-app'),
      backOfficeRoot: path.join(os.tmpdir(), 'broker-no-back-office'),
    });
    closing.push(() => app.close());
    await app.ready();
    const server = await serve(metrics.registry!);

    const post = (
      payload: { submissionKey: string; [field: string]: unknown },
      remoteAddress: string,
    ) =>
      app.inject({
        method: 'POST',
        url: `/api/submission/${payload.submissionKey}`,
        payload,
        remoteAddress,
      });
    const approved = validPayload({ variant: 'CDJ-MVP' });
    const statuses = [
      await post(approved, '192.0.2.1'),
      await post(
        validPayload({
          email: 'low.income@example.com',
          contactNumber: '07911900999',
          netMonthlyIncome: 100,
        }),
        '192.0.2.1',
      ),
      await post(
        validPayload({ email: approved.email, dateOfBirth: approved.dateOfBirth }),
        '192.0.2.1',
      ),
      // The same key again from another address: replayed; and once more: over its limit of 1.
      await post(approved, '192.0.2.2'),
      await post(approved, '192.0.2.2'),
      await post({ ...validPayload(), email: 'not an e-mail address' }, '192.0.2.3'),
    ].map((answer) => answer.statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 400]);

    const refused = await app.inject({
      method: 'POST',
      url: '/api/staff/sign-in',
      payload: { email: 'nobody@broker.example', password: 'a wrong password' },
    });
    expect(refused.statusCode).toBe(401);

    // The two decisions' events fail twice (schedule '1': two attempts) and become dead letters;
    // the duplicate is held for staff, not sent (docs/decisions/0051-duplicates-stored-linked-released.md).
    // A receiver that failed a whole round is left alone for 5 s (delivery/worker.ts).
    await delivery.drainOnce();
    clock.set(new Date(Date.parse(T0) + 6000));
    expect(await delivery.drainOnce()).toMatchObject({ dead: 2 });
    // One more application's event waits in the queue from T0 + 6 s.
    const waiting = validPayload({ email: 'waiting@example.com', contactNumber: '07911900888' });
    expect((await post(waiting, '192.0.2.4')).statusCode).toBe(200);
    clock.set(new Date(Date.parse(T0) + 16_000));

    // The portal mail of the CDJ-MVP application: the mail server refuses it once, then it goes.
    const codes = createCodeHasher(config.portalCodeSecret);
    const mailOptions = { db: database.db, codes, from: 'a@b.example', company: 'Broker', logger };
    const refusing = startMailWorker({
      ...mailOptions,
      transport: smtpTransport(`smtp://127.0.0.1:${await freePort()}`),
      clock,
      pollIntervalMs: 0,
      metrics,
    });
    expect(await refusing.drainOnce()).toBe(0);
    await refusing.stop();
    clock.set(new Date(Date.parse(T0) + 60_000 + 16_000));
    const sending = startMailWorker({
      ...mailOptions,
      transport: devMailboxTransport(database.db, clock),
      clock,
      pollIntervalMs: 0,
      metrics,
    });
    expect(await sending.drainOnce()).toBe(1);
    await sending.stop();

    const retentionAt = clock.now();
    expect(
      await runRetentionOnce(database.db, {
        now: retentionAt,
        periods: config.retention,
        holder: 'metrics-test',
      }),
    ).not.toBeNull();

    const scrape = await fetch(`${server.url}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await scrape.text();
    const families = parsePrometheusText(text);

    // Process and event loop.
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(value(families, name)).toBeGreaterThanOrEqual(0);
    }

    // Requests by route pattern and status, never by the URL (which holds the key).
    expect(family(families, 'http_request_duration_seconds').type).toBe('histogram');
    const count = 'http_request_duration_seconds_count';
    const submitted = { method: 'POST', route: SUBMISSION_ROUTE };
    expect(value(families, count, { ...submitted, status_code: '200' })).toBe(5);
    expect(value(families, count, { ...submitted, status_code: '429' })).toBe(1);
    const signIn = { method: 'POST', route: '/api/staff/sign-in', status_code: '401' };
    expect(value(families, count, signIn)).toBe(1);
    const bucket = 'http_request_duration_seconds_bucket';
    expect(value(families, bucket, { ...submitted, status_code: '200', le: '+Inf' })).toBe(5);
    expect(
      value(families, bucket, { ...submitted, status_code: '200', le: '0.025' }),
    ).toBeLessThanOrEqual(5);
    expect(text).not.toContain(approved.submissionKey);

    expect(family(families, 'broker_submissions').type).toBe('counter');
    expect(
      Object.fromEntries(
        family(families, 'broker_submissions')
          .samples.filter((sample) => sample.name === 'broker_submissions_total')
          .map((sample) => [sample.labels.outcome, sample.value]),
      ),
    ).toEqual({
      approved: 2,
      declined: 1,
      duplicate: 1,
      replayed: 1,
      invalid: 1,
      rate_limited: 1,
      unavailable: 0,
      failed: 0,
    });

    expect(value(families, 'broker_delivery_pending_events')).toBe(1);
    // Read at T0 + 76 s.
    expect(value(families, 'broker_delivery_oldest_pending_seconds')).toBe(70);
    expect(value(families, 'broker_delivery_dead_letters')).toBe(2);
    expect(value(families, 'broker_database_up')).toBe(1);

    expect(value(families, 'broker_mail_sent_total')).toBe(1);
    expect(value(families, 'broker_mail_failed_total', { will_retry: 'true' })).toBe(1);
    expect(value(families, 'broker_mail_failed_total', { will_retry: 'false' })).toBe(0);

    expect(value(families, 'broker_retention_last_run_timestamp_seconds')).toBe(
      retentionAt.getTime() / 1000,
    );

    const signIns = (step: string, reason: string) =>
      value(families, 'broker_staff_sign_in_failures_total', { step, reason });
    expect(signIns('password', 'invalid')).toBe(1);
    expect(signIns('password', 'locked')).toBe(0);
    expect(signIns('code', 'invalid')).toBe(0);

    // Never on the public port.
    const publicAnswer = await app.inject('/metrics');
    expect(publicAnswer.statusCode).not.toBe(200);
    expect(publicAnswer.body).not.toContain('broker_submissions_total');
  }, 30_000);

  it('answers 403 to an address outside METRICS_ALLOW and 404 off /metrics', async () => {
    const metrics = createMetrics({ db: database.db, processMetrics: false });
    const allowed = await serve(metrics.registry!);
    expect((await fetch(`${allowed.url}/`)).status).toBe(404);
    expect((await fetch(`${allowed.url}/metrics`, { method: 'POST' })).status).toBe(405);
    const elsewhere = await serve(metrics.registry!, ['192.0.2.0/24']);
    const answer = await fetch(`${elsewhere.url}/metrics`);
    expect(answer.status).toBe(403);
    expect(await answer.text()).toBe('Forbidden\n');
  });

  it('reports the database down, and no stale queue figures, when it cannot be read', async () => {
    const closed = openDatabase(loadConfig({ DATABASE_URL: database.url }).database);
    const metrics = createMetrics({ db: closed, processMetrics: false });
    const read = async () => parsePrometheusText(await metrics.registry!.metrics());
    expect(value(await read(), 'broker_database_up')).toBe(1);
    expect(Number.isFinite(value(await read(), 'broker_delivery_dead_letters'))).toBe(true);
    await closed.destroy();
    const families = await read();
    expect(value(families, 'broker_database_up')).toBe(0);
    expect(value(families, 'broker_delivery_dead_letters')).toBeNaN();
    expect(value(families, 'broker_retention_last_run_timestamp_seconds')).toBeNaN();
  });
});
