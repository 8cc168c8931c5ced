/**
 * The work queue (docs/back-office.md "The work queue", decisions 0083 and 0084): the saved
 * views and their counts, a case's next-action date in London's calendar, and bulk assign.
 */
import { describe, expect, it } from 'vitest';
import type { DialectName } from '../test-support/databases.js';
import { useStaffApplications } from '../test-support/staff-applications.js';
import type { SignedIn, TestStaff } from '../test-support/staff.js';
import { addActiveStaff } from '../test-support/staff.js';
import { londonToday } from './queue.js';

interface Listed {
  id: number;
  workStatus: string;
  assignedTo: string | null;
  nextActionOn: string | null;
}

describe.each<DialectName>(['sqlite', 'postgres'])(
  'the work queue on %s',
  { timeout: 120_000 },
  (dialect) => {
    const s = useStaffApplications(dialect, ['agent', 'admin', 'auditor'] as const);

    async function newCase(): Promise<number> {
      const { payload } = await s.submit();
      const row = await s.t.db
        .selectFrom('applications')
        .select('id')
        .where('submission_key', '=', payload.submissionKey)
        .executeTakeFirstOrThrow();
      return row.id;
    }

    function post(session: SignedIn, url: string, payload: object) {
      return s.t.app.inject({ method: 'POST', url, payload, headers: session.headers() });
    }

    async function moveTo(session: SignedIn, id: number, ...statuses: string[]) {
      for (const status of statuses) {
        const response = await post(session, `/api/staff/applications/${id}/status`, { status });
        expect(response.statusCode, response.body).toBe(200);
      }
    }

    async function view(session: SignedIn, name: string, after?: number) {
      const response = await post(session, '/api/staff/applications/search', {
        view: name,
        ...(after ? { after } : {}),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ applications: Listed[]; next: number | null }>();
    }

    async function counts(session: SignedIn) {
      const response = await s.t.app.inject({
        method: 'GET',
        url: '/api/staff/queue/counts',
        headers: session.headers(),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Record<string, number>>();
    }

    async function auditSince(mark: number) {
      return s.t.db
        .selectFrom('staff_audit_log')
        .select(['action', 'actor_email', 'target', 'detail_json'])
        .where('id', '>', mark)
        .orderBy('id')
        .execute();
    }

    async function auditMark() {
      const row = await s.t.db
        .selectFrom('staff_audit_log')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      return Number(row.id ?? 0);
    }

    it('lists each saved view and counts it, for the member asking', async () => {
      s.t.clock.set('2026-03-10T10:00:00.000Z');
      const agent = s.sessions.agent;
      const admin = s.sessions.admin;
      const mine = await newCase();
      const mineClosed = await newCase();
      const unassigned = await newCase();
      const documents = await newCase();
      const lender = await newCase();
      const withdrawn = await newCase();

      await post(agent, `/api/staff/applications/${mine}/assignment`, { to: 'me' });
      await moveTo(agent, mine, 'contacted');
      await post(agent, `/api/staff/applications/${mineClosed}/assignment`, { to: 'me' });
      await moveTo(agent, mineClosed, 'contacted', 'referred', 'completed');
      await moveTo(agent, documents, 'awaiting-documents');
      await post(admin, `/api/staff/applications/${lender}/assignment`, { to: 'me' });
      await moveTo(admin, lender, 'contacted', 'referred');
      await moveTo(agent, withdrawn, 'withdrawn');
      const set = await post(agent, `/api/staff/applications/${documents}/next-action`, {
        on: '2026-03-10',
      });
      expect(set.statusCode, set.body).toBe(200);
      // A next action whose day has passed (the route takes no past date: set as time went by).
      await s.t.db
        .updateTable('application_work')
        .set({ next_action_on: '2026-03-09' })
        .where('application_row_id', '=', lender)
        .execute();
      const auditor = s.sessions.auditor;
      const expected: Record<string, { agent: number[]; admin: number[] }> = {
        mine: { agent: [mine], admin: [lender] },
        unassigned: { agent: [documents, unassigned], admin: [documents, unassigned] },
        'due-today': { agent: [documents], admin: [documents] },
        overdue: { agent: [lender], admin: [lender] },
        'awaiting-documents': { agent: [documents], admin: [documents] },
        'awaiting-lender': { agent: [lender], admin: [lender] },
      };
      const agentCounts = await counts(agent);
      const adminCounts = await counts(admin);
      for (const [name, ids] of Object.entries(expected)) {
        expect(
          (await view(agent, name)).applications.map((row) => row.id),
          name,
        ).toEqual(ids.agent);
        expect(
          (await view(admin, name)).applications.map((row) => row.id),
          name,
        ).toEqual(ids.admin);
        expect(agentCounts[name], name).toBe(ids.agent.length);
        expect(adminCounts[name], name).toBe(ids.admin.length);
      }
      // The auditor works no cases: nothing is theirs, the rest is the same.
      expect(await counts(auditor)).toEqual({ ...agentCounts, mine: 0 });
      expect((await view(agent, 'due-today')).applications[0]).toMatchObject({
        workStatus: 'awaiting-documents',
        assignedTo: null,
        nextActionOn: '2026-03-10',
      });
      const mark = await auditMark();
      await counts(agent);
      expect(await auditSince(mark)).toEqual([
        expect.objectContaining({
          action: 'queue-counted',
          actor_email: s.staff.agent.member.email,
        }),
      ]);
    });

    it('reads today in London: 23:30 UTC on 30 June is 1 July (BST), on 10 March still 10 March (GMT)', () => {
      expect(londonToday({ now: () => new Date('2026-06-30T23:30:00.000Z') })).toBe('2026-07-01');
      expect(londonToday({ now: () => new Date('2026-03-10T23:30:00.000Z') })).toBe('2026-03-10');
    });

    it('pages a view by the same keyset as the list', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 27; i += 1) ids.push(await newCase());
      await moveTo(s.sessions.agent, ids[0]!, 'awaiting-documents');
      const first = await view(s.sessions.agent, 'unassigned');
      expect(first.applications).toHaveLength(25);
      expect(first.applications.map((row) => row.id)).toEqual([...ids].reverse().slice(0, 25));
      const second = await view(s.sessions.agent, 'unassigned', first.next!);
      expect(second.applications.map((row) => row.id)).toEqual([ids[1], ids[0]]);
      expect(second.next).toBeNull();
      expect((await counts(s.sessions.agent)).unassigned).toBe(27);
    });

    it('sets, changes and clears the next-action date, audited, with a message for a bad date', async () => {
      s.t.clock.set('2026-03-10T10:00:00.000Z');
      const id = await newCase();
      const url = `/api/staff/applications/${id}/next-action`;
      const mark = await auditMark();
      const set = await post(s.sessions.agent, url, { on: '2026-03-12' });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toMatchObject({ status: 'new', nextActionOn: '2026-03-12' });
      const today = await post(s.sessions.admin, url, { on: '2026-03-10' });
      expect(today.json()).toMatchObject({ nextActionOn: '2026-03-10' });
      const cleared = await post(s.sessions.agent, url, { on: null });
      expect(cleared.json()).toMatchObject({ nextActionOn: null });
      expect(
        (await auditSince(mark)).map((entry) => [entry.action, entry.target, entry.detail_json]),
      ).toEqual([
        ['next-action-set', String(id), JSON.stringify({ from: null, to: '2026-03-12' })],
        ['next-action-set', String(id), JSON.stringify({ from: '2026-03-12', to: '2026-03-10' })],
        ['next-action-set', String(id), JSON.stringify({ from: '2026-03-10', to: null })],
      ]);

      for (const [on, message] of [
        ['2026-02-30', 'Enter the next action date as a real date, for example 27 11 2026'],
        ['next week', 'Enter the next action date as a real date, for example 27 11 2026'],
        ['2026-03-09', 'The next action date must be today or later'],
        ['2028-03-11', 'The next action date must be within 2 years'],
      ]) {
        const refused = await post(s.sessions.agent, url, { on });
        expect(refused.statusCode, on).toBe(400);
        expect(refused.json(), on).toEqual({ error: 'invalid', fields: [{ path: 'on', message }] });
      }
      expect(
        (
          await s.t.db
            .selectFrom('application_work')
            .select('next_action_on')
            .where('application_row_id', '=', id)
            .executeTakeFirstOrThrow()
        ).next_action_on,
      ).toBeNull();

      const auditor = await post(s.sessions.auditor, url, { on: '2026-03-12' });
      expect(auditor.statusCode).toBe(403);
      const missing = await post(s.sessions.agent, `/api/staff/applications/999999/next-action`, {
        on: '2026-03-12',
      });
      expect(missing.statusCode).toBe(404);
      const noToken = await s.t.app.inject({
        method: 'POST',
        url,
        payload: { on: '2026-03-12' },
        headers: s.sessions.agent.headers({ csrf: false }),
      });
      expect(noToken.statusCode).toBe(403);

      // Closing the case takes its next action away; a closed case takes none.
      await post(s.sessions.agent, url, { on: '2026-03-11' });
      await moveTo(s.sessions.agent, id, 'not-proceeding');
      const closed = await post(s.sessions.agent, url, { on: '2026-03-12' });
      expect(closed.statusCode).toBe(409);
      expect(closed.json()).toEqual({
        error: 'closed',
        message: 'This case is closed: it has no next action',
      });
      expect((await counts(s.sessions.agent))['due-today']).toBe(0);
    });

    describe('bulk assign', () => {
      let second: TestStaff;

      async function assignees(ids: number[]) {
        const rows = await s.t.db
          .selectFrom('applications')
          .leftJoin('application_work', 'application_work.application_row_id', 'applications.id')
          .select(['applications.id', 'application_work.assigned_to'])
          .where('applications.id', 'in', ids)
          .orderBy('applications.id')
          .execute();
        return rows.map((row) => row.assigned_to ?? null);
      }

      it('lets an admin assign several cases to a member in one action, each audited and on its timeline', async () => {
        second ??= await addActiveStaff(s.t, 'agent');
        const ids = [await newCase(), await newCase(), await newCase()];
        const mark = await auditMark();
        const response = await post(s.sessions.admin, '/api/staff/applications/assignments', {
          ids,
          to: second.member.id,
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ assigned: ids, to: second.member.id });
        expect(await assignees(ids)).toEqual(ids.map(() => second.member.id));
        expect(
          (await auditSince(mark)).map((entry) => [entry.action, entry.target, entry.detail_json]),
        ).toEqual(
          ids.map((id) => [
            'assigned',
            String(id),
            JSON.stringify({ to: second.member.id, bulk: true }),
          ]),
        );
        const timeline = await s.t.db
          .selectFrom('application_activity')
          .select(['application_row_id', 'kind', 'text', 'staff_email'])
          .where('application_row_id', 'in', ids)
          .orderBy('application_row_id')
          .execute();
        expect(timeline).toEqual(
          ids.map((id) => ({
            application_row_id: id,
            kind: 'assignment',
            text: second.member.email,
            staff_email: s.staff.admin.member.email,
          })),
        );
        // To nobody, too.
        const none = await post(s.sessions.admin, '/api/staff/applications/assignments', {
          ids: [ids[0]],
          to: null,
        });
        expect(none.statusCode).toBe(200);
        expect(await assignees(ids)).toEqual([null, second.member.id, second.member.id]);
      });

      it('lets an agent take cases nobody else has, and refuses one that gives cases to others', async () => {
        const ids = [await newCase(), await newCase()];
        const taken = await post(s.sessions.agent, '/api/staff/applications/assignments', {
          ids,
          to: 'me',
        });
        expect(taken.statusCode, taken.body).toBe(200);
        expect(await assignees(ids)).toEqual([s.staff.agent.member.id, s.staff.agent.member.id]);

        const mark = await auditMark();
        for (const to of [s.staff.admin.member.id, null]) {
          const refused = await post(s.sessions.agent, '/api/staff/applications/assignments', {
            ids,
            to,
          });
          expect(refused.statusCode).toBe(403);
          expect(refused.json()).toEqual({
            error: 'forbidden',
            message:
              'Agents can assign cases to themselves only. Ask an admin to assign them to someone else',
          });
        }
        expect(await assignees(ids)).toEqual([s.staff.agent.member.id, s.staff.agent.member.id]);
        expect((await auditSince(mark)).map((entry) => entry.action)).toEqual([
          'bulk-assign-refused',
          'bulk-assign-refused',
        ]);
      });

      it('refuses, changing nothing, when an agent’s selection holds a case someone else has', async () => {
        const free = await newCase();
        const others = await newCase();
        await post(s.sessions.admin, `/api/staff/applications/${others}/assignment`, {
          to: 'me',
        });
        const refused = await post(s.sessions.agent, '/api/staff/applications/assignments', {
          ids: [free, others],
          to: 'me',
        });
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({
          error: 'assigned_to_another',
          message:
            'Some of these cases are assigned to someone else. Ask an admin to reassign them',
          ids: [others],
        });
        expect(await assignees([free, others])).toEqual([null, s.staff.admin.member.id]);
        expect(
          await s.t.db
            .selectFrom('application_activity')
            .select('id')
            .where('application_row_id', '=', free)
            .execute(),
        ).toEqual([]);
      });

      it('refuses ids of cases that do not exist, naming them, and changes nothing', async () => {
        const real = await newCase();
        const refused = await post(s.sessions.admin, '/api/staff/applications/assignments', {
          ids: [real, 999_998, 999_999],
          to: 'me',
        });
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toEqual({
          error: 'not_found',
          message: 'Some of these cases do not exist',
          ids: [999_998, 999_999],
        });
        expect(await assignees([real])).toEqual([null]);
      });

      it('refuses an auditor, an assignee who cannot work cases, and a selection too large or malformed', async () => {
        const id = await newCase();
        const auditor = await post(s.sessions.auditor, '/api/staff/applications/assignments', {
          ids: [id],
          to: 'me',
        });
        expect(auditor.statusCode).toBe(403);
        const toAuditor = await post(s.sessions.admin, '/api/staff/applications/assignments', {
          ids: [id],
          to: s.staff.auditor.member.id,
        });
        expect(toAuditor.statusCode).toBe(400);
        expect(toAuditor.json()).toEqual({
          error: 'invalid_assignee',
          message: 'Choose an active agent or admin to assign the cases to',
        });
        for (const ids of [[], Array.from({ length: 101 }, (_, i) => i + 1), ['1'], [0]]) {
          const bad = await post(s.sessions.admin, '/api/staff/applications/assignments', {
            ids,
            to: 'me',
          });
          expect(bad.statusCode).toBe(400);
        }
        const noToken = await s.t.app.inject({
          method: 'POST',
          url: '/api/staff/applications/assignments',
          payload: { ids: [id], to: 'me' },
          headers: s.sessions.admin.headers({ csrf: false }),
        });
        expect(noToken.statusCode).toBe(403);
        expect(await assignees([id])).toEqual([null]);
      });
    });
  },
);
