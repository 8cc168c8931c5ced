import { sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { dialectOf } from '../connection.js';

/**
 * docs/documents.md, docs/decisions/0095-documents-requested-by-link.md: documents staff ask an
 * applicant for, and the links that let the applicant upload them.
 *
 * - `document_links`: an upload link e-mailed to one person of an application. Only the
 *   SHA-256 of its random token is stored; it expires, and is used up once every document it
 *   asked for has arrived.
 * - `application_documents`: one row per document asked for (its type, who asked, when), then
 *   the file that came (a random storage key, never the applicant's file name, as the place it
 *   is kept; its detected type, size and hash), then staff's decision (accepted, or rejected
 *   with a reason).
 *
 * Both name their application by `application_row_id`, a foreign key that cascades, and the
 * person by `person_role` (docs/data-lifecycle.md, "Adding a table").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  const id = (column: ColumnDefinitionBuilder) =>
    postgres ? column.primaryKey().generatedAlwaysAsIdentity() : column.primaryKey();

  await db.schema
    .createTable('document_links')
    .addColumn('id', 'integer', id)
    .addColumn('application_row_id', 'integer', (column) =>
      column.notNull().references('applications.id').onDelete('cascade'),
    )
    .addColumn('person_role', 'text', (column) =>
      column.notNull().check(sql`person_role in ('applicant', 'joint')`),
    )
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('document_links_by_application')
    .on('document_links')
    .column('application_row_id')
    .execute();

  await db.schema
    .createTable('application_documents')
    .addColumn('id', 'integer', id)
    .addColumn('application_row_id', 'integer', (column) =>
      column.notNull().references('applications.id').onDelete('cascade'),
    )
    .addColumn('link_id', 'integer', (column) =>
      column.notNull().references('document_links.id').onDelete('cascade'),
    )
    .addColumn('person_role', 'text', (column) =>
      column.notNull().check(sql`person_role in ('applicant', 'joint')`),
    )
    .addColumn('document_type', 'text', (column) =>
      column
        .notNull()
        .check(sql`document_type in ('payslip', 'bank-statement', 'proof-of-address', 'id')`),
    )
    .addColumn('status', 'text', (column) =>
      column.notNull().check(sql`status in ('requested', 'received', 'accepted', 'rejected')`),
    )
    .addColumn('requested_at', 'text', (column) => column.notNull())
    .addColumn('requested_by', 'text', (column) => column.notNull())
    .addColumn('storage_key', 'text', (column) => column.unique())
    .addColumn('file_name', 'text')
    .addColumn('content_type', 'text')
    .addColumn('size_bytes', 'integer')
    .addColumn('sha256', 'text')
    .addColumn('uploaded_at', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('reason', 'text')
    .execute();
  await db.schema
    .createIndex('application_documents_by_application')
    .on('application_documents')
    .column('application_row_id')
    .execute();
  await db.schema
    .createIndex('application_documents_by_link')
    .on('application_documents')
    .column('link_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('application_documents').execute();
  await db.schema.dropTable('document_links').execute();
}
