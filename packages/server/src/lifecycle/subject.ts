import { sql } from 'kysely';
import { dialectOf } from '../db/connection.js';
import type { ApplicationRow, Db } from '../db/schema.js';
import { searchKind } from '../staff/applications.js';

/**
 * One person's data, found by e-mail, phone or application id (docs/data-lifecycle.md): every
 * application (complete or partial) matching it, then every other one under the e-mail
 * addresses those carry, with the portal account and mail of each address and the events,
 * alerts, work and notes of each application.
 */
export interface Subject {
  applications: ApplicationRow[];
  emails: string[];
}

export type SubjectQuery = { kind: 'email' | 'phone' | 'id'; value: string };

/** The search text as a subject query, or null if it is not an e-mail, phone or id. */
export function subjectQuery(text: string): SubjectQuery | null {
  const { kind, value } = searchKind(text);
  return kind === 'email' || kind === 'phone' || kind === 'id' ? { kind, value } : null;
}

export async function findSubject(db: Db, query: SubjectQuery): Promise<Subject> {
  const column =
    query.kind === 'email' ? 'email_lower' : query.kind === 'phone' ? 'phone_normalised' : null;
  const direct = await db
    .selectFrom('applications')
    .selectAll()
    .where((eb) =>
      column === null
        ? eb.or([eb('application_id', '=', query.value), eb('submission_key', '=', query.value)])
        : eb(column, '=', query.value),
    )
    .execute();
  const emails = new Set(
    direct.map((row) => row.email_lower).filter((email): email is string => email !== null),
  );
  if (query.kind === 'email') emails.add(query.value);
  const byEmail =
    emails.size === 0
      ? []
      : await db
          .selectFrom('applications')
          .selectAll()
          .where('email_lower', 'in', [...emails])
          .execute();
  const rows = new Map<number, ApplicationRow>();
  for (const row of [...direct, ...byEmail]) rows.set(row.id, row);
  return {
    applications: [...rows.values()].sort((a, b) => a.id - b.id),
    emails: [...emails].sort(),
  };
}

/** A text column containing `needle` (case-insensitively), on either database. */
function contains(db: Db, column: string, needle: string) {
  const lowered = needle.toLowerCase();
  return dialectOf(db) === 'postgres'
    ? sql<boolean>`strpos(lower(${sql.ref(column)}), ${lowered}) > 0`
    : sql<boolean>`instr(lower(${sql.ref(column)}), ${lowered}) > 0`;
}

/** The strings that mark a row of events or alerts as the person's. */
function markers(subject: Subject): string[] {
  return [
    ...subject.emails,
    ...subject.applications.map((row) => row.submission_key),
    ...subject.applications.flatMap((row) => (row.application_id ? [row.application_id] : [])),
  ];
}

function parsed(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
}

/** Everything held about the subject, as the JSON document given on a subject access request. */
export async function subjectAccessDocument(db: Db, subject: Subject, now: Date) {
  const ids = subject.applications.map((row) => row.id);
  const marks = markers(subject);
  const anyMarker = (column: string) =>
    marks.length === 0
      ? sql<boolean>`1 = 0`
      : sql.join(
          marks.map((m) => contains(db, column, m)),
          sql` or `,
        );
  const [work, activity, events, alerts, accounts, mail, served] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .selectFrom('application_work')
          .selectAll()
          .where('application_row_id', 'in', ids)
          .execute(),
    ids.length === 0
      ? []
      : db
          .selectFrom('application_activity')
          .selectAll()
          .where('application_row_id', 'in', ids)
          .orderBy('id')
          .execute(),
    db
      .selectFrom('delivery_events')
      .select([
        'event_id',
        'endpoint',
        'event_type',
        'created_at',
        'delivered_at',
        'dead_at',
        'body',
      ])
      .where(sql<boolean>`(${anyMarker('body')})`)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('alert_outbox')
      .select(['created_at', 'alert_type', 'subject', 'message', 'delivered_at'])
      .where(sql<boolean>`(${anyMarker('message')})`)
      .orderBy('id')
      .execute(),
    subject.emails.length === 0
      ? []
      : db
          .selectFrom('portal_accounts')
          .select(['email_lower', 'status', 'created_at', 'updated_at', 'verified_at'])
          .where('email_lower', 'in', subject.emails)
          .execute(),
    subject.emails.length === 0
      ? []
      : db
          .selectFrom('portal_mail_outbox')
          .select(['email_lower', 'kind', 'created_at', 'sent_at'])
          .where('email_lower', 'in', subject.emails)
          .execute(),
    ids.length === 0
      ? []
      : db
          .selectFrom('disclosures_served')
          .selectAll()
          .where(
            'submission_key',
            'in',
            subject.applications.map((row) => row.submission_key),
          )
          .orderBy('first_served_at')
          .execute(),
  ]);
  return {
    generatedAt: now.toISOString(),
    emails: subject.emails,
    applications: subject.applications.map((row) => ({
      id: row.id,
      applicationId: row.application_id,
      status: row.status,
      outcome: row.outcome,
      declineReason: row.decline_reason,
      brand: row.brand,
      affiliate: row.affiliate_key,
      dealerNumber: row.dealer_number,
      email: row.email_lower,
      phone: row.phone_normalised,
      dateOfBirth: row.date_of_birth,
      ipAddress: row.remote_address,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      completedAt: row.completed_at,
      answers: parsed(row.payload_json),
      decision: parsed(row.decision_json),
      response: parsed(row.response_json),
      work: work.find((entry) => entry.application_row_id === row.id) ?? null,
      activity: activity
        .filter((entry) => entry.application_row_id === row.id)
        .map((entry) => ({
          at: entry.at,
          by: entry.staff_email,
          kind: entry.kind,
          text: entry.text,
        })),
      // What the server served the application's session (docs/evidence.md).
      disclosuresServed: served
        .filter((entry) => entry.submission_key === row.submission_key)
        .map((entry) => ({
          text: entry.text_id,
          version: Number(entry.version),
          firstServedAt: entry.first_served_at,
          lastServedAt: entry.last_served_at,
          times: Number(entry.times),
        })),
    })),
    deliveryEvents: events.map(({ body, ...event }) => ({ ...event, body: parsed(body) })),
    alerts,
    portalAccounts: accounts,
    portalMail: mail,
  };
}

/**
 * Removes the subject's personal data from every table (decision 0032) in one transaction and
 * leaves a tombstone per application; on SQLite then checkpoints the WAL and VACUUMs so that
 * neither file keeps the deleted pages.
 */
export async function eraseSubject(
  db: Db,
  subject: Subject,
  by: { id: string; email: string; reason: string; now: Date },
): Promise<number> {
  const ids = subject.applications.map((row) => row.id);
  const marks = markers(subject);
  await db.transaction().execute(async (trx) => {
    if (ids.length > 0) {
      await trx.deleteFrom('application_activity').where('application_row_id', 'in', ids).execute();
      await trx.deleteFrom('application_work').where('application_row_id', 'in', ids).execute();
      await trx.deleteFrom('applications').where('id', 'in', ids).execute();
      await trx
        .deleteFrom('disclosures_served')
        .where(
          'submission_key',
          'in',
          subject.applications.map((row) => row.submission_key),
        )
        .execute();
      await trx
        .insertInto('erasure_tombstones')
        .values(
          subject.applications.map((row) => ({
            application_row_id: row.id,
            application_id: row.application_id,
            erased_at: by.now.toISOString(),
            reason: by.reason,
            erased_by_id: by.id,
            erased_by_email: by.email,
          })),
        )
        .execute();
    }
    for (const mark of marks) {
      await trx
        .deleteFrom('delivery_events')
        .where(contains(db, 'body', mark))
        .execute();
      await trx
        .deleteFrom('alert_outbox')
        .where(contains(db, 'message', mark))
        .execute();
      await trx
        .deleteFrom('alert_outbox')
        .where(contains(db, 'subject', mark))
        .execute();
    }
    if (subject.emails.length > 0) {
      await trx
        .deleteFrom('portal_mail_outbox')
        .where('email_lower', 'in', subject.emails)
        .execute();
      await trx.deleteFrom('portal_accounts').where('email_lower', 'in', subject.emails).execute();
      for (const email of subject.emails) {
        await trx
          .deleteFrom('dev_mailbox')
          .where(contains(db, 'recipient', email))
          .execute();
      }
    }
  });
  if (dialectOf(db) === 'sqlite') {
    // VACUUM rewrites the file without the freed pages (through the WAL); the checkpoint then
    // copies it back and truncates the WAL to nothing.
    await sql`vacuum`.execute(db);
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  }
  return ids.length;
}
