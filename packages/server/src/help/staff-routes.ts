import { CALL_TIMES, HARDER_KINDS, HELP_TOPICS, labelOf } from '@broker/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db, StaffRole } from '../db/schema.js';
import { staffResponses, staffValidation } from '../staff/schemas.js';
import type { StaffRouteDependencies } from '../staff/context.js';
import { findOr404 } from '../staff/context.js';

/** Every role sees the queue; agents and admins work it (docs/back-office.md, "Callbacks"). */
export const CALLBACK_READERS: readonly StaffRole[] = ['agent', 'admin', 'auditor'];
export const CALLBACK_WORKERS: readonly StaffRole[] = ['agent', 'admin'];
/**
 * Who may read what makes things harder for the person (decision 0090): the people who make the
 * call and must adapt it. Auditors check the handling, not the person's health.
 */
export const DISCLOSURE_READERS: readonly StaffRole[] = ['agent', 'admin'];

export const CALLBACK_MESSAGES = {
  noteEmpty: 'Enter a note of what happened on the call',
  noteTooLong: 'Enter a note of 2,000 characters or fewer',
} as const;

const params = z.strictObject({ id: z.coerce.number().int().positive() });
const listQuery = z.strictObject({ view: z.enum(['open', 'completed']).default('open') });
const assignmentBody = z.strictObject({ to: z.union([z.literal('me'), z.null()]) });
const completeBody = z.strictObject({ note: z.string().max(10_000) });

const callbackSchema = z.looseObject({
  id: z.number(),
  createdAt: z.string(),
  dueAt: z.string(),
  overdue: z.boolean(),
  ageMinutes: z.number(),
  status: z.string(),
});
const listAnswer = {
  schema: z.looseObject({ callbacks: z.array(callbackSchema) }),
  description: 'The queue: open requests by due time, or the latest completed ones.',
};

export type CallbackRoutesOptions = StaffRouteDependencies;

const MINUTE_MS = 60_000;

function selectCallbacks(db: Db) {
  return db
    .selectFrom('callbacks')
    .leftJoin('applications', 'applications.submission_key', 'callbacks.submission_key')
    .select([
      'callbacks.id',
      'callbacks.created_at',
      'callbacks.due_at',
      'callbacks.status',
      'callbacks.page',
      'callbacks.phone_normalised',
      'callbacks.email_lower',
      'callbacks.call_time',
      'callbacks.topic',
      'callbacks.about',
      'callbacks.harder_kinds',
      'callbacks.assigned_to',
      'callbacks.assigned_email',
      'callbacks.completed_at',
      'callbacks.completed_by',
      'callbacks.completion_note',
      'applications.id as application_row_id',
      'applications.reference as application_reference',
    ]);
}

type CallbackRow = Awaited<ReturnType<ReturnType<typeof selectCallbacks>['execute']>>[number];

/**
 * The staff side of the "Need help?" form (docs/back-office.md, "Callbacks"): the queue with each
 * request's age and due time, assigning and completing with a note, and what makes things harder,
 * read on its own route by the roles that need it, every read audited.
 */
export function registerCallbackRoutes(app: FastifyInstance, options: CallbackRoutesOptions) {
  const { db, clock, guard, audit } = options;

  function view(row: CallbackRow, role: StaffRole, now: Date) {
    const mayReadDisclosure = DISCLOSURE_READERS.includes(role);
    return {
      id: row.id,
      createdAt: row.created_at,
      dueAt: row.due_at,
      overdue: row.status === 'open' && now.toISOString() > row.due_at,
      ageMinutes: Math.max(0, Math.floor((now.getTime() - Date.parse(row.created_at)) / MINUTE_MS)),
      status: row.status,
      page: row.page,
      phone: row.phone_normalised,
      email: row.email_lower,
      callTime: labelOf(CALL_TIMES, row.call_time),
      topic: labelOf(HELP_TOPICS, row.topic),
      about: row.about,
      // Whether they told us something makes things harder: itself a disclosure (decision 0090).
      hasDisclosure: mayReadDisclosure ? row.harder_kinds !== null : null,
      assignee:
        row.assigned_to === null ? null : { id: row.assigned_to, email: row.assigned_email },
      completedAt: row.completed_at,
      completedBy: row.completed_by,
      completionNote: row.completion_note,
      application:
        row.application_row_id === null
          ? null
          : { id: row.application_row_id, reference: row.application_reference },
    };
  }

  const callback = (request: FastifyRequest, reply: FastifyReply) =>
    findOr404(request, reply, params, ({ id }) =>
      selectCallbacks(db).where('callbacks.id', '=', id).executeTakeFirst(),
    );

  app.get(
    '/api/staff/callbacks',
    {
      onRequest: guard(CALLBACK_READERS),
      ...staffValidation,
      schema: {
        summary: 'The callback queue.',
        querystring: listQuery,
        response: staffResponses({ 200: listAnswer }),
      },
    },
    async (request, reply) => {
      const query = listQuery.safeParse(request.query);
      if (!query.success) return reply.code(400).send({ error: 'invalid' });
      const open = query.data.view === 'open';
      const rows = await selectCallbacks(db)
        .where('callbacks.status', '=', open ? 'open' : 'completed')
        .orderBy(open ? 'callbacks.due_at' : 'callbacks.completed_at', open ? 'asc' : 'desc')
        .orderBy('callbacks.id')
        .limit(200)
        .execute();
      await audit(request, {
        action: 'callbacks-listed',
        detail: { view: query.data.view, callbacks: rows.map((row) => row.id) },
      });
      const now = clock.now();
      const role = request.staff!.member.role;
      return { callbacks: rows.map((row) => view(row, role, now)) };
    },
  );

  app.get(
    '/api/staff/callbacks/:id/disclosure',
    {
      onRequest: guard(DISCLOSURE_READERS),
      ...staffValidation,
      schema: {
        summary: 'What the person said makes things harder for them (audited).',
        params,
        response: staffResponses({
          200: {
            schema: z.object({
              kinds: z.array(z.object({ value: z.string(), label: z.string() })),
              note: z.string().nullable(),
            }),
            description: 'The drivers they ticked, in their words, and their note.',
          },
        }),
      },
    },
    async (request, reply) => {
      const parsed = params.safeParse(request.params);
      const row = parsed.success
        ? await db
            .selectFrom('callbacks')
            .select(['id', 'harder_kinds', 'harder_note'])
            .where('id', '=', parsed.data.id)
            .executeTakeFirst()
        : undefined;
      if (!row || row.harder_kinds === null) return reply.code(404).send({ error: 'not_found' });
      await audit(request, { action: 'callback-disclosure-viewed', target: String(row.id) });
      const kinds = (JSON.parse(row.harder_kinds) as string[]).map((value) => ({
        value,
        label: labelOf(HARDER_KINDS, value) ?? value,
      }));
      return { kinds, note: row.harder_note };
    },
  );

  app.post(
    '/api/staff/callbacks/:id/assignment',
    {
      onRequest: guard(CALLBACK_WORKERS),
      ...staffValidation,
      schema: {
        summary: 'Take a callback request, or give it back.',
        params,
        body: assignmentBody,
        response: staffResponses({ 200: { schema: callbackSchema, description: 'The request.' } }),
      },
    },
    async (request, reply) => {
      const row = await callback(request, reply);
      if (row === null) return reply;
      const body = assignmentBody.safeParse(request.body);
      if (!body.success) return reply.code(400).send({ error: 'invalid' });
      if (row.status !== 'open') return reply.code(409).send({ error: 'completed' });
      const member = request.staff!.member;
      const to = body.data.to === 'me' ? member : null;
      await db
        .updateTable('callbacks')
        .set({ assigned_to: to?.id ?? null, assigned_email: to?.email_lower ?? null })
        .where('id', '=', row.id)
        .where('status', '=', 'open')
        .execute();
      await audit(request, {
        action: 'callback-assigned',
        target: String(row.id),
        detail: { to: to?.id ?? null },
      });
      const updated = await selectCallbacks(db)
        .where('callbacks.id', '=', row.id)
        .executeTakeFirstOrThrow();
      return view(updated, member.role, clock.now());
    },
  );

  app.post(
    '/api/staff/callbacks/:id/complete',
    {
      onRequest: guard(CALLBACK_WORKERS),
      ...staffValidation,
      schema: {
        summary: 'Complete a callback request with a note of the call.',
        params,
        body: completeBody,
        response: staffResponses({ 200: { schema: callbackSchema, description: 'The request.' } }),
      },
    },
    async (request, reply) => {
      const row = await callback(request, reply);
      if (row === null) return reply;
      const body = completeBody.safeParse(request.body);
      const note = body.success ? body.data.note.trim() : '';
      const message =
        note === ''
          ? CALLBACK_MESSAGES.noteEmpty
          : note.length > 2000
            ? CALLBACK_MESSAGES.noteTooLong
            : null;
      if (message !== null) {
        return reply.code(400).send({ error: 'invalid', fields: [{ path: 'note', message }] });
      }
      const member = request.staff!.member;
      const now = clock.now();
      // Conditional on its being open: two people completing it at once cannot both win.
      const result = await db
        .updateTable('callbacks')
        .set({
          status: 'completed',
          completed_at: now.toISOString(),
          completed_by: member.email_lower,
          completion_note: note,
          ...(row.assigned_to === null && {
            assigned_to: member.id,
            assigned_email: member.email_lower,
          }),
        })
        .where('id', '=', row.id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        return reply.code(409).send({ error: 'completed' });
      }
      // The note's words stay with the request (erasure and retention remove them).
      await audit(request, { action: 'callback-completed', target: String(row.id) });
      const updated = await selectCallbacks(db)
        .where('callbacks.id', '=', row.id)
        .executeTakeFirstOrThrow();
      return view(updated, member.role, now);
    },
  );
}
