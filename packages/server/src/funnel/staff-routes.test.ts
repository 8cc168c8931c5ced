import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DialectName, TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';
import type { SignedIn } from '../test-support/staff.js';
import { addActiveStaff, signIn } from '../test-support/staff.js';

interface Funnel {
  from: string;
  to: string;
  started: number;
  completed: number;
  completionRate: number | null;
  steps: { step: string; count: number; dropOff: number | null; dropOffRate: number | null }[];
  outcomes: { step: string; count: number }[];
  days: { day: string; started: number; completed: number; completionRate: number | null }[];
}

describe.each<DialectName>(['sqlite', 'postgres'])(
  'GET /api/staff/funnel on %s',
  { timeout: 90_000 },
  (dialect) => {
    let database: TestDatabase;
    let t: TestApp;
    let sessions: Record<'agent' | 'admin' | 'auditor', SignedIn>;

    beforeAll(async () => {
      database = await openTestDatabase(dialect, inject('postgresUrl'));
      t = await startTestApp(database);
      sessions = {
        agent: await signIn(t, await addActiveStaff(t, 'agent')),
        admin: await signIn(t, await addActiveStaff(t, 'admin')),
        auditor: await signIn(t, await addActiveStaff(t, 'auditor')),
      };
    });
    afterAll(async () => {
      await t.close();
      await database.close();
    });
    afterEach(async () => {
      await sql`delete from funnel_counts`.execute(database.db);
    });

    async function count(
      day: string,
      step: string,
      count: number,
      options: { brand?: string; affiliate?: string; branch?: string } = {},
    ) {
      const { brand = 'default', branch = 'vehicle' } = options;
      const affiliate = options.affiliate ?? brand;
      await t.db
        .insertInto('funnel_counts')
        .values({ day, brand, affiliate, branch, step, count })
        .execute();
    }

    function read(session: SignedIn | null, query = '') {
      return t.app.inject({
        method: 'GET',
        url: `/api/staff/funnel${query}`,
        headers: session ? session.headers() : {},
      });
    }

    it('answers every role, and no one without a session', async () => {
      for (const role of ['agent', 'admin', 'auditor'] as const) {
        expect((await read(sessions[role])).statusCode, role).toBe(200);
      }
      const anonymous = await read(null);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.body).not.toContain('started');
    });

    it('gives each step reached in journey order, the drop-off, the outcomes and the completion rate', async () => {
      await count('2026-03-09', 'start', 10);
      await count('2026-03-09', 'loan-type', 8);
      await count('2026-03-09', 'contact', 5);
      await count('2026-03-09', 'complete', 3);
      await count('2026-03-09', 'declined', 1);
      await count('2026-03-10', 'start', 4, { branch: 'secured' });
      await count('2026-03-10', 'duplicate', 1, { branch: 'secured' });
      // Outside the range asked for: not counted.
      await count('2026-03-01', 'start', 100);

      const response = await read(sessions.auditor, '?from=2026-03-05&to=2026-03-10');
      expect(response.statusCode).toBe(200);
      const funnel = response.json<Funnel>();
      expect(funnel).toMatchObject({ from: '2026-03-05', to: '2026-03-10', started: 14 });
      expect(funnel.steps).toEqual([
        { step: 'start', count: 14, dropOff: null, dropOffRate: null },
        // Only the vehicle applications had reached the step before on their branch.
        { step: 'loan-type', count: 8, dropOff: 2, dropOffRate: 2 / 10 },
        { step: 'contact', count: 5, dropOff: 3, dropOffRate: 3 / 8 },
      ]);
      expect(funnel.outcomes).toEqual([
        { step: 'complete', count: 3 },
        { step: 'declined', count: 1 },
        { step: 'duplicate', count: 1 },
      ]);
      expect(funnel.completed).toBe(5);
      expect(funnel.completionRate).toBe(5 / 14);
      expect(funnel.days).toEqual([
        { day: '2026-03-09', started: 10, completed: 4, completionRate: 0.4 },
        { day: '2026-03-10', started: 4, completed: 1, completionRate: 0.25 },
      ]);
    });

    it('measures each branch’s drop-off from the step it reached before, then adds them up', async () => {
      await count('2026-03-10', 'start', 10);
      await count('2026-03-10', 'looking-to-buy', 8);
      await count('2026-03-10', 'date-of-birth', 6);
      await count('2026-03-10', 'start', 4, { branch: 'secured' });
      await count('2026-03-10', 'looking-to-borrow', 3, { branch: 'secured' });
      await count('2026-03-10', 'date-of-birth', 2, { branch: 'secured' });
      const funnel = (await read(sessions.agent)).json<Funnel>();
      expect(funnel.steps).toEqual([
        { step: 'start', count: 14, dropOff: null, dropOffRate: null },
        { step: 'looking-to-buy', count: 8, dropOff: 2, dropOffRate: 2 / 10 },
        { step: 'looking-to-borrow', count: 3, dropOff: 1, dropOffRate: 1 / 4 },
        // Vehicle 8 → 6 and secured 3 → 2.
        { step: 'date-of-birth', count: 8, dropOff: 3, dropOffRate: 3 / 11 },
      ]);
    });

    it('filters by brand, affiliate and branch, and defaults to the last 30 days', async () => {
      await count('2026-03-10', 'start', 2, { brand: 'progressive' });
      await count('2026-03-10', 'start', 3, { brand: 'progressive', affiliate: 'bureauplus' });
      await count('2026-03-10', 'start', 5, { branch: 'joint' });
      await count('2026-02-08', 'start', 7);
      const started = async (query: string) =>
        (await read(sessions.agent, query)).json<Funnel>().started;
      expect(await started('?brand=progressive')).toBe(5);
      expect(await started('?brand=progressive&affiliate=bureauplus')).toBe(3);
      expect(await started('?branch=joint')).toBe(5);
      expect(await started('?branch=secured')).toBe(0);
      // 2026-02-08 is 31 days before the test clock's 2026-03-10.
      expect(await started('')).toBe(10);
      const funnel = (await read(sessions.agent)).json<Funnel>();
      expect([funnel.from, funnel.to]).toEqual(['2026-02-09', '2026-03-10']);
      expect(funnel.completionRate).toBe(0);
      expect(await started('?from=2026-02-01')).toBe(17);
    });

    it('refuses unknown filters, a range backwards or longer than 366 days', async () => {
      for (const query of [
        '?brand=nobody',
        '?branch=boat',
        '?from=2026-13-01',
        '?q=ada',
        '?from=2026-03-10&to=2026-03-09',
        '?from=2025-01-01&to=2026-03-10',
      ]) {
        expect((await read(sessions.admin, query)).statusCode, query).toBe(400);
      }
    });

    it('records each view in the audit log with its filters', async () => {
      await read(sessions.agent, '?branch=joint&from=2026-03-01&to=2026-03-10');
      const entry = await t.db
        .selectFrom('staff_audit_log')
        .selectAll()
        .where('action', '=', 'funnel-viewed')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(entry.detail_json!)).toEqual({
        branch: 'joint',
        from: '2026-03-01',
        to: '2026-03-10',
      });
    });
  },
);
