import { describe, expect, it } from 'vitest';
import type { DialectName } from '../test-support/databases.js';
import { validPayload } from '../test-support/fixtures.js';
import { verifyAuditChain } from './audit.js';
import {
  DOROTHY_VAUGHAN,
  KATHERINE_JOHNSON,
  useStaffApplications,
} from '../test-support/staff-applications.js';

// docs/back-office.md "Export": the filtered list as CSV, for admins only, audited.
describe.each<DialectName>(['sqlite', 'postgres'])(
  'back-office export on %s',
  { timeout: 90_000 },
  (dialect) => {
    const h = useStaffApplications(dialect, ['agent', 'admin', 'auditor']);
    const { submit, sessions } = h;

    /** A POST: the search text is in the body, never in the URL (decision 0052). */
    const exportAs = (headers: Record<string, string>, query: Record<string, string> = {}) =>
      h.t.app.inject({
        method: 'POST',
        url: '/api/staff/applications/export',
        payload: query,
        headers,
      });

    it('gives an admin the filtered list as CSV and audits whose rows left, without the search text', async () => {
      const katherine = await submit(KATHERINE_JOHNSON);
      await submit(DOROTHY_VAUGHAN);

      const response = await exportAs(sessions.admin.headers(), { q: 'johnson' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="applications.csv"',
      );
      expect(response.headers['cache-control']).toBe('no-store');
      const lines = response.body.split('\r\n');
      expect(lines[0]).toBe(
        'Reference,Application id,Received (UTC),Completed (UTC),Outcome,Decline reason,Journey,Name,E-mail,Phone,Postcode,Brand,Affiliate,Loan amount,Status,Needs follow-up',
      );
      expect(lines.slice(1)).toEqual([
        // The phone with a space: a spreadsheet keeps it as text, with its leading 0.
        `${katherine.reference},${katherine.applicationId},2026-03-10 10:00:00,2026-03-10 10:00:00,approved,,vehicle,Katherine Johnson,k.johnson@example.com,07911 900456,SW1A 2AA,default,default,7500,new,no`,
        '',
      ]);

      const logged = await h.database.db
        .selectFrom('staff_audit_log')
        .select(['action', 'actor_email', 'detail_json'])
        .where('action', '=', 'applications-exported')
        .execute();
      expect(logged).toHaveLength(1);
      expect(logged[0]!.actor_email).toBe(h.staff.admin.member.email);
      // Which kind of search and how many rows, never the text searched for: a name, e-mail or
      // phone typed by staff would stay in the append-only log beyond any erasure (decision 0032).
      // And whose rows left in the file: their application row ids.
      const katherineId = (
        await h.database.db
          .selectFrom('applications')
          .select('id')
          .where('reference', '=', katherine.reference)
          .executeTakeFirstOrThrow()
      ).id;
      expect(JSON.parse(logged[0]!.detail_json!)).toEqual({
        searchKind: 'name',
        rows: 1,
        applications: [katherineId],
      });
      for (const q of ['k.johnson@example.com', '07911 900456']) {
        expect(
          (await exportAs(sessions.admin.headers(), { q, outcome: 'approved' })).statusCode,
        ).toBe(200);
      }
      const exports = await h.database.db
        .selectFrom('staff_audit_log')
        .select('detail_json')
        .where('action', '=', 'applications-exported')
        .orderBy('id')
        .execute();
      expect(exports.slice(1).map((entry) => JSON.parse(entry.detail_json!) as unknown)).toEqual([
        { outcome: 'approved', searchKind: 'email', rows: 1, applications: [katherineId] },
        { outcome: 'approved', searchKind: 'phone', rows: 1, applications: [katherineId] },
      ]);
      const everything = JSON.stringify(
        await h.database.db.selectFrom('staff_audit_log').selectAll().execute(),
      ).toLowerCase();
      for (const typed of ['johnson', '900456']) expect(everything).not.toContain(typed);
      expect(await verifyAuditChain(h.database.db)).toMatchObject({ intact: true });
    });

    it('neutralises cells a spreadsheet would run as formulas', async () => {
      // A partial application's answers are kept as typed: the easiest place for a formula.
      const payload = validPayload();
      const saved = await h.t.app.inject({
        method: 'POST',
        url: `/api/submission/partial/${payload.submissionKey}`,
        payload: { ...payload, firstName: '=1+2', lastName: '@SUM(A1)', IsCompleted: false },
      });
      expect(saved.statusCode, saved.body).toBe(202);
      const response = await exportAs(sessions.admin.headers(), { outcome: 'abandoned' });
      expect(response.statusCode).toBe(200);
      const row = response.body.split('\r\n')[1]!;
      expect(row).toContain(",'=1+2 @SUM(A1),");
      expect(row).toContain(',abandoned,');
    });

    it('quotes a value holding a semicolon, and neutralises a formula after it, for a spreadsheet that splits on semicolons', async () => {
      const payload = validPayload();
      const saved = await h.t.app.inject({
        method: 'POST',
        url: `/api/submission/partial/${payload.submissionKey}`,
        payload: { ...payload, firstName: 'Ada', lastName: 'Smith;=1+2', IsCompleted: false },
      });
      expect(saved.statusCode, saved.body).toBe(202);
      const response = await exportAs(sessions.admin.headers(), { outcome: 'abandoned' });
      const row = response.body.split('\r\n')[1]!;
      expect(row).toContain(`,"Ada Smith;'=1+2",`);
      // Read with ";" as the separator, no cell of the row starts a formula.
      const cells = row.split(';');
      expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
    });

    it('refuses agents, auditors and requests without a session, and audits nothing', async () => {
      await submit();
      for (const role of ['agent', 'auditor'] as const) {
        const refused = await exportAs(sessions[role].headers());
        expect(refused.statusCode, role).toBe(403);
        expect(refused.json()).toEqual({ error: 'forbidden' });
      }
      const anonymous = await exportAs({});
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ error: 'unauthenticated' });
      expect(anonymous.body).not.toContain('example.com');
      const exported = await h.database.db
        .selectFrom('staff_audit_log')
        .select('id')
        .where('action', '=', 'applications-exported')
        .where('actor_email', '<>', h.staff.admin.member.email)
        .execute();
      expect(exported).toEqual([]);
    });

    it('refuses an invalid filter', async () => {
      const response = await exportAs(sessions.admin.headers(), { outcome: 'everything' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_query' });
    });
  },
);
