import { ACCOUNT_STATUS } from '@broker/domain';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database, PortalAccountRow } from '../db/schema.js';
import { PORTAL_CODE_MAX_ATTEMPTS } from './codes.js';

export type VerifyResult = 'verified' | 'invalid';
export type PasscodeResult = 'accepted' | 'not-verified' | 'invalid';

export interface PortalAccountsRepository {
  /**
   * Creates the account unless one exists for this e-mail. True when this call created it.
   * Safe under concurrency: of two simultaneous calls for one e-mail exactly one gets true.
   */
  createIfAbsent(account: {
    emailLower: string;
    status: number;
    otpHash: string | null;
    otpExpiresAt?: Date | null;
    now: Date;
  }): Promise<boolean>;
  find(emailLower: string): Promise<PortalAccountRow | undefined>;
  /**
   * Links the account of this e-mail to an application that created or used it (migration
   * 0012): the account goes with the last application linked to it.
   */
  link(emailLower: string, applicationRowId: number): Promise<void>;
  /**
   * Queues a verification e-mail for a pending account unless one was queued less than
   * `throttleMs` ago (a stranger re-applying with someone's address must not flood their inbox).
   * True when queued.
   */
  requestVerification(emailLower: string, now: Date, throttleMs: number): Promise<boolean>;
  /** Replaces the account's verification code; false when the account is no longer pending. */
  storeVerificationCode(
    emailLower: string,
    verificationHash: string,
    expiresAt: Date,
    now: Date,
  ): Promise<boolean>;
  /** Proves the address with the e-mailed code: the account becomes Active. Single use. */
  verify(emailLower: string, verificationHash: string, now: Date): Promise<VerifyResult>;
  /** Uses the first sign-in passcode: only an Active account accepts it, once. */
  redeemPasscode(emailLower: string, otpHash: string, now: Date): Promise<PasscodeResult>;
}

/**
 * Verification e-mails one address can be sent in a day, however they are asked for (a new
 * application under the address, or the route asking for a new code): a stranger who knows an
 * address cannot make the broker write to it more than this (docs/security.md).
 */
export const VERIFICATION_MAILS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Pass a transaction to make the calls part of it. */
export function createPortalAccountsRepository(db: Kysely<Database>): PortalAccountsRepository {
  return {
    async createIfAbsent({ emailLower, status, otpHash, otpExpiresAt = null, now }) {
      const at = now.toISOString();
      const result = await db
        .insertInto('portal_accounts')
        .values({
          email_lower: emailLower,
          status,
          otp_hash: otpHash,
          otp_expires_at: otpExpiresAt?.toISOString() ?? null,
          created_at: at,
          updated_at: at,
        })
        .onConflict((conflict) => conflict.column('email_lower').doNothing())
        .executeTakeFirst();
      return result.numInsertedOrUpdatedRows === 1n;
    },

    find(emailLower) {
      return db
        .selectFrom('portal_accounts')
        .selectAll()
        .where('email_lower', '=', emailLower)
        .executeTakeFirst();
    },

    async link(emailLower, applicationRowId) {
      await db
        .insertInto('portal_account_applications')
        .columns(['portal_account_id', 'application_row_id'])
        .expression((eb) =>
          eb
            .selectFrom('portal_accounts')
            // Typed: PostgreSQL reads an untyped parameter in a select list as text.
            .select([
              'portal_accounts.id',
              sql<number>`cast(${applicationRowId} as integer)`.as('application_row_id'),
            ])
            .where('portal_accounts.email_lower', '=', emailLower),
        )
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    },

    async requestVerification(emailLower, now, throttleMs) {
      const at = now.toISOString();
      const cutoff = new Date(now.getTime() - throttleMs).toISOString();
      // A compare-and-set, so two simultaneous requests queue one e-mail; the day's count is
      // part of the same statement (no extra round trip on the submission's path).
      const dayStart = new Date(now.getTime() - DAY_MS).toISOString();
      const claimed = await db
        .updateTable('portal_accounts')
        .set({ verification_requested_at: at })
        .where('email_lower', '=', emailLower)
        .where('status', '=', ACCOUNT_STATUS.PendingVerification)
        .where(
          (eb) =>
            eb
              .selectFrom('portal_mail_outbox')
              .select(eb.fn.countAll().as('n'))
              .where('portal_mail_outbox.email_lower', '=', emailLower)
              .where('portal_mail_outbox.created_at', '>', dayStart),
          '<',
          VERIFICATION_MAILS_PER_DAY,
        )
        .where((eb) =>
          eb.or([
            eb('verification_requested_at', 'is', null),
            eb('verification_requested_at', '<=', cutoff),
          ]),
        )
        .executeTakeFirst();
      if (claimed.numUpdatedRows !== 1n) return false;
      await db
        .insertInto('portal_mail_outbox')
        .columns(['portal_account_id', 'email_lower', 'kind', 'created_at', 'next_attempt_at'])
        .expression((eb) =>
          eb
            .selectFrom('portal_accounts')
            .select((inner) => [
              'portal_accounts.id',
              'portal_accounts.email_lower',
              inner.val('verification').as('kind'),
              inner.val(at).as('created_at'),
              inner.val(at).as('next_attempt_at'),
            ])
            .where('portal_accounts.email_lower', '=', emailLower),
        )
        .execute();
      return true;
    },

    async storeVerificationCode(emailLower, verificationHash, expiresAt, now) {
      const result = await db
        .updateTable('portal_accounts')
        .set({
          verification_hash: verificationHash,
          verification_expires_at: expiresAt.toISOString(),
          verification_attempts: 0,
          updated_at: now.toISOString(),
        })
        .where('email_lower', '=', emailLower)
        .where('status', '=', ACCOUNT_STATUS.PendingVerification)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async verify(emailLower, verificationHash, now) {
      const at = now.toISOString();
      // One statement checks and spends the code, so two requests cannot both use it.
      const verified = await db
        .updateTable('portal_accounts')
        .set({
          status: ACCOUNT_STATUS.Active,
          verification_hash: null,
          verification_expires_at: null,
          verified_at: at,
          updated_at: at,
        })
        .where('email_lower', '=', emailLower)
        .where('status', '=', ACCOUNT_STATUS.PendingVerification)
        .where('verification_hash', '=', verificationHash)
        .where('verification_expires_at', '>', at)
        .where('verification_attempts', '<', PORTAL_CODE_MAX_ATTEMPTS)
        .executeTakeFirst();
      if (verified.numUpdatedRows === 1n) return 'verified';
      await countFailure(db, emailLower, 'verification');
      return 'invalid';
    },

    async redeemPasscode(emailLower, otpHash, now) {
      const at = now.toISOString();
      const usable = (status: number) =>
        db
          .updateTable('portal_accounts')
          .where('email_lower', '=', emailLower)
          .where('status', '=', status)
          .where('otp_hash', '=', otpHash)
          .where('otp_expires_at', '>', at)
          .where('otp_attempts', '<', PORTAL_CODE_MAX_ATTEMPTS);
      const used = await usable(ACCOUNT_STATUS.Active)
        .set({ otp_hash: null, otp_expires_at: null, updated_at: at })
        .executeTakeFirst();
      if (used.numUpdatedRows === 1n) return 'accepted';
      // The right passcode for an unproven address: refused and kept, not spent.
      const pending = await usable(ACCOUNT_STATUS.PendingVerification)
        .set({ updated_at: at })
        .executeTakeFirst();
      if (pending.numUpdatedRows === 1n) return 'not-verified';
      await countFailure(db, emailLower, 'otp');
      return 'invalid';
    },
  };
}

/** One more wrong try; the last allowed one burns the code. */
async function countFailure(
  db: Kysely<Database>,
  emailLower: string,
  kind: 'otp' | 'verification',
): Promise<void> {
  const hash = kind === 'otp' ? 'otp_hash' : 'verification_hash';
  const attempts = kind === 'otp' ? 'otp_attempts' : 'verification_attempts';
  await db
    .updateTable('portal_accounts')
    .set({
      [attempts]: sql`${sql.ref(attempts)} + 1`,
      [hash]: sql`case when ${sql.ref(attempts)} + 1 >= ${PORTAL_CODE_MAX_ATTEMPTS} then null else ${sql.ref(hash)} end`,
    })
    .where('email_lower', '=', emailLower)
    .where(hash, 'is not', null)
    .execute();
}
