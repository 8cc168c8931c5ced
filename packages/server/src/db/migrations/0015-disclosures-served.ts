import type { Kysely } from 'kysely';

/**
 * docs/evidence.md, docs/decisions/0060-served-disclosure-record.md: the server's own record of
 * the text versions it served to each application's session, keyed by the submission key the
 * browser holds from its first screen (so before the application exists, and linked to it by
 * that key once it does). One row per key, text and version: when first and last served, and
 * how often. Deleted with the application; a key no application ever took is deleted by
 * retention after the partial period.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('disclosures_served')
    .addColumn('submission_key', 'text', (column) => column.notNull())
    .addColumn('text_id', 'text', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull())
    .addColumn('first_served_at', 'text', (column) => column.notNull())
    .addColumn('last_served_at', 'text', (column) => column.notNull())
    .addColumn('times', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('disclosures_served_pk', ['submission_key', 'text_id', 'version'])
    .execute();
  await db.schema
    .createIndex('disclosures_served_last_served_at')
    .on('disclosures_served')
    .column('last_served_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('disclosures_served').execute();
}
