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
}

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
];

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
 * Deletes the rows that name these applications by submission key, before the applications
 * themselves go (the others follow them through their foreign keys); the count by kind.
 */
export async function deleteLinkedByKey(
  db: Db,
  ids: readonly number[],
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  if (ids.length === 0) return counts;
  for (const relation of APPLICATION_RELATIONS) {
    if (relation.link !== 'submission_key') continue;
    const result = await sql`delete from ${sql.table(relation.table)} where submission_key in
      (select submission_key from applications where id in (${sql.join(ids)}))`.execute(db);
    counts[relation.kind] = Number(result.numAffectedRows ?? 0);
  }
  return counts;
}
