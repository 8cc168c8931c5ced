/**
 * Online backups (docs/operations.md, docs/decisions/0070-backups.md). The copy is written beside
 * the target under a temporary name, readable by the owner only (0600: it holds every applicant's
 * data), checked, made durable, and only then renamed into place: a backup that exists is whole.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { DatabaseConfig } from '../config.js';

export interface BackupResult {
  file: string;
  bytes: number;
  /** Applications in the copy (SQLite), or the archive's table entries (PostgreSQL). */
  summary: string;
  tookMs: number;
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** An empty file only the owner may read, created afresh (never an existing file reused). */
function createPrivateFile(file: string): void {
  fs.closeSync(
    fs.openSync(file, fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_WRONLY, 0o600),
  );
}

function syncFile(file: string): void {
  const descriptor = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(descriptor);
  } finally {
    fs.closeSync(descriptor);
  }
}

/**
 * `VACUUM INTO`: one read transaction, so the copy is a consistent snapshot, taken while the
 * server keeps writing (WAL: readers and the writer do not wait for each other). SQLite's page
 * backup API would restart whenever the server wrote during it, which under steady load may be
 * for ever. The copy passes `integrity_check` before it is kept.
 */
function backupSqlite(source: string, temporary: string): string {
  if (!fs.existsSync(source)) throw new BackupError(`the database file ${source} does not exist`);
  const database = new SqliteDatabase(source, { fileMustExist: true });
  try {
    database.pragma('busy_timeout = 5000');
    database.prepare('vacuum into ?').run(temporary);
  } finally {
    database.close();
  }
  const copy = new SqliteDatabase(temporary, { fileMustExist: true });
  try {
    const problems = (copy.pragma('integrity_check') as { integrity_check: string }[])
      .map((row) => row.integrity_check)
      .filter((line) => line !== 'ok');
    if (problems.length > 0) {
      throw new BackupError(`the copy failed integrity_check: ${problems.slice(0, 5).join('; ')}`);
    }
    // A backup keeps no write-ahead log beside it: everything is in the one file.
    copy.pragma('journal_mode = DELETE');
    const { count } = copy.prepare('select count(*) as count from applications').get() as {
      count: number;
    };
    return `${count} applications`;
  } finally {
    copy.close();
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${command} was not found: install PostgreSQL's client tools (postgresql-client) of the server's version or newer`
            : `${command} could not start (${error.code ?? error.name})`,
        ),
      ),
    );
    child.once('exit', (code) => {
      if (code === 0) resolve(output);
      else reject(new BackupError(`${command} failed (exit ${code}): ${errors.trim()}`));
    });
  });
}

/**
 * `pg_dump --format=custom`: a consistent snapshot (one repeatable-read transaction) that
 * `pg_restore` reads. The password goes to pg_dump in its environment, never on its command line
 * (which other users of the machine can read). The archive's table of contents is read back
 * with `pg_restore --list` before it is kept.
 */
async function backupPostgres(url: string, temporary: string): Promise<string> {
  const connection = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (connection.password !== '') {
    env.PGPASSWORD = decodeURIComponent(connection.password);
    connection.password = '';
  }
  await run(
    process.env.PG_DUMP ?? 'pg_dump',
    ['--format=custom', '--file', temporary, '--dbname', connection.toString()],
    env,
  );
  const contents = await run(process.env.PG_RESTORE ?? 'pg_restore', ['--list', temporary], env);
  const tables = contents.split('\n').filter((line) => / TABLE DATA /.test(line)).length;
  if (!/ TABLE DATA public applications /.test(contents)) {
    throw new BackupError('the archive holds no applications table: is this the right database?');
  }
  return `${tables} tables`;
}

/** Copies the database of `database` to `target` (which must not exist yet). */
export async function backupDatabase(
  database: DatabaseConfig,
  target: string,
): Promise<BackupResult> {
  const started = Date.now();
  const file = path.resolve(target);
  if (database.kind === 'sqlite' && database.file === ':memory:') {
    throw new BackupError('an in-memory database cannot be backed up');
  }
  if (fs.existsSync(file)) throw new BackupError(`${file} exists already: choose a new name`);
  const folder = path.dirname(file);
  if (!fs.existsSync(folder)) throw new BackupError(`the folder ${folder} does not exist`);
  const temporary = path.join(folder, `.${path.basename(file)}.${process.pid}.partial`);
  createPrivateFile(temporary);
  try {
    const summary =
      database.kind === 'sqlite'
        ? backupSqlite(database.file, temporary)
        : await backupPostgres(database.url, temporary);
    fs.chmodSync(temporary, 0o600);
    syncFile(temporary);
    fs.renameSync(temporary, file);
    syncFile(folder);
    return { file, bytes: fs.statSync(file).size, summary, tookMs: Date.now() - started };
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    fs.rmSync(`${temporary}-journal`, { force: true });
    throw error;
  }
}
