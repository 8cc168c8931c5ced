import type { Kysely } from 'kysely';
import { dialectOf } from '../connection.js';

/**
 * Callback requests from the "Need help?" form (docs/help.md, decisions 0089 to 0091). A request
 * names its application by the session's submission key (as `disclosures_served` does): the
 * browser holds the key from its first screen, before any application row exists, and the
 * request joins the application by that key once it does. The person's own keys (phone, and the
 * e-mail if they gave one) find a request no application took, for subject access and erasure.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('callbacks')
    .addColumn('id', 'integer', (column) =>
      postgres ? column.primaryKey().generatedAlwaysAsIdentity() : column.primaryKey(),
    )
    .addColumn('submission_key', 'text')
    .addColumn('brand', 'text', (column) => column.notNull())
    .addColumn('page', 'text', (column) => column.notNull())
    .addColumn('phone_normalised', 'text', (column) => column.notNull())
    .addColumn('email_lower', 'text')
    .addColumn('call_time', 'text', (column) => column.notNull())
    .addColumn('topic', 'text')
    .addColumn('about', 'text')
    // What makes things harder (FCA FG21/1's drivers): shown only to the roles that work calls,
    // each view audited (decision 0090).
    .addColumn('harder_kinds', 'text')
    .addColumn('harder_note', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('due_at', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('open'))
    .addColumn('assigned_to', 'text')
    .addColumn('assigned_email', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('completed_by', 'text')
    .addColumn('completion_note', 'text')
    .execute();
  await db.schema
    .createIndex('callbacks_submission_key')
    .on('callbacks')
    .column('submission_key')
    .execute();
  await db.schema
    .createIndex('callbacks_phone_normalised')
    .on('callbacks')
    .column('phone_normalised')
    .execute();
  await db.schema
    .createIndex('callbacks_email_lower')
    .on('callbacks')
    .column('email_lower')
    .execute();
  await db.schema
    .createIndex('callbacks_status_due')
    .on('callbacks')
    .columns(['status', 'due_at'])
    .execute();
  await db.schema
    .createIndex('callbacks_created_at')
    .on('callbacks')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('callbacks').execute();
}
