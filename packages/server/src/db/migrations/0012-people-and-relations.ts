import { normalisePhoneForPayload } from '@broker/domain';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf } from '../connection.js';

/**
 * docs/decisions/0050-people-and-relations.md, docs/data-lifecycle.md: a person's data is found
 * by what links it to them, never by searching text.
 *
 * - `application_people`: an application's people (the applicant, the joint applicant), one row
 *   each with their normalised e-mail and phone, indexed. Search, subject access and erasure
 *   find a person here; the e-mail and phone indexes on `applications` (migration 0010) go.
 * - `delivery_events.application_row_id`: the application an event is about, by key (a foreign
 *   key that removes the events with the application), in place of its submission key.
 * - `portal_accounts.id`, `portal_account_applications` and `portal_mail_outbox.portal_account_id`:
 *   a portal account is linked to the applications that created or used it, and its mail to it.
 * - `erasure_tombstones.person_role`: the erasure of one of a joint application's two people.
 * - `alert_outbox` (unused since migration 0002) is dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  // SQLite: the rows are kept in their key's b-tree, one structure to write instead of two.
  const rowsByKey = <T extends { modifyEnd(modifier: ReturnType<typeof sql>): T }>(builder: T) =>
    postgres ? builder : builder.modifyEnd(sql`without rowid`);

  await db.schema
    .createTable('application_people')
    .addColumn('application_row_id', 'integer', (column) =>
      column.notNull().references('applications.id').onDelete('cascade'),
    )
    .addColumn('role', 'text', (column) =>
      column.notNull().check(sql`role in ('applicant', 'joint')`),
    )
    .addColumn('email_lower', 'text')
    .addColumn('phone_normalised', 'text')
    .addColumn('date_of_birth', 'text')
    .addColumn('name', 'text')
    .addPrimaryKeyConstraint('application_people_pk', ['application_row_id', 'role'])
    .$call(rowsByKey)
    .execute();
  for (const column of ['email_lower', 'phone_normalised']) {
    await db.schema
      .createIndex(`application_people_by_${column}`)
      .on('application_people')
      .column(column)
      .where(sql.ref(column), 'is not', null)
      .execute();
  }
  await fillPeople(db);
  await db.schema.dropIndex('applications_by_email_lower').execute();
  await db.schema.dropIndex('applications_by_phone_normalised').execute();

  await db.schema
    .alterTable('delivery_events')
    .addColumn('application_row_id', 'integer', (column) =>
      column.references('applications.id').onDelete('cascade'),
    )
    .execute();
  await sql`update delivery_events set application_row_id = (
      select applications.id from applications
      where applications.submission_key = delivery_events.submission_key)
    where submission_key is not null`.execute(db);
  // An event whose application is gone was left behind by the old text-matching deletion.
  await sql`delete from delivery_events where submission_key is not null
    and application_row_id is null`.execute(db);
  await db.schema
    .createIndex('delivery_events_by_application')
    .on('delivery_events')
    .column('application_row_id')
    .where(sql.ref('application_row_id'), 'is not', null)
    .execute();
  await db.schema.dropIndex('delivery_events_submission_key').execute();
  await db.schema.alterTable('delivery_events').dropColumn('submission_key').execute();

  await db.schema.dropTable('alert_outbox').execute();

  await givePortalAccountsAnId(db, postgres);
  await db.schema
    .createTable('portal_account_applications')
    .addColumn('portal_account_id', 'integer', (column) =>
      column.notNull().references('portal_accounts.id').onDelete('cascade'),
    )
    .addColumn('application_row_id', 'integer', (column) =>
      column.notNull().references('applications.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('portal_account_applications_pk', [
      'portal_account_id',
      'application_row_id',
    ])
    .$call(rowsByKey)
    .execute();
  await db.schema
    .createIndex('portal_account_applications_by_application')
    .on('portal_account_applications')
    .column('application_row_id')
    .execute();
  // The portal variant's approved applications made or used the account of their e-mail.
  await sql`insert into portal_account_applications (portal_account_id, application_row_id)
    select portal_accounts.id, applications.id from portal_accounts
    join applications on applications.email_lower = portal_accounts.email_lower
    where applications.outcome = 'approved' and applications.variant = 'CDJ-MVP'`.execute(db);

  await db.schema
    .alterTable('portal_mail_outbox')
    .addColumn('portal_account_id', 'integer', (column) =>
      column.references('portal_accounts.id').onDelete('cascade'),
    )
    .execute();
  await sql`update portal_mail_outbox set portal_account_id = (
      select portal_accounts.id from portal_accounts
      where portal_accounts.email_lower = portal_mail_outbox.email_lower)`.execute(db);
  await sql`delete from portal_mail_outbox where portal_account_id is null`.execute(db);
  await db.schema
    .createIndex('portal_mail_outbox_by_account')
    .on('portal_mail_outbox')
    .column('portal_account_id')
    .execute();

  await db.schema
    .alterTable('erasure_tombstones')
    .addColumn('person_role', 'text', (column) =>
      column.check(sql`person_role in ('applicant', 'joint')`),
    )
    .execute();
}

interface StoredPayload {
  firstName?: unknown;
  lastName?: unknown;
  JointApplicant?: {
    firstName?: unknown;
    lastName?: unknown;
    email?: unknown;
    contactNumber?: unknown;
    dateOfBirth?: unknown;
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function nameOf(first: unknown, last: unknown): string | null {
  return [text(first), text(last)].filter(Boolean).join(' ') || null;
}

/** The people of every stored application, read 1,000 applications at a time. */
async function fillPeople(db: Kysely<unknown>): Promise<void> {
  const untyped = db as Kysely<{
    applications: {
      id: number;
      payload_json: string;
      email_lower: string | null;
      phone_normalised: string | null;
      date_of_birth: string | null;
    };
    application_people: {
      application_row_id: number;
      role: string;
      email_lower: string | null;
      phone_normalised: string | null;
      date_of_birth: string | null;
      name: string | null;
    };
  }>;
  let after = 0;
  for (;;) {
    const rows = await untyped
      .selectFrom('applications')
      .select(['id', 'payload_json', 'email_lower', 'phone_normalised', 'date_of_birth'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute();
    if (rows.length === 0) break;
    const people = rows.flatMap((row) => {
      let payload: StoredPayload = {};
      try {
        payload = JSON.parse(row.payload_json) as StoredPayload;
      } catch {
        payload = {};
      }
      const applicant = {
        application_row_id: row.id,
        role: 'applicant',
        email_lower: row.email_lower,
        phone_normalised: row.phone_normalised,
        date_of_birth: row.date_of_birth,
        name: nameOf(payload.firstName, payload.lastName),
      };
      const joint = payload.JointApplicant;
      if (joint === undefined || joint === null || typeof joint !== 'object') return [applicant];
      return [
        applicant,
        {
          application_row_id: row.id,
          role: 'joint',
          email_lower: text(joint.email)?.trim().toLowerCase() ?? null,
          phone_normalised: normalisePhoneForPayload(text(joint.contactNumber)),
          date_of_birth: text(joint.dateOfBirth)?.slice(0, 10) ?? null,
          name: nameOf(joint.firstName, joint.lastName),
        },
      ];
    });
    // 6 values a row: 100 rows a statement stays under SQLite's 999 parameters.
    for (let start = 0; start < people.length; start += 100) {
      await untyped
        .insertInto('application_people')
        .values(people.slice(start, start + 100))
        .execute();
    }
    after = rows.at(-1)!.id;
  }
}

/**
 * Portal accounts were keyed by their e-mail. They get an integer key, the e-mail staying
 * unique: SQLite cannot change a primary key in place, so there the table is copied.
 */
async function givePortalAccountsAnId(db: Kysely<unknown>, postgres: boolean): Promise<void> {
  if (postgres) {
    await sql`alter table portal_accounts drop constraint portal_accounts_pkey`.execute(db);
    await sql`alter table portal_accounts add column id integer generated always as identity primary key`.execute(
      db,
    );
    await sql`alter table portal_accounts add constraint portal_accounts_email_lower_key unique (email_lower)`.execute(
      db,
    );
    return;
  }
  const columns = [
    'email_lower',
    'status',
    'otp_hash',
    'created_at',
    'updated_at',
    'otp_expires_at',
    'otp_attempts',
    'verification_hash',
    'verification_expires_at',
    'verification_attempts',
    'verification_requested_at',
    'verified_at',
  ];
  await db.schema
    .createTable('portal_accounts_next')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('email_lower', 'text', (column) => column.notNull().unique())
    .addColumn('status', 'integer', (column) => column.notNull())
    .addColumn('otp_hash', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addColumn('otp_expires_at', 'text')
    .addColumn('otp_attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('verification_hash', 'text')
    .addColumn('verification_expires_at', 'text')
    .addColumn('verification_attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('verification_requested_at', 'text')
    .addColumn('verified_at', 'text')
    .execute();
  const list = sql.join(columns.map((column) => sql.ref(column)));
  await sql`insert into portal_accounts_next (${list}) select ${list} from portal_accounts order by created_at`.execute(
    db,
  );
  await db.schema.dropTable('portal_accounts').execute();
  await sql`alter table portal_accounts_next rename to portal_accounts`.execute(db);
}

export function down(db: Kysely<unknown>): Promise<void> {
  // Forward only: it moves data (people out of payloads, events onto keys). Restore a backup
  // taken before it to go back.
  void db;
  return Promise.reject(
    new Error('migration 0012 cannot be undone: restore a backup taken before it'),
  );
}
