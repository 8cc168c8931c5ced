import { sql } from 'kysely';
import { confirmationOf } from '../test-support/erasure.js';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { deleteExpired } from '../lifecycle/retention.js';
import type { DialectName, TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';
import { validJointPayload, validPayload } from '../test-support/fixtures.js';
import type { SignedIn, TestStaff } from '../test-support/staff.js';
import { addActiveStaff, signIn } from '../test-support/staff.js';
import { addDays, londonDate, responseDeadline, standingOf } from './complaints.js';

interface Complaint {
  id: number;
  applicationId: number | null;
  reference: string | null;
  receivedOn: string;
  deadlineOn: string;
  categoryName: string;
  summary: string | null;
  personalDataRemoved: boolean;
  standing: string;
  daysLeft: number;
  finalResponseOn: string | null;
  outcomeName: string | null;
  respondedBy: string | null;
}

describe('the final-response deadline (docs/decisions/0093-complaints-register.md)', () => {
  it('is 8 weeks after the day received, counted in calendar days across a clock change', () => {
    expect(responseDeadline('2026-03-10')).toBe('2026-05-05');
    // The clocks go forward on 29 March 2026 and back on 25 October 2026: a day is 23 or 25
    // hours there, and 56 × 24 hours from a London midnight would land on the day before.
    expect(responseDeadline('2026-03-01')).toBe('2026-04-26');
    expect(responseDeadline('2026-03-29')).toBe('2026-05-24');
    expect(responseDeadline('2026-09-20')).toBe('2026-11-15');
    expect(responseDeadline('2026-10-25')).toBe('2026-12-20');
    expect(responseDeadline('2028-01-10')).toBe('2028-03-06'); // 29 February on the way
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('takes today as the date in London, so a late evening in summer is already tomorrow', () => {
    expect(londonDate(new Date('2026-03-29T23:30:00.000Z'))).toBe('2026-03-30');
    expect(londonDate(new Date('2026-03-28T23:30:00.000Z'))).toBe('2026-03-28');
    expect(londonDate(new Date('2026-10-25T23:30:00.000Z'))).toBe('2026-10-25');
  });

  it('is "due soon" from 14 days before, and overdue the day after', () => {
    const open = (deadline_on: string, today: string) =>
      standingOf({ deadline_on, final_response_on: null }, today);
    expect(open('2026-05-24', '2026-05-09')).toEqual({ standing: 'open', daysLeft: 15 });
    expect(open('2026-05-24', '2026-05-10')).toEqual({ standing: 'due-soon', daysLeft: 14 });
    expect(open('2026-05-24', '2026-05-24')).toEqual({ standing: 'due-soon', daysLeft: 0 });
    expect(open('2026-05-24', '2026-05-25')).toEqual({ standing: 'overdue', daysLeft: -1 });
    expect(
      standingOf({ deadline_on: '2026-05-24', final_response_on: '2026-05-01' }, '2026-06-30')
        .standing,
    ).toBe('answered');
  });
});

describe.each<DialectName>(['sqlite', 'postgres'])(
  'the complaints register on %s',
  { timeout: 120_000 },
  (dialect) => {
    let database: TestDatabase;
    let t: TestApp;
    let agent: TestStaff;
    let asAgent: SignedIn;
    let asAuditor: SignedIn;
    let asAdmin: SignedIn;

    beforeAll(async () => {
      database = await openTestDatabase(dialect, inject('postgresUrl'));
      // 10 March 2026, 10:00 in London.
      t = await startTestApp(database);
      agent = await addActiveStaff(t, 'agent');
      asAgent = await signIn(t, agent);
      asAuditor = await signIn(t, await addActiveStaff(t, 'auditor'));
      asAdmin = await signIn(t, await addActiveStaff(t, 'admin'));
    });
    afterAll(async () => {
      await t.close();
      await database.close();
    });
    afterEach(async () => {
      await t.db.deleteFrom('complaints').execute();
      await t.db.deleteFrom('applications').execute();
      await t.db.deleteFrom('erasure_tombstones').execute();
    });

    async function submit(joint = false) {
      const email = `ada.${Math.random().toString(36).slice(2, 8)}@example.com`;
      const payload = joint ? validJointPayload({ email }) : validPayload({ email });
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/submission/${payload.submissionKey}`,
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      const row = await t.db
        .selectFrom('applications')
        .select(['id', 'reference'])
        .where('submission_key', '=', payload.submissionKey)
        .executeTakeFirstOrThrow();
      return { ...row, email };
    }

    function post(url: string, payload: object, session: SignedIn = asAgent) {
      return t.app.inject({ method: 'POST', url, payload, headers: session.headers() });
    }
    function get(url: string, session: SignedIn = asAgent) {
      return t.app.inject({ method: 'GET', url, headers: session.headers() });
    }
    async function log(id: number, receivedOn: string, summary = 'Was not told about commission') {
      const response = await post(`/api/staff/applications/${id}/complaints`, {
        receivedOn,
        category: 'commission',
        summary,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ complaints: Complaint[] }>().complaints[0]!;
    }

    it('logs a complaint with its deadline 8 weeks on, on the timeline and in the audit log without its words', async () => {
      const application = await submit();
      const complaint = await log(application.id, '2026-03-09', 'Said the APR was hidden');
      expect(complaint).toMatchObject({
        applicationId: application.id,
        reference: application.reference,
        receivedOn: '2026-03-09',
        deadlineOn: '2026-05-04',
        categoryName: 'Commission or what we disclosed',
        summary: 'Said the APR was hidden',
        standing: 'open',
        daysLeft: 55,
        finalResponseOn: null,
      });
      const activity = await t.db
        .selectFrom('application_activity')
        .select(['kind', 'text', 'staff_email'])
        .where('application_row_id', '=', application.id)
        .execute();
      expect(activity).toEqual([
        {
          kind: 'complaint',
          text: 'Complaint logged: Commission or what we disclosed',
          staff_email: agent.member.email,
        },
      ]);
      const audit = await t.db
        .selectFrom('staff_audit_log')
        .select(['action', 'detail_json'])
        .where('action', '=', 'complaint-logged')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.detail_json!)).toEqual({
        complaint: complaint.id,
        category: 'commission',
      });
    });

    it('refuses a complaint without a real past date, a category or a summary, with a message for each', async () => {
      const application = await submit();
      const url = `/api/staff/applications/${application.id}/complaints`;
      const fields = async (body: object) => {
        const response = await post(url, body);
        expect(response.statusCode).toBe(400);
        return response.json<{ fields: { path: string; message: string }[] }>().fields;
      };
      expect(await fields({ receivedOn: '', category: '', summary: '  ' })).toEqual([
        { path: 'receivedOn', message: 'Enter the date the complaint was received' },
        { path: 'category', message: 'Choose what the complaint is about' },
        { path: 'summary', message: 'Enter a summary of the complaint' },
      ]);
      expect(
        await fields({ receivedOn: '2026-02-30', category: 'service', summary: 'Slow' }),
      ).toEqual([
        { path: 'receivedOn', message: 'The date the complaint was received must be a real date' },
      ]);
      expect(
        await fields({ receivedOn: '2026-03-11', category: 'service', summary: 'Slow' }),
      ).toEqual([
        {
          path: 'receivedOn',
          message: 'The date the complaint was received must be today or in the past',
        },
      ]);
      expect(
        await fields({ receivedOn: '2026-03-10', category: 'toString', summary: 'x'.repeat(2001) }),
      ).toEqual([
        { path: 'category', message: 'Choose what the complaint is about' },
        { path: 'summary', message: 'Enter a summary of 2,000 characters or fewer' },
      ]);
      expect(await t.db.selectFrom('complaints').selectAll().execute()).toEqual([]);
    });

    it('warns as the deadline nears, marks it overdue past it, and records the final response once', async () => {
      const application = await submit();
      const overdue = await log(application.id, '2026-01-12'); // deadline 9 March
      const soon = await log(application.id, '2026-01-27'); // deadline 24 March: 14 days
      const open = await log(application.id, '2026-01-28'); // deadline 25 March: 15 days
      expect([overdue, soon, open].map((c) => [c.deadlineOn, c.standing, c.daysLeft])).toEqual([
        ['2026-03-09', 'overdue', -1],
        ['2026-03-24', 'due-soon', 14],
        ['2026-03-25', 'open', 15],
      ]);

      const respond = (id: number, body: object, session = asAgent) =>
        post(`/api/staff/complaints/${id}/response`, body, session);
      const refused = await respond(overdue.id, { finalResponseOn: '2026-01-11', outcome: 'won' });
      expect(refused.json()).toEqual({
        error: 'invalid',
        fields: [
          {
            path: 'finalResponseOn',
            message:
              'The date of the final response must be on or after the date the complaint was received',
          },
          { path: 'outcome', message: 'Choose the outcome' },
        ],
      });
      expect(
        (await respond(overdue.id, { finalResponseOn: '2026-03-11', outcome: 'upheld' })).json(),
      ).toEqual({
        error: 'invalid',
        fields: [
          {
            path: 'finalResponseOn',
            message: 'The date of the final response must be today or in the past',
          },
        ],
      });
      expect(
        (await respond(overdue.id, { finalResponseOn: '2026-03-10', outcome: 'upheld' }, asAuditor))
          .statusCode,
      ).toBe(403);

      const answered = await respond(overdue.id, {
        finalResponseOn: '2026-03-10',
        outcome: 'partly-upheld',
      });
      expect(answered.statusCode, answered.body).toBe(200);
      expect(
        answered.json<{ complaints: Complaint[] }>().complaints.find((c) => c.id === overdue.id),
      ).toMatchObject({
        finalResponseOn: '2026-03-10',
        outcomeName: 'Partly upheld',
        respondedBy: agent.member.email,
        standing: 'answered',
      });
      const again = await respond(overdue.id, { finalResponseOn: '2026-03-10', outcome: 'upheld' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        error: 'already_answered',
        message: 'The final response to this complaint is already recorded',
      });
      expect(
        (await respond(999_999, { finalResponseOn: '2026-03-10', outcome: 'upheld' })).statusCode,
      ).toBe(404);
    });

    it('shows the register, open complaints by deadline first and without summaries, to agents, admins and auditors; only agents and admins log', async () => {
      const first = await submit();
      const second = await submit();
      const later = await log(first.id, '2026-03-01');
      const sooner = await log(second.id, '2026-01-20');
      await post(`/api/staff/complaints/${sooner.id}/response`, {
        finalResponseOn: '2026-03-02',
        outcome: 'not-upheld',
      });
      const earliest = await log(second.id, '2026-02-01');

      for (const session of [asAgent, asAdmin, asAuditor]) {
        const register = await get('/api/staff/complaints', session);
        expect(register.statusCode).toBe(200);
        const rows = register.json<{ complaints: Complaint[] }>().complaints;
        expect(rows.map((row) => row.id)).toEqual([earliest.id, later.id, sooner.id]);
        expect(rows.every((row) => row.summary === null)).toBe(true);
        expect(rows[0]!.reference).toBe(second.reference);
      }
      const onCase = await get(`/api/staff/applications/${first.id}/complaints`, asAuditor);
      expect(onCase.json<{ complaints: Complaint[] }>().complaints[0]!.summary).toBe(
        'Was not told about commission',
      );
      const byAuditor = await post(
        `/api/staff/applications/${first.id}/complaints`,
        { receivedOn: '2026-03-01', category: 'other', summary: 'x' },
        asAuditor,
      );
      expect(byAuditor.statusCode).toBe(403);
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/staff/complaints' });
      expect(anonymous.statusCode).toBe(401);
      const viewed = await t.db
        .selectFrom('staff_audit_log')
        .select('action')
        .where('action', '=', 'complaints-register-viewed')
        .execute();
      expect(viewed.length).toBeGreaterThanOrEqual(3);
    });

    it('keeps a complaint in the register after erasure and retention, without the person’s words or link; subject access shows it before', async () => {
      const application = await submit();
      await log(application.id, '2026-03-02', 'Quokka said the broker misled her');
      const access = await post('/api/staff/subject-access', { q: application.email }, asAdmin);
      const file = access.json<{
        applications: { complaints: { summary: string; deadline_on: string }[] }[];
      }>();
      expect(file.applications[0]!.complaints).toEqual([
        expect.objectContaining({
          summary: 'Quokka said the broker misled her',
          deadline_on: '2026-04-27',
        }),
      ]);

      const erased = await post(
        '/api/staff/erasure',
        {
          q: application.email,
          reason: 'Asked in writing',
          applicationIds: [application.id],
          confirmation: await confirmationOf(t.db, [application.id]),
        },
        asAdmin,
      );
      expect(erased.statusCode, erased.body).toBe(200);
      const register = (await get('/api/staff/complaints', asAuditor)).json<{
        complaints: Complaint[];
      }>().complaints;
      expect(register).toEqual([
        expect.objectContaining({
          applicationId: null,
          reference: application.reference,
          receivedOn: '2026-03-02',
          deadlineOn: '2026-04-27',
          personalDataRemoved: true,
        }),
      ]);
      const everything = await sql<Record<string, unknown>>`select * from complaints`.execute(t.db);
      expect(JSON.stringify(everything.rows)).not.toContain('Quokka');
      expect(JSON.stringify(everything.rows)).not.toContain(application.email);

      // Retention: the application goes after 6 years; the complaint stays, without its words.
      const old = await submit();
      await log(old.id, '2026-03-03', 'Quokka again');
      await deleteExpired(t.db, new Date('2033-01-01T00:00:00.000Z'), {
        decidedYears: 6,
        partialDays: 90,
        deliveredDays: 30,
      });
      const rows = await t.db
        .selectFrom('complaints')
        .select(['application_row_id', 'summary', 'received_on'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { application_row_id: null, summary: null, received_on: '2026-03-02' },
        { application_row_id: null, summary: null, received_on: '2026-03-03' },
      ]);
    });

    it('removes the summary when one person of a joint application is erased, and keeps the complaint on the application', async () => {
      const joint = await submit(true);
      await log(joint.id, '2026-03-02', 'Ben and Quokka disagree about the car');
      const erased = await post(
        '/api/staff/erasure',
        {
          q: 'ben@example.com',
          reason: 'Asked in writing',
          applicationIds: [joint.id],
          confirmation: await confirmationOf(t.db, [joint.id]),
        },
        asAdmin,
      );
      expect(erased.statusCode, erased.body).toBe(200);
      const rows = await t.db
        .selectFrom('complaints')
        .select(['application_row_id', 'summary', 'category'])
        .execute();
      expect(rows).toEqual([
        { application_row_id: joint.id, summary: null, category: 'commission' },
      ]);
    });
  },
);
