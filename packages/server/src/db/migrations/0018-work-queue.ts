import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf } from '../connection.js';

const STATUSES_BEFORE = `'new', 'contacted', 'referred', 'completed', 'withdrawn', 'not-proceeding'`;
const STATUSES_AFTER = `'new', 'contacted', 'awaiting-documents', 'referred', 'completed', 'withdrawn', 'not-proceeding'`;

/**
 * docs/decisions/0083-the-work-queue.md: the work queue's saved views. A case's work gains the
 * status "awaiting documents" and a next-action date (a London calendar date, YYYY-MM-DD), and
 * the views get indexes that hold the application's row id in the list's order, so that each
 * view's first page and its count read an index rather than every application.
 *
 * The status list is a CHECK constraint: PostgreSQL replaces it; SQLite cannot alter one, so
 * the table (which nothing refers to) is built again with its rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table application_work drop constraint application_work_work_status_check`.execute(
      db,
    );
    await sql`alter table application_work add constraint application_work_work_status_check check (work_status in (${sql.raw(STATUSES_AFTER)}))`.execute(
      db,
    );
    await sql`alter table application_work add column next_action_on text`.execute(db);
  } else {
    await rebuildOnSqlite(db, STATUSES_AFTER, true);
  }
  await sql`drop index if exists application_work_by_assignee`.execute(db);
  await createIndexes(db);
}

async function createIndexes(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('application_work_by_assignee')
    .on('application_work')
    .columns(['assigned_to', 'application_row_id'])
    .execute();
  await db.schema
    .createIndex('application_work_by_status')
    .on('application_work')
    .columns(['work_status', 'application_row_id'])
    .execute();
  await db.schema
    .createIndex('application_work_by_next_action')
    .on('application_work')
    .columns(['next_action_on', 'application_row_id'])
    .where(sql.ref('next_action_on'), 'is not', null)
    .execute();
  // Overdue is a range of dates: read in the page's order among the cases with a date instead.
  await db.schema
    .createIndex('application_work_with_next_action')
    .on('application_work')
    .columns(['application_row_id', 'next_action_on'])
    .where(sql.ref('next_action_on'), 'is not', null)
    .execute();
}

async function rebuildOnSqlite(
  db: Kysely<unknown>,
  statuses: string,
  withNextAction: boolean,
): Promise<void> {
  await sql`create table application_work_rebuilt (
    application_row_id integer primary key references applications (id) on delete cascade,
    work_status text not null check (work_status in (${sql.raw(statuses)})),
    assigned_to text references staff_members (id),
    updated_at text not null${sql.raw(withNextAction ? ',\n    next_action_on text' : '')}
  )`.execute(db);
  await sql`insert into application_work_rebuilt (application_row_id, work_status, assigned_to, updated_at)
    select application_row_id, work_status, assigned_to, updated_at from application_work`.execute(
    db,
  );
  await sql`drop table application_work`.execute(db);
  await sql`alter table application_work_rebuilt rename to application_work`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists application_work_with_next_action`.execute(db);
  await sql`drop index if exists application_work_by_next_action`.execute(db);
  await sql`drop index if exists application_work_by_status`.execute(db);
  await sql`drop index if exists application_work_by_assignee`.execute(db);
  await sql`update application_work set work_status = 'contacted' where work_status = 'awaiting-documents'`.execute(
    db,
  );
  if (dialectOf(db) === 'postgres') {
    await sql`alter table application_work drop column next_action_on`.execute(db);
    await sql`alter table application_work drop constraint application_work_work_status_check`.execute(
      db,
    );
    await sql`alter table application_work add constraint application_work_work_status_check check (work_status in (${sql.raw(STATUSES_BEFORE)}))`.execute(
      db,
    );
  } else {
    await rebuildOnSqlite(db, STATUSES_BEFORE, false);
  }
  await db.schema
    .createIndex('application_work_by_assignee')
    .on('application_work')
    .column('assigned_to')
    .execute();
}
