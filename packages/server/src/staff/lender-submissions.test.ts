/**
 * Lender submissions (docs/decisions/0085-lender-submissions.md, docs/back-office.md "Lenders"):
 * recorded from the panel's matches, updated with the lender's decision and payout, resubmitted
 * to another lender; roles checked; every change audited; found by subject access, erasure and
 * retention through the application's key (docs/data-lifecycle.md).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { confirmationOf } from '../test-support/erasure.js';
import { deleteExpired } from '../lifecycle/retention.js';
import type { DialectName } from '../test-support/databases.js';
import { validPayload } from '../test-support/fixtures.js';
import { useStaffApplications } from '../test-support/staff-applications.js';
import type { SignedIn } from '../test-support/staff.js';

interface Submission {
  id: number;
  lenderId: string;
  lender: string;
  lenderReference: string | null;
  decision: string;
  nextDecisions: string[];
  paidOutOn: string | null;
  commissionPence: number;
  commissionDisclosureVersion: number | null;
  resubmissionOf: number | null;
  submittedBy: string;
  updatedBy: string;
}
interface LenderRecord {
  matches: { id: string; name: string }[];
  submissions: Submission[];
  commissionDisclosureVersion: number | null;
}

describe.each<DialectName>(['sqlite', 'postgres'])(
  'lender submissions on %s',
  { timeout: 120_000 },
  (dialect) => {
    const s = useStaffApplications(dialect, ['agent', 'admin', 'auditor'] as const);

    /** A vehicle application whose session was served the commission disclosure, version 1. */
    async function newCase(overrides = {}): Promise<{ id: number; email: string }> {
      const payload = validPayload(overrides);
      const served = await s.t.app.inject({
        method: 'POST',
        url: `/api/disclosures/${payload.submissionKey}`,
        payload: { shown: [{ text: 'commission', version: 1 }] },
      });
      expect(served.statusCode, served.body).toBe(200);
      await s.submit(payload);
      const row = await s.t.db
        .selectFrom('applications')
        .select('id')
        .where('submission_key', '=', payload.submissionKey)
        .executeTakeFirstOrThrow();
      return { id: row.id, email: payload.email };
    }

    let testStarted = '';
    beforeEach(() => {
      // Each test's entries are written a minute after the last test's.
      s.t.clock.set(new Date(s.t.clock.now().getTime() + 60_000));
      testStarted = s.t.clock.now().toISOString();
    });

    function url(id: number, submission?: number) {
      return `/api/staff/applications/${id}/lender-submissions${submission ? `/${submission}` : ''}`;
    }
    function post(session: SignedIn, to: string, payload: object) {
      return s.t.app.inject({ method: 'POST', url: to, payload, headers: session.headers() });
    }
    function read(session: SignedIn, id: number) {
      return s.t.app.inject({ method: 'GET', url: url(id), headers: session.headers() });
    }
    /** The case's lender entries of the log from this test (SQLite reuses a deleted row's id). */
    async function actions(target: number) {
      const rows = await s.t.db
        .selectFrom('staff_audit_log')
        .select(['action', 'detail_json'])
        .where('target', '=', String(target))
        .where('at', '>=', testStarted)
        .where('action', 'like', 'lender%')
        .orderBy('id')
        .execute();
      return rows.map((row) => [row.action, JSON.parse(row.detail_json ?? 'null') as unknown]);
    }

    it('records a case sent to a lender the panel matched, with the commission and the disclosure version shown', async () => {
      const { id } = await newCase();
      const before = await read(s.sessions.agent, id);
      expect(before.statusCode).toBe(200);
      const record = before.json<LenderRecord>();
      expect(record.matches.map((match) => match.id)).toEqual([
        'pennyworth-motor',
        'northgate-vehicle',
      ]);
      expect(record.submissions).toEqual([]);
      expect(record.commissionDisclosureVersion).toBe(1);

      const sent = await post(s.sessions.agent, url(id), {
        lenderId: 'northgate-vehicle',
        lenderReference: ' NVC-2026/0042 ',
        commission: '£1,250.5',
      });
      expect(sent.statusCode, sent.body).toBe(201);
      expect(sent.json<LenderRecord>().submissions).toEqual([
        expect.objectContaining({
          lenderId: 'northgate-vehicle',
          lender: 'Northgate Vehicle Credit (fictional)',
          lenderReference: 'NVC-2026/0042',
          decision: 'pending',
          nextDecisions: ['pending', 'approved', 'declined', 'withdrawn'],
          paidOutOn: null,
          commissionPence: 125_050,
          commissionDisclosureVersion: 1,
          resubmissionOf: null,
          submittedBy: s.staff.agent.member.email,
        }),
      ]);
      const submission = sent.json<LenderRecord>().submissions[0]!.id;
      expect(await actions(id)).toEqual([
        ['lender-submissions-viewed', null],
        [
          'lender-submitted',
          {
            submission,
            lender: 'northgate-vehicle',
            resubmissionOf: null,
            commissionPence: 125_050,
            commissionDisclosureVersion: 1,
          },
        ],
      ]);
    });

    it('refuses a lender the panel did not match, and bad amounts and references, with messages', async () => {
      const { id } = await newCase();
      const refused = await post(s.sessions.agent, url(id), {
        lenderId: 'hearthstone-homeowner',
        lenderReference: 'x'.repeat(51),
        commission: '12.345',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        error: 'invalid',
        fields: [
          {
            path: 'lenderId',
            message: 'Choose one of the lenders the panel matched for this application',
          },
          {
            path: 'lenderReference',
            message: 'Enter the lender’s reference in 50 characters or fewer',
          },
          {
            path: 'commission',
            message: 'Enter the commission in pounds and pence, for example 450.00',
          },
        ],
      });
      const symbols = await post(s.sessions.agent, url(id), {
        lenderId: 'pennyworth-motor',
        lenderReference: '<script>',
        commission: '100001',
      });
      expect(symbols.json()).toEqual({
        error: 'invalid',
        fields: [
          {
            path: 'lenderReference',
            message:
              'The lender’s reference can only include letters, numbers, spaces, hyphens, slashes and full stops',
          },
          { path: 'commission', message: 'Enter a commission of £100,000 or less' },
        ],
      });
      expect(await s.t.db.selectFrom('lender_submissions').selectAll().execute()).toEqual([]);

      // A declined application has no matches to choose from.
      const { id: declined } = await newCase({
        netMonthlyIncome: 100,
        email: 'declined@example.com',
        contactNumber: '07911900111',
      });
      const none = await post(s.sessions.agent, url(declined), {
        lenderId: 'pennyworth-motor',
        commission: '100',
      });
      expect(none.json()).toEqual({
        error: 'invalid',
        fields: [{ path: 'lenderId', message: 'The panel matched no lender for this application' }],
      });
    });

    it('updates the lender’s decision and payout, then resubmits to another lender after a decline', async () => {
      const { id } = await newCase();
      const first = (
        await post(s.sessions.agent, url(id), { lenderId: 'pennyworth-motor', commission: '400' })
      ).json<LenderRecord>().submissions[0]!.id;

      // While it is with the first lender, no second one.
      const stillOpen = await post(s.sessions.agent, url(id), {
        lenderId: 'northgate-vehicle',
        commission: '400',
      });
      expect(stillOpen.statusCode).toBe(409);
      expect(stillOpen.json()).toEqual({
        error: 'conflict',
        message:
          'This case is with Pennyworth Motor Finance (fictional). Record its decision before sending it to another lender',
      });

      const declined = await post(s.sessions.admin, url(id, first), {
        lenderReference: 'PMF-9',
        decision: 'declined',
        paidOutOn: '',
        commission: '400',
      });
      expect(declined.statusCode, declined.body).toBe(200);
      expect(declined.json<LenderRecord>().submissions[0]).toMatchObject({
        decision: 'declined',
        nextDecisions: [],
        lenderReference: 'PMF-9',
        updatedBy: s.staff.admin.member.email,
      });
      const again = await post(s.sessions.agent, url(id, first), {
        lenderReference: 'PMF-9',
        decision: 'approved',
        paidOutOn: '',
        commission: '400',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        error: 'closed',
        message: 'This submission is closed: a declined or withdrawn submission cannot be changed',
      });

      const sameLender = await post(s.sessions.agent, url(id), {
        lenderId: 'pennyworth-motor',
        commission: '400',
      });
      expect(sameLender.json()).toEqual({
        error: 'conflict',
        message:
          'This case was sent to Pennyworth Motor Finance (fictional) before. Choose another lender',
      });
      const resubmitted = await post(s.sessions.agent, url(id), {
        lenderId: 'northgate-vehicle',
        commission: '380.00',
      });
      expect(resubmitted.statusCode).toBe(201);
      const second = resubmitted.json<LenderRecord>().submissions[1]!;
      expect(second).toMatchObject({ lenderId: 'northgate-vehicle', resubmissionOf: first });

      // Paid out only when approved, and not in the future (the test clock: 10 March 2026).
      const early = await post(s.sessions.agent, url(id, second.id), {
        lenderReference: 'NVC-1',
        decision: 'pending',
        paidOutOn: '2026-03-09',
        commission: '380',
      });
      expect(early.json()).toEqual({
        error: 'invalid',
        fields: [
          { path: 'paidOutOn', message: 'Only an approved submission can have a date paid out' },
        ],
      });
      for (const [paidOutOn, message] of [
        ['2026-03-11', 'The date paid out must be today or earlier'],
        ['2026-02-30', 'Enter the date paid out as a real date, for example 27 11 2026'],
      ]) {
        const bad = await post(s.sessions.agent, url(id, second.id), {
          lenderReference: 'NVC-1',
          decision: 'approved',
          paidOutOn,
          commission: '380',
        });
        expect(bad.json()).toEqual({ error: 'invalid', fields: [{ path: 'paidOutOn', message }] });
      }
      const paid = await post(s.sessions.agent, url(id, second.id), {
        lenderReference: 'NVC-1',
        decision: 'approved',
        paidOutOn: '2026-03-10',
        commission: '385.20',
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json<LenderRecord>().submissions[1]).toMatchObject({
        decision: 'approved',
        paidOutOn: '2026-03-10',
        commissionPence: 38_520,
        nextDecisions: ['approved', 'withdrawn'],
      });
      const withdrawPaid = await post(s.sessions.agent, url(id, second.id), {
        lenderReference: 'NVC-1',
        decision: 'withdrawn',
        paidOutOn: '',
        commission: '385.20',
      });
      expect(withdrawPaid.json()).toEqual({
        error: 'invalid',
        fields: [
          { path: 'decision', message: 'A submission that was paid out cannot be withdrawn' },
        ],
      });
      const backToPending = await post(s.sessions.agent, url(id, second.id), {
        lenderReference: 'NVC-1',
        decision: 'pending',
        paidOutOn: '',
        commission: '385.20',
      });
      expect(backToPending.json()).toEqual({
        error: 'invalid',
        fields: [
          {
            path: 'decision',
            message: 'An approved submission can only stay approved or be withdrawn',
          },
        ],
      });

      // Each change is in the log, the lender's reference only as "changed".
      const log = await actions(id);
      expect(log.map(([action]) => action)).toEqual([
        'lender-submitted',
        'lender-submission-updated',
        'lender-submitted',
        'lender-submission-updated',
      ]);
      expect(log[3]![1]).toEqual({
        submission: second.id,
        decision: { from: 'pending', to: 'approved' },
        paidOutOn: { from: null, to: '2026-03-10' },
        commissionPence: { from: 38_000, to: 38_520 },
        referenceChanged: true,
      });
      expect(JSON.stringify(log)).not.toContain('NVC-1');
    });

    it('lets an auditor read the record but not change it, and finds another case’s submission nowhere', async () => {
      const { id } = await newCase();
      const { id: other } = await newCase();
      const sent = await post(s.sessions.agent, url(id), {
        lenderId: 'pennyworth-motor',
        commission: '400',
      });
      const submission = sent.json<LenderRecord>().submissions[0]!.id;

      expect((await read(s.sessions.auditor, id)).statusCode).toBe(200);
      const create = await post(s.sessions.auditor, url(other), {
        lenderId: 'pennyworth-motor',
        commission: '400',
      });
      expect(create.statusCode).toBe(403);
      const update = await post(s.sessions.auditor, url(id, submission), {
        lenderReference: '',
        decision: 'withdrawn',
        paidOutOn: '',
        commission: '400',
      });
      expect(update.statusCode).toBe(403);
      // Another case's address with this submission's id: not found, not changed.
      const crossed = await post(s.sessions.agent, url(other, submission), {
        lenderReference: '',
        decision: 'withdrawn',
        paidOutOn: '',
        commission: '1',
      });
      expect(crossed.statusCode).toBe(404);
      expect((await read(s.sessions.agent, 999_999)).statusCode).toBe(404);
      const noToken = await s.t.app.inject({
        method: 'POST',
        url: url(other),
        payload: { lenderId: 'pennyworth-motor', commission: '400' },
        headers: s.sessions.agent.headers({ csrf: false }),
      });
      expect(noToken.statusCode).toBe(403);
      const rows = await s.t.db
        .selectFrom('lender_submissions')
        .select(['application_row_id', 'decision', 'commission_pence'])
        .execute();
      expect(rows).toEqual([
        { application_row_id: id, decision: 'pending', commission_pence: 40_000 },
      ]);
    });

    it('is in the person’s subject access file, goes with their erasure, and with retention', async () => {
      const { id, email } = await newCase({ email: 'lender.record@example.com' });
      await post(s.sessions.agent, url(id), {
        lenderId: 'pennyworth-motor',
        lenderReference: 'PMF-77',
        commission: '410',
      });
      const access = await post(s.sessions.admin, '/api/staff/subject-access', { q: email });
      expect(access.statusCode, access.body).toBe(200);
      const document = access.json<{
        applications: { id: number; lenderSubmissions: Record<string, unknown>[] }[];
      }>();
      expect(document.applications.find((entry) => entry.id === id)?.lenderSubmissions).toEqual([
        {
          lender: 'Pennyworth Motor Finance (fictional)',
          lenderReference: 'PMF-77',
          decision: 'pending',
          paidOutOn: null,
          commissionPence: 41_000,
          commissionDisclosureVersion: 1,
          submittedAt: s.t.clock.now().toISOString(),
          by: s.staff.agent.member.email,
        },
      ]);
      const audit = await s.t.db
        .selectFrom('staff_audit_log')
        .select('detail_json')
        .where('action', '=', 'subject-access')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.detail_json!)).toMatchObject({
        disclosed: { lenderSubmissions: [expect.any(Number)] },
      });

      const erased = await post(s.sessions.admin, '/api/staff/erasure', {
        q: email,
        reason: 'Erasure request, ticket 12',
        applicationIds: [id],
        confirmation: await confirmationOf(s.t.db, [id]),
      });
      expect(erased.statusCode, erased.body).toBe(200);
      expect(await s.t.db.selectFrom('lender_submissions').selectAll().execute()).toEqual([]);

      // Retention: a decided application six years after completion goes, and its lender rows.
      const { id: old } = await newCase();
      await post(s.sessions.agent, url(old), { lenderId: 'pennyworth-motor', commission: '1' });
      expect(await s.t.db.selectFrom('lender_submissions').select('id').execute()).toHaveLength(1);
      await deleteExpired(s.t.db, new Date('2032-03-11T10:00:00.000Z'), {
        decidedYears: 6,
        partialDays: 90,
        deliveredDays: 30,
      });
      expect(await s.t.db.selectFrom('lender_submissions').selectAll().execute()).toEqual([]);
    });
  },
);
