import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf } from '../connection.js';

const KINDS_BEFORE = `'note', 'status', 'assignment'`;
const KINDS_AFTER = `'note', 'status', 'assignment', 'message', 'complaint'`;

/**
 * docs/mail.md ("Staff's templated messages"), docs/decisions/0092-templated-messages.md: the
 * templated e-mails staff send an applicant from the case, one row each with what was sent and
 * whether it left, deleted with the application; and the case's timeline takes two more kinds of
 * entry (a message sent, a complaint logged or answered).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('application_messages')
    .addColumn('id', 'integer', (column) =>
      postgres ? column.primaryKey().generatedAlwaysAsIdentity() : column.primaryKey(),
    )
    .addColumn('application_row_id', 'integer', (column) =>
      column.notNull().references('applications.id').onDelete('cascade'),
    )
    // The person it was sent to: the erasure of that person removes it.
    .addColumn('person_role', 'text', (column) =>
      column.notNull().check(sql`person_role in ('applicant', 'joint')`),
    )
    .addColumn('template', 'text', (column) => column.notNull())
    .addColumn('recipient', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    // The message as sent, in text (the HTML is rendered from the same content).
    .addColumn('body_text', 'text', (column) => column.notNull())
    .addColumn('sent_by_id', 'text', (column) => column.notNull())
    .addColumn('sent_by_email', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) =>
      column.notNull().check(sql`status in ('sending', 'sent', 'failed')`),
    )
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('application_messages_by_application')
    .on('application_messages')
    .columns(['application_row_id', 'id'])
    .execute();

  if (postgres) {
    await sql`alter table application_activity drop constraint application_activity_kind_check`.execute(
      db,
    );
    await sql`alter table application_activity add constraint application_activity_kind_check
      check (kind in (${sql.raw(KINDS_AFTER)}))`.execute(db);
    return;
  }
  await rebuildActivity(db, KINDS_AFTER);
}

/** SQLite cannot change a column's check: the table is copied into one with the new check. */
async function rebuildActivity(db: Kysely<unknown>, kinds: string): Promise<void> {
  await sql`create table application_activity_next (
    id integer primary key,
    application_row_id integer not null references applications(id) on delete cascade,
    at text not null,
    staff_id text not null,
    staff_email text not null,
    kind text not null check (kind in (${sql.raw(kinds)})),
    text text not null
  )`.execute(db);
  await sql`insert into application_activity_next
    select id, application_row_id, at, staff_id, staff_email, kind, text
    from application_activity where kind in (${sql.raw(kinds)})`.execute(db);
  await sql`drop table application_activity`.execute(db);
  await sql`alter table application_activity_next rename to application_activity`.execute(db);
  await sql`create index application_activity_by_application
    on application_activity (application_row_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('application_messages').execute();
  if (dialectOf(db) === 'postgres') {
    await sql`delete from application_activity where kind not in (${sql.raw(KINDS_BEFORE)})`.execute(
      db,
    );
    await sql`alter table application_activity drop constraint application_activity_kind_check`.execute(
      db,
    );
    await sql`alter table application_activity add constraint application_activity_kind_check
      check (kind in (${sql.raw(KINDS_BEFORE)}))`.execute(db);
    return;
  }
  await rebuildActivity(db, KINDS_BEFORE);
}
