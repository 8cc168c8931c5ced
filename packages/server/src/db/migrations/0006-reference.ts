import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf } from '../connection.js';
import { newReference } from '@broker/domain';

/**
 * docs/decisions/0030-application-reference.md: each completed application gets a short, unique
 * reference people can read over the phone. Applications completed before this migration get
 * one here, so staff can find every one by it.
 * docs/decisions/0030-application-reference.md also: each delivery event names the application
 * it is about (`delivery_events.submission_key`), so its page can list its delivery attempts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applications').addColumn('reference', 'text').execute();
  // Unique; partials have none (NULLs never clash on either database).
  await db.schema
    .createIndex('applications_reference')
    .unique()
    .on('applications')
    .column('reference')
    .execute();

  const untyped = db as Kysely<{
    applications: { id: number; status: string; reference: string | null };
  }>;
  const rows = await untyped
    .selectFrom('applications')
    .select('id')
    .where('status', '=', 'complete')
    .where('reference', 'is', null)
    .execute();
  const used = new Set<string>();
  for (const row of rows) {
    let reference = newReference(randomInt);
    while (used.has(reference)) reference = newReference(randomInt);
    used.add(reference);
    await untyped.updateTable('applications').set({ reference }).where('id', '=', row.id).execute();
  }

  await db.schema.alterTable('delivery_events').addColumn('submission_key', 'text').execute();
  await db.schema
    .createIndex('delivery_events_submission_key')
    .on('delivery_events')
    .column('submission_key')
    .execute();
  const key =
    dialectOf(db) === 'postgres'
      ? sql`(body::jsonb #>> '{data,submissionKey}')`
      : sql`json_extract(body, '$.data.submissionKey')`;
  await sql`update delivery_events set submission_key = ${key} where event_type in ('application.decided', 'lead.abandoned')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('delivery_events_submission_key').execute();
  await db.schema.alterTable('delivery_events').dropColumn('submission_key').execute();
  await db.schema.dropIndex('applications_reference').execute();
  await db.schema.alterTable('applications').dropColumn('reference').execute();
}
