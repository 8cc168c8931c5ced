import type { Kysely } from 'kysely';
import type { AlertOutboxRow, Database } from '../db/schema.js';

export interface NewAlert {
  alertType: string;
  subject: string;
  name: string;
  message: string;
}

export interface ClaimedAlert extends NewAlert {
  id: number;
  createdAt: string;
  /** Attempts started, including the one this claim is for. */
  attempts: number;
}

// 8 attempts: the first at once, then 30 s, 1, 2, 4, 8, 16 and 32 minutes after each failure,
// about 64 minutes in all. That rides out a chat service's usual short outages while the alert
// (a failed submission) is still worth reading; the 1-hour cap only matters if the limit grows.
export const ALERT_MAX_ATTEMPTS = 8;
const FIRST_RETRY_DELAY_MS = 30_000;
const MAX_RETRY_DELAY_MS = 60 * 60_000;
/** A claimed row is hidden from other workers this long; a worker that dies mid-post retries. */
export const ALERT_CLAIM_LEASE_MS = 2 * 60_000;

/** Wait before the next attempt after `failedAttempts` (≥ 1) failures. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** (failedAttempts - 1), MAX_RETRY_DELAY_MS);
}

export interface OutboxRepository {
  /** Queues an alert, due at once. Returns its id. */
  enqueue(alert: NewAlert, now: Date): Promise<number>;
  /**
   * Claims up to `limit` due alerts for this caller only: each claim is a compare-and-set on the
   * row's attempts and next_attempt_at, so of two workers (two processes, one PostgreSQL) only
   * one gets a given row. The claim counts as an attempt and leases the row.
   */
  claimDue(now: Date, limit: number): Promise<ClaimedAlert[]>;
  markDelivered(id: number, now: Date): Promise<void>;
  /** Records the failure and schedules a retry; false when that was the last attempt. */
  markFailed(alert: ClaimedAlert, error: string, now: Date): Promise<{ willRetry: boolean }>;
}

/** Pass a transaction to make `enqueue` part of the caller's unit of work. */
export function createOutboxRepository(db: Kysely<Database>): OutboxRepository {
  return {
    async enqueue(alert, now) {
      const at = now.toISOString();
      const row = await db
        .insertInto('alert_outbox')
        .values({
          created_at: at,
          alert_type: alert.alertType,
          subject: alert.subject,
          name: alert.name,
          message: alert.message,
          attempts: 0,
          next_attempt_at: at,
          delivered_at: null,
          last_error: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async claimDue(now, limit) {
      const at = now.toISOString();
      const due = await db
        .selectFrom('alert_outbox')
        .select(['id', 'attempts', 'next_attempt_at'])
        .where('delivered_at', 'is', null)
        .where('attempts', '<', ALERT_MAX_ATTEMPTS)
        .where('next_attempt_at', '<=', at)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      const leaseUntil = new Date(now.getTime() + ALERT_CLAIM_LEASE_MS).toISOString();
      const claimed: ClaimedAlert[] = [];
      for (const candidate of due) {
        const row = await db
          .updateTable('alert_outbox')
          .set({ attempts: candidate.attempts + 1, next_attempt_at: leaseUntil })
          .where('id', '=', candidate.id)
          .where('attempts', '=', candidate.attempts)
          .where('next_attempt_at', '=', candidate.next_attempt_at)
          .where('delivered_at', 'is', null)
          .returningAll()
          .executeTakeFirst();
        if (row) claimed.push(toClaimed(row));
      }
      return claimed;
    },

    async markDelivered(id, now) {
      await db
        .updateTable('alert_outbox')
        .set({ delivered_at: now.toISOString(), last_error: null })
        .where('id', '=', id)
        .execute();
    },

    async markFailed(alert, error, now) {
      const willRetry = alert.attempts < ALERT_MAX_ATTEMPTS;
      const nextAttemptAt = willRetry
        ? new Date(now.getTime() + retryDelayMs(alert.attempts))
        : now;
      await db
        .updateTable('alert_outbox')
        .set({ last_error: error.slice(0, 500), next_attempt_at: nextAttemptAt.toISOString() })
        .where('id', '=', alert.id)
        .where('delivered_at', 'is', null)
        .execute();
      return { willRetry };
    },
  };
}

function toClaimed(row: AlertOutboxRow): ClaimedAlert {
  return {
    id: Number(row.id),
    createdAt: row.created_at,
    attempts: row.attempts,
    alertType: row.alert_type,
    subject: row.subject,
    name: row.name,
    message: row.message,
  };
}
