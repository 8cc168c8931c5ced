/**
 * A private PostgreSQL server on loopback that can be stopped, frozen and started again on the
 * same port and data directory: the database outage of docs/reliability.md. Started from Debian's
 * binaries as the `postgres` user when we are root. The test run's globalSetup
 * (test-support/postgres.ts) starts one too.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, sleep } from './ports.js';

const POSTGRES_ROOT = '/usr/lib/postgresql';

function findBinaries(): string {
  const fromEnvironment = process.env.POSTGRES_BIN;
  if (fromEnvironment && fs.existsSync(path.join(fromEnvironment, 'initdb'))) {
    return fromEnvironment;
  }
  const versions = fs.existsSync(POSTGRES_ROOT)
    ? fs
        .readdirSync(POSTGRES_ROOT)
        .filter((version) => fs.existsSync(path.join(POSTGRES_ROOT, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (newest === undefined) {
    throw new Error(
      `PostgreSQL server binaries not found in ${POSTGRES_ROOT}/<version>/bin (or POSTGRES_BIN): ` +
        'run `bash scripts/setup-system.sh`.',
    );
  }
  return path.join(POSTGRES_ROOT, newest, 'bin');
}

/** A PostgreSQL program (pg_restore, pg_amcheck…) of the version the private servers run. */
export function postgresBinary(name: string): string {
  return path.join(findBinaries(), name);
}

/** PostgreSQL refuses to run as root. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
}

export interface PrivatePostgres {
  readonly port: number;
  /** The `postgres` database: for creating others. */
  readonly url: string;
  /** A new empty database on this server; its URL. */
  createDatabase(): Promise<string>;
  /**
   * Stops the server: 'fast' (SIGINT: ends every session, the usual `pg_ctl stop`) or
   * 'immediate' (SIGQUIT: no checkpoint, crash recovery at the next start).
   */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port and data directory and waits until it answers. */
  start(): Promise<void>;
  /** SIGSTOP to every server process: connections stay open and nothing answers. */
  freeze(): void;
  thaw(): void;
  /** Stops the server and deletes its data directory. */
  destroy(): Promise<void>;
}

export interface PrivatePostgresOptions {
  /**
   * fsync and synchronous_commit on (PostgreSQL's defaults), for honest benchmark figures.
   * Off by default: test data is thrown away.
   */
  durable?: boolean;
}

export async function startPrivatePostgres(
  options: PrivatePostgresOptions = {},
): Promise<PrivatePostgres> {
  const bin = findBinaries();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-reliability-pg-'));
  const dataDirectory = path.join(root, 'data');
  const socketDirectory = path.join(root, 'socket');
  fs.mkdirSync(socketDirectory);
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:', root]);
  const [initdb, initdbArgs] = asServerUser(path.join(bin, 'initdb'), [
    '-D',
    dataDirectory,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  execFileSync(initdb, initdbArgs, { stdio: 'pipe' });

  const port = await freePort();
  const settings = options.durable
    ? []
    : ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];
  const [command, args] = asServerUser(path.join(bin, 'postgres'), [
    '-D',
    dataDirectory,
    '-p',
    String(port),
    '-k',
    socketDirectory,
    ...['listen_addresses=127.0.0.1', 'max_connections=200', ...settings].flatMap((setting) => [
      '-c',
      setting,
    ]),
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;

  let server: ChildProcess | null = null;
  let output = '';
  let exited: Promise<void> = Promise.resolve();

  function postmasterPid(): number | null {
    try {
      const pid = Number(
        fs.readFileSync(path.join(dataDirectory, 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      return Number.isInteger(pid) && pid > 0 ? pid : null;
    } catch {
      return null;
    }
  }

  /** The postmaster and its children (backends, checkpointer, WAL writer…), from /proc. */
  function serverPids(): number[] {
    const root = postmasterPid();
    if (root === null) return [];
    const pids = [root];
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        // Field 4 (after the parenthesised command name) is the parent pid.
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (parent === root) pids.push(Number(entry));
      } catch {
        // Gone meanwhile.
      }
    }
    return pids;
  }

  async function waitUntilReady(): Promise<void> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (server?.exitCode !== null) {
        throw new Error(`PostgreSQL exited with code ${server?.exitCode}:\n${output}`);
      }
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
      try {
        await client.connect();
        await client.query('select 1');
        return;
      } catch (error) {
        if (Date.now() > deadline) {
          throw new Error(`PostgreSQL did not become ready in 30 s: ${String(error)}\n${output}`);
        }
        await sleep(100);
      } finally {
        await client.end().catch(() => undefined);
      }
    }
  }

  async function start(): Promise<void> {
    if (server !== null && server.exitCode === null) return;
    output = '';
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-10_000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    exited = new Promise((resolve) => child.once('exit', () => resolve()));
    server = child;
    await waitUntilReady();
  }

  async function stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    if (server === null || server.exitCode !== null) return;
    // runuser may not pass signals on, so the postmaster itself is signalled.
    const pid = postmasterPid();
    if (pid !== null) process.kill(pid, mode === 'fast' ? 'SIGINT' : 'SIGQUIT');
    else server.kill('SIGINT');
    // The timer is cleared once the server exits, so it never holds the process open.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 20_000)))]);
    clearTimeout(timer);
    if (server.exitCode === null) throw new Error(`PostgreSQL did not stop:\n${output}`);
  }

  function signalAll(signal: NodeJS.Signals): void {
    // runuser stops itself when its child stops (as a shell's job would), so it is woken too.
    const wrapper = signal === 'SIGCONT' && server?.exitCode === null ? [server.pid] : [];
    for (const pid of [...serverPids(), ...wrapper]) {
      if (pid === undefined) continue;
      try {
        process.kill(pid, signal);
      } catch {
        // Exited meanwhile.
      }
    }
  }

  await start();
  return {
    port,
    url,
    async createDatabase() {
      const name = `reliability_${randomBytes(6).toString('hex')}`;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop,
    start,
    freeze: () => signalAll('SIGSTOP'),
    thaw: () => signalAll('SIGCONT'),
    async destroy() {
      signalAll('SIGCONT');
      await stop('fast').catch(() => stop('immediate'));
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
