import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * docs/decisions/0051-duplicates-stored-linked-released.md: a possible duplicate is stored as
 * its own application, linked to the earlier application it matched, and listed for staff, who
 * can release it. Both indexes are partial: an application that is not a duplicate writes
 * nothing to them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('applications')
    .addColumn('duplicate_of', 'integer', (column) =>
      column.references('applications.id').onDelete('set null'),
    )
    .execute();
  await db.schema.alterTable('applications').addColumn('duplicate_released_at', 'text').execute();
  await db.schema.alterTable('applications').addColumn('duplicate_released_by', 'text').execute();
  // The link, also for the foreign key: deleting an application finds its duplicates here.
  await db.schema
    .createIndex('applications_by_duplicate_of')
    .on('applications')
    .column('duplicate_of')
    .where(sql.ref('duplicate_of'), 'is not', null)
    .execute();
  // The back office's "possible duplicates" view, newest first.
  await db.schema
    .createIndex('applications_possible_duplicates')
    .on('applications')
    .column('id')
    .where(sql<boolean>`outcome = 'duplicate' and duplicate_released_at is null`)
    .execute();

  // Duplicates stored before: linked to the person's latest decided application before them
  // (the rule they were answered by: the same date of birth and e-mail or phone).
  await sql`update applications set duplicate_of = (
      select earlier.id from applications as earlier
      where earlier.status = 'complete' and earlier.outcome in ('approved', 'declined')
        and earlier.date_of_birth = applications.date_of_birth
        and (earlier.email_lower = applications.email_lower
          or earlier.phone_normalised = applications.phone_normalised)
        and earlier.completed_at <= applications.completed_at
        and earlier.id <> applications.id
      order by earlier.completed_at desc limit 1)
    where outcome = 'duplicate'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('applications_possible_duplicates').execute();
  await db.schema.dropIndex('applications_by_duplicate_of').execute();
  for (const column of ['duplicate_released_by', 'duplicate_released_at', 'duplicate_of']) {
    await db.schema.alterTable('applications').dropColumn(column).execute();
  }
}
