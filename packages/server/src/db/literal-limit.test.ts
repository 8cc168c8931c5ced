import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { CompiledQuery, Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './connection.js';
import type { Db } from './schema.js';

describe('a select limit on SQLite (db/literal-limit.ts)', () => {
  let directory: string;
  let db: Db;
  const sent: CompiledQuery[] = [];

  beforeAll(async () => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-literal-limit-'));
    db = openDatabase(
      { kind: 'sqlite', file: path.join(directory, 'app.db') },
      { log: (event) => void (event.level === 'query' && sent.push(event.query)) },
    );
    await sql`create table numbers (n integer primary key)`.execute(db);
    await sql`insert into numbers (n) values (1), (2), (3), (4)`.execute(db);
  });

  afterAll(async () => {
    await db.destroy();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  /** Runs the select and returns its rows with the statement SQLite was sent. */
  async function run(limit: number, offset?: number) {
    sent.length = 0;
    let select = (db as unknown as Kysely<{ numbers: { n: number } }>)
      .selectFrom('numbers')
      .select('n')
      .orderBy('n')
      .limit(limit);
    if (offset !== undefined) select = select.offset(offset);
    const rows = await select.execute();
    return { rows: rows.map((row) => row.n), statement: sent[0]! };
  }

  it('writes a whole-number limit into the text, and the rows are the limit', async () => {
    const { rows, statement } = await run(2);
    expect(rows).toEqual([1, 2]);
    expect(statement.sql).toMatch(/ limit 2$/);
    expect(statement.parameters).toEqual([]);
  });

  it('a different limit is a different text, and an offset stays a parameter', async () => {
    const { rows, statement } = await run(1, 2);
    expect(rows).toEqual([3]);
    expect(statement.sql).toMatch(/ limit 1 offset \?$/);
    expect(statement.parameters).toEqual([2]);
  });
});
