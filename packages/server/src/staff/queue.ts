/**
 * The work queue (docs/back-office.md "The work queue", docs/decisions/0083-the-work-queue.md and
 * 0084-bulk-assign.md): the saved views and their counts, a case's next-action date, and
 * assigning several cases in one action.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db, StaffRole, WorkStatus } from '../db/schema.js';
import type { Clock } from '../applications/decide.js';
import { londonDate } from '../applications/decide.js';
import { staffResponses, staffValidation, workSchema } from './schemas.js';
import { APPLICATION_WORKERS, assignableMember, CLOSED_STATUSES, workOf } from './work.js';
import type { StaffRouteDependencies } from './context.js';
import { addToTimeline, findOr404 } from './context.js';

/** The saved views, in the order the queue shows them. */
export const QUEUE_VIEWS = [
  'mine',
  'unassigned',
  'due-today',
  'overdue',
  'awaiting-documents',
  'awaiting-lender',
] as const;
export type QueueView = (typeof QUEUE_VIEWS)[number];

/** The work status each status view lists: "awaiting lender" is a case referred to a lender. */
export const VIEW_STATUS = {
  'awaiting-documents': 'awaiting-documents',
  'awaiting-lender': 'referred',
} as const satisfies Partial<Record<QueueView, WorkStatus>>;

/** Every role sees the queue's counts, as every role reads the list (docs/back-office.md). */
const QUEUE_READERS: readonly StaffRole[] = ['agent', 'admin', 'auditor'];

/** Cases one bulk assignment takes at most: a page of the list is 25. */
export const BULK_ASSIGN_MAX = 100;

export const QUEUE_MESSAGES = {
  dateInvalid: 'Enter the next action date as a real date, for example 27 11 2026',
  datePast: 'The next action date must be today or later',
  dateTooFar: 'The next action date must be within 2 years',
  closed: 'This case is closed: it has no next action',
  agentsTakeOnly:
    'Agents can assign cases to themselves only. Ask an admin to assign them to someone else',
  takenByAnother: 'Some of these cases are assigned to someone else. Ask an admin to reassign them',
  notFound: 'Some of these cases do not exist',
  invalidAssignee: 'Choose an active agent or admin to assign the cases to',
} as const;

/** A calendar date as YYYY-MM-DD. */
export function isoDate(date: { year: number; month: number; day: number }): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** Today in London, as the views read it. */
export function londonToday(clock: Clock): string {
  return isoDate(londonDate(clock.now()));
}

const realDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00.000Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  });

const params = z.strictObject({ id: z.coerce.number().int().positive() });
const nextActionBody = z.strictObject({ on: z.union([z.string().max(20), z.null()]) });
const bulkBody = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1).max(BULK_ASSIGN_MAX),
  to: z.union([z.literal('me'), z.uuid(), z.null()]),
});
const countsSchema = z.looseObject(
  Object.fromEntries(QUEUE_VIEWS.map((view) => [view, z.number()])) as Record<
    QueueView,
    z.ZodNumber
  >,
);

export type QueueRoutesOptions = StaffRouteDependencies;

/**
 * Each view's count in one statement. "Unassigned" is every application less those whose work
 * is assigned or closed (one work row at most per application), so no count reads every
 * application's row: each reads an index (migration 0018).
 */
export async function queueCounts(
  db: Db,
  memberId: string,
  today: string,
): Promise<Record<QueueView, number>> {
  const closed = sql.join(CLOSED_STATUSES.map((status) => sql.lit(status)));
  const result = await sql<Record<string, string | number>>`select
    (select count(*) from application_work where assigned_to = ${memberId} and work_status not in (${closed})) as mine,
    (select count(*) from applications) as applications,
    (select count(*) from application_work where assigned_to is not null or work_status in (${closed})) as taken,
    (select count(*) from application_work where next_action_on = ${today}) as due_today,
    (select count(*) from application_work where next_action_on < ${today}) as overdue,
    (select count(*) from application_work where work_status = ${VIEW_STATUS['awaiting-documents']}) as awaiting_documents,
    (select count(*) from application_work where work_status = ${VIEW_STATUS['awaiting-lender']}) as awaiting_lender`.execute(
    db,
  );
  const row = result.rows[0]!;
  return {
    mine: Number(row.mine),
    unassigned: Number(row.applications) - Number(row.taken),
    'due-today': Number(row.due_today),
    overdue: Number(row.overdue),
    'awaiting-documents': Number(row.awaiting_documents),
    'awaiting-lender': Number(row.awaiting_lender),
  };
}

export function registerQueueRoutes(app: FastifyInstance, options: QueueRoutesOptions): void {
  const { db, clock, guard, audit } = options;

  app.get(
    '/api/staff/queue/counts',
    {
      onRequest: guard(QUEUE_READERS),
      ...staffValidation,
      schema: {
        summary: "How many cases each of the work queue's views holds.",
        response: staffResponses({ 200: { schema: countsSchema, description: 'The counts.' } }),
      },
    },
    async (request) => {
      const counts = await queueCounts(db, request.staff!.member.id, londonToday(clock));
      await audit(request, { action: 'queue-counted' });
      return counts;
    },
  );

  app.post(
    '/api/staff/applications/:id/next-action',
    {
      onRequest: guard(APPLICATION_WORKERS),
      ...staffValidation,
      schema: {
        summary: "Set or clear a case's next-action date (a London date, YYYY-MM-DD).",
        params,
        body: nextActionBody,
        response: staffResponses({ 200: { schema: workSchema, description: 'The work.' } }),
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const row = await findOr404(request, reply, params, ({ id }) =>
        db
          .selectFrom('applications')
          .leftJoin('application_work', 'application_work.application_row_id', 'applications.id')
          .select([
            'applications.id',
            'application_work.work_status',
            'application_work.next_action_on',
          ])
          .where('applications.id', '=', id)
          .executeTakeFirst(),
      );
      if (row === null) return reply;
      const parsed = nextActionBody.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ error: 'invalid' });
      const on = parsed.data.on === null ? null : parsed.data.on.trim();
      const today = londonToday(clock);
      const problem =
        on === null
          ? null
          : !realDate.safeParse(on).success
            ? QUEUE_MESSAGES.dateInvalid
            : on < today
              ? QUEUE_MESSAGES.datePast
              : on > `${Number(today.slice(0, 4)) + 2}${today.slice(4)}`
                ? QUEUE_MESSAGES.dateTooFar
                : null;
      if (problem !== null) {
        return reply
          .code(400)
          .send({ error: 'invalid', fields: [{ path: 'on', message: problem }] });
      }
      if (row.work_status && CLOSED_STATUSES.includes(row.work_status)) {
        return reply.code(409).send({ error: 'closed', message: QUEUE_MESSAGES.closed });
      }
      const now = clock.now().toISOString();
      await db
        .insertInto('application_work')
        .values({
          application_row_id: row.id,
          work_status: 'new',
          assigned_to: null,
          updated_at: now,
          next_action_on: on,
        })
        .onConflict((conflict) =>
          conflict
            .column('application_row_id')
            .doUpdateSet({ next_action_on: on, updated_at: now })
            // Closed between the read and now: left as it is (the 409 above, next time).
            .where('application_work.work_status', 'not in', CLOSED_STATUSES),
        )
        .execute();
      await audit(request, {
        action: 'next-action-set',
        target: String(row.id),
        detail: { from: row.next_action_on ?? null, to: on },
      });
      return workOf(db, row.id);
    },
  );

  app.post(
    '/api/staff/applications/assignments',
    {
      onRequest: guard(APPLICATION_WORKERS),
      ...staffValidation,
      schema: {
        summary: 'Assign several cases to one member (admins), or take them (agents).',
        body: bulkBody,
        response: staffResponses({
          200: {
            schema: z.looseObject({ assigned: z.array(z.number()), to: z.string().nullable() }),
            description: 'The cases assigned.',
          },
        }),
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const parsed = bulkBody.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ error: 'invalid' });
      const me = request.staff!.member;
      const ids = [...new Set(parsed.data.ids)];
      const targetId = parsed.data.to === 'me' ? me.id : parsed.data.to;
      // docs/decisions/0084-bulk-assign.md: an agent takes cases for themselves, and only those
      // nobody else has; an admin assigns to any active agent or admin, or to nobody.
      const agent = me.role !== 'admin';
      if (agent && targetId !== me.id) {
        await audit(request, {
          action: 'bulk-assign-refused',
          detail: { reason: 'agents-take-only', to: targetId, applications: ids },
        });
        return reply.code(403).send({ error: 'forbidden', message: QUEUE_MESSAGES.agentsTakeOnly });
      }
      let assigneeEmail = '';
      if (targetId !== null) {
        const assignee = await assignableMember(db, targetId);
        if (!assignee) {
          return reply
            .code(400)
            .send({ error: 'invalid_assignee', message: QUEUE_MESSAGES.invalidAssignee });
        }
        assigneeEmail = assignee.email_lower;
      }
      const found = await db
        .selectFrom('applications')
        .select('id')
        .where('id', 'in', ids)
        .execute();
      const missing = ids.filter((id) => !found.some((row) => row.id === id));
      if (missing.length > 0) {
        return reply
          .code(404)
          .send({ error: 'not_found', message: QUEUE_MESSAGES.notFound, ids: missing });
      }
      const now = clock.now().toISOString();
      // All or none: conditional on who has each case, so that an agent cannot take one that
      // someone else was given a moment before.
      const taken = await db
        .transaction()
        .execute(async (trx) => {
          const refused: number[] = [];
          for (const id of ids) {
            const written = await trx
              .insertInto('application_work')
              .values({
                application_row_id: id,
                work_status: 'new',
                assigned_to: targetId,
                updated_at: now,
              })
              .onConflict((conflict) => {
                const update = conflict
                  .column('application_row_id')
                  .doUpdateSet({ assigned_to: targetId, updated_at: now });
                return agent
                  ? update.where((eb) =>
                      eb.or([
                        eb('application_work.assigned_to', 'is', null),
                        eb('application_work.assigned_to', '=', me.id),
                      ]),
                    )
                  : update;
              })
              .executeTakeFirst();
            if (Number(written.numInsertedOrUpdatedRows ?? 0) !== 1) refused.push(id);
          }
          if (refused.length > 0) throw new RefusedAssignment(refused);
          for (const id of ids) {
            await addToTimeline(trx, me, {
              rowId: id,
              at: now,
              kind: 'assignment',
              text: assigneeEmail,
            });
          }
          return null;
        })
        .catch((error: unknown) => {
          if (error instanceof RefusedAssignment) return error.ids;
          throw error;
        });
      if (taken !== null) {
        await audit(request, {
          action: 'bulk-assign-refused',
          detail: { reason: 'assigned-to-another', to: targetId, applications: taken },
        });
        return reply.code(409).send({
          error: 'assigned_to_another',
          message: QUEUE_MESSAGES.takenByAnother,
          ids: taken,
        });
      }
      for (const id of ids) {
        await audit(request, {
          action: 'assigned',
          target: String(id),
          detail: { to: targetId, bulk: true },
        });
      }
      return { assigned: ids, to: targetId };
    },
  );
}

class RefusedAssignment extends Error {
  constructor(readonly ids: number[]) {
    super('refused');
  }
}
