/**
 * What every reliability scenario shares: the database it runs on (a new SQLite file, or a new
 * database on a private PostgreSQL server) and the checks on what the server answered and stored.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PrivatePostgres } from '../../../packages/server/src/test-support/postgres-server.js';
import { createPoster, errorCode } from './load.js';
import type { LoadRecord, LoadRequest } from './load.js';
import type { StoredApplication } from './stored.js';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface ScenarioDatabase {
  kind: DatabaseKind;
  /** DATABASE_URL: a file for SQLite. */
  url: string;
  dispose(): Promise<void>;
}

/** A new SQLite file in a temporary folder. */
export function sqliteDatabase(): ScenarioDatabase {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-reliability-'));
  return {
    kind: 'sqlite',
    url: path.join(directory, 'app.db'),
    dispose: () => Promise.resolve(fs.rmSync(directory, { recursive: true, force: true })),
  };
}

export async function postgresDatabase(server: PrivatePostgres): Promise<ScenarioDatabase> {
  return { kind: 'postgres', url: await server.createDatabase(), dispose: () => Promise.resolve() };
}

/** At most this many example keys in a problem's text. */
export const EXAMPLES = 5;

export function some(keys: readonly string[]): string {
  return keys.slice(0, EXAMPLES).join(', ') + (keys.length > EXAMPLES ? ', …' : '');
}

/**
 * Every 200 answer is a stored, complete application whose stored answer is the one given.
 * Returns the keys that are not.
 */
export function lostAnswers(
  records: readonly LoadRecord[],
  stored: ReadonlyMap<string, StoredApplication>,
): string[] {
  return records
    .filter((record) => record.status === 200)
    .filter((record) => {
      const row = stored.get(record.key);
      return (
        row === undefined ||
        row.status !== 'complete' ||
        (record.body !== null && row.responseJson !== record.body)
      );
    })
    .map((record) => record.key);
}

/** Resubmits each request once; the answers by key. */
export async function resubmit(
  target: string,
  requests: readonly LoadRequest[],
  concurrency = 16,
): Promise<Map<string, { status: number; body: string }>> {
  const poster = createPoster({ maxSockets: concurrency, timeoutMs: 30_000 });
  const answers = new Map<string, { status: number; body: string }>();
  try {
    for (let i = 0; i < requests.length; i += concurrency) {
      await Promise.all(
        requests.slice(i, i + concurrency).map(async (request) => {
          try {
            answers.set(request.key, await poster.post(target, request.path, request.body));
          } catch (error) {
            answers.set(request.key, { status: 0, body: errorCode(error) });
          }
        }),
      );
    }
  } finally {
    poster.close();
  }
  return answers;
}

/** The request index a run's key carries in its last group (`applicants.ts` `keyFor`). */
export function indexOf(key: string): number {
  return Number.parseInt(key.slice(key.lastIndexOf('-') + 1), 16);
}
