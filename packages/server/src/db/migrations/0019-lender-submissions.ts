import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf } from '../connection.js';

/**
 * docs/decisions/0085-lender-submissions.md: each time a case is sent to a lender from the
 * panel's matches, one row: the lender, its reference, its decision, the date it paid out, the
 * commission, and the version of the commission disclosure the server served the applicant
 * (docs/evidence.md). A resubmission is a new row naming the one before. It holds a person's
 * data by their application (docs/data-lifecycle.md, "Adding a table"): the cascading key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('lender_submissions')
    .addColumn('id', 'integer', (column) =>
      postgres ? column.primaryKey().generatedAlwaysAsIdentity() : column.primaryKey(),
    )
    .addColumn('application_row_id', 'integer', (column) =>
      column.notNull().references('applications.id').onDelete('cascade'),
    )
    .addColumn('lender_id', 'text', (column) => column.notNull())
    .addColumn('lender_name', 'text', (column) => column.notNull())
    .addColumn('lender_reference', 'text')
    .addColumn('decision', 'text', (column) =>
      column.notNull().check(sql`decision in ('pending', 'approved', 'declined', 'withdrawn')`),
    )
    .addColumn('paid_out_on', 'text')
    .addColumn('commission_pence', 'integer', (column) =>
      column.notNull().check(sql`commission_pence >= 0`),
    )
    .addColumn('commission_disclosure_version', 'integer')
    .addColumn('resubmission_of', 'integer')
    .addColumn('submitted_at', 'text', (column) => column.notNull())
    .addColumn('submitted_by_id', 'text', (column) => column.notNull())
    .addColumn('submitted_by_email', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addColumn('updated_by_email', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('lender_submissions_by_application')
    .on('lender_submissions')
    .columns(['application_row_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lender_submissions').execute();
}
