import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DialectName, TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';

describe.each<DialectName>(['sqlite', 'postgres'])(
  'POST /api/funnel on %s',
  { timeout: 90_000 },
  (dialect) => {
    let database: TestDatabase;
    let t: TestApp;

    beforeAll(async () => {
      database = await openTestDatabase(dialect, inject('postgresUrl'));
      t = await startTestApp(database);
    });
    afterAll(async () => {
      await t.close();
      await database.close();
    });
    afterEach(async () => {
      await sql`delete from funnel_counts`.execute(database.db);
    });

    function report(payload: unknown, headers: Record<string, string> = {}) {
      return t.app.inject({
        method: 'POST',
        url: '/api/funnel',
        headers: { host: 'apply.progressive.example', ...headers },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
    }

    async function counts() {
      return t.db.selectFrom('funnel_counts').selectAll().orderBy('step').execute();
    }

    it('refuses a count or a failure report sent from another site’s page (sendBeacon), and keeps this site’s', async () => {
      const beacon = { 'content-type': 'text/plain;charset=UTF-8' };
      const body = { step: 'start', branch: 'vehicle' };
      const failure = JSON.stringify({
        kind: 'failure',
        name: 'NetworkError',
        message: 'Network Error',
        operation: 'submitApplication',
      });
      const clientError = (headers: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: '/api/client-errors',
          headers: { host: 'apply.progressive.example', ...beacon, ...headers },
          payload: failure,
        });
      for (const foreign of <Record<string, string>[]>[
        { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
        { 'sec-fetch-site': 'same-site', origin: 'https://other.progressive.example' },
        { origin: 'https://evil.example' },
        { origin: 'null' },
      ]) {
        const counted = await report(body, { ...beacon, ...foreign });
        expect(counted.statusCode, JSON.stringify(foreign)).toBe(403);
        expect(counted.json()).toEqual({ error: 'cross_site' });
        expect((await clientError(foreign)).statusCode, JSON.stringify(foreign)).toBe(403);
      }
      expect(await counts()).toEqual([]);

      for (const own of <Record<string, string>[]>[
        { 'sec-fetch-site': 'same-origin', origin: 'https://apply.progressive.example' },
        { origin: 'https://apply.progressive.example' },
        // A client that is not a browser sends neither: accepted (docs/security.md says so).
        {},
      ]) {
        expect((await report(body, { ...beacon, ...own })).statusCode).toBe(204);
        expect((await clientError(own)).statusCode).toBe(204);
      }
      expect(Number((await counts())[0]!.count)).toBe(3);
    });

    it('counts a step per day, brand, affiliate and branch, and stores nothing else', async () => {
      const json = { 'content-type': 'application/json' };
      expect((await report({ step: 'start', branch: 'vehicle' }, json)).statusCode).toBe(204);
      expect((await report({ step: 'start', branch: 'vehicle' }, json)).statusCode).toBe(204);
      // sendBeacon's text/plain body is the same JSON.
      const beacon = await report(
        { step: 'contact', branch: 'secured', affiliate: 'bureauplus' },
        { 'content-type': 'text/plain;charset=UTF-8' },
      );
      expect(beacon.statusCode).toBe(204);
      t.clock.advanceDays(1);
      await report({ step: 'start', branch: 'vehicle' }, json);
      t.clock.set('2026-03-10T10:00:00.000Z');

      const rows = (await counts()).map((row) => ({ ...row, count: Number(row.count) }));
      expect(rows).toEqual([
        {
          day: '2026-03-10',
          brand: 'progressive',
          affiliate: 'bureauplus',
          branch: 'secured',
          step: 'contact',
          count: 1,
        },
        {
          day: '2026-03-10',
          brand: 'progressive',
          affiliate: 'progressive',
          branch: 'vehicle',
          step: 'start',
          count: 2,
        },
        {
          day: '2026-03-11',
          brand: 'progressive',
          affiliate: 'progressive',
          branch: 'vehicle',
          step: 'start',
          count: 1,
        },
      ]);
      const columns = (await t.db.introspection.getTables())
        .find((table) => table.name === 'funnel_counts')!
        .columns.map((column) => column.name)
        .sort();
      expect(columns).toEqual(['affiliate', 'branch', 'brand', 'count', 'day', 'step']);
    });

    it('refuses unknown steps, branches, affiliates and extra fields, and counts nothing', async () => {
      const json = { 'content-type': 'application/json' };
      for (const payload of [
        { step: 'not-a-step', branch: 'vehicle' },
        { step: 'start', branch: 'boat' },
        { step: 'start', branch: 'vehicle', affiliate: 'someone-else' },
        { step: 'start', branch: 'vehicle', email: 'ada@example.com' },
        {},
      ]) {
        const response = await report(payload, json);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json<{ error: string }>().error).toBe('invalid_report');
      }
      expect((await report('not json', { 'content-type': 'text/plain' })).statusCode).toBe(400);
      expect(await counts()).toEqual([]);
    });

    it('refuses a body larger than a report', async () => {
      const response = await report(
        { step: 'start', branch: 'vehicle', padding: 'x'.repeat(600) },
        { 'content-type': 'application/json' },
      );
      expect(response.statusCode).toBe(413);
      expect(await counts()).toEqual([]);
    });
  },
);

describe('POST /api/funnel rate limit', () => {
  it('answers 429 past the per-address limit of RATE_LIMIT_LOOKUPS', async () => {
    const database = await openTestDatabase('sqlite', inject('postgresUrl'));
    const t = await startTestApp(database, { env: { RATE_LIMIT_LOOKUPS: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/funnel',
          payload: { step: 'start', branch: 'vehicle' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([204, 204, 204, 429]);
      const row = await t.db.selectFrom('funnel_counts').select('count').executeTakeFirstOrThrow();
      expect(Number(row.count)).toBe(3);
    } finally {
      await t.close();
      await database.close();
    }
  });
});
