import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf } from '../connection.js';

/**
 * docs/decisions/0042-submission-round-trips-and-list-indexes.md: the back office's name search
 * on PostgreSQL. The search matches anywhere in `search_name` (LIKE '%…%'), which no B-tree can
 * seek; SQLite reads the narrow partial index of migration 0010 whole, because its indexes
 * always hold the row id. PostgreSQL's hold only their columns, so there the search read every
 * row of the table instead (about 65 ms at 100,000 applications). The index now carries the id
 * too (INCLUDE), so PostgreSQL reads the index alone, as SQLite does. Same columns written per
 * submission: no new cost on the submission's path. SQLite is left as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`drop index applications_by_search_name`.execute(db);
  await sql`create index applications_by_search_name on applications (search_name) include (id) where search_name is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`drop index applications_by_search_name`.execute(db);
  await sql`create index applications_by_search_name on applications (search_name) where search_name is not null`.execute(
    db,
  );
}
