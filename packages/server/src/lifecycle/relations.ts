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
}

export const APPLICATION_RELATIONS: readonly ApplicationRelation[] = [
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
