/**
 * Vitest globalSetup: a private PostgreSQL server on loopback for the repository and route tests,
 * started from Debian's binaries in a temporary data directory (postgres-server.ts)
 * and removed afterwards. Tests read its URL with `inject('postgresUrl')` and create their own
 * database with `createTestDatabase`.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { startPrivatePostgres } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Durability off (the default): this server holds throw-away test data only.
  const server = await startPrivatePostgres();
  project.provide('postgresUrl', server.url);
  return () => server.destroy();
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
