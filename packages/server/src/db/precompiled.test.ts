/**
 * Statements compiled once and run with each call's values (precompiled.ts; decision 0048), on
 * both databases: the submission's statements run this way.
 */
import { sql } from 'kysely';
import type { Insertable, Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DialectName, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase } from '../test-support/databases.js';
import { precompiled } from './precompiled.js';
import type { Database, Db, JobLeasesTable } from './schema.js';

type Executor = Db | Transaction<Database>;

describe.each<DialectName>(['sqlite', 'postgres'])('precompiled statements on %s', (dialect) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(dialect, inject('postgresUrl'));
  });

  afterAll(async () => {
    await database.close();
  });

  const insertLease = () =>
    precompiled('test_insert', (db: Executor, v: { row: Insertable<JobLeasesTable> }) =>
      db.insertInto('job_leases').values(v.row),
    );
  const leaseByName = () =>
    precompiled('test_select', (db: Executor, v: { name: string }) =>
      db
        .selectFrom('job_leases')
        .select(['name', 'holder', 'lease_until'])
        .where('name', '=', v.name)
        .limit(1),
    );

  it('compiles a statement once and runs it with each call’s values', async () => {
    const insert = insertLease();
    const select = leaseByName();
    const rows = [
      { name: 'once-a', holder: 'h1', lease_until: '2026-03-10T10:00:00.000Z' },
      { name: 'once-b', holder: null, lease_until: '2026-03-11T10:00:00.000Z' },
      { name: 'once-c', holder: 'h3', lease_until: '2026-03-12T10:00:00.000Z' },
    ];
    for (const row of rows) await insert.execute(database.db, { row });
    expect(insert.compiledShapes).toBe(1);

    const stored = await database.db
      .selectFrom('job_leases')
      .select(['name', 'holder', 'lease_until'])
      .where('name', 'like', 'once-%')
      .orderBy('name')
      .execute();
    expect(stored).toEqual(rows);

    const b = await select.execute(database.db, { name: 'once-b' });
    const c = await select.execute(database.db, { name: 'once-c' });
    const none = await select.execute(database.db, { name: 'once-z' });
    expect(b.rows).toEqual([rows[1]]);
    expect(c.rows).toEqual([rows[2]]);
    expect(none.rows).toEqual([]);
    expect(select.compiledShapes).toBe(1);
  });

  it('compiles another shape for a value left undefined (its column left out)', async () => {
    const insert = insertLease();
    await insert.execute(database.db, {
      row: { name: 'shape-a', holder: 'h1', lease_until: '2026-03-10T10:00:00.000Z' },
    });
    await insert.execute(database.db, {
      row: { name: 'shape-b', holder: undefined, lease_until: '2026-03-10T10:00:00.000Z' },
    });
    expect(insert.compiledShapes).toBe(2);
    const stored = await leaseByName().execute(database.db, { name: 'shape-b' });
    expect(stored.rows).toEqual([
      { name: 'shape-b', holder: null, lease_until: '2026-03-10T10:00:00.000Z' },
    ]);
  });

  it('refuses a statement that writes a value into its SQL text', async () => {
    const literal = precompiled('test_literal', (db: Executor, v: { name: string }) =>
      db.selectFrom('job_leases').select('name').where('name', '=', sql.lit(v.name)),
    );
    await expect(literal.execute(database.db, { name: 'x' })).rejects.toThrow(
      'a precompiled statement put a value into its SQL text instead of a parameter',
    );
  });
});

describe('precompiled statements on postgres, prepared', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase('postgres', inject('postgresUrl'));
  });

  afterAll(async () => {
    await database.close();
  });

  it('are parsed once per connection and then only run (pg_prepared_statements)', async () => {
    const select = precompiled('test_prepared', (db: Executor, v: { name: string }) =>
      db.selectFrom('job_leases').select(['name', 'holder']).where('name', '=', v.name),
    );
    const adHoc = (connection: Db, name: string) =>
      connection.selectFrom('job_leases').select('holder').where('name', '=', name).execute();
    await database.db.connection().execute(async (connection) => {
      const before = await sql`select name from pg_prepared_statements`.execute(connection);
      expect(before.rows).toEqual([]);
      for (const name of ['a', 'b', 'c']) {
        await select.execute(connection, { name });
        await adHoc(connection, name);
      }
      const prepared = await sql<{
        name: string;
        statement: string;
        runs: number | string;
      }>`select name, statement, generic_plans + custom_plans as runs from pg_prepared_statements`.execute(
        connection,
      );
      // One prepared statement, run three times; the ad-hoc statement was never kept.
      expect(prepared.rows).toHaveLength(1);
      expect(prepared.rows[0]!.name).toMatch(/^broker_test_prepared_\d+$/);
      expect(prepared.rows[0]!.statement).toBe(
        'select "name", "holder" from "job_leases" where "name" = $1',
      );
      expect(Number(prepared.rows[0]!.runs)).toBe(3);
    });
  });
});
