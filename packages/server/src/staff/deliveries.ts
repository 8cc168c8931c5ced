import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/schema.js';
import { createDeliveryRepository } from '../delivery/repository.js';
import { deliveryAttemptsSchema, noBody, staffResponses, staffValidation } from './schemas.js';
import { APPLICATION_WORKERS } from './work.js';
import type { StaffRouteDependencies } from './context.js';
import { findOr404 } from './context.js';

/**
 * An application's delivery attempts on its page, and redelivery of a dead letter
 * (docs/back-office.md "Delivery attempts", docs/delivery.md).
 */
export interface DeliveryAttempts {
  id: number;
  eventId: string;
  type: string;
  endpoint: string;
  attempts: number;
  createdAt: string;
  nextAttemptAt: string;
  deliveredAt: string | null;
  deadAt: string | null;
  lastError: string | null;
  state: 'delivered' | 'dead' | 'pending';
}

/** The delivery events about one application, oldest first (never the body: it is the payload). */
export async function deliveriesOf(db: Db, applicationRowId: number): Promise<DeliveryAttempts[]> {
  const rows = await db
    .selectFrom('delivery_events')
    .select([
      'id',
      'event_id',
      'event_type',
      'endpoint',
      'attempts',
      'created_at',
      'next_attempt_at',
      'delivered_at',
      'dead_at',
      'last_error',
    ])
    .where('application_row_id', '=', applicationRowId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    eventId: row.event_id,
    type: row.event_type,
    endpoint: row.endpoint,
    attempts: row.attempts,
    createdAt: row.created_at,
    nextAttemptAt: row.next_attempt_at,
    deliveredAt: row.delivered_at,
    deadAt: row.dead_at,
    lastError: row.last_error,
    state: row.delivered_at !== null ? 'delivered' : row.dead_at !== null ? 'dead' : 'pending',
  }));
}

const params = z.strictObject({
  id: z.coerce.number().int().positive(),
  eventRowId: z.coerce.number().int().positive(),
});

export type DeliveryRoutesOptions = StaffRouteDependencies;

export function registerDeliveryRoutes(app: FastifyInstance, options: DeliveryRoutesOptions): void {
  const { db, clock, guard, audit } = options;

  app.post(
    '/api/staff/applications/:id/deliveries/:eventRowId/redeliver',
    {
      onRequest: guard(APPLICATION_WORKERS),
      ...staffValidation,
      schema: {
        summary: 'Send a dead-lettered event again.',
        params,
        body: noBody,
        response: staffResponses({
          200: {
            schema: z.looseObject({ deliveries: deliveryAttemptsSchema }),
            description: "The application's delivery attempts.",
          },
        }),
      },
    },
    async (request, reply) => {
      // The event must be this application's: an id from another page is not found here.
      const event = await findOr404(request, reply, params, async ({ id, eventRowId }) => {
        const found = await db
          .selectFrom('delivery_events')
          .select(['event_id', 'endpoint'])
          .where('application_row_id', '=', id)
          .where('id', '=', eventRowId)
          .executeTakeFirst();
        return found && { ...found, id, eventRowId };
      });
      if (event === null) return reply;
      const { id, eventRowId } = event;
      const redelivered = await createDeliveryRepository(db).redeliver(eventRowId, clock.now());
      if (!redelivered) return reply.code(409).send({ error: 'not_dead' });
      await audit(request, {
        action: 'delivery-redelivered',
        target: String(id),
        detail: { eventId: event.event_id, endpoint: event.endpoint },
      });
      return { deliveries: await deliveriesOf(db, id) };
    },
  );
}
