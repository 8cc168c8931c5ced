import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { newSecret } from '../delivery/signing.js';
import { startReceiver } from '../test-support/receiver.js';
import type { Receiver } from '../test-support/receiver.js';
import { createDelivery } from '../delivery/worker.js';
import type { Delivery } from '../delivery/worker.js';
import { createLogger } from '../logger.js';
import type { DialectName, TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, TestClock } from '../test-support/databases.js';
import { validPayload } from '../test-support/fixtures.js';
import type { SignedIn } from '../test-support/staff.js';
import { addActiveStaff, signIn } from '../test-support/staff.js';
import type { DeliveryAttempts } from './deliveries.js';

// docs/back-office.md "Delivery attempts": an application's delivery events on its page, and
// redelivery of a dead letter by agents and admins, through the real worker and a real receiver.
describe.each<DialectName>(['sqlite', 'postgres'])(
  'back-office delivery attempts on %s',
  { timeout: 90_000 },
  (dialect) => {
    let database: TestDatabase;
    let receiver: Receiver;
    let delivery: Delivery;
    let t: TestApp;
    const sessions = {} as Record<'agent' | 'admin' | 'auditor', SignedIn>;

    beforeAll(async () => {
      database = await openTestDatabase(dialect, inject('postgresUrl'));
    });
    afterAll(() => database.close());
    beforeEach(async () => {
      receiver = await startReceiver();
      const config = loadConfig({
        DATABASE_URL: database.url,
        RATE_LIMIT_SUBMISSIONS: '0',
        RATE_LIMIT_LOOKUPS: '0',
        DELIVERY_WEBHOOK_URL: receiver.url,
        DELIVERY_WEBHOOK_SECRET: newSecret(),
        DELIVERY_RETRY_SCHEDULE: '60',
      });
      const lines: string[] = [];
      const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
      const clock = new TestClock(new Date('2026-03-10T10:00:00.000Z'));
      delivery = createDelivery({ db: database.db, config, clock, logger, pollIntervalMs: 0 });
      const app = await buildApp({
        config,
        db: database.db,
        clock,
        logger,
        delivery,
        webRoot: path.join(os.tmpdir(), 'broker-no-web-app'),
      });
      await app.ready();
      t = {
        app,
        config,
        db: database.db,
        clock,
        logs: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
        close: () => app.close(),
      };
      for (const role of ['agent', 'admin', 'auditor'] as const) {
        sessions[role] = await signIn(t, await addActiveStaff(t, role));
      }
    });
    afterEach(async () => {
      await t.close();
      await delivery.stop();
      await receiver.close();
      for (const table of ['applications', 'delivery_events', 'staff_sessions']) {
        await sql`delete from ${sql.table(table)}`.execute(database.db);
      }
    });

    /** Moves the test clock on (the worker waits 5 s before it tries a failing receiver again). */
    const later = (seconds: number) =>
      t.clock.set(new Date(t.clock.now().getTime() + seconds * 1000));

    /** An application whose decided event the receiver refused twice: a dead letter. */
    let people = 0;
    async function deadLettered(): Promise<{ id: number; event: DeliveryAttempts }> {
      // A new person each time: the same one again would be a duplicate, held (decision 0051).
      people += 1;
      const payload = validPayload({
        email: `dead.letter.${people}@example.com`,
        contactNumber: `0791190${String(people).padStart(4, '0')}`,
      });
      const submitted = await t.app.inject({
        method: 'POST',
        url: `/api/submission/${payload.submissionKey}`,
        payload,
      });
      expect(submitted.statusCode).toBe(200);
      receiver.mode = { status: 503 };
      expect(await delivery.drainOnce()).toMatchObject({ failed: 1 });
      later(60);
      expect(await delivery.drainOnce()).toMatchObject({ dead: 1 });
      later(10);
      const row = await database.db
        .selectFrom('applications')
        .select('id')
        .where('submission_key', '=', payload.submissionKey)
        .executeTakeFirstOrThrow();
      const detail = await detailOf(row.id, sessions.auditor);
      return { id: row.id, event: detail.deliveries[0]! };
    }

    async function detailOf(id: number, session: SignedIn) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/staff/applications/${id}`,
        headers: session.headers(),
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ deliveries: DeliveryAttempts[] }>();
    }

    const redeliver = (id: number, eventRowId: number, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${id}/deliveries/${eventRowId}/redeliver`,
        headers,
      });

    it('shows each delivery event with its attempts, last error and state', async () => {
      const { id } = await deadLettered();
      const { deliveries } = await detailOf(id, sessions.auditor);
      expect(deliveries).toEqual([
        {
          id: expect.any(Number) as number,
          eventId: expect.stringMatching(/^msg_[0-9a-f]{32}$/) as string,
          type: 'application.decided',
          endpoint: 'webhook-1',
          attempts: 2,
          createdAt: '2026-03-10T10:00:00.000Z',
          nextAttemptAt: expect.any(String) as string,
          deliveredAt: null,
          deadAt: '2026-03-10T10:01:00.000Z',
          lastError: 'HTTP 503',
          state: 'dead',
        },
      ]);
      // The event's body (the applicant's answers) is not repeated on the page.
      expect(JSON.stringify(deliveries)).not.toContain('example.com');
    });

    it('lets an agent and an admin redeliver a dead letter, audited, and the worker sends it', async () => {
      for (const role of ['agent', 'admin'] as const) {
        const { id, event } = await deadLettered();
        const response = await redeliver(id, event.id, sessions[role].headers());
        expect(response.statusCode, role).toBe(200);
        expect(response.json<{ deliveries: DeliveryAttempts[] }>().deliveries).toEqual([
          expect.objectContaining({
            id: event.id,
            attempts: 0,
            deadAt: null,
            lastError: null,
            state: 'pending',
          }),
        ]);
        const audited = await database.db
          .selectFrom('staff_audit_log')
          .select(['actor_email', 'target', 'detail_json'])
          .where('action', '=', 'delivery-redelivered')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        expect(audited.target).toBe(String(id));
        expect(JSON.parse(audited.detail_json!)).toEqual({
          eventId: event.eventId,
          endpoint: 'webhook-1',
        });

        receiver.mode = { accept: true };
        later(10);
        const before = receiver.received.length;
        expect(await delivery.drainOnce()).toMatchObject({ delivered: 1 });
        expect(receiver.received).toHaveLength(before + 1);
        expect((await detailOf(id, sessions.auditor)).deliveries[0]).toMatchObject({
          state: 'delivered',
          attempts: 1,
        });
        // Not dead any more: a second redelivery is refused.
        const again = await redeliver(id, event.id, sessions[role].headers());
        expect(again.statusCode).toBe(409);
        expect(again.json()).toEqual({ error: 'not_dead' });
      }
    });

    it('refuses an auditor, no session and a missing CSRF token, and changes nothing', async () => {
      const { id, event } = await deadLettered();
      const auditor = await redeliver(id, event.id, sessions.auditor.headers());
      expect(auditor.statusCode).toBe(403);
      expect(auditor.json()).toEqual({ error: 'forbidden' });
      const anonymous = await redeliver(id, event.id, {});
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ error: 'unauthenticated' });
      const noCsrf = await redeliver(id, event.id, sessions.agent.headers({ csrf: false }));
      expect(noCsrf.statusCode).toBe(403);
      expect(noCsrf.json()).toEqual({ error: 'csrf' });
      expect((await detailOf(id, sessions.auditor)).deliveries[0]).toMatchObject({
        state: 'dead',
      });
    });

    it("refuses another application's event: not found", async () => {
      const first = await deadLettered();
      const second = await deadLettered();
      const response = await redeliver(first.id, second.event.id, sessions.agent.headers());
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found' });
      expect((await detailOf(second.id, sessions.auditor)).deliveries[0]).toMatchObject({
        state: 'dead',
      });
    });
  },
);
