/**
 * The back office's name search reads the narrow name index alone, on both databases
 * (migration 0011, docs/decisions/0042-submission-round-trips-and-list-indexes.md): on
 * PostgreSQL it read every row of the table before, the slowest kind of list request at 100,000
 * applications.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DialectName, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase } from '../test-support/databases.js';

const ROWS = 5000;

describe.each<DialectName>(['sqlite', 'postgres'])('the name search on %s', (dialect) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(dialect, inject('postgresUrl'));
    const { db } = database;
    // Rows as wide as real ones (the payload is most of a row), most with a name.
    const numbers =
      dialect === 'postgres'
        ? sql`select n from generate_series(1, ${sql.lit(ROWS)}) as n`
        : sql`with recursive s(n) as (select 1 union all select n + 1 from s where n < ${sql.lit(ROWS)}) select n from s`;
    await sql`insert into applications (submission_key, status, payload_json, search_name, created_at, updated_at)
      select 'key-' || n, 'complete', ${'{"x":"' + 'x'.repeat(700) + '"}'},
        case when n % 10 = 0 then null else 'ada lovelace' || n end,
        '2026-03-10T10:00:00.000Z', '2026-03-10T10:00:00.000Z'
      from (${numbers}) as numbers`.execute(db);
    // What autovacuum does after inserts: statistics, and the visibility map.
    await sql`${sql.raw(dialect === 'postgres' ? 'vacuum analyze applications' : 'analyze')}`.execute(
      db,
    );
  });
  afterAll(() => database.close());

  /**
   * The plan of `query`. On PostgreSQL with the table scans the planner would cost against a
   * small table's index turned off: what matters is whether the index can answer alone.
   */
  async function plan(query: string): Promise<string> {
    return database.db.connection().execute(async (connection) => {
      if (dialect === 'postgres') {
        await sql`set enable_seqscan = off`.execute(connection);
        await sql`set enable_bitmapscan = off`.execute(connection);
      }
      const prefix = dialect === 'postgres' ? 'explain ' : 'explain query plan ';
      const result = await sql<Record<string, unknown>>`${sql.raw(prefix + query)}`.execute(
        connection,
      );
      if (dialect === 'postgres') await sql`reset all`.execute(connection);
      return result.rows.map((row) => Object.values(row).join(' ')).join('\n');
    });
  }

  it('matches a name anywhere by reading the name index alone', async () => {
    // The subquery of staff/applications.ts's name search.
    const text = await plan(
      `select named.id from applications as named where named.search_name is not null and named.search_name like '%lovelace42%' escape '\\'`,
    );
    expect(text).toMatch(
      dialect === 'postgres'
        ? /Index Only Scan using applications_by_search_name/
        : /USING COVERING INDEX applications_by_search_name/,
    );
    const found = await sql<{
      id: number;
    }>`select named.id from applications as named where named.search_name is not null and named.search_name like '%lovelace42' escape '\\'`.execute(
      database.db,
    );
    expect(found.rows).toHaveLength(1);
  });
});
