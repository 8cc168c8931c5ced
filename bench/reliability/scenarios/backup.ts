/**
 * Backups that restore (docs/operations.md, docs/decisions/0070-backups.md): `npm run backup`
 * taken while submissions arrive, restored as the operations guide says, and a server started on
 * the copy. Every submission acknowledged before the backup began is there, with its answer, and
 * the database's integrity check passes.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { postgresBinary } from '../../../packages/server/src/test-support/postgres-server.js';
import { applicantRequests, newRunId } from '../harness/applicants.js';
import { indexOf, lostAnswers, some } from '../harness/databases.js';
import type { DatabaseKind, ScenarioDatabase } from '../harness/databases.js';
import { createPoster, runLoad } from '../harness/load.js';
import type { LoadRecord } from '../harness/load.js';
import { REPOSITORY_ROOT, SERVER_PACKAGE, sleep, startServer } from '../harness/server-process.js';
import type { ServerProcess } from '../harness/server-process.js';
import { readStored, sqliteIntegrity } from '../harness/stored.js';

const run = promisify(execFile);
const BACKUP_CLI = path.join(SERVER_PACKAGE, 'dist', 'ops', 'backup-cli.js');

export interface BackupFigures {
  database: DatabaseKind;
  /** Answered 200 before the backup began: each must be in the copy. */
  acknowledgedBefore: number;
  /** Answered 200 while the backup ran: the server kept taking submissions. */
  answeredDuring: number;
  backupMs: number;
  /** What `npm run backup` printed. */
  backupOutput: string;
  mode: string;
  /** Applications in the restored copy. */
  restoredApplications: number;
  lost: number;
  integrity: string;
  problems: string[];
}

export interface BackupScenarioOptions {
  database: ScenarioDatabase;
  rate: number;
  /** Load before the backup begins (and at least 20 submissions answered). */
  beforeMs: number;
  /** A new, empty database to restore a PostgreSQL backup into. */
  restoreTarget?: () => Promise<string>;
}

/** The restore steps of docs/operations.md; returns the restored database's DATABASE_URL. */
async function restore(
  kind: DatabaseKind,
  backup: string,
  folder: string,
  target: (() => Promise<string>) | undefined,
): Promise<string> {
  if (kind === 'sqlite') {
    const file = path.join(folder, 'restored', 'app.db');
    fs.mkdirSync(path.dirname(file), { mode: 0o700 });
    fs.copyFileSync(backup, file);
    return file;
  }
  if (target === undefined) throw new Error('a PostgreSQL restore needs a new database');
  const url = await target();
  await run(postgresBinary('pg_restore'), [
    '--no-owner',
    '--exit-on-error',
    '--dbname',
    url,
    backup,
  ]);
  return url;
}

/** PostgreSQL's own check of every table and index (amcheck), or SQLite's integrity_check. */
async function integrityOf(kind: DatabaseKind, url: string): Promise<string> {
  if (kind === 'sqlite') return sqliteIntegrity(url);
  try {
    await run(postgresBinary('pg_amcheck'), ['--install-missing', '--heapallindexed', url]);
    return 'ok';
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    return `pg_amcheck: ${(stdout ?? '') + (stderr ?? '')}`.trim();
  }
}

export async function backupScenario(options: BackupScenarioOptions): Promise<BackupFigures> {
  const { database } = options;
  const problems: string[] = [];
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-backup-'));
  const backupFile = path.join(folder, database.kind === 'sqlite' ? 'backup.db' : 'backup.dump');
  const servers: ServerProcess[] = [];
  try {
    const server = await startServer({ databaseUrl: database.url });
    servers.push(server);
    const requests = applicantRequests(newRunId());
    const answered: LoadRecord[] = [];
    const stop = new AbortController();
    const loading = runLoad({
      targets: [server.url],
      rate: options.rate,
      durationMs: 3_600_000,
      request: requests,
      keepBody: (status) => status === 200,
      signal: stop.signal,
      onRecord: (record) => {
        if (record.status === 200) answered.push(record);
      },
    });
    await sleep(options.beforeMs);
    // On a busy machine the first answers can take a while: the backup waits for some.
    while (answered.length < 20) await sleep(50);

    const acknowledged = [...answered];
    const started = Date.now();
    const backup = await run(process.execPath, [BACKUP_CLI, backupFile], {
      cwd: REPOSITORY_ROOT,
      env: { PATH: process.env.PATH, DATABASE_URL: database.url },
    }).catch((error: { stdout?: string; stderr?: string }) => {
      problems.push(`npm run backup failed: ${error.stderr ?? ''}${error.stdout ?? ''}`);
      return { stdout: '', stderr: '' };
    });
    const backupMs = Date.now() - started;
    const answeredDuring = answered.length - acknowledged.length;
    await sleep(300);
    stop.abort();
    await loading;
    await server.stop();

    const mode = fs.existsSync(backupFile)
      ? (fs.statSync(backupFile).mode & 0o777).toString(8)
      : 'missing';
    if (mode !== '600') problems.push(`the backup's mode is ${mode}, not 600`);

    const restoredUrl = await restore(database.kind, backupFile, folder, options.restoreTarget);
    const restored = await startServer({ databaseUrl: restoredUrl });
    servers.push(restored);
    // The copy serves: an acknowledged key replays its stored answer from the restored server.
    const sample = acknowledged[0];
    if (sample !== undefined) {
      const poster = createPoster();
      const request = requests(indexOf(sample.key));
      const replay = await poster.post(restored.url, request.path, request.body);
      poster.close();
      if (replay.status !== 200 || replay.body !== sample.body) {
        problems.push(
          `the restored server answered ${sample.key} with ${replay.status} ${replay.body}`,
        );
      }
    }
    await restored.stop();

    const stored = await readStored(restoredUrl);
    const lost = lostAnswers(acknowledged, stored.byKey);
    if (lost.length > 0) {
      problems.push(`${lost.length} acknowledged before the backup but not in it: ${some(lost)}`);
    }
    if (acknowledged.length === 0) problems.push('nothing was acknowledged before the backup');
    const integrity = await integrityOf(database.kind, restoredUrl);
    if (integrity !== 'ok') problems.push(`integrity check: ${integrity}`);
    return {
      database: database.kind,
      acknowledgedBefore: acknowledged.length,
      answeredDuring,
      backupMs,
      backupOutput: backup.stdout.trim(),
      mode,
      restoredApplications: stored.rows,
      lost: lost.length,
      integrity,
      problems,
    };
  } finally {
    for (const server of servers) await server.crash();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
