/**
 * The delivery guarantees of decision 0020 against the built server: a SIGKILL while the receiver
 * is down loses no event (both databases), and two instances on one PostgreSQL deliver each event
 * once, never twice at once. Signatures are checked by the standardwebhooks package.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { sqliteDatabase } from '../harness/databases.js';
import type { ScenarioDatabase } from '../harness/databases.js';
import { buildServer } from '../harness/server-process.js';
import { createTestDatabase } from '../../../packages/server/src/test-support/postgres.js';
import { crashWhileReceiverDown } from '../scenarios/delivery-crash.js';
import { twoInstancesDelivering } from '../scenarios/delivery-two-instances.js';

beforeAll(() => buildServer(), 120_000);

async function postgres(): Promise<ScenarioDatabase> {
  return {
    kind: 'postgres',
    url: await createTestDatabase(inject('postgresUrl')),
    dispose: () => Promise.resolve(),
  };
}

describe('delivery across a crash while the receiver is down', () => {
  it.each([
    ['SQLite', () => Promise.resolve(sqliteDatabase())],
    ['PostgreSQL', postgres],
  ])(
    'on %s: every answered submission is delivered, signed, once back',
    async (_name, open) => {
      const database = await open();
      try {
        const figures = await crashWhileReceiverDown({
          database,
          rate: 40,
          crashAfterMs: 3000,
          deliverWithinMs: 20_000,
        });
        console.info('delivery after a crash', JSON.stringify(figures));
        expect(figures.problems).toEqual([]);
        expect(figures.answered200).toBeGreaterThan(0);
        expect(figures.lost).toBe(0);
        expect(figures.badSignatures).toBe(0);
        // The receiver was down for the first attempts: more attempts than events.
        expect(figures.attempts).toBeGreaterThan(figures.events);
      } finally {
        await database.dispose();
      }
    },
    90_000,
  );
});

describe('two instances delivering from one PostgreSQL', () => {
  it('deliver each event exactly once and never the same one at once', async () => {
    const figures = await twoInstancesDelivering({
      database: await postgres(),
      rate: 60,
      durationMs: 3000,
      receiverDelayMs: 50,
      deliverWithinMs: 20_000,
    });
    console.info('two instances delivering', JSON.stringify(figures));
    expect(figures.problems).toEqual([]);
    expect(figures.answered200).toBe(180);
    expect(figures.received).toBe(180);
    expect(figures.distinctEvents).toBe(180);
    expect(figures.concurrentSameId).toBe(0);
    expect(figures.attempts).toBe(180);
  }, 90_000);
});
