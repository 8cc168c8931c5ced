/**
 * SIGTERM under load (docs/decisions/0069-graceful-shutdown.md): the built server drains, gives
 * its delivery events back and exits 0 within SHUTDOWN_TIMEOUT_MS, losing no acknowledged
 * submission; a client without its answer retries safely; behind a balancer that follows
 * readiness, clients see nothing but their answers.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../../packages/server/src/test-support/postgres.js';
import { sqliteDatabase } from '../harness/databases.js';
import type { ScenarioDatabase } from '../harness/databases.js';
import { buildServer } from '../harness/server-process.js';
import { rollingShutdownScenario, shutdownScenario } from '../scenarios/shutdown.js';

beforeAll(() => buildServer(), 120_000);

async function check(database: ScenarioDatabase) {
  const figures = await shutdownScenario({
    database,
    rate: 150,
    beforeMs: 1500,
    drainMs: 2000,
    timeoutMs: 10_000,
  });
  expect(figures.problems).toEqual([]);
  expect(figures.exit).toEqual({ code: 0, signal: null });
  expect(figures.exitMs).toBeLessThan(10_000);
  expect(figures.lost).toBe(0);
  // Whatever got no answer was never processed: resent with its key, each is one application.
  expect(figures.secondApplications).toBe(0);
  // The drain kept answering. (Readiness during it: main.test.ts, unloaded, and the balanced
  // test below; under this load a readiness check can wait behind the queue of submissions.)
  expect(figures.answeredAfterSignal).toBeGreaterThan(0);
  expect(figures.heldEvents).toBe(0);
  expect(figures.heldLeases).toBe(0);
}

describe('SIGTERM while submissions arrive', () => {
  it('on SQLite: drains, loses nothing, gives back its events and exits 0 in time', async () => {
    const database = sqliteDatabase();
    try {
      await check(database);
    } finally {
      await database.dispose();
    }
  }, 120_000);

  it('on PostgreSQL: drains, loses nothing, gives back its events and exits 0 in time', async () => {
    await check({
      kind: 'postgres',
      url: await createTestDatabase(inject('postgresUrl')),
      dispose: () => Promise.resolve(),
    });
  }, 120_000);

  it('behind a balancer that follows readiness, two instances on PostgreSQL: clients see only their answers', async () => {
    const figures = await rollingShutdownScenario({
      database: {
        kind: 'postgres',
        url: await createTestDatabase(inject('postgresUrl')),
        dispose: () => Promise.resolve(),
      },
      rate: 150,
      beforeMs: 1500,
      drainMs: 2000,
      checkIntervalMs: 100,
    });
    expect(figures.problems).toEqual([]);
    expect(Object.keys(figures.outcomes)).toEqual(['200']);
    expect(figures.lost).toBe(0);
    expect(figures.exit).toEqual({ code: 0, signal: null });
    expect(figures.exitMs).toBeLessThan(10_000);
  }, 120_000);
});
