/**
 * What the app answers while it stops (docs/decisions/0069-graceful-shutdown.md): the drain
 * still serves, with readiness at 503; once closing, a request on a connection still open gets
 * the API's retryable 503 with the security headers. The built server under load:
 * bench/reliability/tests/shutdown.reliability.test.ts.
 */
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import type { TestDatabase } from '../test-support/databases.js';
import { openTestDatabase } from '../test-support/databases.js';
import { validPayload } from '../test-support/fixtures.js';
import type { DrainState } from './shutdown.js';

describe('an app that is stopping', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('sqlite', inject('postgresUrl'));
  });
  afterAll(() => database.close());

  it('drains with readiness at 503, then answers 503 unavailable to what still arrives', async () => {
    const config = loadConfig({ DATABASE_URL: database.url, RATE_LIMIT_SUBMISSIONS: '0' });
    const drain: DrainState = { draining: false, closing: false };
    const app = await buildApp({
      config,
      db: database.db,
      logger: createLogger('silent'),
      drain,
      webRoot: path.join(os.tmpdir(), 'broker-no-web-app'),
    });
    try {
      const submit = () => {
        const payload = validPayload({
          email: `${Math.random().toString(36).slice(2)}@example.com`,
        });
        return app.inject({
          method: 'POST',
          url: `/api/submission/${payload.submissionKey}`,
          payload,
        });
      };
      const ready = await app.inject('/readyz');
      expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);
      expect(ready.headers.connection).not.toBe('close');

      drain.draining = true;
      const stopping = await app.inject('/readyz');
      expect([stopping.statusCode, stopping.json(), stopping.headers.connection]).toEqual([
        503,
        { status: 'stopping' },
        'close',
      ]);
      const served = await submit();
      expect([served.statusCode, served.headers.connection]).toEqual([200, 'close']);

      drain.closing = true;
      const refused = await submit();
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ error: 'unavailable' });
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.headers.connection).toBe('close');
      expect(refused.headers['content-security-policy']).toContain("default-src 'self'");
      expect(refused.headers['x-content-type-options']).toBe('nosniff');
      expect((await app.inject('/healthz')).statusCode).toBe(200);
      expect((await app.inject('/readyz')).json()).toEqual({ status: 'stopping' });
    } finally {
      await app.close();
    }
  });
});
