import { randomInt } from 'node:crypto';
import { newReference } from '@broker/domain';
import { sql } from 'kysely';
import type {
  ExpressionBuilder,
  Insertable,
  Kysely,
  QueryCreator,
  Transaction,
  Updateable,
} from 'kysely';
import { dialectOf, whenDurable } from '../db/connection.js';
import { precompiled } from '../db/precompiled.js';
import type {
  ApplicationOutcome,
  ApplicationPeopleTable,
  ApplicationRow,
  Database,
  DeliveryEventsTable,
  PersonRole,
} from '../db/schema.js';
import { createPortalAccountsRepository } from '../portal/accounts.js';
import type { PortalAccountsRepository } from '../portal/accounts.js';

/** The columns an application row takes from its payload and request. */
export interface ApplicationFacts {
  payloadJson: string;
  brand: string | null;
  affiliateKey: string | null;
  dealerNumber: string | null;
  variant: string | null;
  emailLower: string | null;
  phoneNormalised: string | null;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
  remoteAddress: string | null;
  /**
   * The application's people: the applicant, then the joint applicant when the payload has
   * one. Written as `application_people` rows with the application (decision 0050).
   */
  people: PersonFacts[];
  /** vehicle, secured or joint (domain `applicationBranch`, migration 0016). */
  branch: string;
  /** The name as the back office's search matches it (db/search-name.ts). */
  searchName: string | null;
}

/** One person of an application, as its `application_people` row holds them. */
export interface PersonFacts {
  role: PersonRole;
  emailLower: string | null;
  phoneNormalised: string | null;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
  name: string | null;
}

/** Who the duplicate rule matches: all three must agree (decision 0051). */
export interface Person {
  dateOfBirth: string;
  emailLower: string;
  phoneNormalised: string;
}

/** What a decision may read and write, inside the submission's transaction. */
export interface SubmissionScope {
  /**
   * The row id of a decided (approved or declined) application of the same person under another
   * key, completed at or after `since` (decisions 0018, 0051); null when there is none.
   */
  earlierApplicationOf(person: Person, since: Date): Promise<number | null>;
  portalAccounts: PortalAccountsRepository;
}

export interface Decision {
  outcome: ApplicationOutcome;
  declineReason: string | null;
  applicationId: string | null;
  /** The answer, stored verbatim so a repeated key gets exactly the same one. */
  response: object;
  /** What the lender panel found, for staff (docs/decisions/0022-lender-panel.md). */
  decisionJson?: string | null;
  /** This request's answer when it holds what must never be stored (the portal passcode). */
  firstAnswer?: object;
  /** A possible duplicate: the earlier application it matched (decision 0051). */
  duplicateOf?: number;
  /**
   * The customer-portal account (by its lower-case e-mail) the application is linked to, once
   * its row is written (docs/decisions/0024-portal-codes.md).
   */
  portalAccount?: string;
}

export interface SubmissionInput {
  submissionKey: string;
  facts: ApplicationFacts;
  now: Date;
}

export interface SubmissionResult {
  /** True when the key had been submitted before and the stored answer is replayed. */
  replayed: boolean;
  /** This request's decision; null on a replay. */
  outcome: ApplicationOutcome | null;
  responseJson: string;
}

export interface ApplicationsRepository {
  /**
   * Stores a complete submission and its decision in one transaction. A key that is already
   * complete replays the stored answer and stores nothing new; a partial row is completed.
   */
  submit(
    input: SubmissionInput,
    decide: (scope: SubmissionScope) => Promise<Decision>,
  ): Promise<SubmissionResult>;
  /** Upserts a partial application; a complete one is never touched. */
  savePartial(input: SubmissionInput): Promise<'stored' | 'ignored'>;
  findBySubmissionKey(submissionKey: string): Promise<ApplicationRow | undefined>;
}

export interface ApplicationsRepositoryOptions {
  /**
   * Runs inside the submission's transaction once the decision is stored (not for a replay):
   * delivery writes its event here (docs/decisions/0020-signed-delivery.md).
   */
  onDecided?: (trx: Transaction<Database>, decided: DecidedApplication) => Promise<void>;
  /**
   * The delivery events a decision adds (delivery's `decidedEvents`): written with the decision
   * in one statement on PostgreSQL, a round trip fewer than `onDecided` (docs/performance.md).
   */
  decidedEvents?: (decided: DecidedApplication) => Insertable<DeliveryEventsTable>[];
  /** A new random reference (decision 0030); by default the domain's `newReference`. */
  newReference?: () => string;
}

export interface DecidedApplication {
  /** The application's row id: its events refer to it (migration 0012). */
  applicationRowId: number;
  submissionKey: string;
  /** The short reference (docs/decisions/0030-application-reference.md). */
  reference: string;
  outcome: ApplicationOutcome;
  responseJson: string;
  payloadJson: string;
  decidedAt: string;
  /** Set when staff released a possible duplicate (decision 0051): decided now, not then. */
  duplicateReleasedAt?: string;
}

/** The `application_people` rows of an application (decision 0050). */
export function peopleRows(
  applicationRowId: number,
  people: readonly PersonFacts[],
): Insertable<ApplicationPeopleTable>[] {
  return people.map((person) => ({
    application_row_id: applicationRowId,
    role: person.role,
    email_lower: person.emailLower,
    phone_normalised: person.phoneNormalised,
    date_of_birth: person.dateOfBirth,
    name: person.name,
  }));
}

/**
 * Whether a joint applicant's row must go: an earlier save had one (`hadJoint`, SQLite answers
 * 0 or 1) and this one has none.
 */
function jointDropped(hadJointRow: unknown, people: readonly PersonFacts[]): boolean {
  return Boolean(Number(hadJointRow)) && !people.some((person) => person.role === 'joint');
}

function factColumns(facts: ApplicationFacts) {
  return {
    payload_json: facts.payloadJson,
    brand: facts.brand,
    affiliate_key: facts.affiliateKey,
    dealer_number: facts.dealerNumber,
    variant: facts.variant,
    email_lower: facts.emailLower,
    phone_normalised: facts.phoneNormalised,
    search_name: facts.searchName,
    date_of_birth: facts.dateOfBirth,
    remote_address: facts.remoteAddress,
    branch: facts.branch,
  };
}

const isComplete = sql<boolean>`${sql.ref('status')} = 'complete'`;
/**
 * Decision 0018: only an application that was decided (approved or declined) starts the
 * duplicate window; one answered as a duplicate does not, or each repeat would extend it.
 */
const startsDuplicateWindow = sql<boolean>`${sql.ref('outcome')} in ('approved', 'declined')`;

type Trx = Transaction<Database>;

/*
 * The submission's statements, each compiled once per dialect and shape and, on PostgreSQL, a
 * named prepared statement (db/precompiled.ts; docs/decisions/0048-precompiled-submission-statements.md).
 */

/**
 * Whether the claimed row has a joint applicant's people row (a partial save wrote it): only
 * then can a submission without one have a row to remove.
 */
const hadJoint = (eb: ExpressionBuilder<Database, 'applications'>) =>
  eb
    .exists(
      eb
        .selectFrom('application_people')
        .select('application_people.role')
        .whereRef('application_people.application_row_id', '=', 'applications.id')
        .where('application_people.role', '=', 'joint'),
    )
    .as('had_joint');

/**
 * PostgreSQL: claims the key (see `submit`): the insert, or on a conflict a no-op update that
 * locks the row, returning its status and stored answer, whether the candidate reference is
 * taken, and the person's duplicate locks (`lockKeys`, none when the rule cannot match).
 */
const claimStatement = precompiled(
  'claim',
  (
    trx: Trx,
    v: {
      row: Insertable<Database['applications']>;
      candidate: string;
      lockKeys: string[];
    },
  ) =>
    trx
      .insertInto('applications')
      .values(v.row)
      .onConflict((conflict) =>
        conflict
          .column('submission_key')
          .doUpdateSet((eb) => ({ status: eb.ref('applications.status') })),
      )
      .returning((eb) => [
        'id',
        'status',
        'response_json',
        eb
          .exists(
            eb
              .selectFrom('applications as taken')
              .select('taken.id')
              .where('taken.reference', '=', v.candidate),
          )
          .as('reference_taken'),
        hadJoint(eb),
        ...v.lockKeys.map((key, index) =>
          sql<string>`pg_advisory_xact_lock(hashtext(${key}))`.as(`lock_${index}`),
        ),
      ]),
);

/**
 * SQLite: what the key holds, if anything, read before deciding, and whether the candidate
 * reference is taken (decision 0030): the key's row, and any row holding the candidate. SQLite
 * runs one write transaction at a time, so nothing can claim the key between this read and the
 * write; a new key is then written once, decided (`insertDecidedStatement`), rather than
 * inserted as a claim and rewritten with the decision (docs/performance.md, "One write of a new
 * application").
 */
const lookupStatement = precompiled(
  'lookup',
  (trx: Trx, v: { submissionKey: string; candidate: string }) =>
    trx
      .selectFrom('applications')
      .select((eb) => ['id', 'submission_key', 'status', 'response_json', hadJoint(eb)])
      .where((eb) =>
        eb.or([eb('submission_key', '=', v.submissionKey), eb('reference', '=', v.candidate)]),
      ),
);

/** SQLite: a new key's application, written once with its decision. */
const insertDecidedStatement = precompiled(
  'insert_decided',
  (trx: Trx, v: { row: Insertable<Database['applications']> }) =>
    trx.insertInto('applications').values(v.row).returning('id'),
);

/**
 * Decisions 0018 and 0051: the person's latest decided application under another key, matched
 * on date of birth, e-mail and phone together.
 */
const duplicateLookup = precompiled(
  'duplicate',
  (
    trx: Trx,
    v: {
      dateOfBirth: string;
      since: string;
      submissionKey: string;
      emailLower: string;
      phoneNormalised: string;
    },
  ) =>
    trx
      .selectFrom('applications')
      .select('id')
      // A literal (not a parameter) so SQLite can use the partial index.
      .where(isComplete)
      .where(startsDuplicateWindow)
      .where('date_of_birth', '=', v.dateOfBirth)
      .where('completed_at', '>=', v.since)
      .where('submission_key', '<>', v.submissionKey)
      .where('email_lower', '=', v.emailLower)
      .where('phone_normalised', '=', v.phoneNormalised)
      .orderBy('completed_at', 'desc')
      .limit(1),
);

/** The application's people, written or rewritten (a partial save may have written them). */
const upsertPeople = (db: QueryCreator<Database>, rows: Insertable<ApplicationPeopleTable>[]) =>
  db
    .insertInto('application_people')
    .values(rows)
    .onConflict((conflict) =>
      conflict.columns(['application_row_id', 'role']).doUpdateSet((eb) => ({
        email_lower: eb.ref('excluded.email_lower'),
        phone_normalised: eb.ref('excluded.phone_normalised'),
        date_of_birth: eb.ref('excluded.date_of_birth'),
        name: eb.ref('excluded.name'),
      })),
    );

const peopleStatement = precompiled(
  'people',
  (trx: Trx, v: { rows: Insertable<ApplicationPeopleTable>[] }) => upsertPeople(trx, v.rows),
);

/** A joint applicant an earlier save had and this one has not. */
const dropJointStatement = precompiled('drop_joint', (trx: Trx, v: { applicationRowId: number }) =>
  trx
    .deleteFrom('application_people')
    .where('application_row_id', '=', v.applicationRowId)
    .where('role', '=', 'joint'),
);

type DecidedColumns = Updateable<Database['applications']>;

const decideUpdate = (db: QueryCreator<Database>, submissionKey: string, set: DecidedColumns) =>
  db.updateTable('applications').set(set).where('submission_key', '=', submissionKey);

/** The decision, stored on the claimed row. */
const decideStatement = precompiled(
  'decide',
  (trx: Trx, v: { submissionKey: string; set: DecidedColumns }) =>
    decideUpdate(trx, v.submissionKey, v.set),
);

/**
 * PostgreSQL: the decision, the application's people and its delivery events in one statement
 * (PostgreSQL runs a data-modifying WITH whether or not it is read). The last part is the joint
 * applicant's removal when the application has none, else the events, else nothing.
 */
const decideAllStatement = precompiled(
  'decide_all',
  (
    trx: Trx,
    v: {
      submissionKey: string;
      applicationRowId: number;
      set: DecidedColumns;
      people: Insertable<ApplicationPeopleTable>[];
      events: Insertable<DeliveryEventsTable>[];
    },
    shape: string,
  ) => {
    const written = trx
      .with('decided', (db) => decideUpdate(db, v.submissionKey, v.set).returning('id'))
      .with('people', (db) => upsertPeople(db, v.people));
    if (shape === 'drop-joint') {
      const dropped = (db: typeof written) =>
        db
          .deleteFrom('application_people')
          .where('application_row_id', '=', v.applicationRowId)
          .where('role', '=', 'joint');
      return v.events.length === 0
        ? dropped(written)
        : dropped(
            written.with('events', (db) => db.insertInto('delivery_events').values(v.events)),
          );
    }
    return v.events.length === 0
      ? written.selectNoFrom(sql<number>`1`.as('done'))
      : written.insertInto('delivery_events').values(v.events);
  },
);

/** The delivery events on their own (SQLite, which has no data-modifying WITH). */
const insertEventsStatement = precompiled(
  'events',
  (trx: Trx, v: { events: Insertable<DeliveryEventsTable>[] }) =>
    trx.insertInto('delivery_events').values(v.events),
);

/** A partial save: the row upserted unless it is complete, returning its id when written. */
const savePartialStatement = precompiled(
  'save_partial',
  (trx: Trx, v: { row: Insertable<Database['applications']> }) =>
    trx
      .insertInto('applications')
      .values(v.row)
      .onConflict((conflict) =>
        conflict
          .column('submission_key')
          .doUpdateSet((eb) => ({
            payload_json: eb.ref('excluded.payload_json'),
            brand: eb.ref('excluded.brand'),
            affiliate_key: eb.ref('excluded.affiliate_key'),
            dealer_number: eb.ref('excluded.dealer_number'),
            variant: eb.ref('excluded.variant'),
            email_lower: eb.ref('excluded.email_lower'),
            phone_normalised: eb.ref('excluded.phone_normalised'),
            search_name: eb.ref('excluded.search_name'),
            date_of_birth: eb.ref('excluded.date_of_birth'),
            remote_address: eb.ref('excluded.remote_address'),
            branch: eb.ref('excluded.branch'),
            updated_at: eb.ref('excluded.updated_at'),
          }))
          .where('applications.status', '=', 'partial'),
      )
      .returning((eb) => ['id', hadJoint(eb)]),
);

/** The precompiled statements above, for tests that count their shapes. */
export const submissionStatements = [
  lookupStatement,
  insertDecidedStatement,
  claimStatement,
  duplicateLookup,
  decideStatement,
  peopleStatement,
  dropJointStatement,
  decideAllStatement,
  insertEventsStatement,
] as const;

/**
 * A reference no application has yet (decision 0030). 30^7 bodies make a clash rare; the unique
 * index is the last word if two transactions pick the same one at once.
 */
async function unusedReference(
  trx: Transaction<Database>,
  nextReference: () => string,
): Promise<string> {
  for (;;) {
    const reference = nextReference();
    const taken = await trx
      .selectFrom('applications')
      .select('id')
      .where('reference', '=', reference)
      .executeTakeFirst();
    if (taken === undefined) return reference;
  }
}

/**
 * The person whose duplicates a submission's decision looks for (decide.ts builds the same);
 * null when the rule cannot match (decision 0051: date of birth, e-mail and phone together).
 */
export function personOf(facts: ApplicationFacts): Person | null {
  if (facts.dateOfBirth === null || facts.emailLower === null || facts.phoneNormalised === null) {
    return null;
  }
  return {
    dateOfBirth: facts.dateOfBirth,
    emailLower: facts.emailLower,
    phoneNormalised: facts.phoneNormalised,
  };
}

function samePerson(a: Person, b: Person | null): boolean {
  return (
    b !== null &&
    a.dateOfBirth === b.dateOfBirth &&
    a.emailLower === b.emailLower &&
    a.phoneNormalised === b.phoneNormalised
  );
}

/**
 * PostgreSQL's transaction-scoped advisory lock that serialises concurrent submissions for the
 * same person, which READ COMMITTED alone would let both pass the duplicate check. One lock: the
 * rule matches the three identifiers together.
 */
function duplicateLockKeys(person: Person): [string] {
  return [`dup:${person.dateOfBirth}:${person.emailLower}:${person.phoneNormalised}`];
}

export function createApplicationsRepository(
  db: Kysely<Database>,
  options: ApplicationsRepositoryOptions = {},
): ApplicationsRepository {
  const postgres = dialectOf(db) === 'postgres';
  const nextReference = options.newReference ?? (() => newReference(randomInt));

  function scopeOf(
    trx: Transaction<Database>,
    submissionKey: string,
    locked: Person | null,
  ): SubmissionScope {
    return {
      async earlierApplicationOf(person, since) {
        if (postgres && !samePerson(person, locked)) {
          // The claim took this lock for the facts' person; any other person is locked here.
          const [key] = duplicateLockKeys(person);
          await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
        }
        const found = await duplicateLookup.execute(trx, {
          dateOfBirth: person.dateOfBirth,
          since: since.toISOString(),
          submissionKey,
          emailLower: person.emailLower,
          phoneNormalised: person.phoneNormalised,
        });
        return found.rows[0]?.id ?? null;
      },
      portalAccounts: createPortalAccountsRepository(trx),
    };
  }

  return {
    async submit({ submissionKey, facts, now }, decide) {
      const at = now.toISOString();
      const columns = factColumns(facts);
      const person = personOf(facts);
      const result = await db.transaction().execute(async (trx) => {
        // What the key holds. Also for a new key, nothing else can take it before this
        // transaction ends (docs/performance.md, "Statements and round trips of one submission"):
        // - PostgreSQL: one statement claims it. The insert, or on a conflict a no-op update,
        //   locks the key's row until the end of the transaction (a concurrent submission of the
        //   same key waits here, then reads the other's result), and RETURNING gives its status
        //   and stored answer. RETURNING also takes the person's duplicate locks, so the
        //   duplicate look-up (the next statement, with a snapshot taken after them) sees every
        //   earlier submission for the same person, and says whether a candidate reference is
        //   taken (decision 0030).
        // - SQLite runs one write transaction at a time: a read is enough, and a new key is
        //   written once, with its decision ("One write of a new application").
        let existing: { id: number; hadJoint: unknown } | null;
        let candidate: string | null = nextReference();
        if (postgres) {
          const claimed = await claimStatement.execute(trx, {
            row: {
              submission_key: submissionKey,
              status: 'partial',
              ...columns,
              created_at: at,
              updated_at: at,
            },
            candidate,
            lockKeys: person === null ? [] : duplicateLockKeys(person),
          });
          const row = claimed.rows[0];
          if (row === undefined) throw new Error('the claim returned no row');
          if (row.status === 'complete' && row.response_json !== null) {
            return { replayed: true, outcome: null, responseJson: row.response_json };
          }
          existing = { id: Number(row.id), hadJoint: row.had_joint };
          // SQLite answers exists() as 0 or 1, PostgreSQL as a boolean.
          if (Number(row.reference_taken) !== 0) candidate = null;
        } else {
          const found = await lookupStatement.execute(trx, { submissionKey, candidate });
          const row = found.rows.find((each) => each.submission_key === submissionKey);
          if (row?.status === 'complete' && row.response_json !== null) {
            return { replayed: true, outcome: null, responseJson: row.response_json };
          }
          existing = row === undefined ? null : { id: Number(row.id), hadJoint: row.had_joint };
          if (found.rows.some((each) => each.submission_key !== submissionKey)) candidate = null;
        }

        const decision = await decide(scopeOf(trx, submissionKey, postgres ? person : null));
        const reference = candidate ?? (await unusedReference(trx, nextReference));
        const responseJson = JSON.stringify({ ...decision.response, reference });
        const decidedRow = {
          status: 'complete' as const,
          outcome: decision.outcome,
          decline_reason: decision.declineReason,
          application_id: decision.applicationId,
          response_json: responseJson,
          decision_json: decision.decisionJson ?? null,
          reference,
          duplicate_of: decision.duplicateOf ?? null,
          ...columns,
          updated_at: at,
          completed_at: at,
        };
        let applicationRowId: number;
        if (existing === null) {
          const inserted = await insertDecidedStatement.execute(trx, {
            row: { submission_key: submissionKey, ...decidedRow, created_at: at },
          });
          const row = inserted.rows[0];
          if (row === undefined) throw new Error('the insert returned no row');
          applicationRowId = Number(row.id);
        } else {
          applicationRowId = existing.id;
        }
        const decided: DecidedApplication = {
          applicationRowId,
          submissionKey,
          reference,
          outcome: decision.outcome,
          responseJson,
          payloadJson: facts.payloadJson,
          decidedAt: at,
        };
        const events = options.decidedEvents?.(decided) ?? [];
        const people = peopleRows(applicationRowId, facts.people);
        const dropJoint = existing !== null && jointDropped(existing.hadJoint, facts.people);
        if (postgres) {
          await decideAllStatement.execute(
            trx,
            { submissionKey, applicationRowId, set: decidedRow, people, events },
            dropJoint ? 'drop-joint' : '',
          );
        } else {
          if (existing !== null) {
            await decideStatement.execute(trx, { submissionKey, set: decidedRow });
          }
          await peopleStatement.execute(trx, { rows: people });
          if (dropJoint) await dropJointStatement.execute(trx, { applicationRowId });
          if (events.length > 0) await insertEventsStatement.execute(trx, { events });
        }
        if (decision.portalAccount !== undefined) {
          await createPortalAccountsRepository(trx).link(decision.portalAccount, applicationRowId);
        }
        await options.onDecided?.(trx, decided);
        const answer = decision.firstAnswer;
        return {
          replayed: false,
          outcome: decision.outcome,
          responseJson:
            answer === undefined ? responseJson : JSON.stringify({ ...answer, reference }),
        };
      });
      // Also for a replay: the first answer may have committed but not yet be synced.
      await whenDurable(db);
      return result;
    },

    async savePartial({ submissionKey, facts, now }) {
      const at = now.toISOString();
      const stored = await db.transaction().execute(async (trx) => {
        const saved = await savePartialStatement.execute(trx, {
          row: {
            submission_key: submissionKey,
            status: 'partial',
            ...factColumns(facts),
            created_at: at,
            updated_at: at,
          },
        });
        const row = saved.rows[0];
        // A complete application is never changed, nor are its people.
        if (row === undefined) return false;
        const applicationRowId = Number(row.id);
        await peopleStatement.execute(trx, { rows: peopleRows(applicationRowId, facts.people) });
        if (jointDropped(row.had_joint, facts.people)) {
          await dropJointStatement.execute(trx, { applicationRowId });
        }
        return true;
      });
      await whenDurable(db);
      return stored ? 'stored' : 'ignored';
    },

    findBySubmissionKey(submissionKey) {
      return db
        .selectFrom('applications')
        .selectAll()
        .where('submission_key', '=', submissionKey)
        .executeTakeFirst();
    },
  };
}
