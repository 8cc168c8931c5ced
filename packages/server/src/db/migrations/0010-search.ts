import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { searchName } from '../search-name.js';

/**
 * docs/decisions/0036-back-office-search.md: the back office's search reads plain, indexed columns.
 * `search_name` is the applicant's name as the search box matches it, written with every
 * submission (applications/repository.ts) instead of read out of payload_json on each search.
 * E-mail, phone, application id and the search name get narrow partial indexes: rows without
 * the value (most partials, declines) add nothing to them. A name is matched anywhere in it
 * (LIKE '%…%'), which no B-tree can seek; the search reads the narrow name index whole instead of
 * every row's payload.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applications').addColumn('search_name', 'text').execute();
  const untyped = db as Kysely<{
    applications: { id: number; payload_json: string; search_name: string | null };
  }>;
  let after = 0;
  for (;;) {
    const rows = await untyped
      .selectFrom('applications')
      .select(['id', 'payload_json'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      await untyped
        .updateTable('applications')
        .set({ search_name: searchName(row.payload_json) })
        .where('id', '=', row.id)
        .execute();
    }
    after = rows.at(-1)!.id;
  }
  for (const column of ['email_lower', 'phone_normalised', 'application_id', 'search_name']) {
    await db.schema
      .createIndex(`applications_by_${column}`)
      .on('applications')
      .column(column)
      .where(sql.ref(column), 'is not', null)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['email_lower', 'phone_normalised', 'application_id', 'search_name']) {
    await db.schema.dropIndex(`applications_by_${column}`).execute();
  }
  await db.schema.alterTable('applications').dropColumn('search_name').execute();
}
