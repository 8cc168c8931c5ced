import { randomUUID } from 'node:crypto';
import type { Config } from '../config.js';
import type { Db } from '../db/schema.js';
import type { Clock } from '../decisions/decide.js';
import { claimLease, finishLease } from './lease.js';

export const RETENTION_JOB = 'retention';
const DAY_MS = 24 * 60 * 60 * 1000;
/** A run that has not finished in this long (its instance died) may be taken over. */
const RETENTION_LEASE_MS = 60 * 60 * 1000;
/** Instances look this often; the lease lets one of them run once a day. */
const RETENTION_CHECK_MS = 60 * 60 * 1000;

export type RetentionPeriods = Config['retention'];

export interface RetentionResult {
  decidedApplications: number;
  partialApplications: number;
  deliveryEvents: number;
  alerts: number;
  portalMail: number;
  portalAccounts: number;
  /** The server's record of texts served to sessions (docs/evidence.md). */
  disclosuresServed: number;
}

function yearsBefore(now: Date, years: number): string {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff.toISOString();
}

function daysBefore(now: Date, days: number): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString();
}

/**
 * Deletes what is past its period (docs/data-lifecycle.md): decided applications `decidedYears`
 * after completion, partial ones `partialDays` after their last save, each with its work row,
 * notes and activity and its undelivered events; delivered events, sent alerts and sent mail
 * after `deliveredDays`; portal accounts with no application left once past the partial period.
 */
export async function deleteExpired(
  db: Db,
  now: Date,
  periods: RetentionPeriods,
): Promise<RetentionResult> {
  const decidedCutoff = yearsBefore(now, periods.decidedYears);
  const partialCutoff = daysBefore(now, periods.partialDays);
  const deliveredCutoff = daysBefore(now, periods.deliveredDays);

  return db.transaction().execute(async (trx) => {
    const expired = await trx
      .selectFrom('applications')
      .select(['id', 'status', 'submission_key'])
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'complete'), eb('completed_at', '<', decidedCutoff)]),
          eb.and([eb('status', '=', 'partial'), eb('updated_at', '<', partialCutoff)]),
        ]),
      )
      .execute();
    let deliveryEvents = 0;
    let disclosuresServed = 0;
    for (let start = 0; start < expired.length; start += 500) {
      const batch = expired.slice(start, start + 500);
      const ids = batch.map((row) => row.id);
      await trx.deleteFrom('application_activity').where('application_row_id', 'in', ids).execute();
      await trx.deleteFrom('application_work').where('application_row_id', 'in', ids).execute();
      // Events carry the application's answers; delivered ones go below, dead letters with it.
      for (const row of batch) {
        const events = await trx
          .deleteFrom('delivery_events')
          .where('body', 'like', `%"submissionKey":${JSON.stringify(row.submission_key)}%`)
          .executeTakeFirst();
        deliveryEvents += Number(events.numDeletedRows);
      }
      await trx.deleteFrom('applications').where('id', 'in', ids).execute();
      const served = await trx
        .deleteFrom('disclosures_served')
        .where(
          'submission_key',
          'in',
          batch.map((row) => row.submission_key),
        )
        .executeTakeFirst();
      disclosuresServed += Number(served.numDeletedRows);
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
    disclosuresServed += Number(orphans.numDeletedRows);
    const delivered = await trx
      .deleteFrom('delivery_events')
      .where('delivered_at', '<', deliveredCutoff)
      .executeTakeFirst();
    const alerts = await trx
      .deleteFrom('alert_outbox')
      .where('delivered_at', '<', deliveredCutoff)
      .executeTakeFirst();
    const mail = await trx
      .deleteFrom('portal_mail_outbox')
      .where('sent_at', '<', deliveredCutoff)
      .executeTakeFirst();
    await trx.deleteFrom('dev_mailbox').where('created_at', '<', deliveredCutoff).execute();
    const accounts = await trx
      .deleteFrom('portal_accounts')
      .where('updated_at', '<', partialCutoff)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('applications')
              .select('applications.id')
              .whereRef('applications.email_lower', '=', 'portal_accounts.email_lower'),
          ),
        ),
      )
      .executeTakeFirst();
    return {
      decidedApplications: expired.filter((row) => row.status === 'complete').length,
      partialApplications: expired.filter((row) => row.status === 'partial').length,
      deliveryEvents: deliveryEvents + Number(delivered.numDeletedRows),
      alerts: Number(alerts.numDeletedRows),
      portalMail: Number(mail.numDeletedRows),
      portalAccounts: Number(accounts.numDeletedRows),
      disclosuresServed,
    };
  });
}

/** Runs the retention job if this instance wins the day's lease; null when another has it. */
export async function runRetentionOnce(
  db: Db,
  options: { now: Date; periods: RetentionPeriods; holder: string },
): Promise<RetentionResult | null> {
  const job = { name: RETENTION_JOB, holder: options.holder, now: options.now };
  const claimed = await claimLease(db, {
    ...job,
    leaseMs: RETENTION_LEASE_MS,
    everyMs: DAY_MS - RETENTION_CHECK_MS,
  });
  if (!claimed) return null;
  const result = await deleteExpired(db, options.now, options.periods);
  await finishLease(db, job);
  return result;
}

/** Checks hourly; the lease makes it one run a day across every instance. */
export function startRetentionJob(options: {
  db: Db;
  clock: Clock;
  periods: RetentionPeriods;
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
