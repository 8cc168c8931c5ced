/**
 * Signed delivery end to end, in process, on both databases: the real app and database, a
 * receiver on loopback that accepts, refuses and hangs, and the Standard Webhooks package's own
 * verifier as the independent check of every signature (docs/delivery.md).
 */
import { parseReference } from '@broker/domain';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { createLogger } from '../logger.js';
import type { DialectName, TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, TestClock } from '../test-support/databases.js';
import { validPayload } from '../test-support/fixtures.js';
import {
  abandonedLeadEventSchema,
  applicationDecidedEventSchema,
  chatAlertBodySchema,
} from './events.js';
import { createDeliveryRepository } from './repository.js';
import { newSecret } from './signing.js';
import { startReceiver } from '../test-support/receiver.js';
import { addActiveStaff, signIn } from '../test-support/staff.js';
import type { Receiver } from '../test-support/receiver.js';
import { createDelivery } from './worker.js';
import type { Delivery, DeliveryOptions } from './worker.js';

const T0 = '2026-03-10T10:00:00.000Z';
const SECRET = newSecret();

interface Harness {
  app: FastifyInstance;
  delivery: Delivery;
  clock: TestClock;
  logs: () => Record<string, unknown>[];
}

function verify(request: { headers: Record<string, unknown>; body: string }, secret = SECRET) {
  const headers = {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  };
  return new Webhook(secret).verify(request.body, headers);
}

describe.each<DialectName>(['sqlite', 'postgres'])('delivery on %s', (dialect) => {
  let database: TestDatabase;
  let receiver: Receiver;
  let chat: Receiver;
  let harness: Harness | undefined;

  beforeAll(async () => {
    database = await openTestDatabase(dialect, inject('postgresUrl'));
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    receiver = await startReceiver();
    chat = await startReceiver('/services/T000/B000/chat-secret');
  });
  afterEach(async () => {
    await harness?.app.close();
    await harness?.delivery.stop();
    harness = undefined;
    await receiver.close();
    await chat.close();
    await sql`delete from applications`.execute(database.db);
    await sql`delete from portal_accounts`.execute(database.db);
    await sql`delete from delivery_events`.execute(database.db);
  });

  async function start(
    env: Record<string, string> = {},
    options: Partial<DeliveryOptions> = {},
  ): Promise<Harness> {
    const config = loadConfig({
      DATABASE_URL: database.url,
      RATE_LIMIT_SUBMISSIONS: '0',
      RATE_LIMIT_LOOKUPS: '0',
      DELIVERY_WEBHOOK_URL: receiver.url,
      DELIVERY_WEBHOOK_SECRET: SECRET,
      ALERT_WEBHOOK_URL: chat.url,
      ...env,
    });
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const clock = new TestClock(new Date(T0));
    const delivery = createDelivery({
      db: database.db,
      config,
      clock,
      logger,
      pollIntervalMs: 0,
      timeoutMs: 1000,
      ...options,
    });
    const app = await buildApp({
      config,
      db: database.db,
      clock,
      logger,
      delivery,
      webRoot: path.join(os.tmpdir(), 'broker-no-web-app'),
    });
    await app.ready();
    harness = {
      app,
      delivery,
      clock,
      logs: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    };
    return harness;
  }

  const rows = () => database.db.selectFrom('delivery_events').selectAll().orderBy('id').execute();

  function submit(h: Harness, payload = validPayload()) {
    return h.app.inject({
      method: 'POST',
      url: `/api/submission/${payload.submissionKey}`,
      payload,
    });
  }

  it('writes the decided event with the application and delivers it signed, once', async () => {
    const h = await start();
    const payload = validPayload();
    const answer = await submit(h, payload);
    expect(answer.statusCode).toBe(200);
    // Written with the application, before any worker ran.
    expect(await rows()).toEqual([
      expect.objectContaining({
        endpoint: 'webhook-1',
        event_type: 'application.decided',
        attempts: 0,
        delivered_at: null,
        created_at: T0,
      }),
    ]);

    expect(await h.delivery.drainOnce()).toMatchObject({ delivered: 1, failed: 0 });
    expect(await h.delivery.drainOnce()).toMatchObject({ delivered: 0 });
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    const event = applicationDecidedEventSchema.parse(verify(request!));
    // The stored answer, without the portal passcode (null here: not the CDJ-MVP variant).
    const { otp, ...response } = answer.json<{ otp: unknown; reference: string }>();
    expect(otp).toBeNull();
    // The short reference the applicant was given (decision 0030), also in the response.
    expect(parseReference(response.reference)).toBe(response.reference);
    expect(event).toEqual({
      type: 'application.decided',
      timestamp: T0,
      data: {
        submissionKey: payload.submissionKey,
        reference: response.reference,
        outcome: 'approved',
        decidedAt: T0,
        response,
        application: { ...payload, remoteAddress: '127.0.0.1' },
      },
    });
    expect(await rows()).toEqual([expect.objectContaining({ attempts: 1, delivered_at: T0 })]);
    // A second post of the same key replays the answer and writes no second event.
    expect((await submit(h, payload)).statusCode).toBe(200);
    expect(await rows()).toHaveLength(1);
  });

  it('stores no application whose event cannot be written: one transaction', async () => {
    const h = await start();
    await sql`alter table delivery_events rename to delivery_events_hidden`.execute(database.db);
    const payload = validPayload();
    try {
      expect((await submit(h, payload)).statusCode).toBe(500);
    } finally {
      await sql`alter table delivery_events_hidden rename to delivery_events`.execute(database.db);
    }
    const stored = await database.db
      .selectFrom('applications')
      .select('status')
      .where('submission_key', '=', payload.submissionKey)
      .execute();
    expect(stored).toEqual([]);
    // Posted again once the table is back: stored and its event written together.
    expect((await submit(h, payload)).statusCode).toBe(200);
    expect(await rows()).toEqual([
      expect.objectContaining({ event_type: 'application.decided', endpoint: 'webhook-1' }),
    ]);
  });

  it('delivers declined decisions too, and never the portal passcode', async () => {
    const h = await start();
    const first = validPayload({ variant: 'CDJ-MVP' });
    const firstAnswer = (await submit(h, first)).json<{ otp?: string }>();
    expect(firstAnswer.otp).toMatch(/^\d{6}$/);
    await submit(
      h,
      validPayload({
        email: 'low.income@example.com',
        contactNumber: '07911900999',
        netMonthlyIncome: 100,
      }),
    );
    await h.delivery.drainOnce();
    const events = receiver.received.map((request) =>
      applicationDecidedEventSchema.parse(verify(request)),
    );
    expect(events.map((event) => event.data.outcome).sort()).toEqual(['approved', 'declined']);
    const declined = events.find((event) => event.data.outcome === 'declined');
    expect(declined?.data.response).toMatchObject({ declineReason: 'Income' });
    expect(receiver.received.map((request) => request.body).join()).not.toContain(firstAnswer.otp);
  });

  it('holds a possible duplicate until staff release it, then delivers it with the panel’s decision (decision 0051)', async () => {
    const h = await start();
    const first = validPayload();
    await submit(h, first);
    const again = validPayload({
      email: first.email,
      contactNumber: first.contactNumber,
      dateOfBirth: first.dateOfBirth,
    });
    const answer = await submit(h, again);
    expect(answer.json()).toMatchObject({ duplicateRequest: true });
    await h.delivery.drainOnce();
    // The earlier application only: receivers never get the same person twice unasked.
    expect(
      receiver.received.map(
        (request) => applicationDecidedEventSchema.parse(verify(request)).data.submissionKey,
      ),
    ).toEqual([first.submissionKey]);

    h.clock.set('2026-03-10T11:00:00.000Z');
    const t = { app: h.app, db: database.db, clock: h.clock } as unknown as TestApp;
    const agent = await signIn(t, await addActiveStaff(t, 'agent'));
    const row = await database.db
      .selectFrom('applications')
      .select('id')
      .where('submission_key', '=', again.submissionKey)
      .executeTakeFirstOrThrow();
    const released = await h.app.inject({
      method: 'POST',
      url: `/api/staff/applications/${row.id}/release`,
      headers: agent.headers(),
    });
    expect(released.statusCode).toBe(200);
    const { applicationId } = released.json<{ applicationId: string }>();
    await h.delivery.drainOnce();
    expect(receiver.received).toHaveLength(2);
    const event = applicationDecidedEventSchema.parse(verify(receiver.received[1]!));
    expect(event.data).toMatchObject({
      submissionKey: again.submissionKey,
      outcome: 'approved',
      decidedAt: '2026-03-10T11:00:00.000Z',
      duplicateReleasedAt: '2026-03-10T11:00:00.000Z',
      // The answer the applicant saw.
      response: { duplicateRequest: true, applicationId: null },
    });
    expect(applicationId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('retries a refusing receiver on the schedule with the same id, dead-letters it, and redelivers on request', async () => {
    const h = await start({ DELIVERY_RETRY_SCHEDULE: '60,120' });
    receiver.mode = { status: 503 };
    await submit(h);
    expect(await h.delivery.drainOnce()).toMatchObject({ failed: 1 });
    expect(await rows()).toEqual([
      expect.objectContaining({ attempts: 1, last_error: 'HTTP 503', delivered_at: null }),
    ]);

    h.clock.set('2026-03-10T10:00:59.000Z');
    await h.delivery.drainOnce();
    expect(receiver.received).toHaveLength(1);
    h.clock.set('2026-03-10T10:01:00.000Z');
    expect(await h.delivery.drainOnce()).toMatchObject({ failed: 1 });
    h.clock.set('2026-03-10T10:03:00.000Z');
    expect(await h.delivery.drainOnce()).toMatchObject({ dead: 1 });
    h.clock.set('2026-03-11T10:03:00.000Z');
    expect(await h.delivery.drainOnce()).toMatchObject({ delivered: 0, failed: 0, dead: 0 });
    expect(receiver.received).toHaveLength(3);

    const repository = createDeliveryRepository(database.db);
    const dead = await repository.listDead(10);
    expect(dead).toEqual([
      expect.objectContaining({ attempts: 3, dead_at: '2026-03-10T10:03:00.000Z' }),
    ]);
    expect(h.logs()).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'delivery failed; kept as a dead letter' }),
    );

    receiver.mode = { accept: true };
    expect(await repository.redeliver(dead[0]!.id, h.clock.now())).toBe(true);
    expect(await h.delivery.drainOnce()).toMatchObject({ delivered: 1 });
    expect(await repository.listDead(10)).toEqual([]);
    expect(receiver.received).toHaveLength(4);
    const ids = new Set(receiver.received.map((request) => request.headers['webhook-id']));
    expect(ids.size).toBe(1);
    // Every attempt is signed afresh, and every signature verifies.
    for (const request of receiver.received) verify(request);
  });

  it('probes a failing receiver with one batch every 5 s instead of trying every due event', async () => {
    const h = await start({}, { batchSize: 5 });
    receiver.mode = { status: 503 };
    // Twelve people (one person again would be a duplicate, held: decision 0051).
    for (let i = 0; i < 12; i += 1) {
      await submit(h, validPayload({ email: `applicant.${i}@example.com` }));
    }
    expect(await h.delivery.drainOnce()).toMatchObject({ failed: 5 });
    h.clock.set('2026-03-10T10:00:04.999Z');
    expect(await h.delivery.drainOnce()).toMatchObject({ failed: 0 });
    expect(receiver.received).toHaveLength(5);
    receiver.mode = { accept: true };
    h.clock.set('2026-03-10T10:00:05.000Z');
    // The probe succeeds, so the rest follow in the same drain (the first five are due again:
    // the schedule's first wait is 5 s too).
    expect(await h.delivery.drainOnce()).toMatchObject({ delivered: 12, failed: 0 });
    expect(receiver.received).toHaveLength(17);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(12);
  });

  it('counts a refused connection and a receiver that hangs as failed attempts', async () => {
    const closed = await startReceiver();
    const closedUrl = closed.url;
    await closed.close();
    const h = await start({
      DELIVERY_WEBHOOK_URL: `${closedUrl},${receiver.url}`,
      DELIVERY_WEBHOOK_SECRET: SECRET,
    });
    receiver.mode = { hang: true };
    await submit(h);
    expect(await h.delivery.drainOnce()).toMatchObject({ failed: 2, delivered: 0 });
    const errors = (await rows()).map((row) => [row.endpoint, row.last_error]);
    expect(errors.sort()).toEqual([
      ['webhook-1', 'ECONNREFUSED'],
      ['webhook-2', 'no answer within 1000 ms'],
    ]);
  }, 15_000);

  it('answers the applicant while the receiver hangs: the worker is off the request path', async () => {
    const h = await start({}, { timeoutMs: 3000 });
    receiver.mode = { hang: true };
    await submit(h);
    let drained = false;
    const draining = h.delivery.drainOnce().then(() => {
      drained = true;
    });
    while (receiver.received.length === 0) await new Promise((r) => setTimeout(r, 10));
    const started = performance.now();
    const answer = await submit(h);
    expect(answer.statusCode).toBe(200);
    expect(drained).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
    await draining;
  }, 15_000);

  it('delivers a partial save not completed within the quiet period as an abandoned lead, once', async () => {
    const h = await start({ DELIVERY_LEAD_QUIET_MINUTES: '30' });
    const abandoned = validPayload();
    const completed = validPayload({ email: 'second@example.com' });
    for (const payload of [abandoned, completed]) {
      const saved = await h.app.inject({
        method: 'POST',
        url: `/api/submission/partial/${payload.submissionKey}`,
        payload: { ...payload, IsCompleted: false },
      });
      expect(saved.statusCode).toBe(202);
    }
    expect((await submit(h, completed)).statusCode).toBe(200);
    await h.delivery.drainOnce();
    receiver.received.length = 0;

    h.clock.set('2026-03-10T10:29:59.000Z');
    expect(await h.delivery.drainOnce({ scanLeads: true })).toMatchObject({ leads: 0 });
    h.clock.set('2026-03-10T10:30:00.000Z');
    expect(await h.delivery.drainOnce({ scanLeads: true })).toMatchObject({
      leads: 1,
      delivered: 1,
    });
    expect(await h.delivery.drainOnce({ scanLeads: true })).toMatchObject({ leads: 0 });
    expect(receiver.received).toHaveLength(1);
    const lead = abandonedLeadEventSchema.parse(verify(receiver.received[0]!));
    expect(lead).toEqual({
      type: 'lead.abandoned',
      timestamp: '2026-03-10T10:30:00.000Z',
      data: {
        submissionKey: abandoned.submissionKey,
        startedAt: T0,
        lastSavedAt: T0,
        application: { ...abandoned, IsCompleted: false, remoteAddress: '127.0.0.1' },
      },
    });
  });

  it('groups alerts: one per kind per 5 minutes with a count, from the browser and the server', async () => {
    const h = await start();
    const report = (name: string, operation = 'submitApplication') =>
      h.app.inject({
        method: 'POST',
        url: '/api/client-errors',
        payload: { kind: 'failure', operation, name, message: `${name} for ada@example.com` },
      });
    for (const name of ['NetworkError', 'NetworkError', 'NetworkError', 'NoQuote']) {
      expect((await report(name)).statusCode).toBe(204);
    }
    expect((await report('TimeoutError', 'partialSave')).statusCode).toBe(204);
    // Not the contract's names: logged only.
    expect((await report('NetworkError', 'addressLookup')).statusCode).toBe(204);
    expect((await report('SomethingElse')).statusCode).toBe(204);

    h.clock.set('2026-03-10T10:04:59.000Z');
    expect((await report('NetworkError')).statusCode).toBe(204);
    expect(await h.delivery.drainOnce()).toMatchObject({ delivered: 0 });
    expect(chat.received).toEqual([]);

    h.clock.set('2026-03-10T10:05:00.000Z');
    expect(await h.delivery.drainOnce()).toMatchObject({ delivered: 3 });
    const bodies = chat.received.map((request) =>
      chatAlertBodySchema.parse(JSON.parse(request.body)),
    );
    expect(bodies.map((body) => [body.name, body.message]).sort()).toEqual([
      [
        'partialSave TimeoutError',
        'once between 10:00 and 10:05 UTC. Last: reported by the browser as TimeoutError',
      ],
      [
        'submitApplication NetworkError',
        '4 times between 10:00 and 10:05 UTC. Last: reported by the browser as NetworkError',
      ],
      [
        'submitApplication NoQuote',
        'once between 10:00 and 10:05 UTC. Last: reported by the browser as NoQuote',
      ],
    ]);
    expect(bodies[0]).toMatchObject({
      program: 'broker-apply',
      alertType: 'Failure',
      channel: 'local',
      company: 'Example Finance Broker Ltd (sample data)',
    });
    expect(chat.received.map((request) => request.body).join()).not.toContain('ada');

    // The next window is a new alert.
    await report('NetworkError');
    h.clock.set('2026-03-10T10:10:00.000Z');
    await h.delivery.drainOnce();
    expect(chat.received).toHaveLength(4);
    expect(JSON.parse(chat.received[3]!.body)).toMatchObject({
      subject: 'Submission failed in the browser',
      message: 'once between 10:05 and 10:10 UTC. Last: reported by the browser as NetworkError',
    });
  });

  it('writes alerts held in memory to the queue on a graceful stop', async () => {
    const h = await start();
    const held = { kind: 'database', subject: 'Database unavailable', name: 'database' };
    h.delivery.holdAlert({ ...held, detail: 'first' });
    h.delivery.holdAlert({ ...held, detail: 'second' });
    expect(await rows()).toEqual([]);
    await h.delivery.stop();
    const stored = await rows();
    expect(stored).toEqual([
      expect.objectContaining({
        endpoint: 'chat',
        event_type: 'alert',
        group_count: 2,
        next_attempt_at: '2026-03-10T10:05:00.000Z',
      }),
    ]);
    expect(JSON.parse(stored[0]!.body)).toMatchObject({ message: 'second' });
  });

  it('gives back the event it is sending on a graceful stop: due at once, the attempt not counted', async () => {
    const h = await start({}, { timeoutMs: 5000 });
    receiver.mode = { hang: true };
    await submit(h);
    const draining = h.delivery.drainOnce();
    while (receiver.received.length === 0) await new Promise((r) => setTimeout(r, 10));
    expect(await rows()).toEqual([expect.objectContaining({ attempts: 1 })]);
    await h.delivery.stop();
    expect(await draining).toMatchObject({ delivered: 0, failed: 0, dead: 0 });
    expect(await rows()).toEqual([
      expect.objectContaining({
        attempts: 0,
        next_attempt_at: T0,
        last_error: null,
        delivered_at: null,
        dead_at: null,
      }),
    ]);
    // Another instance (here a new worker) sends it at once.
    receiver.mode = { accept: true };
    const next = createDelivery({
      db: database.db,
      config: loadConfig({
        DATABASE_URL: database.url,
        DELIVERY_WEBHOOK_URL: receiver.url,
        DELIVERY_WEBHOOK_SECRET: SECRET,
      }),
      clock: h.clock,
      logger: createLogger('silent'),
      pollIntervalMs: 0,
    });
    expect(await next.drainOnce()).toMatchObject({ delivered: 1 });
    await next.stop();
  }, 15_000);

  it('groups server-side partial-save failures into one alert with a count', async () => {
    const h = await start();
    await sql`alter table applications rename to applications_hidden`.execute(database.db);
    try {
      for (let i = 0; i < 3; i += 1) {
        const payload = validPayload();
        const saved = await h.app.inject({
          method: 'POST',
          url: `/api/submission/partial/${payload.submissionKey}`,
          payload: { ...payload, IsCompleted: false },
        });
        expect(saved.statusCode).toBe(500);
      }
    } finally {
      await sql`alter table applications_hidden rename to applications`.execute(database.db);
    }
    h.clock.set('2026-03-10T10:05:00.000Z');
    await h.delivery.drainOnce();
    expect(chat.received).toHaveLength(1);
    expect(JSON.parse(chat.received[0]!.body)).toMatchObject({
      subject: 'Partial save failed',
      message: expect.stringMatching(/^3 times between 10:00 and 10:05 UTC\. Last: /) as string,
    });
  });
});

// SQLite has one writer and one server process (docs/decisions/0020-signed-delivery.md): the
// race is PostgreSQL's.
describe('two workers on one PostgreSQL', () => {
  it('never send the same event twice or at once, and share the work', async () => {
    const database = await openTestDatabase('postgres', inject('postgresUrl'));
    const receiver = await startReceiver();

    const second = openDatabase(loadConfig({ DATABASE_URL: database.url }).database);
    try {
      const repository = createDeliveryRepository(database.db);
      const now = new Date(T0);
      for (let i = 0; i < 60; i += 1) {
        await repository.insertEvent({
          eventId: `msg_race_${i}`,
          type: 'application.decided',
          body: JSON.stringify({ i }),
          endpoints: ['webhook-1'],
          now,
          applicationRowId: null,
        });
      }
      receiver.delayMs = 100;
      const config = loadConfig({
        DATABASE_URL: database.url,
        DELIVERY_WEBHOOK_URL: receiver.url,
        DELIVERY_WEBHOOK_SECRET: SECRET,
      });
      const logger = createLogger('silent');
      const clock = { now: () => new Date(T0) };
      const workers = [database.db, second].map((db) =>
        createDelivery({ db, config, clock, logger, pollIntervalMs: 0, batchSize: 5 }),
      );
      const results = await Promise.all(workers.map((worker) => worker.drainOnce()));
      expect(results[0]!.delivered + results[1]!.delivered).toBe(60);
      expect(results[0]!.delivered).toBeGreaterThan(0);
      expect(results[1]!.delivered).toBeGreaterThan(0);
      expect(receiver.received).toHaveLength(60);
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(60);
      expect(Math.max(...receiver.received.map((r) => r.concurrentSameId))).toBe(1);
    } finally {
      await second.destroy();
      await receiver.close();
      await database.close();
    }
  });
});

describe('an unavailable database', () => {
  it('raises a grouped alert that waits in memory and goes straight to the chat webhook', async () => {
    const chat = await startReceiver('/services/T000/B000/chat-secret');
    const closed = await startReceiver();
    const port = new URL(closed.url).port;
    await closed.close();
    const url = `postgres://broker:secret@127.0.0.1:${port}/broker`;
    const config = loadConfig({ DATABASE_URL: url, ALERT_WEBHOOK_URL: chat.url });
    const db = openDatabase(config.database);
    const clock = new TestClock(new Date(T0));
    const logger = createLogger('silent');
    const delivery = createDelivery({ db, config, clock, logger, pollIntervalMs: 0 });
    const app = await buildApp({
      config,
      db,
      clock,
      logger,
      delivery,
      webRoot: path.join(os.tmpdir(), 'broker-no-web-app'),
    });
    try {
      const payload = validPayload();
      const answer = await app.inject({
        method: 'POST',
        url: `/api/submission/${payload.submissionKey}`,
        payload,
      });
      expect(answer.statusCode).toBe(503);
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
      await expect(delivery.drainOnce()).rejects.toThrow();
      expect(chat.received).toEqual([]);

      clock.set('2026-03-10T10:05:00.000Z');
      await expect(delivery.drainOnce()).rejects.toThrow();
      expect(chat.received).toHaveLength(1);
      expect(JSON.parse(chat.received[0]!.body)).toMatchObject({
        subject: 'Database unavailable',
        name: 'database',
        message:
          '2 times between 10:00 and 10:05 UTC. Last: the readiness check (/readyz) could not query it',
      });
      clock.set('2026-03-10T10:10:00.000Z');
      await expect(delivery.drainOnce()).rejects.toThrow();
      expect(chat.received).toHaveLength(1);
    } finally {
      await app.close();
      await delivery.stop();
      await db.destroy();
      await chat.close();
    }
  });
});
