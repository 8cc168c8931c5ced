/**
 * Outage (docs/reliability.md): PostgreSQL goes away while the built server takes submissions. It
 * must answer 503 `{"error":"unavailable"}` quickly (never hang, never a 500), fail /readyz,
 * survive, and answer 200 again by itself once the database is back. A private PostgreSQL, because
 * this one is stopped and started.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivatePostgres } from '../../../packages/server/src/test-support/postgres-server.js';
import type { PrivatePostgres } from '../../../packages/server/src/test-support/postgres-server.js';
import { outageScenario } from '../scenarios/outage.js';
import { buildServer } from '../harness/server-process.js';

let postgres: PrivatePostgres;

beforeAll(async () => {
  buildServer();
  postgres = await startPrivatePostgres();
}, 120_000);

afterAll(async () => {
  await postgres?.destroy();
});

describe('a database outage under load', () => {
  it('stopped and started again: 503 while it is down, 200 again after, nothing lost', async () => {
    const figures = await outageScenario({
      postgres,
      mode: 'stop',
      rate: 60,
      beforeMs: 1500,
      downMs: 4000,
      afterMs: 1500,
      answerBoundMs: 12_000,
      recoveryBoundMs: 10_000,
    });
    expect(figures.problems).toEqual([]);
    expect(Object.keys(figures.outcomes).sort()).toEqual(['200', '503']);
    expect(figures.readyUnavailable).toBe(figures.readyPollsDown);
    expect(figures.lost).toBe(0);
  }, 90_000);

  it('frozen (no answers at all): 503 within the timeouts instead of a hang', async () => {
    const figures = await outageScenario({
      postgres,
      mode: 'freeze',
      rate: 40,
      beforeMs: 1500,
      downMs: 8000,
      afterMs: 1500,
      // connection.ts: a statement may take 5 s and its rollback 5 s more.
      answerBoundMs: 12_000,
      recoveryBoundMs: 15_000,
    });
    expect(figures.problems).toEqual([]);
    expect(figures.outcomes['503']).toBeGreaterThan(0);
    expect(figures.readyPollsDown).toBeGreaterThan(0);
    expect(figures.readyUnavailable).toBe(figures.readyPollsDown);
    expect(figures.lost).toBe(0);
  }, 90_000);
});
