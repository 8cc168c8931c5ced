import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface ClaimedMail {
  id: number;
  emailLower: string;
  kind: 'verification';
  /** Attempts started, including the one this claim is for. */
  attempts: number;
}

// 6 attempts: at once, then 30 s, 1, 2, 4 and 8 minutes after each failure, about 15 minutes
// in all: by then the applicant has left the page, and can ask for a new code.
export const MAIL_MAX_ATTEMPTS = 6;
const FIRST_RETRY_DELAY_MS = 30_000;
/** A claimed row is hidden from other workers this long; a worker that dies mid-send retries. */
export const MAIL_CLAIM_LEASE_MS = 2 * 60_000;

export interface PortalMailOutbox {
  /** Claims due messages for this caller only (compare-and-set, as the alert outbox does). */
  claimDue(now: Date, limit: number): Promise<ClaimedMail[]>;
  markSent(id: number, now: Date): Promise<void>;
  markFailed(mail: ClaimedMail, error: string, now: Date): Promise<{ willRetry: boolean }>;
}

/** Rows are queued by PortalAccountsRepository.requestVerification, in the caller's transaction. */
export function createPortalMailOutbox(db: Kysely<Database>): PortalMailOutbox {
  return {
    async claimDue(now, limit) {
      const at = now.toISOString();
      const due = await db
        .selectFrom('portal_mail_outbox')
        .select(['id', 'attempts', 'next_attempt_at'])
        .where('sent_at', 'is', null)
        .where('attempts', '<', MAIL_MAX_ATTEMPTS)
        .where('next_attempt_at', '<=', at)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      const leaseUntil = new Date(now.getTime() + MAIL_CLAIM_LEASE_MS).toISOString();
      const claimed: ClaimedMail[] = [];
      for (const candidate of due) {
        const row = await db
          .updateTable('portal_mail_outbox')
          .set({ attempts: candidate.attempts + 1, next_attempt_at: leaseUntil })
          .where('id', '=', candidate.id)
          .where('attempts', '=', candidate.attempts)
          .where('next_attempt_at', '=', candidate.next_attempt_at)
          .where('sent_at', 'is', null)
          .returning(['id', 'email_lower', 'kind', 'attempts'])
          .executeTakeFirst();
        if (row) {
          claimed.push({
            id: Number(row.id),
            emailLower: row.email_lower,
            kind: row.kind,
            attempts: row.attempts,
          });
        }
      }
      return claimed;
    },

    async markSent(id, now) {
      await db
        .updateTable('portal_mail_outbox')
        .set({ sent_at: now.toISOString(), last_error: null })
        .where('id', '=', id)
        .execute();
    },

    async markFailed(mail, error, now) {
      const willRetry = mail.attempts < MAIL_MAX_ATTEMPTS;
      const delay = FIRST_RETRY_DELAY_MS * 2 ** (mail.attempts - 1);
      await db
        .updateTable('portal_mail_outbox')
        .set({
          last_error: error.slice(0, 200),
          next_attempt_at: new Date(now.getTime() + (willRetry ? delay : 0)).toISOString(),
        })
        .where('id', '=', mail.id)
        .where('sent_at', 'is', null)
        .execute();
      return { willRetry };
    },
  };
}
