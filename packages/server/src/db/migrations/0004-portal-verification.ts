import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf } from '../connection.js';

/**
 * docs/decisions/0024-portal-codes.md: a portal account stays pending until its e-mail address
 * is proven; every code has an expiry, an attempt count and only a keyed hash.
 * docs/decisions/0025-portal-mail.md: verification e-mails leave through a queue; in `local`
 * without SMTP_URL they land in the development mailbox.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';

  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  const columns: [string, 'text' | 'integer'][] = [
    ['otp_expires_at', 'text'],
    ['otp_attempts', 'integer'],
    ['verification_hash', 'text'],
    ['verification_expires_at', 'text'],
    ['verification_attempts', 'integer'],
    ['verification_requested_at', 'text'],
    ['verified_at', 'text'],
  ];
  for (const [name, type] of columns) {
    await db.schema
      .alterTable('portal_accounts')
      .addColumn(name, type, (column) =>
        type === 'integer' ? column.notNull().defaultTo(0) : column,
      )
      .execute();
  }
  // Hashes written before this migration are unsalted SHA-256 of 6 digits (reversible in
  // seconds) and accounts were never verified: drop the hashes and mark every account pending.
  await sql`update portal_accounts set otp_hash = null, status = 2 where status = 1`.execute(db);
  await sql`update portal_accounts set otp_hash = null`.execute(db);

  await db.schema
    .createTable('portal_mail_outbox')
    .addColumn('id', 'integer', (column) =>
      postgres ? column.primaryKey().generatedAlwaysAsIdentity() : column.primaryKey(),
    )
    .addColumn('email_lower', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('verification')`))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (column) => column.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createIndex('portal_mail_outbox_pending')
    .on('portal_mail_outbox')
    .column('next_attempt_at')
    .where(sql.ref('sent_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('dev_mailbox')
    .addColumn('id', 'integer', (column) =>
      postgres ? column.primaryKey().generatedAlwaysAsIdentity() : column.primaryKey(),
    )
    .addColumn('recipient', 'text', (column) => column.notNull())
    .addColumn('sender', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dev_mailbox').execute();
  await db.schema.dropTable('portal_mail_outbox').execute();
  for (const name of [
    'verified_at',
    'verification_requested_at',
    'verification_attempts',
    'verification_expires_at',
    'verification_hash',
    'otp_attempts',
    'otp_expires_at',
  ]) {
    await db.schema.alterTable('portal_accounts').dropColumn(name).execute();
  }
}
