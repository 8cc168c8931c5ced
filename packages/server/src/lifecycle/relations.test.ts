import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../db/schema.js';
import type { DialectName, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase } from '../test-support/databases.js';
import { APPLICATION_RELATIONS, PEOPLE_TABLES } from './relations.js';

/** Each table's foreign keys on `application_row_id`: what they refer to and do on delete. */
async function applicationKeys(db: Db, dialect: DialectName, table: string) {
  if (dialect === 'sqlite') {
    const rows = await sql<{
      table: string;
      from: string;
      to: string;
      on_delete: string;
    }>`select * from pragma_foreign_key_list(${table})`.execute(db);
    return rows.rows
      .filter((row) => row.from === 'application_row_id')
      .map((row) => ({ references: `${row.table}.${row.to}`, onDelete: row.on_delete }));
  }
  const rows = await sql<{ references: string; on_delete: string }>`
    select ccu.table_name || '.' || ccu.column_name as references, rc.delete_rule as on_delete
    from information_schema.key_column_usage kcu
    join information_schema.referential_constraints rc on rc.constraint_name = kcu.constraint_name
    join information_schema.constraint_column_usage ccu on ccu.constraint_name = kcu.constraint_name
    where kcu.table_name = ${table} and kcu.column_name = 'application_row_id'`.execute(db);
  return rows.rows.map((row) => ({ references: row.references, onDelete: row.on_delete }));
}

describe.each<DialectName>(['sqlite', 'postgres'])(
  'the relations of a person’s data on %s',
  (dialect) => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await openTestDatabase(dialect, inject('postgresUrl'));
    });
    afterAll(() => database.close());

    it('reads every table keyed by application, and each goes with its application (docs/data-lifecycle.md)', async () => {
      const tables = await database.db.introspection.getTables();
      const keyed = tables
        .filter((table) => table.columns.some((column) => column.name === 'application_row_id'))
        .map((table) => table.name)
        .sort();
      // A new table with an application_row_id is listed in relations.ts, or it is named here.
      expect(keyed).toEqual(
        [
          ...APPLICATION_RELATIONS.filter((relation) => relation.link !== 'submission_key').map(
            (relation) => relation.table,
          ),
          // Found by submission key, and linked by a cascading key when the row existed first.
          'saved_drafts',
          ...PEOPLE_TABLES,
        ].sort(),
      );
      // A table that names an application by its submission key (the record of what the
      // server served a session, before any application row exists) is listed too.
      const byKey = tables
        .filter(
          (table) =>
            table.name !== 'applications' &&
            table.columns.some((column) => column.name === 'submission_key'),
        )
        .map((table) => table.name)
        .sort();
      expect(byKey).toEqual(
        APPLICATION_RELATIONS.filter((relation) => relation.link === 'submission_key')
          .map((relation) => relation.table)
          .sort(),
      );
      for (const table of keyed) {
        if (table === 'erasure_tombstones') continue; // What is left of an erased application.
        // A record kept after its application (a complaint) loses its link, not its row.
        const kept = APPLICATION_RELATIONS.some(
          (relation) => relation.table === table && relation.keptWithout !== undefined,
        );
        expect(await applicationKeys(database.db, dialect, table), table).toEqual([
          { references: 'applications.id', onDelete: kept ? 'SET NULL' : 'CASCADE' },
        ]);
      }
      for (const relation of APPLICATION_RELATIONS) {
        const columns = tables.find((table) => table.name === relation.table)!.columns;
        for (const column of [...relation.columns, relation.id]) {
          expect(
            columns.some((candidate) => candidate.name === column),
            `${relation.table}.${column}`,
          ).toBe(true);
        }
      }
    });
  },
);
