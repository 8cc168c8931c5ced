import { randomInt } from 'node:crypto';
import { newReference } from '@broker/domain';
import { sql } from 'kysely';
import type { Insertable, Kysely, QueryCreator, Transaction, Updateable } from 'kysely';
import { dialectOf, whenDurable } from '../db/connection.js';
import { precompiled } from '../db/precompiled.js';
import { searchName } from '../db/search-name.js';
import type {
  ApplicationOutcome,
  ApplicationRow,
  Database,
  DeliveryEventsTable,
} from '../db/schema.js';
import { createPortalAccountsRepository } from './portal-accounts.js';
import type { PortalAccountsRepository } from './portal-accounts.js';

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
  /** vehicle, secured or joint (domain `applicationBranch`, migration 0016). */
  branch: string;
}

export interface Person {
  dateOfBirth: string;
  emailLower: string | null;
  phoneNormalised: string | null;
}

/** What a decision may read and write, inside the submission's transaction. */
export interface SubmissionScope {
  /**
   * A decided (approved or declined) application for the same person under another key,
   * completed at or after `since` (decision 0018).
   */
  hasRecentApplicationFor(person: Person, since: Date): Promise<boolean>;
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
}

export interface SubmissionInput {
  submissionKey: string;
  facts: ApplicationFacts;
  now: Date;
}

export interface SubmissionResult {
  /** True when the key had been submitted before and the stored answer is replayed. */
  replayed: boolean;
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
  submissionKey: string;
  /** The short reference (docs/decisions/0030-application-reference.md). */
  reference: string;
  outcome: ApplicationOutcome;
  responseJson: string;
  payloadJson: string;
  decidedAt: string;
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
    search_name: searchName(facts.payloadJson),
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
 * Claims the key (see `submit`): the insert, or on a conflict a no-op update that locks the row,
 * returning its status and stored answer, whether the candidate reference is taken, and on
 * PostgreSQL the person's duplicate locks (`lockKeys`, none on SQLite).
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
        ...v.lockKeys.map((key, index) =>
          sql<string>`pg_advisory_xact_lock(hashtext(${key}))`.as(`lock_${index}`),
        ),
      ]),
);

/** Decision 0018's look-up: one decided application of the person under another key. */
const duplicateLookup = precompiled(
  'duplicate',
  (
    trx: Trx,
    v: {
      dateOfBirth: string;
      since: string;
      submissionKey: string;
      emailLower: string | undefined;
      phoneNormalised: string | undefined;
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
      .where((eb) =>
        eb.or([
          // Undefined (no e-mail or no phone) is part of the shape: a condition left out.
          ...(v.emailLower === undefined ? [] : [eb('email_lower', '=', v.emailLower)]),
          ...(v.phoneNormalised === undefined
            ? []
            : [eb('phone_normalised', '=', v.phoneNormalised)]),
        ]),
      )
      .limit(1),
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
 * The decision and its delivery events in one statement (PostgreSQL runs a data-modifying WITH
 * whether or not it is read).
 */
const decideWithEventsStatement = precompiled(
  'decide_events',
  (
    trx: Trx,
    v: { submissionKey: string; set: DecidedColumns; events: Insertable<DeliveryEventsTable>[] },
  ) =>
    trx
      .with('decided', (db) => decideUpdate(db, v.submissionKey, v.set).returning('id'))
      .insertInto('delivery_events')
      .values(v.events),
);

/** The delivery events on their own (SQLite, which has no data-modifying WITH). */
const insertEventsStatement = precompiled(
  'events',
  (trx: Trx, v: { events: Insertable<DeliveryEventsTable>[] }) =>
    trx.insertInto('delivery_events').values(v.events),
);

/** The precompiled statements above, for tests that count their shapes. */
export const submissionStatements = [
  claimStatement,
  duplicateLookup,
  decideStatement,
  decideWithEventsStatement,
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

/** The person whose duplicates a submission's decision looks for (decide.ts builds the same). */
function personOf(facts: ApplicationFacts): Person | null {
  if (facts.dateOfBirth === null) return null;
  if (facts.emailLower === null && facts.phoneNormalised === null) return null;
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
 * PostgreSQL's transaction-scoped advisory locks that serialise concurrent submissions for the
 * same person, which READ COMMITTED alone would let both pass the duplicate check. Always e-mail
 * then phone, so no two can deadlock.
 */
function duplicateLockKeys(person: Person): [string, string] {
  return [
    `dup:e:${person.dateOfBirth}:${person.emailLower ?? ''}`,
    `dup:p:${person.dateOfBirth}:${person.phoneNormalised ?? ''}`,
  ];
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
      async hasRecentApplicationFor(person, since) {
        if (person.emailLower === null && person.phoneNormalised === null) return false;
        if (postgres && !samePerson(person, locked)) {
          // The claim took these locks for the facts' person; any other person is locked here.
          const [byEmail, byPhone] = duplicateLockKeys(person);
          await sql`select pg_advisory_xact_lock(hashtext(${byEmail})), pg_advisory_xact_lock(hashtext(${byPhone}))`.execute(
            trx,
          );
        }
        const found = await duplicateLookup.execute(trx, {
          dateOfBirth: person.dateOfBirth,
          since: since.toISOString(),
          submissionKey,
          emailLower: person.emailLower ?? undefined,
          phoneNormalised: person.phoneNormalised ?? undefined,
        });
        return found.rows.length > 0;
      },
      portalAccounts: createPortalAccountsRepository(trx),
    };
  }

  return {
    async submit({ submissionKey, facts, now }, decide) {
      const at = now.toISOString();
      const result = await db.transaction().execute(async (trx) => {
        // One statement claims the key, reads what it holds and prepares the decision
        // (docs/performance.md, "Statements and round trips of one submission"):
        // - the insert, or on a conflict a no-op update, locks the key's row until the end of
        //   the transaction (a concurrent submission of the same key waits here, then reads the
        //   other's result), and RETURNING gives its status and stored answer;
        // - on PostgreSQL, RETURNING also takes the person's duplicate locks, so the duplicate
        //   look-up (the next statement, with a snapshot taken after them) sees every earlier
        //   submission for the same person;
        // - and it says whether a candidate reference is taken (decision 0030).
        // Once: the name is read out of the payload (search-name.ts).
        const columns = factColumns(facts);
        const person = personOf(facts);
        const candidate = nextReference();
        const lockKeys = postgres && person !== null ? duplicateLockKeys(person) : [];
        const claimed = await claimStatement.execute(trx, {
          row: {
            submission_key: submissionKey,
            status: 'partial',
            ...columns,
            created_at: at,
            updated_at: at,
          },
          candidate,
          lockKeys,
        });
        const existing = claimed.rows[0];
        if (existing === undefined) throw new Error('the claim returned no row');
        if (existing.status === 'complete' && existing.response_json !== null) {
          return { replayed: true, responseJson: existing.response_json };
        }

        const decision = await decide(scopeOf(trx, submissionKey, postgres ? person : null));
        // SQLite answers exists() as 0 or 1, PostgreSQL as a boolean.
        const reference =
          Number(existing.reference_taken) === 0
            ? candidate
            : await unusedReference(trx, nextReference);
        const responseJson = JSON.stringify({ ...decision.response, reference });
        const decided: DecidedApplication = {
          submissionKey,
          reference,
          outcome: decision.outcome,
          responseJson,
          payloadJson: facts.payloadJson,
          decidedAt: at,
        };
        const events = options.decidedEvents?.(decided) ?? [];
        const set: DecidedColumns = {
          status: 'complete',
          outcome: decision.outcome,
          decline_reason: decision.declineReason,
          application_id: decision.applicationId,
          response_json: responseJson,
          decision_json: decision.decisionJson ?? null,
          reference,
          ...columns,
          updated_at: at,
          completed_at: at,
        };
        if (postgres && events.length > 0) {
          await decideWithEventsStatement.execute(trx, { submissionKey, set, events });
        } else {
          await decideStatement.execute(trx, { submissionKey, set });
          if (events.length > 0) await insertEventsStatement.execute(trx, { events });
        }
        await options.onDecided?.(trx, decided);
        const answer = decision.firstAnswer;
        return {
          replayed: false,
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
      const result = await db
        .insertInto('applications')
        .values({
          submission_key: submissionKey,
          status: 'partial',
          ...factColumns(facts),
          created_at: at,
          updated_at: at,
        })
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
        .executeTakeFirst();
      await whenDurable(db);
      return result.numInsertedOrUpdatedRows === 0n ? 'ignored' : 'stored';
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
