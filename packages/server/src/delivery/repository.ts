import type { Insertable, Kysely } from 'kysely';
import { dialectOf } from '../db/connection.js';
import type { Database, DeliveryEventRow, DeliveryEventsTable } from '../db/schema.js';
import { ABANDONED_LEAD_EVENT, abandonedLeadEventBody } from './events.js';
import { newEventId } from './signing.js';

export interface NewEvent {
  eventId: string;
  type: string;
  body: string;
  /** One row per endpoint, each with its own attempts. */
  endpoints: readonly string[];
  now: Date;
  /** The application it is about, by its row id (migration 0012); none for an alert. */
  applicationRowId: number | null;
}

/** The rows of an event: one per endpoint, each due at once. */
export function eventRows({
  eventId,
  type,
  body,
  endpoints,
  now,
  applicationRowId,
}: NewEvent): Insertable<DeliveryEventsTable>[] {
  const at = now.toISOString();
  return endpoints.map((endpoint) => ({
    event_id: eventId,
    endpoint,
    event_type: type,
    body,
    created_at: at,
    next_attempt_at: at,
    delivered_at: null,
    dead_at: null,
    last_error: null,
    application_row_id: applicationRowId,
  }));
}

export interface GroupedAlert {
  /** The group's id: one per alert kind and window. */
  eventId: string;
  endpoint: string;
  /** The newest occurrence's alert fields (JSON). */
  body: string;
  count: number;
  /** The window's end: the one alert of the group is sent then. */
  dueAt: Date;
  now: Date;
}

export type FailureOutcome = 'retry' | 'dead';

export interface DeliveryRepository {
  /** Writes an event; pass the submission's transaction to make it part of that unit of work. */
  insertEvent(event: NewEvent): Promise<void>;
  /** Adds `count` to the group's alert, creating it; a group already being sent is left alone. */
  upsertAlert(alert: GroupedAlert): Promise<void>;
  /**
   * Claims up to `limit` due rows of these endpoints for this caller alone, counting the attempt
   * and hiding each row for `leaseMs` (an instance that dies mid-post leaves it to be retried).
   * PostgreSQL: FOR UPDATE SKIP LOCKED, so two instances never claim the same row; SQLite has
   * one writer, so the single UPDATE … RETURNING is the claim.
   */
  claimDue(
    now: Date,
    endpoints: readonly string[],
    limit: number,
    leaseMs: number,
  ): Promise<DeliveryEventRow[]>;
  /**
   * Gives a claimed row back at shutdown: due now, its attempt not counted, so this or another
   * instance sends it at once rather than after the lease (docs/decisions/0069-graceful-shutdown.md).
   */
  release(row: DeliveryEventRow, now: Date): Promise<void>;
  /** Marks rows of one claim delivered, in one statement; returns how many were still open. */
  markDelivered(rows: readonly DeliveryEventRow[], now: Date): Promise<number>;
  /** Schedules the next attempt from `scheduleS`, or dead-letters the row when it is exhausted. */
  markFailed(
    row: DeliveryEventRow,
    error: string,
    now: Date,
    scheduleS: readonly number[],
  ): Promise<FailureOutcome>;
  /**
   * Marks partial applications not saved since `quietSince` as delivered leads and writes their
   * events, in one transaction; returns how many.
   */
  emitAbandonedLeads(
    now: Date,
    quietSince: Date,
    endpoints: readonly string[],
    limit: number,
  ): Promise<number>;
  /** Dead letters, newest first: for staff to see. */
  listDead(limit: number): Promise<DeliveryEventRow[]>;
  /** Puts a dead letter back on the schedule from the start; false when it is not dead. */
  redeliver(id: number, now: Date): Promise<boolean>;
}

export function createDeliveryRepository(db: Kysely<Database>): DeliveryRepository {
  const postgres = dialectOf(db) === 'postgres';

  return {
    async insertEvent(event) {
      if (event.endpoints.length === 0) return;
      await db.insertInto('delivery_events').values(eventRows(event)).execute();
    },

    async upsertAlert({ eventId, endpoint, body, count, dueAt, now }) {
      await db
        .insertInto('delivery_events')
        .values({
          event_id: eventId,
          endpoint,
          event_type: 'alert',
          body,
          group_count: count,
          created_at: now.toISOString(),
          next_attempt_at: dueAt.toISOString(),
          delivered_at: null,
          dead_at: null,
          last_error: null,
          // An alert names no application and holds no personal data (decision 0050).
          application_row_id: null,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['event_id', 'endpoint'])
            .doUpdateSet((eb) => ({
              group_count: eb('delivery_events.group_count', '+', eb.ref('excluded.group_count')),
              body: eb.ref('excluded.body'),
            }))
            // Once the first attempt has begun the count is what was sent: it stays.
            .where('delivery_events.attempts', '=', 0),
        )
        .execute();
    },

    async claimDue(now, endpoints, limit, leaseMs) {
      if (endpoints.length === 0) return [];
      const at = now.toISOString();
      // A CTE, not `id in (subquery)`: PostgreSQL may run such a subquery more than once in one
      // UPDATE, and each run of a LIMIT … SKIP LOCKED picks other rows (a 5-row claim took 60).
      return db
        .with('due', (qb) =>
          qb
            .selectFrom('delivery_events')
            .select('id')
            .where('delivered_at', 'is', null)
            .where('dead_at', 'is', null)
            .where('next_attempt_at', '<=', at)
            .where('endpoint', 'in', endpoints)
            .orderBy('next_attempt_at')
            .limit(limit)
            .$if(postgres, (query) => query.forUpdate().skipLocked()),
        )
        .updateTable('delivery_events')
        .from('due')
        .set((eb) => ({
          attempts: eb('delivery_events.attempts', '+', 1),
          next_attempt_at: new Date(now.getTime() + leaseMs).toISOString(),
        }))
        .whereRef('delivery_events.id', '=', 'due.id')
        .returningAll()
        .execute();
    },

    async release(row, now) {
      await db
        .updateTable('delivery_events')
        .set({ next_attempt_at: now.toISOString(), attempts: row.attempts - 1 })
        .where('id', '=', row.id)
        .where('attempts', '=', row.attempts)
        .where('delivered_at', 'is', null)
        .execute();
    },

    async markDelivered(rows, now) {
      if (rows.length === 0) return 0;
      const result = await db
        .updateTable('delivery_events')
        .set({ delivered_at: now.toISOString(), last_error: null })
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .where('delivered_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async markFailed(row, error, now, scheduleS) {
      // attempts counts this one: after attempt n the wait is scheduleS[n - 1].
      const waitS = scheduleS[row.attempts - 1];
      const outcome: FailureOutcome = waitS === undefined ? 'dead' : 'retry';
      await db
        .updateTable('delivery_events')
        .set({
          last_error: error.slice(0, 300),
          next_attempt_at: new Date(now.getTime() + (waitS ?? 0) * 1000).toISOString(),
          dead_at: outcome === 'dead' ? now.toISOString() : null,
        })
        .where('id', '=', row.id)
        .where('attempts', '=', row.attempts)
        .where('delivered_at', 'is', null)
        .execute();
      return outcome;
    },

    async emitAbandonedLeads(now, quietSince, endpoints, limit) {
      if (endpoints.length === 0) return 0;
      const at = now.toISOString();
      return db.transaction().execute(async (trx) => {
        const leads = await trx
          .with('quiet', (qb) =>
            qb
              .selectFrom('applications')
              .select('id')
              .where('status', '=', 'partial')
              .where('lead_event_at', 'is', null)
              .where('updated_at', '<=', quietSince.toISOString())
              .orderBy('updated_at')
              .limit(limit)
              .$if(postgres, (query) => query.forUpdate().skipLocked()),
          )
          .updateTable('applications')
          .from('quiet')
          .set({ lead_event_at: at })
          .whereRef('applications.id', '=', 'quiet.id')
          // Re-checked on the locked row: a completion that committed meanwhile is no lead.
          .where('applications.status', '=', 'partial')
          .returning([
            'applications.id',
            'applications.submission_key',
            'applications.payload_json',
            'applications.created_at',
            'applications.updated_at',
          ])
          .execute();
        const repository = createDeliveryRepository(trx);
        for (const lead of leads) {
          await repository.insertEvent({
            eventId: newEventId(),
            type: ABANDONED_LEAD_EVENT,
            body: abandonedLeadEventBody(
              {
                submissionKey: lead.submission_key,
                payloadJson: lead.payload_json,
                createdAt: lead.created_at,
                updatedAt: lead.updated_at,
              },
              at,
            ),
            endpoints,
            now,
            applicationRowId: lead.id,
          });
        }
        return leads.length;
      });
    },

    listDead(limit) {
      return db
        .selectFrom('delivery_events')
        .selectAll()
        .where('dead_at', 'is not', null)
        .orderBy('dead_at', 'desc')
        .limit(limit)
        .execute();
    },

    async redeliver(id, now) {
      const result = await db
        .updateTable('delivery_events')
        .set({ dead_at: null, attempts: 0, next_attempt_at: now.toISOString(), last_error: null })
        .where('id', '=', id)
        .where('dead_at', 'is not', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
