/**
 * The SQLite database, its -wal and -shm files and its folder are the owner's only (files 0600,
 * folder 0700), whatever the umask (docs/security.md, "3. Who can reach it").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './connection.js';
import { migrateToLatest } from './migrate.js';

let root: string;
let umask: number;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-modes-'));
  // The usual default, under which files are created 0644 and folders 0755.
  umask = process.umask(0o022);
});
afterEach(() => {
  process.umask(umask);
  fs.rmSync(root, { recursive: true, force: true });
});

const modeOf = (file: string) => fs.statSync(file).mode & 0o7777;

/** Opens, migrates and writes, so that SQLite has created its -wal and -shm files. */
async function useDatabase(file: string): Promise<void> {
  const db = openDatabase({ kind: 'sqlite', file });
  try {
    await migrateToLatest(db);
    await sql`create table if not exists mode_probe (id integer)`.execute(db);
    await sql`insert into mode_probe values (1)`.execute(db);
    expect(fs.existsSync(`${file}-wal`)).toBe(true);
    expect(fs.existsSync(`${file}-shm`)).toBe(true);
    expect(modeOf(`${file}-wal`)).toBe(0o600);
    expect(modeOf(`${file}-shm`)).toBe(0o600);
  } finally {
    await db.destroy();
  }
}

describe('SQLite file modes', () => {
  it('creates the folder 0700 and the database, -wal and -shm 0600', async () => {
    const folder = path.join(root, 'data', 'nested');
    const file = path.join(folder, 'app.db');
    await useDatabase(file);
    expect(modeOf(folder)).toBe(0o700);
    expect(modeOf(path.join(root, 'data'))).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
  });

  it('tightens a folder and files an earlier version left readable by others', async () => {
    const folder = path.join(root, 'data');
    fs.mkdirSync(folder, { mode: 0o755 });
    const file = path.join(folder, 'app.db');
    for (const suffix of ['', '-wal', '-shm']) fs.writeFileSync(`${file}${suffix}`, '');
    for (const suffix of ['', '-wal', '-shm']) fs.chmodSync(`${file}${suffix}`, 0o644);
    expect(modeOf(file)).toBe(0o644);

    await useDatabase(file);
    expect(modeOf(folder)).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
  });

  it('leaves a shared sticky folder (like /tmp) as it is but still restricts the files', async () => {
    const shared = path.join(root, 'shared');
    fs.mkdirSync(shared);
    fs.chmodSync(shared, 0o1777);
    const file = path.join(shared, 'app.db');
    await useDatabase(file);
    expect(modeOf(shared)).toBe(0o1777);
    expect(modeOf(file)).toBe(0o600);
  });
});
