import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf } from '../connection.js';

/**
 * The back office's staff accounts, their sessions and the append-only audit log
 * (docs/back-office.md; decisions 0026 to 0028).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';

  await db.schema
    .createTable('staff_members')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('email_lower', 'text', (column) => column.notNull().unique())
    .addColumn('display_name', 'text', (column) => column.notNull())
    .addColumn('role', 'text', (column) =>
      column.notNull().check(sql`role in ('agent', 'admin', 'auditor')`),
    )
    .addColumn('status', 'text', (column) =>
      column.notNull().check(sql`status in ('pending', 'active', 'disabled')`),
    )
    // 'scrypt$N$r$p$salt$key' (decision 0027); null until the set-up link is used.
    .addColumn('password_hash', 'text')
    // Base32 TOTP secret; set when the set-up screen first opens, confirmed with a code.
    .addColumn('totp_secret', 'text')
    // RFC 6238 time step of the last accepted code: a code is never accepted twice.
    .addColumn('totp_last_step', 'integer')
    // SHA-256 hex of the one-time set-up token; the token itself is only printed once.
    .addColumn('setup_token_hash', 'text', (column) => column.unique())
    .addColumn('setup_expires_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('staff_sessions')
    // SHA-256 hex of the session id: a copy of the database holds no usable session.
    .addColumn('id_hash', 'text', (column) => column.primaryKey())
    .addColumn('staff_id', 'text', (column) =>
      column.notNull().references('staff_members.id').onDelete('cascade'),
    )
    // 'code': the password was right and the TOTP code is awaited; 'full': signed in.
    .addColumn('stage', 'text', (column) => column.notNull().check(sql`stage in ('code', 'full')`))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_seen_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('ip', 'text')
    .execute();
  await db.schema
    .createIndex('staff_sessions_by_member')
    .on('staff_sessions')
    .column('staff_id')
    .execute();

  await db.schema
    .createTable('staff_audit_log')
    .addColumn('id', 'integer', (column) =>
      postgres ? column.primaryKey().generatedAlwaysAsIdentity() : column.primaryKey(),
    )
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('actor_id', 'text')
    // The e-mail the actor signed in with (or tried to): who, even after an account is removed.
    .addColumn('actor_email', 'text')
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('target', 'text')
    .addColumn('detail_json', 'text')
    .addColumn('ip', 'text')
    // Unique: two entries can never follow the same one, so the chain cannot fork.
    .addColumn('prev_hash', 'text', (column) => column.notNull().unique())
    .addColumn('hash', 'text', (column) => column.notNull().unique())
    .execute();
  // Sign-in throttling counts recent failures by account and by address.
  await db.schema
    .createIndex('staff_audit_log_by_action')
    .on('staff_audit_log')
    .columns(['action', 'at'])
    .execute();

  // Working an application (docs/back-office.md): its status and who has it, and the timeline of
  // notes, status changes and assignments with who and when.
  await db.schema
    .createTable('application_work')
    .addColumn('application_row_id', 'integer', (column) =>
      column.primaryKey().references('applications.id').onDelete('cascade'),
    )
    .addColumn('work_status', 'text', (column) =>
      column
        .notNull()
        .check(
          sql`work_status in ('new', 'contacted', 'referred', 'completed', 'withdrawn', 'not-proceeding')`,
        ),
    )
    .addColumn('assigned_to', 'text', (column) => column.references('staff_members.id'))
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('application_work_by_assignee')
    .on('application_work')
    .column('assigned_to')
    .execute();
  await db.schema
    .createTable('application_activity')
    .addColumn('id', 'integer', (column) =>
      postgres ? column.primaryKey().generatedAlwaysAsIdentity() : column.primaryKey(),
    )
    .addColumn('application_row_id', 'integer', (column) =>
      column.notNull().references('applications.id').onDelete('cascade'),
    )
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('staff_id', 'text', (column) => column.notNull())
    .addColumn('staff_email', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) =>
      column.notNull().check(sql`kind in ('note', 'status', 'assignment')`),
    )
    // The note, the new status, or the assignee's e-mail ('' when unassigned).
    .addColumn('text', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('application_activity_by_application')
    .on('application_activity')
    .columns(['application_row_id', 'id'])
    .execute();

  // Append-only: the database itself refuses to change or remove an entry.
  if (postgres) {
    await sql`
      create function staff_audit_log_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'staff_audit_log is append-only';
      end;
      $$`.execute(db);
    await sql`
      create trigger staff_audit_log_no_change before update or delete on staff_audit_log
      for each row execute function staff_audit_log_append_only()`.execute(db);
    await sql`
      create trigger staff_audit_log_no_truncate before truncate on staff_audit_log
      for each statement execute function staff_audit_log_append_only()`.execute(db);
  } else {
    await sql`
      create trigger staff_audit_log_no_update before update on staff_audit_log
      begin select raise(abort, 'staff_audit_log is append-only'); end`.execute(db);
    await sql`
      create trigger staff_audit_log_no_delete before delete on staff_audit_log
      begin select raise(abort, 'staff_audit_log is append-only'); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop table staff_audit_log`.execute(db);
    await sql`drop function staff_audit_log_append_only`.execute(db);
  } else {
    await db.schema.dropTable('staff_audit_log').execute();
  }
  await db.schema.dropTable('application_activity').execute();
  await db.schema.dropTable('application_work').execute();
  await db.schema.dropTable('staff_sessions').execute();
  await db.schema.dropTable('staff_members').execute();
}
