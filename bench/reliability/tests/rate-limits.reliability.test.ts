/**
 * Rate limits over two instances on one PostgreSQL
 * (docs/decisions/0071-rate-limits-across-instances.md): with RATE_LIMIT_INSTANCES=2 each counts
 * half of every limit, so a client whose requests the balancer spreads over both meets the
 * configured figure, not twice it.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../../packages/server/src/test-support/postgres.js';
import { validPayload } from '../../../packages/server/src/test-support/fixtures.js';
import { buildServer, startServer } from '../harness/server-process.js';
import type { ServerProcess } from '../harness/server-process.js';

beforeAll(() => buildServer(), 120_000);

describe('rate limits over two instances', () => {
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  async function twoInstances(env: Record<string, string>): Promise<[string, string]> {
    const databaseUrl = await createTestDatabase(inject('postgresUrl'));
    const started = [
      await startServer({ databaseUrl, env }),
      await startServer({ databaseUrl, env }),
    ] as const;
    servers.push(...started);
    return [started[0].url, started[1].url];
  }

  /** The same application posted `times` times from one address, alternately to each instance. */
  async function postAlternately(targets: [string, string], times: number) {
    const payload = validPayload();
    const answers = [];
    for (let i = 0; i < times; i += 1) {
      const answer = await fetch(`${targets[i % 2]}/api/submission/${payload.submissionKey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      await answer.arrayBuffer();
      answers.push({ status: answer.status, retryAfter: answer.headers.get('retry-after') });
    }
    return answers;
  }

  it('holds the configured limit across both when RATE_LIMIT_INSTANCES says there are two', async () => {
    const targets = await twoInstances({
      RATE_LIMIT_SUBMISSIONS: '4',
      RATE_LIMIT_LOOKUPS: '4',
      RATE_LIMIT_INSTANCES: '2',
    });
    const answers = await postAlternately(targets, 8);
    expect(answers.map((answer) => answer.status)).toEqual([
      200, 200, 200, 200, 429, 429, 429, 429,
    ]);
    expect(Number(answers[4]?.retryAfter)).toBeGreaterThan(0);

    const lookups = [];
    for (let i = 0; i < 6; i += 1) {
      const answer = await fetch(`${targets[i % 2]}/api/address/${encodeURIComponent('E1 6AN')}`);
      await answer.arrayBuffer();
      lookups.push(answer.status);
    }
    expect(lookups.slice(4)).toEqual([429, 429]);
    expect(lookups.slice(0, 4)).not.toContain(429);
  }, 60_000);

  it('allows twice the limit when each instance is left to count the whole of it', async () => {
    const targets = await twoInstances({ RATE_LIMIT_SUBMISSIONS: '4' });
    const answers = await postAlternately(targets, 10);
    expect(answers.map((answer) => answer.status)).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 429, 429,
    ]);
  }, 60_000);
});
