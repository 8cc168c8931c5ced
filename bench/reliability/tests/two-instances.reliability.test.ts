/**
 * Two instances (docs/reliability.md): two server processes on different ports share one PostgreSQL
 * database. Idempotency and duplicate detection must hold across them, not only within one process.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../../packages/server/src/test-support/postgres.js';
import { twoInstancesScenario } from '../scenarios/two-instances.js';
import { buildServer } from '../harness/server-process.js';

beforeAll(() => buildServer(), 120_000);

describe('two instances, one PostgreSQL', () => {
  it('store one application per key, flag the same person once, and lose nothing under load', async () => {
    const figures = await twoInstancesScenario({
      database: {
        kind: 'postgres',
        url: await createTestDatabase(inject('postgresUrl')),
        dispose: () => Promise.resolve(),
      },
      races: 24,
      loadRate: 100,
      loadDurationMs: 3000,
    });
    expect(figures.problems).toEqual([]);
    // The same key posted to both at once: both 200 with the same answer, one application.
    expect(figures.sameKeyHeld).toBe(24);
    // The same person under two keys, one to each at once: one approval, one duplicate.
    expect(figures.duplicateHeld).toBe(24);
    expect(figures.load).toMatchObject({ ok: 300, stored: 300, lost: 0 });
  }, 60_000);
});
