import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db, StaffRole, WorkStatus } from '../db/schema.js';
import { staffResponses, staffValidation, workSchema } from './schemas.js';
import type { StaffRouteDependencies } from './context.js';
import { addToTimeline, loadCase } from './context.js';

/** Agents and admins work applications; auditors only read (docs/back-office.md). */
export const APPLICATION_WORKERS: readonly StaffRole[] = ['agent', 'admin'];

/** The one list of work statuses (the database's CHECK follows it: migration 0018). */
export const WORK_STATUSES: readonly WorkStatus[] = [
  'new',
  'contacted',
  'awaiting-documents',
  'referred',
  'completed',
  'withdrawn',
  'not-proceeding',
];

/**
 * new → contacted → referred to lender → completed, waiting for documents on the way when the
 * applicant or the lender needs them; withdrawn or not proceeding from any open one.
 */
export const NEXT_STATUSES: Record<WorkStatus, readonly WorkStatus[]> = {
  new: ['contacted', 'awaiting-documents', 'withdrawn', 'not-proceeding'],
  contacted: ['awaiting-documents', 'referred', 'withdrawn', 'not-proceeding'],
  'awaiting-documents': ['contacted', 'referred', 'withdrawn', 'not-proceeding'],
  referred: ['completed', 'awaiting-documents', 'withdrawn', 'not-proceeding'],
  completed: [],
  withdrawn: [],
  'not-proceeding': [],
};

/** Closed cases: no next status, no next action, in no view of the queue (decision 0083). */
export const CLOSED_STATUSES: readonly WorkStatus[] = WORK_STATUSES.filter(
  (status) => NEXT_STATUSES[status].length === 0,
);

export const WORK_MESSAGES = {
  noteEmpty: 'Enter a note',
  noteTooLong: 'Enter a note of 2,000 characters or fewer',
} as const;

const params = z.strictObject({ id: z.coerce.number().int().positive() });
const noteBody = z.strictObject({ text: z.string().max(10_000) });
const statusBody = z.strictObject({
  status: z.enum(WORK_STATUSES as [WorkStatus, ...WorkStatus[]]),
});
const assignmentBody = z.strictObject({ to: z.union([z.literal('me'), z.uuid(), z.null()]) });
const workAnswer = {
  schema: workSchema,
  description: "The application's work: status, assignee, activity.",
};

export type WorkRoutesOptions = StaffRouteDependencies;

/** An application's status and assignee (defaults: new, nobody) and its timeline. */
export async function workOf(db: Db, rowId: number) {
  const work = await db
    .selectFrom('application_work')
    .leftJoin('staff_members', 'staff_members.id', 'application_work.assigned_to')
    .select([
      'application_work.work_status',
      'application_work.next_action_on',
      'staff_members.id as assignee_id',
      'staff_members.display_name as assignee_name',
      'staff_members.email_lower as assignee_email',
    ])
    .where('application_row_id', '=', rowId)
    .executeTakeFirst();
  const activity = await db
    .selectFrom('application_activity')
    .select(['id', 'at', 'staff_email', 'kind', 'text'])
    .where('application_row_id', '=', rowId)
    .orderBy('id', 'desc')
    .execute();
  const status = work?.work_status ?? 'new';
  return {
    status,
    nextStatuses: NEXT_STATUSES[status],
    nextActionOn: work?.next_action_on ?? null,
    assignee:
      work?.assignee_id != null
        ? { id: work.assignee_id, name: work.assignee_name, email: work.assignee_email }
        : null,
    activity: activity.map((entry) => ({
      id: entry.id,
      at: entry.at,
      by: entry.staff_email,
      kind: entry.kind,
      text: entry.text,
    })),
  };
}

/** The member named, when a case may be assigned to them: active, and an agent or an admin. */
export async function assignableMember(db: Db, id: string) {
  const member = await db
    .selectFrom('staff_members')
    .select(['email_lower', 'role', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  return member?.status === 'active' && APPLICATION_WORKERS.includes(member.role) ? member : null;
}

export function registerWorkRoutes(app: FastifyInstance, options: WorkRoutesOptions): void {
  const { db, clock, guard, audit } = options;

  const application = async (request: FastifyRequest, reply: FastifyReply) =>
    (await loadCase(db, request, reply, ['id']))?.id ?? null;

  const record = (
    rowId: number,
    request: FastifyRequest,
    kind: 'note' | 'status' | 'assignment',
    text: string,
  ) =>
    addToTimeline(db, request.staff!.member, { rowId, at: clock.now().toISOString(), kind, text });

  app.post(
    '/api/staff/applications/:id/notes',
    {
      onRequest: guard(APPLICATION_WORKERS),
      ...staffValidation,
      schema: {
        summary: 'Add a note to an application.',
        params,
        body: noteBody,
        response: staffResponses({ 201: workAnswer }),
      },
    },
    async (request, reply) => {
      const rowId = await application(request, reply);
      if (rowId === null) return reply;
      const parsed = noteBody.safeParse(request.body);
      const text = parsed.success ? parsed.data.text.trim() : '';
      const message =
        text === ''
          ? WORK_MESSAGES.noteEmpty
          : text.length > 2000
            ? WORK_MESSAGES.noteTooLong
            : null;
      if (message !== null) {
        return reply.code(400).send({ error: 'invalid', fields: [{ path: 'text', message }] });
      }
      await record(rowId, request, 'note', text);
      // The note's words stay with the application (erasure removes them); the log says one was added.
      await audit(request, { action: 'note-added', target: String(rowId) });
      return reply.code(201).send(await workOf(db, rowId));
    },
  );

  app.post(
    '/api/staff/applications/:id/status',
    {
      onRequest: guard(APPLICATION_WORKERS),
      ...staffValidation,
      schema: {
        summary: "Move an application's work status on.",
        params,
        body: statusBody,
        response: staffResponses({ 200: workAnswer }),
      },
    },
    async (request, reply) => {
      const rowId = await application(request, reply);
      if (rowId === null) return reply;
      const parsed = statusBody.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ error: 'invalid' });
      const current = (await workOf(db, rowId)).status;
      const next = parsed.data.status;
      if (!NEXT_STATUSES[current].includes(next)) {
        return reply.code(409).send({ error: 'invalid_transition', from: current, to: next });
      }
      const now = clock.now().toISOString();
      // Conditional on the status read, so two people changing it at once cannot both win.
      const changed = await db.transaction().execute(async (trx) => {
        if (current === 'new') {
          const inserted = await trx
            .insertInto('application_work')
            .values({
              application_row_id: rowId,
              work_status: next,
              assigned_to: null,
              updated_at: now,
            })
            .onConflict((conflict) => conflict.column('application_row_id').doNothing())
            .executeTakeFirst();
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
        }
        const updated = await trx
          .updateTable('application_work')
          // A closed case has no next action (decision 0083).
          .set({
            work_status: next,
            updated_at: now,
            ...(CLOSED_STATUSES.includes(next) ? { next_action_on: null } : {}),
          })
          .where('application_row_id', '=', rowId)
          .where('work_status', '=', current)
          .executeTakeFirst();
        return Number(updated.numUpdatedRows) === 1;
      });
      if (!changed)
        return reply.code(409).send({ error: 'invalid_transition', from: current, to: next });
      await record(rowId, request, 'status', next);
      await audit(request, {
        action: 'status-changed',
        target: String(rowId),
        detail: { from: current, to: next },
      });
      return workOf(db, rowId);
    },
  );

  app.post(
    '/api/staff/applications/:id/assignment',
    {
      onRequest: guard(APPLICATION_WORKERS),
      ...staffValidation,
      schema: {
        summary: 'Assign an application to me, to another member, or to nobody.',
        params,
        body: assignmentBody,
        response: staffResponses({ 200: workAnswer }),
      },
    },
    async (request, reply) => {
      const rowId = await application(request, reply);
      if (rowId === null) return reply;
      const parsed = assignmentBody.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ error: 'invalid' });
      const targetId = parsed.data.to === 'me' ? request.staff!.member.id : parsed.data.to;
      let assigneeEmail = '';
      if (targetId !== null) {
        const assignee = await assignableMember(db, targetId);
        if (!assignee) return reply.code(400).send({ error: 'invalid_assignee' });
        assigneeEmail = assignee.email_lower;
      }
      const now = clock.now().toISOString();
      await db
        .insertInto('application_work')
        .values({
          application_row_id: rowId,
          work_status: 'new',
          assigned_to: targetId,
          updated_at: now,
        })
        .onConflict((conflict) =>
          conflict
            .column('application_row_id')
            .doUpdateSet({ assigned_to: targetId, updated_at: now }),
        )
        .execute();
      await record(rowId, request, 'assignment', assigneeEmail);
      await audit(request, { action: 'assigned', target: String(rowId), detail: { to: targetId } });
      return workOf(db, rowId);
    },
  );
}
