import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { eventBodyFor, parsedJson, WITHHELD_NOTE } from './views.js';
import type { PersonView } from './views.js';

/**
 * Every table that holds a person's data by their application (docs/data-lifecycle.md, "Adding
 * a table"; docs/decisions/0050-people-and-relations.md). Each refers to its application by
 * `application_row_id`, a foreign key to `applications.id` with ON DELETE CASCADE: retention and
 * the erasure of a whole application remove its rows through the key. Subject access reads them
 * here, and the erasure of one of a joint application's two people applies `onePersonErased`.
 * `lifecycle/relations.test.ts` fails when a table with an `application_row_id` column is
 * neither listed here nor named in `PEOPLE_TABLES`, or lacks the cascading key.
 */

export type RelationRow = Record<string, unknown>;

export interface ApplicationRelation {
  /** Its name in the subject access file and in the audit log. */
  kind: string;
  table: string;
  /** The column that names a row in the audit log. */
  id: string;
  /** What the subject access file shows of a row. */
  columns: readonly string[];
  /**
   * For rows about one person of the application (a document they uploaded, a message sent to
   * them): the column holding their role ('applicant' or 'joint'). Such a row is in that
   * person's file only, and goes when that person is erased.
   */
  personColumn?: string;
  /** How a row reads in the file of one person of a joint application. */
  view?: (row: RelationRow, view: PersonView) => RelationRow;
  /**
   * What the erasure of one of a joint application's two people does to a row that is not
   * about one person: keep it, delete it, or rewrite these columns as the other person's view.
   */
  onePersonErased:
    'keep' | ((row: RelationRow, kept: PersonView) => 'keep' | 'delete' | RelationRow);
  /**
   * How a row names its application: `application_row_id` (the default, a foreign key that
   * cascades), or the application's `submission_key` for rows the server writes before the
   * application exists (the texts served to its session). Those have no foreign key: erasure
   * and retention delete them by the key (`deleteLinkedByKey`).
   */
  link?: 'application_row_id' | 'submission_key';
  /**
   * The column naming a stored file (an uploaded document's storage key, docs/documents.md):
   * erasure and retention delete the file once its row is gone.
   */
  fileColumn?: string;
  /**
   * A record the firm must keep after its application goes (a complaint, decision 0093): its
   * foreign key is `on delete set null` rather than cascade, and these columns, which hold the
   * person's data, are cleared first (`deleteLinkedByKey`, before every deletion of
   * applications).
   */
  keptWithout?: readonly string[];
}

/** What a subject access file shows of a callback request, linked or not. */
export const CALLBACK_COLUMNS = [
  'id',
  'created_at',
  'page',
  'phone_normalised',
  'email_lower',
  'call_time',
  'topic',
  'about',
  'harder_kinds',
  'harder_note',
  'status',
  'completed_at',
  'completion_note',
] as const;

export const APPLICATION_RELATIONS: readonly ApplicationRelation[] = [
  {
    // The server's record of the texts it served the session (docs/evidence.md): no personal
    // data beyond the key, so it stays with an application kept for the other person.
    kind: 'disclosuresServed',
    table: 'disclosures_served',
    id: 'text_id',
    link: 'submission_key',
    columns: ['text_id', 'version', 'first_served_at', 'last_served_at', 'times'],
    onePersonErased: 'keep',
  },
  {
    // Callback requests from the "Need help?" form (docs/help.md, decision 0091), joined by the
    // session's key. Who of two people asked is not known, so erasing either removes them.
    kind: 'callbacks',
    table: 'callbacks',
    id: 'id',
    link: 'submission_key',
    columns: CALLBACK_COLUMNS,
    onePersonErased: () => 'delete',
  },
  {
    // A saved application (docs/decisions/0088-drafts-belong-to-their-person.md): the answers
    // are ciphertext the server cannot read, so the file says a draft exists, and when. Found
    // by submission key (a draft may come before the application row); linked by
    // `application_row_id` too when the row existed at the save, which cascades.
    kind: 'savedDrafts',
    table: 'saved_drafts',
    id: 'id',
    link: 'submission_key',
    columns: ['id', 'created_at', 'expires_at', 'used_at'],
    // The ciphertext holds both people's answers and cannot be split: it goes.
    onePersonErased: () => 'delete',
  },
  {
    kind: 'work',
    table: 'application_work',
    id: 'application_row_id',
    columns: ['application_row_id', 'work_status', 'assigned_to', 'updated_at'],
    onePersonErased: 'keep',
  },
  {
    // Notes are free text about the application: on a joint one they may name either person.
    kind: 'activity',
    table: 'application_activity',
    id: 'id',
    columns: ['id', 'application_row_id', 'at', 'staff_email', 'kind', 'text'],
    view: (row, view) =>
      view.shared && row.kind === 'note' ? { ...row, text: WITHHELD_NOTE } : row,
    onePersonErased: (row) => (row.kind === 'note' ? 'delete' : 'keep'),
  },
  {
    // docs/decisions/0085-lender-submissions.md: where the case went, the lender's reference,
    // decision and commission. About the application, not one of its two people.
    kind: 'lenderSubmissions',
    table: 'lender_submissions',
    id: 'id',
    columns: [
      'id',
      'application_row_id',
      'lender_id',
      'lender_name',
      'lender_reference',
      'decision',
      'paid_out_on',
      'commission_pence',
      'commission_disclosure_version',
      'resubmission_of',
      'submitted_at',
      'submitted_by_email',
      'updated_at',
    ],
    onePersonErased: 'keep',
  },
  {
    kind: 'deliveryEvents',
    table: 'delivery_events',
    id: 'id',
    columns: [
      'id',
      'application_row_id',
      'event_id',
      'endpoint',
      'event_type',
      'created_at',
      'delivered_at',
      'dead_at',
      'body',
    ],
    view: (row, view) => ({ ...row, body: eventBodyFor(parsedJson(row.body as string), view) }),
    // A pending event then delivers what is left: the other person's application.
    onePersonErased: (row, kept) => ({
      body: JSON.stringify(eventBodyFor(parsedJson(row.body as string), kept)),
    }),
  },
  {
    // Documents asked of one person, and the files they uploaded (docs/documents.md). Listed
    // before their links: the erasure of one person collects the files before any row goes.
    kind: 'documents',
    table: 'application_documents',
    id: 'id',
    columns: [
      'id',
      'application_row_id',
      'person_role',
      'document_type',
      'status',
      'requested_at',
      'requested_by',
      'file_name',
      'content_type',
      'size_bytes',
      'sha256',
      'uploaded_at',
      'decided_at',
      'decided_by',
      'reason',
    ],
    personColumn: 'person_role',
    fileColumn: 'storage_key',
    onePersonErased: 'keep',
  },
  {
    kind: 'documentLinks',
    table: 'document_links',
    id: 'id',
    columns: ['id', 'application_row_id', 'person_role', 'created_at', 'expires_at', 'used_at'],
    personColumn: 'person_role',
    onePersonErased: 'keep',
  },
  {
    // Templated e-mails staff sent the applicant (docs/mail.md).
    kind: 'messages',
    table: 'application_messages',
    id: 'id',
    personColumn: 'person_role',
    columns: [
      'id',
      'application_row_id',
      'template',
      'recipient',
      'subject',
      'body_text',
      'sent_by_email',
      'created_at',
      'status',
      'sent_at',
    ],
    onePersonErased: 'keep',
  },
  {
    // The complaints register (decision 0093): the record stays, the person's words go. On a
    // joint application either person may be named in the summary, so it goes with either.
    kind: 'complaints',
    table: 'complaints',
    id: 'id',
    keptWithout: ['summary'],
    columns: [
      'id',
      'application_row_id',
      'reference',
      'received_on',
      'deadline_on',
      'category',
      'summary',
      'final_response_on',
      'outcome',
    ],
    onePersonErased: (row) => (row.summary === null ? 'keep' : { summary: null }),
  },
];

/**
 * The stored files of these applications' rows (every relation with a `fileColumn`), or of the
 * rows of one person of one application: what to delete once the rows are gone.
 */
export async function storedFiles(
  db: Db,
  ids: readonly number[],
  person?: string,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const keys: string[] = [];
  for (const relation of APPLICATION_RELATIONS) {
    if (relation.fileColumn === undefined) continue;
    const onePerson =
      person !== undefined && relation.personColumn !== undefined
        ? sql` and ${sql.ref(relation.personColumn)} = ${person}`
        : sql``;
    const result = await sql<{ key: string | null }>`select ${sql.ref(relation.fileColumn)} as key
      from ${sql.table(relation.table)}
      where application_row_id in (${sql.join(ids)})${onePerson}`.execute(db);
    for (const row of result.rows) if (row.key !== null) keys.push(row.key);
  }
  return keys;
}

/**
 * Tables keyed by application that are not read through `APPLICATION_RELATIONS`: the people
 * themselves (the subject is found there), the links of portal accounts (read with the
 * accounts), and the tombstones (no personal data, kept after erasure).
 */
export const PEOPLE_TABLES: readonly string[] = [
  'application_people',
  'portal_account_applications',
  'erasure_tombstones',
];

/** The relation's rows of these applications, each with its `application_row_id`, oldest first. */
export async function relationRows(
  db: Db,
  relation: ApplicationRelation,
  ids: readonly number[],
): Promise<RelationRow[]> {
  if (ids.length === 0) return [];
  const columns = sql.join(relation.columns.map((column) => sql.ref(`r.${column}`)));
  const result =
    relation.link === 'submission_key'
      ? await sql<RelationRow>`select ${columns}, a.id as application_row_id
          from ${sql.table(relation.table)} as r
          join applications as a on a.submission_key = r.submission_key
          where a.id in (${sql.join(ids)}) order by ${sql.ref(`r.${relation.id}`)}`.execute(db)
      : await sql<RelationRow>`select ${columns} from ${sql.table(relation.table)} as r
          where r.application_row_id in (${sql.join(ids)})
          order by ${sql.ref(`r.${relation.id}`)}`.execute(db);
  return result.rows;
}

/**
 * Deletes the rows that name these applications by submission key, and clears the personal
 * columns of the records kept after them (`keptWithout`), before the applications themselves go
 * (the others follow them through their foreign keys); the count by kind.
 */
export async function deleteLinkedByKey(
  db: Db,
  ids: readonly number[],
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  if (ids.length === 0) return counts;
  for (const relation of APPLICATION_RELATIONS) {
    if (relation.keptWithout !== undefined) {
      const set = sql.join(relation.keptWithout.map((column) => sql`${sql.ref(column)} = null`));
      await sql`update ${sql.table(relation.table)} set ${set}
        where application_row_id in (${sql.join(ids)})`.execute(db);
    }
    if (relation.link !== 'submission_key') continue;
    const result = await sql`delete from ${sql.table(relation.table)} where submission_key in
      (select submission_key from applications where id in (${sql.join(ids)}))`.execute(db);
    counts[relation.kind] = Number(result.numAffectedRows ?? 0);
  }
  return counts;
}
