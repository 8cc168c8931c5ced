import { mkdtempSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Db } from '../db/schema.js';
import {
  ALERT_MAX_ATTEMPTS,
  createOutboxRepository,
  retryDelayMs,
} from '../repositories/outbox.js';
import { startAlertWorker, type AlertWorker, type AlertWorkerOptions } from './worker.js';

const T0 = new Date('2026-03-02T09:00:00.000Z');

interface Received {
  contentType: string | undefined;
  body: Record<string, unknown>;
}

let db: Db;
let receiver: Server;
let webhookUrl: string;
let received: Received[];
let answer: (response: ServerResponse) => void;
let worker: AlertWorker | undefined;
let now: Date;
let logLines: Record<string, unknown>[];

beforeAll(async () => {
  db = openDatabase({
    kind: 'sqlite',
    file: path.join(mkdtempSync(path.join(tmpdir(), 'alerts-')), 'app.db'),
  });
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
});

beforeEach(async () => {
  await db.deleteFrom('alert_outbox').execute();
  received = [];
  now = T0;
  logLines = [];
  answer = (response) => response.writeHead(200).end('ok');
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        contentType: request.headers['content-type'],
        body: JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>,
      });
      answer(response);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/T000/B000/secret`;
});

afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

function start(overrides: Partial<AlertWorkerOptions> = {}): AlertWorker {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      callback();
    },
  });
  worker = startAlertWorker({
    db,
    webhookUrl,
    logger: pino({ level: 'info' }, stream),
    company: 'Example Finance Broker Ltd',
    program: 'broker-apply',
    channel: '#alerts',
    clock: () => now,
    pollIntervalMs: 0,
    ...overrides,
  });
  return worker;
}

const enqueue = () =>
  createOutboxRepository(db).enqueue(
    {
      alertType: 'SubmissionFailure',
      subject: 'Submission failed',
      name: 'submission',
      message: 'The decision step threw; key abc123',
    },
    T0,
  );

const rows = () => db.selectFrom('alert_outbox').selectAll().execute();

describe('startAlertWorker', () => {
  it('posts a due alert once, as Slack-compatible JSON, and marks it delivered', async () => {
    await enqueue();
    const alerts = start();
    now = new Date(T0.getTime() + 1000);
    expect(await alerts.drainOnce()).toBe(1);
    expect(await alerts.drainOnce()).toBe(0);
    expect(received).toEqual([
      {
        contentType: 'application/json',
        body: {
          program: 'broker-apply',
          company: 'Example Finance Broker Ltd',
          alertType: 'SubmissionFailure',
          channel: '#alerts',
          subject: 'Submission failed',
          name: 'submission',
          message: 'The decision step threw; key abc123',
          text: '[broker-apply] SubmissionFailure: Submission failed\nsubmission\nThe decision step threw; key abc123',
        },
      },
    ]);
    expect(await rows()).toMatchObject([{ attempts: 1, delivered_at: now.toISOString() }]);
  });

  it('retries after a 500 once the backoff has passed', async () => {
    await enqueue();
    const alerts = start();
    answer = (response) => response.writeHead(500).end();
    expect(await alerts.drainOnce()).toBe(0);
    expect(await rows()).toMatchObject([
      { attempts: 1, last_error: 'HTTP 500', delivered_at: null },
    ]);
    expect(logLines).toContainEqual(
      expect.objectContaining({ level: 40, msg: 'alert delivery failed; will retry', attempts: 1 }),
    );

    answer = (response) => response.writeHead(204).end();
    now = new Date(T0.getTime() + retryDelayMs(1) - 1);
    expect(await alerts.drainOnce()).toBe(0);
    expect(received).toHaveLength(1);
    now = new Date(T0.getTime() + retryDelayMs(1));
    expect(await alerts.drainOnce()).toBe(1);
    expect(received).toHaveLength(2);
    expect(await rows()).toMatchObject([{ attempts: 2, delivered_at: now.toISOString() }]);
  });

  it(`gives up after ${ALERT_MAX_ATTEMPTS} attempts`, async () => {
    await enqueue();
    const alerts = start();
    answer = (response) => response.writeHead(503).end();
    for (let attempt = 1; attempt <= ALERT_MAX_ATTEMPTS; attempt += 1) {
      await alerts.drainOnce();
      now = new Date(now.getTime() + retryDelayMs(attempt));
    }
    expect(received).toHaveLength(ALERT_MAX_ATTEMPTS);
    now = new Date(now.getTime() + 30 * 24 * 3_600_000);
    expect(await alerts.drainOnce()).toBe(0);
    expect(received).toHaveLength(ALERT_MAX_ATTEMPTS);
    expect(await rows()).toMatchObject([
      { attempts: ALERT_MAX_ATTEMPTS, delivered_at: null, last_error: 'HTTP 503' },
    ]);
    expect(logLines).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'alert delivery failed; giving up' }),
    );
  });

  it('counts a receiver that does not answer in time as a failure', async () => {
    await enqueue();
    answer = () => undefined;
    const alerts = start({ timeoutMs: 200 });
    expect(await alerts.drainOnce()).toBe(0);
    expect(await rows()).toMatchObject([{ attempts: 1, last_error: 'no answer within 200 ms' }]);
  });

  it('keeps alerts and sends nothing when no webhook is configured', async () => {
    await enqueue();
    const alerts = start({ webhookUrl: null, pollIntervalMs: 10 });
    expect(await alerts.drainOnce()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual([]);
    expect(await rows()).toMatchObject([{ attempts: 0, delivered_at: null }]);
    expect(logLines).toContainEqual(
      expect.objectContaining({
        msg: 'ALERT_WEBHOOK_URL is not set: alerts are kept in the outbox, not sent',
      }),
    );
    await alerts.stop();
  });

  it('never logs the webhook URL or the alert text', async () => {
    await enqueue();
    answer = (response) => response.writeHead(500).end();
    await start().drainOnce();
    const logged = JSON.stringify(logLines);
    expect(logged).not.toContain('secret');
    expect(logged).not.toContain('abc123');
  });

  it('polls on its own until stopped', async () => {
    await enqueue();
    const alerts = start({ clock: () => new Date(), pollIntervalMs: 10 });
    for (let waited = 0; received.length === 0 && waited < 5000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(received).toHaveLength(1);
    await alerts.stop();
    await enqueue();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toHaveLength(1);
  });

  it('lets a delivery in progress finish when stopped', async () => {
    await enqueue();
    answer = (response) => setTimeout(() => response.writeHead(200).end(), 100);
    const alerts = start();
    const delivered = alerts.drainOnce();
    await alerts.stop();
    expect(await rows()).toMatchObject([{ delivered_at: T0.toISOString() }]);
    expect(await delivered).toBe(1);
  });
});
