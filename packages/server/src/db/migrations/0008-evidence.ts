import type { Kysely } from 'kysely';

/**
 * docs/evidence.md, docs/decisions/0033-disclosure-texts-and-versions.md: the words of every
 * version of each disclosed text, stored once, so that staff can open the text an applicant was
 * shown. Filled at start from the texts the build ships (packages/server/src/evidence/texts.ts);
 * what each application was shown and agreed stays in its payload_json.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('disclosure_texts')
    .addColumn('text_id', 'text', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull())
    .addColumn('sha256', 'text', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('stored_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('disclosure_texts_pk', ['text_id', 'version'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('disclosure_texts').execute();
}
