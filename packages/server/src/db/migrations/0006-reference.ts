import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { newReference } from '@broker/domain';

/**
 * docs/decisions/0030-application-reference.md: each completed application gets a short, unique
 * reference people can read over the phone. Applications completed before this migration get
 * one here, so staff can find every one by it.
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('applications_reference').execute();
  await db.schema.alterTable('applications').dropColumn('reference').execute();
}
