import type { Kysely } from 'kysely';
import type { Database, PortalAccountRow } from '../db/schema.js';

export interface PortalAccountsRepository {
  /**
   * Creates the account unless one exists for this e-mail. True when this call created it.
   * Safe under concurrency: of two simultaneous calls for one e-mail exactly one gets true.
   */
  createIfAbsent(account: {
    emailLower: string;
    status: number;
    otpHash: string | null;
    now: Date;
  }): Promise<boolean>;
  find(emailLower: string): Promise<PortalAccountRow | undefined>;
}

/** Pass a transaction to make the calls part of it. */
export function createPortalAccountsRepository(db: Kysely<Database>): PortalAccountsRepository {
  return {
    async createIfAbsent({ emailLower, status, otpHash, now }) {
      const at = now.toISOString();
      const result = await db
        .insertInto('portal_accounts')
        .values({
          email_lower: emailLower,
          status,
          otp_hash: otpHash,
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
  };
}
