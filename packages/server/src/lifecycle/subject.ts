import { sql } from 'kysely';
import { dialectOf } from '../db/connection.js';
import type { ApplicationPersonRow, ApplicationRow, Db, PersonRole } from '../db/schema.js';
import { searchKind } from '../staff/applications.js';
import { deleteStoredFiles } from '../documents/store.js';
import type { DocumentStore } from '../documents/store.js';
import {
  APPLICATION_RELATIONS,
  CALLBACK_COLUMNS,
  deleteLinkedByKey,
  relationRows,
  storedFiles,
} from './relations.js';
import type { ApplicationRelation, RelationRow } from './relations.js';
import { answersFor, decisionFor, parsedJson, responseFor, WITHHELD_STATEMENTS } from './views.js';
import type { PersonView } from './views.js';

/** What a subject access file says of a saved application (decision 0088). */
export const SAVED_DRAFT_STATEMENT =
  'A copy of the answers saved to finish later. It is encrypted with a key that only the link ' +
  'e-mailed to the applicant holds, so we cannot read it; the copy is deleted when the link is ' +
  'used, and this record of it 30 days after saving.';

/**
 * One person's data (docs/data-lifecycle.md, docs/decisions/0050-people-and-relations.md),
 * found by relation: the `application_people` rows whose normalised e-mail or phone is exactly
 * the one asked for (or the applicant of the application with that id), then every other row of
 * the e-mail addresses those carry; their applications, and each row that refers to those
 * applications by key (`APPLICATION_RELATIONS`); the portal accounts of those e-mail addresses
 * and their mail. No text is searched.
 */
export interface SubjectApplication {
  row: ApplicationRow;
  /** The person's roles in it (both when they gave the same e-mail for both people). */
  roles: PersonRole[];
  /** Every person of the application. */
  people: ApplicationPersonRow[];
}

export interface Subject {
  applications: SubjectApplication[];
  emails: string[];
  portalAccountIds: number[];
  /**
   * Callback requests no application took (decision 0091), found by the person's own keys: the
   * phone number asked for, or one of their e-mail addresses.
   */
  callbackIds: number[];
}

export type SubjectQuery = { kind: 'email' | 'phone' | 'id'; value: string };

/** A row named in the audit log: which person of which application. */
export interface PersonRef {
  application: number;
  role: PersonRole;
}

/** Rows by kind and id: what a subject access disclosed or an erasure removed. */
export type RowsByKind = Record<string, (number | string | PersonRef)[]>;

/** The search text as a subject query, or null if it is not an e-mail, phone or id. */
export function subjectQuery(text: string): SubjectQuery | null {
  const { kind, value } = searchKind(text);
  return kind === 'email' || kind === 'phone' || kind === 'id' ? { kind, value } : null;
}

/** How the person sees an application: as the applicant or the joint applicant, shared or not. */
export function viewOf(application: SubjectApplication): PersonView {
  return {
    role: application.roles.includes('applicant') ? 'applicant' : 'joint',
    shared: application.people.some((person) => !application.roles.includes(person.role)),
  };
}

type Found = Pick<ApplicationPersonRow, 'application_row_id' | 'role' | 'email_lower'>;

export async function findSubject(db: Db, query: SubjectQuery): Promise<Subject> {
  const roles = new Map<number, Set<PersonRole>>();
  const add = (id: number, role: PersonRole) => {
    const set = roles.get(id) ?? new Set<PersonRole>();
    set.add(role);
    roles.set(id, set);
  };
  let found: Found[];
  if (query.kind === 'id') {
    // An application's id names its applicant; a joint applicant is found by their own e-mail
    // or phone.
    const applications = await db
      .selectFrom('applications')
      .select('id')
      .where((eb) =>
        eb.or([eb('application_id', '=', query.value), eb('submission_key', '=', query.value)]),
      )
      .execute();
    for (const application of applications) add(application.id, 'applicant');
    found =
      applications.length === 0
        ? []
        : await db
            .selectFrom('application_people')
            .select(['application_row_id', 'role', 'email_lower'])
            .where(
              'application_row_id',
              'in',
              applications.map((row) => row.id),
            )
            .where('role', '=', 'applicant')
            .execute();
  } else {
    found = await db
      .selectFrom('application_people')
      .select(['application_row_id', 'role', 'email_lower'])
      .where(query.kind === 'email' ? 'email_lower' : 'phone_normalised', '=', query.value)
      .execute();
  }
  const emails = new Set(
    found.map((person) => person.email_lower).filter((email): email is string => email !== null),
  );
  if (query.kind === 'email') emails.add(query.value);
  // The same person's other applications: the same e-mail address, exactly.
  const sameEmail =
    emails.size === 0
      ? []
      : await db
          .selectFrom('application_people')
          .select(['application_row_id', 'role', 'email_lower'])
          .where('email_lower', 'in', [...emails])
          .execute();
  for (const person of [...found, ...sameEmail]) add(person.application_row_id, person.role);

  const ids = [...roles.keys()].sort((a, b) => a - b);
  const [rows, people, accounts] = await Promise.all([
    ids.length === 0
      ? []
      : db.selectFrom('applications').selectAll().where('id', 'in', ids).orderBy('id').execute(),
    ids.length === 0
      ? []
      : db
          .selectFrom('application_people')
          .selectAll()
          .where('application_row_id', 'in', ids)
          .orderBy('application_row_id')
          .orderBy('role')
          .execute(),
    emails.size === 0
      ? []
      : db
          .selectFrom('portal_accounts')
          .select('id')
          .where('email_lower', 'in', [...emails])
          .orderBy('id')
          .execute(),
  ]);
  const callbacks =
    emails.size === 0 && query.kind !== 'phone'
      ? []
      : await db
          .selectFrom('callbacks')
          .select('id')
          .where((eb) =>
            eb.or([
              ...(emails.size === 0 ? [] : [eb('email_lower', 'in', [...emails])]),
              ...(query.kind === 'phone' ? [eb('phone_normalised', '=', query.value)] : []),
            ]),
          )
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('applications')
                  .select('applications.id')
                  .whereRef('applications.submission_key', '=', 'callbacks.submission_key'),
              ),
            ),
          )
          .orderBy('id')
          .execute();
  return {
    applications: rows.map((row) => ({
      row,
      roles: [...(roles.get(row.id) ?? [])].sort(),
      people: people.filter((person) => person.application_row_id === row.id),
    })),
    emails: [...emails].sort(),
    portalAccountIds: accounts.map((account) => account.id),
    callbackIds: callbacks.map((callback) => callback.id),
  };
}

/** Whether a relation's row is in the file of the person seeing it this way. */
function isTheirs(relation: ApplicationRelation, row: RelationRow, roles: PersonRole[]): boolean {
  const person = relation.personColumn === undefined ? null : row[relation.personColumn];
  return person === null || person === undefined || roles.includes(person as PersonRole);
}

const personRef = (person: Pick<ApplicationPersonRow, 'application_row_id' | 'role'>) => ({
  application: person.application_row_id,
  role: person.role,
});

/** The relations the document shows in a shape of its own; the others as their columns. */
/** The relations the document shapes itself; every other one is shown by its `columns`. */
const SHOWN_BY_HAND = new Set([
  'work',
  'disclosuresServed',
  'activity',
  'deliveryEvents',
  'lenderSubmissions',
  'documents',
  'documentLinks',
  'savedDrafts',
  'callbacks',
]);

/**
 * Everything held about the subject, as the JSON document given on a subject access request,
 * and the rows it discloses by kind and id (for the audit log). On a joint application each
 * person's file withholds the other person's details and says so in words (views.ts).
 */
export async function subjectAccessDocument(db: Db, subject: Subject, now: Date) {
  const ids = subject.applications.map((application) => application.row.id);
  const byId = new Map(
    subject.applications.map((application) => [application.row.id, application]),
  );
  const related: Record<string, RelationRow[]> = {};
  const disclosed: RowsByKind = {
    applications: ids,
    people: subject.applications.flatMap((application) =>
      application.people.filter((person) => application.roles.includes(person.role)).map(personRef),
    ),
  };
  for (const relation of APPLICATION_RELATIONS) {
    const rows = (await relationRows(db, relation, ids)).filter((row) => {
      const application = byId.get(Number(row.application_row_id));
      return application !== undefined && isTheirs(relation, row, application.roles);
    });
    disclosed[relation.kind] = rows.map((row) => row[relation.id] as number);
    related[relation.kind] = rows.map((row) => {
      const application = byId.get(Number(row.application_row_id))!;
      return relation.view ? relation.view(row, viewOf(application)) : row;
    });
  }
  const [accounts, mail] = await Promise.all([
    subject.portalAccountIds.length === 0
      ? []
      : db
          .selectFrom('portal_accounts')
          .select(['id', 'email_lower', 'status', 'created_at', 'updated_at', 'verified_at'])
          .where('id', 'in', subject.portalAccountIds)
          .orderBy('id')
          .execute(),
    subject.portalAccountIds.length === 0
      ? []
      : db
          .selectFrom('portal_mail_outbox')
          .select(['id', 'portal_account_id', 'email_lower', 'kind', 'created_at', 'sent_at'])
          .where('portal_account_id', 'in', subject.portalAccountIds)
          .orderBy('id')
          .execute(),
  ]);
  disclosed.portalAccounts = accounts.map((account) => account.id);
  disclosed.portalMail = mail.map((message) => message.id);
  const unlinkedCallbacks =
    subject.callbackIds.length === 0
      ? []
      : await db
          .selectFrom('callbacks')
          .select([...CALLBACK_COLUMNS])
          .where('id', 'in', subject.callbackIds)
          .orderBy('id')
          .execute();
  const callbacks: RelationRow[] = [...(related.callbacks ?? []), ...unlinkedCallbacks];
  disclosed.callbacks = callbacks.map((callback) => Number(callback.id));

  const of = (kind: string, id: number) =>
    (related[kind] ?? []).filter((row) => Number(row.application_row_id) === id);
  const shared = subject.applications.some((application) => viewOf(application).shared);
  const document = {
    generatedAt: now.toISOString(),
    statement:
      'Everything we hold about the person found, application by application.' +
      (shared
        ? ' Where an application also belongs to another person, that person’s details are ' +
          'withheld (UK GDPR article 15(4)): each such application says what, under "withheld".'
        : ''),
    emails: subject.emails,
    applications: subject.applications.map((application) => {
      const { row } = application;
      const view = viewOf(application);
      const { answers, withheld } = answersFor(parsedJson(row.payload_json), view);
      const applicant = view.role === 'applicant';
      return {
        id: row.id,
        role: view.role,
        person: application.people
          .filter((person) => application.roles.includes(person.role))
          .map((person) => ({
            role: person.role,
            name: person.name,
            email: person.email_lower,
            phone: person.phone_normalised,
            dateOfBirth: person.date_of_birth,
          })),
        applicationId: row.application_id,
        reference: row.reference,
        status: row.status,
        outcome: row.outcome,
        declineReason: row.decline_reason,
        brand: row.brand,
        affiliate: row.affiliate_key,
        dealerNumber: row.dealer_number,
        // The applicant's own columns: the device and address they applied from.
        email: applicant ? row.email_lower : null,
        phone: applicant ? row.phone_normalised : null,
        dateOfBirth: applicant ? row.date_of_birth : null,
        ipAddress: applicant ? row.remote_address : null,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        completedAt: row.completed_at,
        answers,
        decision: decisionFor(parsedJson(row.decision_json), view),
        response: responseFor(parsedJson(row.response_json), view),
        withheld: view.shared
          ? { statement: WITHHELD_STATEMENTS[view.role], answers: withheld }
          : null,
        work: of('work', row.id)[0] ?? null,
        // The texts the server served this application's session (docs/evidence.md).
        disclosuresServed: of('disclosuresServed', row.id).map((entry) => ({
          text: entry.text_id,
          version: entry.version,
          firstServedAt: entry.first_served_at,
          lastServedAt: entry.last_served_at,
          times: entry.times,
        })),
        // Where the case was sent (docs/decisions/0085-lender-submissions.md).
        lenderSubmissions: of('lenderSubmissions', row.id).map((entry) => ({
          lender: entry.lender_name,
          lenderReference: entry.lender_reference,
          decision: entry.decision,
          paidOutOn: entry.paid_out_on,
          commissionPence: Number(entry.commission_pence),
          commissionDisclosureVersion: entry.commission_disclosure_version,
          submittedAt: entry.submitted_at,
          by: entry.submitted_by_email,
        })),
        // Documents asked of the person and what they uploaded (docs/documents.md): what each
        // is, never the file's bytes, which staff download from the case to send with the file.
        documents: of('documents', row.id).map((entry) => ({
          id: entry.id,
          person: entry.person_role,
          type: entry.document_type,
          status: entry.status,
          requestedAt: entry.requested_at,
          requestedBy: entry.requested_by,
          fileName: entry.file_name,
          contentType: entry.content_type,
          sizeBytes: entry.size_bytes,
          sha256: entry.sha256,
          uploadedAt: entry.uploaded_at,
          decidedAt: entry.decided_at,
          decidedBy: entry.decided_by,
          reason: entry.reason,
        })),
        documentLinks: of('documentLinks', row.id).map((entry) => ({
          person: entry.person_role,
          createdAt: entry.created_at,
          expiresAt: entry.expires_at,
          usedAt: entry.used_at,
        })),
        // Their answers are encrypted with a key only the e-mailed link holds: the server can
        // say a saved copy exists and when, not what it says (docs/decisions/0088-drafts-belong-to-their-person.md).
        savedDrafts: of('savedDrafts', row.id).map((entry) => ({
          statement: SAVED_DRAFT_STATEMENT,
          savedAt: entry.created_at,
          linkExpiresAt: entry.expires_at,
          linkUsedAt: entry.used_at,
        })),
        activity: of('activity', row.id).map((entry) => ({
          at: entry.at,
          by: entry.staff_email,
          kind: entry.kind,
          text: entry.text,
        })),
        // Every other relation (messages, complaints…), as its `columns` show it.
        ...Object.fromEntries(
          APPLICATION_RELATIONS.filter((relation) => !SHOWN_BY_HAND.has(relation.kind)).map(
            (relation) => [
              relation.kind,
              of(relation.kind, row.id).map(
                ({ application_row_id: _application, ...entry }) => entry,
              ),
            ],
          ),
        ),
      };
    }),
    deliveryEvents: (related.deliveryEvents ?? []).map((event) => ({
      applicationRowId: event.application_row_id,
      eventId: event.event_id,
      endpoint: event.endpoint,
      eventType: event.event_type,
      createdAt: event.created_at,
      deliveredAt: event.delivered_at,
      deadAt: event.dead_at,
      body: event.body,
    })),
    portalAccounts: accounts.map(({ id: _id, ...account }) => account),
    portalMail: mail.map(({ id: _id, portal_account_id: _account, ...message }) => message),
    // Requests to be called back (docs/help.md), with or without an application.
    callbacks: callbacks.map((callback) => ({
      applicationRowId: callback.application_row_id ?? null,
      createdAt: callback.created_at,
      page: callback.page,
      phone: callback.phone_normalised,
      email: callback.email_lower,
      callTime: callback.call_time,
      topic: callback.topic,
      about: callback.about,
      harderKinds: parsedJson(callback.harder_kinds as string | null),
      harderNote: callback.harder_note,
      status: callback.status,
      completedAt: callback.completed_at,
      completionNote: callback.completion_note,
    })),
  };
  return { document, disclosed };
}

const ROLE_NAMES: Record<PersonRole, string> = {
  applicant: 'applicant',
  joint: 'joint applicant',
};

export interface ErasureResult {
  /** Applications erased whole (the person was their only one). */
  erased: number;
  /**
   * Joint applications kept for the other person, without the erased person's details: what
   * was kept, in words, for the admin and the reply to the person.
   */
  kept: { application: number; reference: string | null; keptFor: PersonRole; statement: string }[];
  /** What was removed (rewritten, for the kept applications' events), by kind and id. */
  rows: RowsByKind;
}

/**
 * Removes the subject's personal data in one transaction and leaves a tombstone per application
 * (decisions 0032, 0050); on SQLite then checkpoints the WAL and VACUUMs so that neither file
 * keeps the deleted pages.
 *
 * An application that is only theirs is deleted, and every row that refers to it goes with it
 * (foreign keys). On an application that also belongs to another person, only their part goes:
 * their people row; the answers, decision, answer and delivery events are rewritten as the
 * other person's view of them (views.ts); staff notes (free text that may name either person)
 * are deleted; the status history is kept. Nobody else's rows are read or changed.
 */
export async function eraseSubject(
  db: Db,
  subject: Subject,
  by: { id: string; email: string; reason: string; now: Date; files?: DocumentStore | undefined },
): Promise<ErasureResult> {
  const whole = subject.applications.filter((application) => !viewOf(application).shared);
  const parts = subject.applications.filter((application) => viewOf(application).shared);
  const wholeIds = whole.map((application) => application.row.id);
  const rows: RowsByKind = {
    applications: wholeIds,
    people: subject.applications.flatMap((application) =>
      application.people.filter((person) => application.roles.includes(person.role)).map(personRef),
    ),
  };
  const kept: ErasureResult['kept'] = [];
  const tombstone = (row: ApplicationRow, role: PersonRole | null) => ({
    application_row_id: row.id,
    application_id: row.application_id,
    person_role: role,
    erased_at: by.now.toISOString(),
    reason: by.reason,
    erased_by_id: by.id,
    erased_by_email: by.email,
  });

  const files: string[] = [];
  await db.transaction().execute(async (trx) => {
    files.push(...(await storedFiles(trx, wholeIds)));
    for (const application of parts) {
      files.push(...(await storedFiles(trx, [application.row.id], viewOf(application).role)));
    }
    for (const relation of APPLICATION_RELATIONS) {
      rows[relation.kind] = (await relationRows(trx, relation, wholeIds)).map(
        (row) => row[relation.id] as number,
      );
    }
    if (wholeIds.length > 0) {
      // Their people, work, notes, events and portal links go through the foreign keys.
      await deleteLinkedByKey(trx, wholeIds);
      await trx.deleteFrom('applications').where('id', 'in', wholeIds).execute();
      await trx
        .insertInto('erasure_tombstones')
        .values(whole.map((application) => tombstone(application.row, null)))
        .execute();
    }

    for (const application of parts) {
      const { row } = application;
      const erasedRole = viewOf(application).role;
      const keptView: PersonView = {
        role: erasedRole === 'applicant' ? 'joint' : 'applicant',
        shared: true,
      };
      const stringified = (value: unknown) => (value === null ? null : JSON.stringify(value));
      await trx
        .updateTable('applications')
        .set({
          payload_json: JSON.stringify(answersFor(parsedJson(row.payload_json), keptView).answers),
          decision_json: stringified(decisionFor(parsedJson(row.decision_json), keptView)),
          response_json: stringified(responseFor(parsedJson(row.response_json), keptView)),
          // The applicant's own columns go with the applicant.
          ...(erasedRole === 'applicant' && {
            email_lower: null,
            phone_normalised: null,
            date_of_birth: null,
            search_name: null,
            remote_address: null,
          }),
        })
        .where('id', '=', row.id)
        .execute();
      await trx
        .deleteFrom('application_people')
        .where('application_row_id', '=', row.id)
        .where('role', '=', erasedRole)
        .execute();
      for (const relation of APPLICATION_RELATIONS) {
        for (const related of await relationRows(trx, relation, [row.id])) {
          const about = relation.personColumn === undefined ? null : related[relation.personColumn];
          const action =
            about === erasedRole
              ? 'delete'
              : about !== null && about !== undefined
                ? 'keep'
                : relation.onePersonErased === 'keep'
                  ? 'keep'
                  : relation.onePersonErased(related, keptView);
          if (action === 'keep') continue;
          const id = related[relation.id] as number;
          const where = sql`${sql.ref(relation.id)} = ${id}`;
          if (action === 'delete') {
            await sql`delete from ${sql.table(relation.table)} where ${where}`.execute(trx);
          } else {
            const set = sql.join(
              Object.entries(action).map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
            );
            await sql`update ${sql.table(relation.table)} set ${set} where ${where}`.execute(trx);
          }
          (rows[relation.kind] ??= []).push(id);
        }
      }
      await trx.insertInto('erasure_tombstones').values(tombstone(row, erasedRole)).execute();
      kept.push({
        application: row.id,
        reference: row.reference,
        keptFor: keptView.role,
        statement:
          `Application ${row.reference ?? row.id} is kept for the ${ROLE_NAMES[keptView.role]}, ` +
          `without the ${ROLE_NAMES[erasedRole]}’s details; its staff notes were removed ` +
          '(they could name either person); its status history stays.',
      });
    }

    const accountIds = subject.portalAccountIds;
    rows.portalAccounts = accountIds;
    rows.portalMail =
      accountIds.length === 0
        ? []
        : (
            await trx
              .selectFrom('portal_mail_outbox')
              .select('id')
              .where('portal_account_id', 'in', accountIds)
              .execute()
          ).map((mail) => mail.id);
    if (accountIds.length > 0) {
      // Their mail and links go through the foreign keys.
      await trx.deleteFrom('portal_accounts').where('id', 'in', accountIds).execute();
    }
    if (subject.callbackIds.length > 0) {
      await trx.deleteFrom('callbacks').where('id', 'in', subject.callbackIds).execute();
      (rows.callbacks ??= []).push(...subject.callbackIds);
    }
    if (subject.emails.length > 0) {
      await trx.deleteFrom('dev_mailbox').where('recipient', 'in', subject.emails).execute();
    }
  });
  // The rows are gone: now their uploaded files (docs/documents.md).
  await deleteStoredFiles(by.files, files);
  if (dialectOf(db) === 'sqlite') {
    // VACUUM rewrites the file without the freed pages (through the WAL); the checkpoint then
    // copies it back and truncates the WAL to nothing.
    await sql`vacuum`.execute(db);
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  }
  return { erased: wholeIds.length, kept, rows };
}
