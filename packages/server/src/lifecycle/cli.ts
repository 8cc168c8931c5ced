/**
 * The retention job by hand (docs/data-lifecycle.md, "Running it by hand"):
 *
 *   npm run retention -- --now 2032-06-15T03:00:00Z
 *
 * deletes what is past its period at that instant (the current time without `--now`), with the
 * configured periods (RETENTION_*), and prints what it deleted, by kind. DATABASE_URL as for the
 * server. It does not take the daily lease: an operator's run is on top of the daily one.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config.js';
import type { Config } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Db } from '../db/schema.js';
import { documentStoreFor } from '../documents/store.js';
import type { DocumentStore } from '../documents/store.js';
import { deleteExpired } from './retention.js';

export const RETENTION_USAGE = `Usage: npm run retention -- [--now <ISO date and time>]

  Deletes what is past its retention period at --now (default: the current time) and prints
  what it deleted, by kind. Periods: RETENTION_DECIDED_YEARS, RETENTION_PARTIAL_DAYS,
  RETENTION_DELIVERED_DAYS. The database is the server's: DATABASE_URL as for the server.`;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** Runs the job once; returns the exit code. */
export async function runRetentionCommand(
  argv: readonly string[],
  context: {
    db: Db;
    periods: Config['retention'];
    out: (line: string) => void;
    error: (line: string) => void;
    clock?: () => Date;
    files?: DocumentStore;
  },
): Promise<number> {
  let now = (context.clock ?? (() => new Date()))();
  try {
    const { values } = parseArgs({ args: [...argv], options: { now: { type: 'string' } } });
    if (values.now !== undefined) {
      const given = new Date(values.now);
      if (!ISO_INSTANT.test(values.now) || Number.isNaN(given.getTime())) {
        context.error(
          `--now must be an ISO date, such as 2032-06-15T03:00:00Z (not ${values.now})`,
        );
        return 2;
      }
      now = given;
    }
  } catch (error) {
    context.error(error instanceof Error ? error.message : String(error));
    context.error(RETENTION_USAGE);
    return 2;
  }
  const result = await deleteExpired(context.db, now, context.periods, context.files);
  context.out(`Retention at ${now.toISOString()}: deleted`);
  for (const [kind, count] of Object.entries(result)) context.out(`  ${kind}\t${count}`);
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const config = loadConfig(process.env);
  const db = openDatabase(config.database);
  void migrateToLatest(db)
    .then(() =>
      runRetentionCommand(process.argv.slice(2), {
        db,
        periods: config.retention,
        files: documentStoreFor(config),
        out: (line) => console.log(line),
        error: (line) => console.error(line),
      }),
    )
    .then((code) => {
      process.exitCode = code;
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    })
    .finally(() => db.destroy());
}
