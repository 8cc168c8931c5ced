import type { Kysely } from 'kysely';
import { dialectOf } from '../connection.js';

/**
 * docs/decisions/0086-save-and-return-links.md, 0087-drafts-encrypted-with-the-links-key.md: a
 * saved application ("Save and come back later"). The answers are ciphertext whose key only
 * the e-mailed link carries; the link's token is kept as its SHA-256. A draft names its
 * application by submission key (a draft may come before any partial save made the
 * application row) and, when the row exists at the save, by `application_row_id` too, which
 * cascades. A used draft keeps its row, without the ciphertext, until it expires, so that a
 * used link can be told from an unknown one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('saved_drafts')
    .addColumn('id', 'integer', (column) =>
      postgres ? column.primaryKey().generatedAlwaysAsIdentity() : column.primaryKey(),
    )
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('submission_key', 'text', (column) => column.notNull())
    .addColumn('application_row_id', 'integer', (column) =>
      column.references('applications.id').onDelete('cascade'),
    )
    .addColumn('ciphertext', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('saved_drafts_submission_key')
    .on('saved_drafts')
    .column('submission_key')
    .execute();
  await db.schema
    .createIndex('saved_drafts_application_row_id')
    .on('saved_drafts')
    .column('application_row_id')
    .execute();
  await db.schema
    .createIndex('saved_drafts_expires_at')
    .on('saved_drafts')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saved_drafts').execute();
}
