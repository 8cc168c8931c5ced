import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf } from '../connection.js';

/**
 * docs/back-office.md ("Complaints"), docs/decisions/0093-complaints-register.md: the complaints
 * record a regulated firm keeps. A complaint outlives its application's personal data: when
 * the application is erased or its retention ends, the summary is removed and the link is set
 * to null (the foreign key's `on delete set null`), and the record of when it was received,
 * what about, and when and how it was answered stays in the register.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('complaints')
    .addColumn('id', 'integer', (column) =>
      postgres ? column.primaryKey().generatedAlwaysAsIdentity() : column.primaryKey(),
    )
    .addColumn('application_row_id', 'integer', (column) =>
      column.references('applications.id').onDelete('set null'),
    )
    // The application's reference, kept for the register after the application has gone.
    .addColumn('reference', 'text')
    // Calendar dates, YYYY-MM-DD, as the UK reads them.
    .addColumn('received_on', 'text', (column) => column.notNull())
    .addColumn('deadline_on', 'text', (column) => column.notNull())
    .addColumn('category', 'text', (column) => column.notNull())
    // The complainant's words as staff summarised them: null once personal data is removed.
    .addColumn('summary', 'text')
    .addColumn('logged_by_email', 'text', (column) => column.notNull())
    .addColumn('logged_at', 'text', (column) => column.notNull())
    .addColumn('final_response_on', 'text')
    .addColumn('outcome', 'text', (column) =>
      column.check(sql`outcome is null or outcome in ('upheld', 'partly-upheld', 'not-upheld')`),
    )
    .addColumn('responded_by_email', 'text')
    .execute();
  await db.schema
    .createIndex('complaints_by_application')
    .on('complaints')
    .column('application_row_id')
    .execute();
  await db.schema
    .createIndex('complaints_by_deadline')
    .on('complaints')
    .columns(['deadline_on', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('complaints').execute();
}
