import { randomUUID } from 'node:crypto';
import type { PanelDecision, SubmissionPayload } from '@broker/domain';
import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import { z } from 'zod';
import type { DeliveryEventsTable } from '../db/schema.js';
import type { PanelEvaluator } from '../applications/decide.js';
import { londonDate } from '../applications/decide.js';
import type { DecidedApplication } from '../applications/repository.js';
import { noBody, staffResponses, staffValidation } from './schemas.js';
import { APPLICATION_WORKERS } from './work.js';
import type { StaffRouteDependencies } from './context.js';
import { findOr404 } from './context.js';

/**
 * Releasing a possible duplicate (docs/decisions/0051-duplicates-stored-linked-released.md): a
 * member of staff who finds that it is not the earlier application's person again (or that the
 * person should be served anyway) releases it. It then takes the lender panel's decision (the
 * one stored with it, else the panel's now, on the day it was applied for), gets an application
 * id when approved, and its delivery event, held until now, is written.
 */
export interface DuplicateRoutesOptions extends StaffRouteDependencies {
  /** The panel, for a duplicate stored before duplicates were evaluated. */
  evaluate?: PanelEvaluator;
  /** The decided event's rows (delivery's `decidedEvents`; none when nothing is configured). */
  decidedEvents?: (decided: DecidedApplication) => Insertable<DeliveryEventsTable>[];
  newApplicationId?: () => string;
}

const params = z.strictObject({ id: z.coerce.number().int().positive() });
const releasedSchema = z.looseObject({
  outcome: z.enum(['approved', 'declined']),
  applicationId: z.string().nullable(),
  duplicateReleasedAt: z.string(),
});

export function registerDuplicateRoutes(
  app: FastifyInstance,
  options: DuplicateRoutesOptions,
): void {
  const { db, clock, guard, audit } = options;
  const newApplicationId = options.newApplicationId ?? randomUUID;

  app.post(
    '/api/staff/applications/:id/release',
    {
      onRequest: guard(APPLICATION_WORKERS),
      ...staffValidation,
      schema: {
        summary: 'Release a possible duplicate: it is decided and delivered as an application.',
        params,
        body: noBody,
        response: staffResponses({
          200: { schema: releasedSchema, description: 'Released: its outcome now.' },
        }),
      },
    },
    async (request, reply) => {
      const row = await findOr404(request, reply, params, ({ id }) =>
        db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirst(),
      );
      if (row === null) return reply;
      const { id } = row;
      if (row.outcome !== 'duplicate' || row.completed_at === null) {
        return reply.code(409).send({ error: 'not_duplicate' });
      }
      let decision =
        row.decision_json === null ? null : (JSON.parse(row.decision_json) as PanelDecision);
      if (decision === null) {
        if (options.evaluate === undefined) return reply.code(409).send({ error: 'no_decision' });
        decision = options.evaluate(
          JSON.parse(row.payload_json) as SubmissionPayload,
          londonDate(new Date(row.completed_at)),
        );
      }
      const outcome = decision.declineReason === null ? 'approved' : 'declined';
      const applicationId = outcome === 'approved' ? newApplicationId() : null;
      const at = clock.now().toISOString();
      const member = request.staff!.member;

      const released = await db.transaction().execute(async (trx) => {
        // Compare-and-set: of two members releasing at once, one does.
        const updated = await trx
          .updateTable('applications')
          .set({
            outcome,
            decline_reason: decision.declineReason,
            application_id: applicationId,
            decision_json: JSON.stringify(decision),
            duplicate_released_at: at,
            duplicate_released_by: member.id,
            updated_at: at,
          })
          .where('id', '=', id)
          .where('outcome', '=', 'duplicate')
          .executeTakeFirst();
        if (updated.numUpdatedRows !== 1n) return false;
        const events =
          options.decidedEvents?.({
            applicationRowId: row.id,
            submissionKey: row.submission_key,
            reference: row.reference ?? '',
            outcome,
            responseJson: row.response_json ?? '{}',
            payloadJson: row.payload_json,
            decidedAt: at,
            duplicateReleasedAt: at,
          }) ?? [];
        if (events.length > 0) await trx.insertInto('delivery_events').values(events).execute();
        return true;
      });
      if (!released) return reply.code(409).send({ error: 'not_duplicate' });
      await audit(request, {
        action: 'duplicate-released',
        target: String(row.id),
        detail: { duplicateOf: row.duplicate_of, outcome },
      });
      return { outcome, applicationId, duplicateReleasedAt: at };
    },
  );
}
