import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf } from '../connection.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';

  await db.schema
    .createTable('applications')
    .addColumn('id', 'integer', (column) =>
      postgres ? column.primaryKey().generatedAlwaysAsIdentity() : column.primaryKey(),
    )
    .addColumn('submission_key', 'text', (column) => column.notNull().unique())
    .addColumn('status', 'text', (column) =>
      column.notNull().check(sql`status in ('partial', 'complete')`),
    )
    .addColumn('outcome', 'text', (column) =>
      column.check(sql`outcome in ('approved', 'declined', 'duplicate')`),
    )
    .addColumn('decline_reason', 'text')
    .addColumn('application_id', 'text')
    .addColumn('response_json', 'text')
    .addColumn('payload_json', 'text', (column) => column.notNull())
    .addColumn('brand', 'text')
    .addColumn('affiliate_key', 'text')
    .addColumn('dealer_number', 'text')
    .addColumn('variant', 'text')
    .addColumn('email_lower', 'text')
    .addColumn('phone_normalised', 'text')
    .addColumn('date_of_birth', 'text')
    .addColumn('remote_address', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addColumn('completed_at', 'text')
    .execute();

  // Duplicate detection: complete applications by date of birth (few per day of birth), then
  // e-mail or phone. One narrow index: every index adds a page to each submission's commit.
  await db.schema
    .createIndex('applications_duplicate_lookup')
    .on('applications')
    .columns(['date_of_birth', 'completed_at'])
    .where(sql.ref('status'), '=', 'complete')
    .execute();

  await db.schema
    .createTable('portal_accounts')
    .addColumn('email_lower', 'text', (column) => column.primaryKey())
    .addColumn('status', 'integer', (column) => column.notNull())
    .addColumn('otp_hash', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('alert_outbox')
    .addColumn('id', 'integer', (column) =>
      postgres ? column.primaryKey().generatedAlwaysAsIdentity() : column.primaryKey(),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('alert_type', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (column) => column.notNull())
    .addColumn('delivered_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createIndex('alert_outbox_pending')
    .on('alert_outbox')
    .column('next_attempt_at')
    .where(sql.ref('delivered_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alert_outbox').execute();
  await db.schema.dropTable('portal_accounts').execute();
  await db.schema.dropTable('applications').execute();
}
