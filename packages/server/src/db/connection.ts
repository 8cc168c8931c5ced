import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
} from 'kysely';
import type {
  DatabaseConnection,
  Driver,
  KyselyConfig,
  PostgresPool,
  PostgresPoolClient,
  QueryExecutor,
  SqliteDatabase as KyselySqliteDatabase,
  SqliteDialectConfig,
  SqliteStatement,
} from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { DatabaseConfig } from '../config.js';
import { createGroupSync, walSync } from './group-sync.js';
import { LiteralLimitPlugin } from './literal-limit.js';
import type { GroupSync } from './group-sync.js';
import { preparedStatementName } from './precompiled.js';
import type { Database, Db } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export function dialectOf(db: { getExecutor(): QueryExecutor }): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export interface OpenDatabaseOptions {
  logger?: Pick<Logger, 'error'>;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /** Kysely's query log (every statement, `begin` and `commit` included): for counting them. */
  log?: KyselyConfig['log'];
}

const groupSyncs = new WeakMap<object, GroupSync>();

export function openDatabase(config: DatabaseConfig, options: OpenDatabaseOptions = {}): Db {
  if (config.kind === 'postgres') {
    return new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: withPreparedStatements(openPostgresPool(config.url, options)),
      }),
      log: options.log,
    });
  }
  const { database, groupSync } = openSqlite(config.file);
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database }),
    plugins: [new LiteralLimitPlugin()],
    log: options.log,
  });
  groupSyncs.set(db, groupSync);
  return db;
}

/**
 * Every SQLite transaction begins IMMEDIATE: it takes the write lock when it begins, not at its
 * first write. In this process the transactions already run one at a time (one connection), but
 * another process may write the same file: the command-line tools (`npm run staff`, `npm run
 * retention`). A submission reads what its key holds, then writes the application
 * (applications/repository.ts): begun DEFERRED, another process's commit between the two would
 * fail the write at once with SQLITE_BUSY_SNAPSHOT; begun IMMEDIATE, that process waits for the
 * lock (busy_timeout) instead. repository.test.ts shows it.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/**
 * Resolves once every transaction this process committed before the call is on stable storage.
 * Call it after a write and before answering (see group-sync.ts). PostgreSQL's commits are
 * already durable (synchronous_commit on), so there it resolves at once.
 */
export function whenDurable(db: Db): Promise<void> {
  return groupSyncs.get(db)?.flush() ?? Promise.resolve();
}

/**
 * The database holds applicants' personal data: its folder is the owner's only (0700) and the
 * file, its -wal, -shm and -journal readable and writable by the owner only (0600), whatever the
 * process umask (docs/security.md). SQLite creates the -wal and -shm with the database file's
 * mode; files and a folder left by an earlier version are tightened. A folder this process does
 * not own, or one with the sticky bit (a shared temporary folder such as /tmp), is left as it is.
 */
export function restrictSqliteFiles(file: string): void {
  const folder = path.dirname(file);
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const stat = fs.statSync(folder);
  const ours = typeof process.getuid !== 'function' || stat.uid === process.getuid();
  if (ours && (stat.mode & 0o1000) === 0 && (stat.mode & 0o777) !== 0o700) {
    fs.chmodSync(folder, 0o700);
  }
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    try {
      fs.chmodSync(`${file}${suffix}`, 0o600);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
    }
  }
}

function openSqlite(file: string): { database: KyselySqliteDatabase; groupSync: GroupSync } {
  if (file !== ':memory:') restrictSqliteFiles(file);
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  // NORMAL plus group-sync.ts's WAL fdatasync before every answer: as durable as FULL for
  // answered submissions, without an fsync on the event loop per commit.
  database.pragma('synchronous = NORMAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  const wal =
    file === ':memory:'
      ? { sync: () => Promise.resolve(), close: () => Promise.resolve() }
      : walSync(file);
  const groupSync = createGroupSync(wal.sync);
  const closeWal = () => {
    void groupSync.close().then(wal.close);
  };
  return { database: withStatementCache(database, closeWal), groupSync };
}

/**
 * Kysely's SQLite driver prepares every statement on every call. The queries the server runs are
 * a handful of fixed SQL strings, so caching the prepared statements by SQL text takes SQLite's
 * parser off the submission path.
 */
function withStatementCache(
  database: SqliteDatabase.Database,
  afterClose: () => void,
  limit = 200,
): KyselySqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      cache.clear();
      database.close();
      afterClose();
    },
    prepare: (text) => {
      let statement = cache.get(text);
      if (statement === undefined) {
        statement = database.prepare(text);
        if (cache.size >= limit) {
          const oldest = cache.keys().next();
          if (oldest.done !== true) cache.delete(oldest.value);
        }
        cache.set(text, statement);
      }
      return statement;
    },
  };
}

/**
 * How long a request may wait for PostgreSQL. A submission takes milliseconds; these bound the
 * cases where the database stops answering so that the request answers 503 instead of hanging:
 * - a connection (or a free pool client) within 5 s;
 * - the server cancels a statement after 4 s (a lock wait, a stalled disk), which leaves the
 *   connection usable;
 * - the client gives up on an answer after 5 s even when the server cannot cancel (a frozen
 *   or unreachable server). A transaction's rollback may wait as long again, so the worst
 *   answer to a submission while the database is frozen is about 10 s.
 */
export const POSTGRES_TIMEOUTS = {
  connectionTimeoutMillis: 5000,
  statement_timeout: 4000,
  query_timeout: 5000,
} as const;

function openPostgresPool(url: string, options: OpenDatabaseOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...POSTGRES_TIMEOUTS,
    idleTimeoutMillis: 30_000,
  });
  // pg-pool hangs the whole client (connection parameters and all) on the error: log less.
  const logError = (message: string) => (error: Error & { code?: unknown }) => {
    options.logger?.error({ err: { message: error.message, code: error.code } }, message);
  };
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', logError('PostgreSQL idle client error'));
  // A client in use (inside a transaction, between two queries) has no listener of pg-pool's:
  // its 'error' when the database goes away would end the process. With this one its next query
  // fails, the request answers 503 and the pool discards the client.
  pool.on('connect', (client) => {
    client.on('error', logError('PostgreSQL client error'));
  });
  return pool;
}

/**
 * The precompiled statements' SQL (precompiled.ts) runs as named prepared statements: node-postgres
 * has PostgreSQL parse and plan each one once per connection and afterwards only binds its values
 * (docs/decisions/0048-precompiled-submission-statements.md). Every other statement runs as before.
 * The same wrapper is handed out for the same pooled client, so Kysely keeps its connection.
 */
function withPreparedStatements(pool: pg.Pool): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let wrapper = wrappers.get(client);
    if (wrapper === undefined) {
      wrapper = {
        query: ((text: unknown, values?: unknown[]) => {
          // A cursor (Kysely's streaming) passes through.
          if (typeof text !== 'string') return client.query(text as never);
          const name = preparedStatementName(text);
          if (name === undefined) return client.query(text, values);
          return client.query({ name, text, values });
        }) as unknown as PostgresPoolClient['query'],
        release: () => {
          client.release();
        },
      };
      wrappers.set(client, wrapper);
    }
    return wrapper;
  };
  return {
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  };
}

/** True when the database answers a trivial query. */
export async function isDatabaseReady(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
