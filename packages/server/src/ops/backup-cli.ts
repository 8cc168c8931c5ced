/**
 * `npm run backup -- <file>`: an online copy of the server's database (DATABASE_URL, as for the
 * server) into a new file readable by its owner only (docs/operations.md). SQLite: a consistent
 * snapshot with `VACUUM INTO`; PostgreSQL: `pg_dump --format=custom`. Prints what it wrote.
 */
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../config.js';
import { BackupError, backupDatabase } from './backup.js';

export async function main(args: readonly string[]): Promise<number> {
  const target = args.find((arg) => !arg.startsWith('-'));
  if (target === undefined || args.length !== 1) {
    console.error('Usage: npm run backup -- <new file>');
    return 2;
  }
  let database;
  try {
    database = loadConfig(process.env).database;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  // Anything the copy creates beside it is the owner's only, too.
  process.umask(0o077);
  try {
    const result = await backupDatabase(database, target);
    console.log(
      `Backed up the ${database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database to ${result.file}: ${result.bytes} bytes, ${result.summary}, in ${result.tookMs} ms (mode 0600).`,
    );
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(`Backup failed: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
