import type { Kysely } from 'kysely';

/**
 * docs/decisions/0101-copies-counted-in-the-database.md: the copy e-mail's daily limit per
 * application (three, decision 0091) is counted on the application's row, so that every
 * instance of the server sees the same count and a restart does not reset it.
 *
 * - `copies_window_started_at`: when the first copy of the current day-long window was sent;
 * - `copies_in_window`: how many copies that window has sent.
 *
 * Neither holds anything about the person, so retention and erasure need nothing more: the
 * columns go with the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('applications')
    .addColumn('copies_window_started_at', 'text')
    .execute();
  await db.schema.alterTable('applications').addColumn('copies_in_window', 'integer').execute();
}
