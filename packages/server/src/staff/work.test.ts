import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DialectName, TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';
import { validPayload } from '../test-support/fixtures.js';
import type { SignedIn, TestStaff } from '../test-support/staff.js';
import { addActiveStaff, signIn } from '../test-support/staff.js';

interface Work {
  status: string;
  nextStatuses: string[];
  assignee: { id: string; email: string } | null;
  activity: { at: string; by: string; kind: string; text: string }[];
}

describe.each<DialectName>(['sqlite', 'postgres'])(
  'working an application on %s',
  { timeout: 90_000 },
  (dialect) => {
    let database: TestDatabase;
    let t: TestApp;
    let agent: TestStaff;
    let session: SignedIn;
    let auditor: TestStaff;
    let rowId: number;

    beforeAll(async () => {
      database = await openTestDatabase(dialect, inject('postgresUrl'));
      t = await startTestApp(database);
      agent = await addActiveStaff(t, 'agent');
      auditor = await addActiveStaff(t, 'auditor');
      session = await signIn(t, agent);
    });
    afterAll(async () => {
      await t.close();
      await database.close();
    });
    afterEach(async () => {
      await sql`delete from application_activity`.execute(database.db);
      await sql`delete from application_work`.execute(database.db);
      await sql`delete from applications`.execute(database.db);
    });

    async function newApplication(): Promise<number> {
      const payload = validPayload();
      await t.app.inject({
        method: 'POST',
        url: `/api/submission/${payload.submissionKey}`,
        payload,
      });
      const row = await database.db
        .selectFrom('applications')
        .select('id')
        .where('submission_key', '=', payload.submissionKey)
        .executeTakeFirstOrThrow();
      return row.id;
    }

    function post(path: string, payload: object) {
      return t.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${rowId}/${path}`,
        payload,
        headers: session.headers(),
      });
    }

    async function actions(since: number) {
      const rows = await database.db
        .selectFrom('staff_audit_log')
        .select(['action', 'target', 'detail_json'])
        .where('id', '>', since)
        .orderBy('id')
        .execute();
      return rows.map((row) => [row.action, row.target, row.detail_json]);
    }

    async function auditMark() {
      const row = await database.db
        .selectFrom('staff_audit_log')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      return Number(row.id ?? 0);
    }

    it('keeps notes with who and when; the audit log says a note was added, not what it said', async () => {
      rowId = await newApplication();
      const mark = await auditMark();
      const empty = await post('notes', { text: '   ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({
        error: 'invalid',
        fields: [{ path: 'text', message: 'Enter a note' }],
      });
      const long = await post('notes', { text: 'x'.repeat(2001) });
      expect(long.json()).toEqual({
        error: 'invalid',
        fields: [{ path: 'text', message: 'Enter a note of 2,000 characters or fewer' }],
      });
      const added = await post('notes', { text: 'Called, left a voicemail.' });
      expect(added.statusCode).toBe(201);
      expect(added.json<Work>().activity).toEqual([
        {
          id: expect.any(Number) as number,
          at: '2026-03-10T10:00:00.000Z',
          by: agent.member.email,
          kind: 'note',
          text: 'Called, left a voicemail.',
        },
      ]);
      expect(await actions(mark)).toEqual([['note-added', String(rowId), null]]);
    });

    it('moves the status only along the workflow, recording who and when', async () => {
      rowId = await newApplication();
      const mark = await auditMark();
      const skip = await post('status', { status: 'completed' });
      expect(skip.statusCode).toBe(409);
      expect(skip.json()).toEqual({ error: 'invalid_transition', from: 'new', to: 'completed' });

      for (const status of ['contacted', 'referred', 'completed']) {
        t.clock.set(new Date(t.clock.now().getTime() + 60_000));
        const response = await post('status', { status });
        expect(response.statusCode, status).toBe(200);
        expect(response.json<Work>().status).toBe(status);
      }
      const done = await post('status', { status: 'withdrawn' });
      expect(done.statusCode).toBe(409);

      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/staff/applications/${rowId}`,
        headers: session.headers(),
      });
      const work = detail.json<{ work: Work }>().work;
      expect(work.status).toBe('completed');
      expect(work.nextStatuses).toEqual([]);
      expect(work.activity.map((entry) => [entry.kind, entry.text, entry.by, entry.at])).toEqual([
        ['status', 'completed', agent.member.email, '2026-03-10T10:03:00.000Z'],
        ['status', 'referred', agent.member.email, '2026-03-10T10:02:00.000Z'],
        ['status', 'contacted', agent.member.email, '2026-03-10T10:01:00.000Z'],
      ]);
      expect((await actions(mark)).filter(([action]) => action === 'status-changed')).toEqual([
        ['status-changed', String(rowId), '{"from":"new","to":"contacted"}'],
        ['status-changed', String(rowId), '{"from":"contacted","to":"referred"}'],
        ['status-changed', String(rowId), '{"from":"referred","to":"completed"}'],
      ]);
    });

    it('assigns to the agent or nobody, never to an auditor, and filters the list by it', async () => {
      rowId = await newApplication();
      const other = await newApplication();

      const toAuditor = await post('assignment', { to: auditor.member.id });
      expect(toAuditor.statusCode).toBe(400);
      expect(toAuditor.json()).toEqual({ error: 'invalid_assignee' });

      const mine = await post('assignment', { to: 'me' });
      expect(mine.statusCode).toBe(200);
      expect(mine.json<Work>().assignee).toMatchObject({
        id: agent.member.id,
        email: agent.member.email,
      });

      const list = async (assigned: string) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/staff/applications/search',
          payload: { assigned },
          headers: session.headers(),
        });
        return response
          .json<{ applications: { id: number }[] }>()
          .applications.map((row) => row.id);
      };
      expect(await list('me')).toEqual([rowId]);
      expect(await list('none')).toEqual([other]);

      const nobody = await post('assignment', { to: null });
      expect(nobody.json<Work>().assignee).toBeNull();
      expect(await list('me')).toEqual([]);
      expect((await list('none')).sort()).toEqual([rowId, other].sort());
    });

    it('gives the audit log the member’s name and the application each entry concerns (docs/back-office.md "Audit log")', async () => {
      rowId = await newApplication();
      expect((await post('status', { status: 'contacted' })).statusCode).toBe(200);
      const { reference } = await database.db
        .selectFrom('applications')
        .select('reference')
        .where('id', '=', rowId)
        .executeTakeFirstOrThrow();
      const reader = await signIn(t, auditor);
      const read = await t.app.inject({
        method: 'GET',
        url: '/api/staff/audit',
        headers: reader.headers(),
      });
      const entries = read.json<{
        entries: {
          action: string;
          actorName: string | null;
          application: { id: number; reference: string | null } | null;
          targetStaffName: string | null;
          detail: unknown;
        }[];
      }>().entries;
      expect(entries.find((entry) => entry.action === 'status-changed')).toMatchObject({
        actorName: 'Test agent',
        application: { id: rowId, reference },
        targetStaffName: null,
        detail: { from: 'new', to: 'contacted' },
      });
      expect(entries.find((entry) => entry.action === 'audit-viewed')).toMatchObject({
        actorName: 'Test auditor',
        application: null,
      });

      // Once the application is gone, its entries still name the row but link nowhere.
      await sql`delete from application_activity`.execute(database.db);
      await sql`delete from application_work`.execute(database.db);
      await sql`delete from applications`.execute(database.db);
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/staff/audit',
        headers: reader.headers(),
      });
      expect(
        after
          .json<{ entries: { action: string; application: unknown }[] }>()
          .entries.find((entry) => entry.action === 'status-changed'),
      ).toMatchObject({ application: null });
    });
  },
);
