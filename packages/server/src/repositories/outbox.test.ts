import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { DatabaseConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Db } from '../db/schema.js';
import { createTestDatabase } from '../test-support/postgres.js';
import {
  ALERT_CLAIM_LEASE_MS,
  ALERT_MAX_ATTEMPTS,
  createOutboxRepository,
  retryDelayMs,
  type NewAlert,
} from './outbox.js';

const T0 = new Date('2026-03-02T09:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

const alert = (n: number): NewAlert => ({
  alertType: 'SubmissionFailure',
  subject: `Submission failed ${n}`,
  name: 'submission',
  message: `attempt ${n}`,
});

describe('retryDelayMs', () => {
  it('doubles from 30 s and is capped at 1 hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000,
    ]);
    expect(retryDelayMs(8)).toBe(3_600_000);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });

  it('spreads the 8 attempts over about 64 minutes', () => {
    expect(ALERT_MAX_ATTEMPTS).toBe(8);
    const waits = Array.from({ length: ALERT_MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1));
    expect(waits.reduce((sum, wait) => sum + wait, 0)).toBe(63.5 * 60_000);
  });
});

const databases: [string, () => Promise<DatabaseConfig>][] = [
  [
    'SQLite',
    () =>
      Promise.resolve({
        kind: 'sqlite',
        file: path.join(mkdtempSync(path.join(tmpdir(), 'outbox-')), 'app.db'),
      }),
  ],
  [
    'PostgreSQL',
    async () => ({ kind: 'postgres', url: await createTestDatabase(inject('postgresUrl')) }),
  ],
];

describe.each(databases)('outbox repository on %s', (_name, configure) => {
  let config: DatabaseConfig;
  let db: Db;

  beforeAll(async () => {
    config = await configure();
    db = openDatabase(config);
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
  });
  beforeEach(async () => {
    await db.deleteFrom('alert_outbox').execute();
  });

  const rows = () => db.selectFrom('alert_outbox').selectAll().orderBy('id').execute();

  it('queues an alert due at once', async () => {
    const id = await createOutboxRepository(db).enqueue(alert(1), T0);
    expect(await rows()).toEqual([
      {
        id,
        created_at: T0.toISOString(),
        alert_type: 'SubmissionFailure',
        subject: 'Submission failed 1',
        name: 'submission',
        message: 'attempt 1',
        attempts: 0,
        next_attempt_at: T0.toISOString(),
        delivered_at: null,
        last_error: null,
      },
    ]);
  });

  it("queues within the caller's transaction", async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await createOutboxRepository(trx).enqueue(alert(1), T0);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await rows()).toEqual([]);
    await db.transaction().execute(async (trx) => {
      await createOutboxRepository(trx).enqueue(alert(2), T0);
    });
    expect((await rows()).map((row) => row.subject)).toEqual(['Submission failed 2']);
  });

  it('claims due alerts oldest first, up to the limit, counting the attempt', async () => {
    const outbox = createOutboxRepository(db);
    const first = await outbox.enqueue(alert(1), T0);
    const second = await outbox.enqueue(alert(2), at(1000));
    await outbox.enqueue(alert(3), at(60_000));
    const claimed = await outbox.claimDue(at(2000), 10);
    expect(claimed.map((row) => [row.id, row.attempts, row.subject])).toEqual([
      [first, 1, 'Submission failed 1'],
      [second, 1, 'Submission failed 2'],
    ]);
    expect(await outbox.claimDue(at(2000), 10)).toEqual([]);
    expect((await outbox.claimDue(at(60_000), 1)).map((row) => row.subject)).toEqual([
      'Submission failed 3',
    ]);
  });

  it('leases a claimed alert, and a worker that vanished lets it be claimed again', async () => {
    const outbox = createOutboxRepository(db);
    await outbox.enqueue(alert(1), T0);
    expect(await outbox.claimDue(T0, 10)).toHaveLength(1);
    expect(await outbox.claimDue(at(ALERT_CLAIM_LEASE_MS - 1), 10)).toEqual([]);
    const again = await outbox.claimDue(at(ALERT_CLAIM_LEASE_MS), 10);
    expect(again.map((row) => row.attempts)).toEqual([2]);
  });

  it('gives each alert to one of two workers on separate connections', async () => {
    const other = openDatabase(config);
    try {
      const mine = createOutboxRepository(db);
      const theirs = createOutboxRepository(other);
      for (let n = 0; n < 30; n += 1) await mine.enqueue(alert(n), T0);
      const [a, b] = await Promise.all([mine.claimDue(T0, 30), theirs.claimDue(T0, 30)]);
      const ids = [...a, ...b].map((row) => row.id);
      expect(ids).toHaveLength(30);
      expect(new Set(ids).size).toBe(30);
      expect((await rows()).every((row) => row.attempts === 1)).toBe(true);
    } finally {
      await other.destroy();
    }
  });

  it('never claims a delivered alert again', async () => {
    const outbox = createOutboxRepository(db);
    await outbox.enqueue(alert(1), T0);
    const [claimed] = await outbox.claimDue(T0, 10);
    await outbox.markDelivered(claimed!.id, at(500));
    expect((await rows())[0]).toMatchObject({ delivered_at: at(500).toISOString(), attempts: 1 });
    expect(await outbox.claimDue(at(24 * 3_600_000), 10)).toEqual([]);
  });

  it('retries a failed alert with backoff and stops after the last attempt', async () => {
    const outbox = createOutboxRepository(db);
    await outbox.enqueue(alert(1), T0);
    let now = T0;
    for (let attempt = 1; attempt <= ALERT_MAX_ATTEMPTS; attempt += 1) {
      const [claimed] = await outbox.claimDue(now, 10);
      expect(claimed?.attempts).toBe(attempt);
      const { willRetry } = await outbox.markFailed(claimed!, 'HTTP 500', now);
      expect(willRetry).toBe(attempt < ALERT_MAX_ATTEMPTS);
      const row = (await rows())[0]!;
      expect(row.last_error).toBe('HTTP 500');
      if (willRetry) {
        const due = at(now.getTime() - T0.getTime() + retryDelayMs(attempt));
        expect(row.next_attempt_at).toBe(due.toISOString());
        expect(await outbox.claimDue(new Date(due.getTime() - 1), 10)).toEqual([]);
        now = due;
      }
    }
    expect(await outbox.claimDue(at(365 * 24 * 3_600_000), 10)).toEqual([]);
    expect((await rows())[0]).toMatchObject({ attempts: ALERT_MAX_ATTEMPTS, delivered_at: null });
  });
});
