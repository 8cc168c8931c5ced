import type { Db } from '../db/schema.js';

/**
 * One runner across instances for a periodic job (decision 0031): a row per job in `job_leases`.
 * Claiming is one UPDATE whose WHERE asks that no lease is current and that the job has not
 * finished within `everyMs`; PostgreSQL re-checks that WHERE on the locked row and SQLite has one
 * writer, so of two instances claiming at once exactly one changes the row.
 */
export async function claimLease(
  db: Db,
  job: { name: string; holder: string; now: Date; leaseMs: number; everyMs: number },
): Promise<boolean> {
  const now = job.now.toISOString();
  await db
    .insertInto('job_leases')
    .values({ name: job.name, holder: null, lease_until: new Date(0).toISOString() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const result = await db
    .updateTable('job_leases')
    .set({
      holder: job.holder,
      lease_until: new Date(job.now.getTime() + job.leaseMs).toISOString(),
    })
    .where('name', '=', job.name)
    .where('lease_until', '<=', now)
    .where((eb) =>
      eb.or([
        eb('last_finished_at', 'is', null),
        eb('last_finished_at', '<=', new Date(job.now.getTime() - job.everyMs).toISOString()),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends a lease held by `holder`, recording when the job finished. */
export async function finishLease(
  db: Db,
  job: { name: string; holder: string; now: Date },
): Promise<void> {
  const now = job.now.toISOString();
  await db
    .updateTable('job_leases')
    .set({ holder: null, lease_until: now, last_finished_at: now })
    .where('name', '=', job.name)
    .where('holder', '=', job.holder)
    .execute();
}
