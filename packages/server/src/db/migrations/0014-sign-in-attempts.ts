import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf } from '../connection.js';

/**
 * Sign-in that protects the service first (docs/decisions/0055-staff-lockout-by-account-and-address.md,
 * 0057-anonymous-sign-in-failures-and-incremental-audit-chain.md):
 * - `staff_sign_in_attempts`: one row per attempt allowed to reach a password hash or a TOTP
 *   check, reserved before the work and then marked failed or succeeded. The lockout counts
 *   these rows. An identifier that is no member's is kept only as a keyed hash, and rows expire
 *   (a day; a successful sign-in's row 30 days, as the address it came from is trusted).
 * - `staff_audit_checkpoint`: how far the audit chain has been verified, so a view verifies
 *   from there rather than from the first entry.
 * - `staff_members.lock_mail_at`: when the member was last told by e-mail of a lock.
 * - an index to count the portal's verification mails to one address in a day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('staff_sign_in_attempts')
    .addColumn('id', 'integer', (column) =>
      postgres ? column.primaryKey().generatedAlwaysAsIdentity() : column.primaryKey(),
    )
    // 'staff:<member id>' for a member's account; 'hmac:<hex>' (STAFF_IDENTIFIER_SECRET) for
    // anything else typed as an e-mail address.
    .addColumn('account_key', 'text', (column) => column.notNull())
    .addColumn('ip', 'text', (column) => column.notNull())
    .addColumn('step', 'text', (column) =>
      column.notNull().check(sql`step in ('password', 'code')`),
    )
    .addColumn('outcome', 'text', (column) =>
      column.notNull().check(sql`outcome in ('pending', 'failed', 'succeeded', 'forgiven')`),
    )
    .addColumn('at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('staff_sign_in_attempts_by_account')
    .on('staff_sign_in_attempts')
    .columns(['account_key', 'at'])
    .execute();
  await db.schema
    .createIndex('staff_sign_in_attempts_by_ip')
    .on('staff_sign_in_attempts')
    .columns(['ip', 'at'])
    .execute();
  await db.schema
    .createIndex('staff_sign_in_attempts_by_time')
    .on('staff_sign_in_attempts')
    .column('at')
    .execute();

  await db.schema
    .createTable('staff_audit_checkpoint')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('verified_id', 'integer', (column) => column.notNull())
    .addColumn('verified_hash', 'text', (column) => column.notNull())
    .addColumn('entries', 'integer', (column) => column.notNull())
    .addColumn('verified_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema.alterTable('staff_members').addColumn('lock_mail_at', 'text').execute();

  // The portal's verification mails an address was sent in a day (docs/security.md).
  await db.schema
    .createIndex('portal_mail_outbox_by_recipient')
    .on('portal_mail_outbox')
    .columns(['email_lower', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('portal_mail_outbox_by_recipient').execute();
  await db.schema.alterTable('staff_members').dropColumn('lock_mail_at').execute();
  await db.schema.dropTable('staff_audit_checkpoint').execute();
  await db.schema.dropTable('staff_sign_in_attempts').execute();
}
