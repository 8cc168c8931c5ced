/**
 * Crash (docs/reliability.md), short: the built server is killed with SIGKILL while it takes
 * submissions and started again on the same database. `npm run bench:reliability` repeats it more
 * times.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../../packages/server/src/test-support/postgres.js';
import { sqliteDatabase } from '../harness/databases.js';
import { crashScenario } from '../scenarios/crash.js';
import { buildServer } from '../harness/server-process.js';

beforeAll(() => buildServer(), 120_000);

describe('a crash while submissions arrive', () => {
  it('on SQLite: every 200 is stored, integrity_check is ok, resubmitting adds no second application', async () => {
    const database = sqliteDatabase();
    try {
      const figures = await crashScenario({
        database,
        rate: 150,
        crashes: 1,
        crashAfterMs: [1500, 2500],
      });
      expect(figures.problems).toEqual([]);
      expect(figures.integrity).toEqual(['ok']);
      expect(figures.answered200).toBeGreaterThan(0);
      expect(figures.unanswered).toBeGreaterThan(0);
      expect(figures.lost).toBe(0);
      expect(figures.secondApplications).toBe(0);
    } finally {
      await database.dispose();
    }
  }, 60_000);

  it('on PostgreSQL: every 200 is stored and resubmitting adds no second application', async () => {
    const database = {
      kind: 'postgres' as const,
      url: await createTestDatabase(inject('postgresUrl')),
      dispose: () => Promise.resolve(),
    };
    const figures = await crashScenario({
      database,
      rate: 150,
      crashes: 1,
      crashAfterMs: [1500, 2500],
    });
    expect(figures.problems).toEqual([]);
    expect(figures.answered200).toBeGreaterThan(0);
    expect(figures.unanswered).toBeGreaterThan(0);
    expect(figures.lost).toBe(0);
    expect(figures.secondApplications).toBe(0);
  }, 60_000);
});
