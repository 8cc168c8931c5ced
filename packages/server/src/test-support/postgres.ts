/**
 * Vitest globalSetup: a private PostgreSQL server on loopback for the repository and route tests,
 * started from Debian's binaries in a temporary data directory and removed afterwards. Tests read
 * its URL with `inject('postgresUrl')` and create their own database with `createTestDatabase`.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

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
      `PostgreSQL server binaries not found in ${POSTGRES_ROOT}/<version>/bin (or POSTGRES_BIN). ` +
        'The repository tests need a real PostgreSQL: run `bash scripts/setup-system.sh` ' +
        '(apt-get install postgresql) and try again.',
    );
  }
  return path.join(POSTGRES_ROOT, newest, 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
}

async function waitUntilReady(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) {
      throw new Error(`PostgreSQL exited with code ${server.exitCode}:\n${log()}`);
    }
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        throw new Error(`PostgreSQL did not become ready in 30 s: ${String(error)}\n${log()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const bin = findBinaries();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-pg-'));
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
  // Durability settings are off: this server holds throw-away test data only.
  const [postgres, postgresArgs] = asServerUser(path.join(bin, 'postgres'), [
    '-D',
    dataDirectory,
    '-p',
    String(port),
    '-k',
    socketDirectory,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=200',
  ]);
  const server = spawn(postgres, postgresArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-10_000);
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);

  const baseUrl = `postgres://postgres@127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      // runuser may not pass signals on, so signal the postmaster itself (first line of its pid file).
      const pid = Number(
        fs.readFileSync(path.join(dataDirectory, 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      if (Number.isInteger(pid) && pid > 0) process.kill(pid, 'SIGINT');
      else server.kill('SIGINT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
    fs.rmSync(root, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(`${baseUrl}/postgres`, server, () => output);
    project.provide('postgresUrl', `${baseUrl}/postgres`);
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return stop;
}

/** A fresh, empty database on the test server; each test file gets its own. */
export async function createTestDatabase(serverUrl: string): Promise<string> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
