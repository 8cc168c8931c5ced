/**
 * `npm run backup` under load, restored as docs/operations.md says, on both databases
 * (docs/decisions/0070-backups.md).
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../../packages/server/src/test-support/postgres.js';
import { sqliteDatabase } from '../harness/databases.js';
import type { BackupFigures } from '../scenarios/backup.js';
import { backupScenario } from '../scenarios/backup.js';
import { buildServer } from '../harness/server-process.js';

beforeAll(() => buildServer(), 120_000);

function expectRestored(figures: BackupFigures) {
  expect(figures.problems).toEqual([]);
  expect(figures.acknowledgedBefore).toBeGreaterThan(0);
  expect(figures.lost).toBe(0);
  expect(figures.restoredApplications).toBeGreaterThanOrEqual(figures.acknowledgedBefore);
  expect(figures.integrity).toBe('ok');
  expect(figures.mode).toBe('600');
}

describe('a backup taken while submissions arrive', () => {
  it('on SQLite: restores with every acknowledged submission and passes integrity_check', async () => {
    const database = sqliteDatabase();
    try {
      const figures = await backupScenario({ database, rate: 150, beforeMs: 1500 });
      expectRestored(figures);
      expect(figures.backupOutput).toMatch(
        /^Backed up the SQLite database to .*backup\.db: \d+ bytes, \d+ applications, in \d+ ms \(mode 0600\)\.$/,
      );
    } finally {
      await database.dispose();
    }
  }, 120_000);

  it('on PostgreSQL: pg_dump and pg_restore give every acknowledged submission and pass amcheck', async () => {
    const serverUrl = inject('postgresUrl');
    const figures = await backupScenario({
      database: {
        kind: 'postgres',
        url: await createTestDatabase(serverUrl),
        dispose: () => Promise.resolve(),
      },
      rate: 150,
      beforeMs: 1500,
      restoreTarget: () => createTestDatabase(serverUrl),
    });
    expectRestored(figures);
    expect(figures.backupOutput).toMatch(
      /^Backed up the PostgreSQL database to .*backup\.dump: \d+ bytes, \d+ tables, in \d+ ms \(mode 0600\)\.$/,
    );
  }, 120_000);
});
