/**
 * Load (docs/reliability.md), short: unique valid submissions at a steady rate against the built
 * server; every 200 answer is a stored application and nothing else is. The full 60 s at 500 a
 * second is `npm run bench:reliability`.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../../packages/server/src/test-support/postgres.js';
import type { ScenarioDatabase } from '../harness/databases.js';
import { sqliteDatabase } from '../harness/databases.js';
import { loadScenario } from '../scenarios/load.js';
import { buildServer } from '../harness/server-process.js';

beforeAll(() => buildServer(), 120_000);

const databases: Record<'sqlite' | 'postgres', () => Promise<ScenarioDatabase>> = {
  sqlite: () => Promise.resolve(sqliteDatabase()),
  postgres: async () => ({
    kind: 'postgres',
    url: await createTestDatabase(inject('postgresUrl')),
    dispose: () => Promise.resolve(),
  }),
};

describe.each(['sqlite', 'postgres'] as const)('steady load on %s', (kind) => {
  it('answers every submission 200 and stores exactly the ones it answered', async () => {
    const database = await databases[kind]();
    try {
      const figures = await loadScenario({ database, rate: 150, durationMs: 4000 });
      expect(figures.problems).toEqual([]);
      expect(figures.sent).toBe(600);
      expect(figures.outcomes).toEqual({ '200': 600 });
      expect(figures.stored).toBe(figures.answered200);
      expect(figures.lost).toBe(0);
    } finally {
      await database.dispose();
    }
  }, 60_000);
});
