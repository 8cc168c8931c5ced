import type { Kysely } from 'kysely';
import { dialectOf } from '../connection.js';

/**
 * The data lifecycle (docs/data-lifecycle.md; decisions 0031, 0032): the lease that lets one
 * instance at a time run a daily job, and the tombstones left where a person's data was erased.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';

  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (column) => column.primaryKey())
    // Which process holds the lease, until when, and when the job last finished.
    .addColumn('holder', 'text')
    .addColumn('lease_until', 'text', (column) => column.notNull())
    .addColumn('last_finished_at', 'text')
    .execute();

  await db.schema
    .createTable('erasure_tombstones')
    .addColumn('id', 'integer', (column) =>
      postgres ? column.primaryKey().generatedAlwaysAsIdentity() : column.primaryKey(),
    )
    // The erased application's row id and API id: no personal data, only what was removed.
    .addColumn('application_row_id', 'integer', (column) => column.notNull())
    .addColumn('application_id', 'text')
    .addColumn('erased_at', 'text', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('erased_by_id', 'text', (column) => column.notNull())
    .addColumn('erased_by_email', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('erasure_tombstones').execute();
  await db.schema.dropTable('job_leases').execute();
}
