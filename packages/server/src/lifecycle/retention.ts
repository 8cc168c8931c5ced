import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { Db } from '../db/schema.js';
import type { Clock } from '../applications/decide.js';
import { ALERT_EVENT } from '../delivery/events.js';
import { claimLease, finishLease } from './lease.js';
import { deleteStoredFiles } from '../documents/store.js';
import type { DocumentStore } from '../documents/store.js';
import { APPLICATION_RELATIONS, deleteLinkedByKey, storedFiles } from './relations.js';

export const RETENTION_JOB = 'retention';
const DAY_MS = 24 * 60 * 60 * 1000;
/** A run that has not finished in this long (its instance died) may be taken over. */
const RETENTION_LEASE_MS = 60 * 60 * 1000;
/** Instances look this often; the lease lets one of them run once a day. */
const RETENTION_CHECK_MS = 60 * 60 * 1000;

export type RetentionPeriods = Config['retention'];

/** What a run deleted, by kind (the log line and `npm run retention` print it). */
export interface RetentionResult {
  decidedApplications: number;
  partialApplications: number;
  /** The expired applications' people rows. */
  people: number;
  /** Each of `APPLICATION_RELATIONS`, by its kind: the rows that went with their application. */
  work: number;
  activity: number;
  /** The expired applications' events, whatever their state, and delivered ones past 30 days. */
  deliveryEvents: number;
  alerts: number;
  portalMail: number;
  portalAccounts: number;
  /** The server's record of texts served to sessions (docs/evidence.md). */
  disclosuresServed: number;
  /** Callback requests (docs/help.md): with their application, or unlinked past the period. */
  callbacks: number;
  /** Saved applications past their link's 30 days (or gone with their application). */
  savedDrafts: number;
  devMailbox: number;
  /** Documents asked for (docs/documents.md), their upload links, and the files deleted. */
  documents: number;
  documentLinks: number;
  documentFiles: number;
}

function yearsBefore(now: Date, years: number): string {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff.toISOString();
}

function daysBefore(now: Date, days: number): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString();
}

async function countReferring(db: Db, table: string, ids: number[]): Promise<number> {
  const result = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}
    where application_row_id in (${sql.join(ids)})`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

function addCounts(into: Record<string, number>, from: Record<string, number>): void {
  for (const [kind, n] of Object.entries(from)) into[kind] = (into[kind] ?? 0) + n;
}

/**
 * Deletes what is past its period (docs/data-lifecycle.md): decided applications `decidedYears`
 * after completion, partial ones `partialDays` after their last save. Every row that refers to
 * an application by key (its people, work, notes, events, portal links: `APPLICATION_RELATIONS`)
 * goes with it through the foreign keys; nothing is matched by text. Then delivered events and
 * alerts, sent mail and the development mailbox after `deliveredDays`, and portal accounts no
 * application links to any more once past the partial period.
 */
export async function deleteExpired(
  db: Db,
  now: Date,
  periods: RetentionPeriods,
  files?: DocumentStore,
): Promise<RetentionResult> {
  const stored: string[] = [];
  const result = await deleteExpiredRows(db, now, periods, stored);
  // The rows are gone: now their uploaded files (docs/documents.md).
  await deleteStoredFiles(files, stored);
  return { ...result, documentFiles: stored.length };
}

async function deleteExpiredRows(
  db: Db,
  now: Date,
  periods: RetentionPeriods,
  stored: string[],
): Promise<Omit<RetentionResult, 'documentFiles'>> {
  const decidedCutoff = yearsBefore(now, periods.decidedYears);
  const partialCutoff = daysBefore(now, periods.partialDays);
  const deliveredCutoff = daysBefore(now, periods.deliveredDays);

  return db.transaction().execute(async (trx) => {
    const expired = await trx
      .selectFrom('applications')
      .select(['id', 'status'])
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'complete'), eb('completed_at', '<', decidedCutoff)]),
          eb.and([eb('status', '=', 'partial'), eb('updated_at', '<', partialCutoff)]),
        ]),
      )
      .execute();
    const counts: Record<string, number> = {};
    for (let start = 0; start < expired.length; start += 500) {
      const ids = expired.slice(start, start + 500).map((row) => row.id);
      addCounts(counts, { people: await countReferring(trx, 'application_people', ids) });
      stored.push(...(await storedFiles(trx, ids)));
      for (const relation of APPLICATION_RELATIONS) {
        // A kept record (a complaint) is not deleted: its personal columns are cleared.
        if (relation.link === 'submission_key' || relation.keptWithout) continue;
        addCounts(counts, { [relation.kind]: await countReferring(trx, relation.table, ids) });
      }
      addCounts(counts, await deleteLinkedByKey(trx, ids));
      await trx.deleteFrom('applications').where('id', 'in', ids).execute();
    }
    // A session no application came of: kept as long as a partial save would have been.
    const orphans = await trx
      .deleteFrom('disclosures_served')
      .where('last_served_at', '<', partialCutoff)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('applications')
              .select('applications.id')
              .whereRef('applications.submission_key', '=', 'disclosures_served.submission_key'),
          ),
        ),
      )
      .executeTakeFirst();
    addCounts(counts, { disclosuresServed: Number(orphans.numDeletedRows) });
    // A callback request no application took (decision 0091): the partial period after it was
    // made, whether or not staff have completed it.
    const callbacks = await trx
      .deleteFrom('callbacks')
      .where('created_at', '<', partialCutoff)
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
      .executeTakeFirst();
    addCounts(counts, { callbacks: Number(callbacks.numDeletedRows) });
    // docs/decisions/0086-save-and-return-links.md: a draft goes when its link expires.
    const drafts = await trx
      .deleteFrom('saved_drafts')
      .where('expires_at', '<=', now.toISOString())
      .executeTakeFirst();
    addCounts(counts, { savedDrafts: Number(drafts.numDeletedRows) });
    const delivered = await trx
      .deleteFrom('delivery_events')
      .where('delivered_at', '<', deliveredCutoff)
      .returning('event_type')
      .execute();
    const alerts = delivered.filter((event) => event.event_type === ALERT_EVENT).length;
    const mail = await trx
      .deleteFrom('portal_mail_outbox')
      .where('sent_at', '<', deliveredCutoff)
      .executeTakeFirst();
    const devMailbox = await trx
      .deleteFrom('dev_mailbox')
      .where('created_at', '<', deliveredCutoff)
      .executeTakeFirst();
    const accounts = await trx
      .deleteFrom('portal_accounts')
      .where('updated_at', '<', partialCutoff)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('portal_account_applications')
              .select('portal_account_applications.application_row_id')
              .whereRef('portal_account_applications.portal_account_id', '=', 'portal_accounts.id'),
          ),
        ),
      )
      .executeTakeFirst();
    return {
      decidedApplications: expired.filter((row) => row.status === 'complete').length,
      partialApplications: expired.filter((row) => row.status === 'partial').length,
      people: counts.people ?? 0,
      work: counts.work ?? 0,
      activity: counts.activity ?? 0,
      deliveryEvents: (counts.deliveryEvents ?? 0) + delivered.length - alerts,
      alerts,
      portalMail: Number(mail.numDeletedRows),
      portalAccounts: Number(accounts.numDeletedRows),
      disclosuresServed: counts.disclosuresServed ?? 0,
      callbacks: counts.callbacks ?? 0,
      savedDrafts: counts.savedDrafts ?? 0,
      devMailbox: Number(devMailbox.numDeletedRows),
      documents: counts.documents ?? 0,
      documentLinks: counts.documentLinks ?? 0,
    };
  });
}

/** Runs the retention job if this instance wins the day's lease; null when another has it. */
export async function runRetentionOnce(
  db: Db,
  options: { now: Date; periods: RetentionPeriods; holder: string; files?: DocumentStore },
): Promise<RetentionResult | null> {
  const job = { name: RETENTION_JOB, holder: options.holder, now: options.now };
  const claimed = await claimLease(db, {
    ...job,
    leaseMs: RETENTION_LEASE_MS,
    everyMs: DAY_MS - RETENTION_CHECK_MS,
  });
  if (!claimed) return null;
  const result = await deleteExpired(db, options.now, options.periods, options.files);
  await finishLease(db, job);
  return result;
}

/** Checks hourly; the lease makes it one run a day across every instance. */
export function startRetentionJob(options: {
  db: Db;
  clock: Clock;
  periods: RetentionPeriods;
  /** Where uploaded documents are kept: their files go with their rows (docs/documents.md). */
  files?: DocumentStore;
  logger: {
    info(object: object, message: string): void;
    error(object: object, message: string): void;
  };
}): { stop(): Promise<void> } {
  const holder = randomUUID();
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = runRetentionOnce(options.db, {
      now: options.clock.now(),
      periods: options.periods,
      holder,
      ...(options.files && { files: options.files }),
    })
      .then((result) => {
        // Counts only: never what was deleted.
        if (result !== null) options.logger.info({ retention: result }, 'retention job ran');
      })
      .catch((error: unknown) => options.logger.error({ err: error }, 'retention job failed'));
  };
  tick();
  const timer = setInterval(tick, RETENTION_CHECK_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
