import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { migrateToLatest, migrateUpTo } from '../db/migrate.js';
import type { Db } from '../db/schema.js';
import type { Clock } from '../applications/decide.js';
import { SAMPLE_PANEL_PATH } from '../applications/lender-panel.js';
import { createDelivery } from '../delivery/worker.js';
import type { Delivery } from '../delivery/worker.js';
import { createLogger } from '../logger.js';
import type { HashPool } from '../staff/hash-pool.js';
import { createTestDatabase } from './postgres.js';

export type DialectName = 'sqlite' | 'postgres';

export interface TestDatabase {
  db: Db;
  url: string;
  close(): Promise<void>;
}

/**
 * A migrated, empty database: a temporary SQLite file, or a new database on the test server.
 * `upTo` stops after that migration (to test a later one on the data it finds).
 */
export async function openTestDatabase(
  dialect: DialectName,
  postgresServerUrl: string,
  options: { upTo?: string } = {},
): Promise<TestDatabase> {
  let url: string;
  let directory: string | null = null;
  if (dialect === 'sqlite') {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-sqlite-'));
    url = path.join(directory, 'app.db');
  } else {
    url = await createTestDatabase(postgresServerUrl);
  }
  const config = loadConfig({ DATABASE_URL: url });
  const db = openDatabase(config.database);
  if (options.upTo === undefined) await migrateToLatest(db);
  else await migrateUpTo(db, options.upTo);
  return {
    db,
    url,
    async close() {
      await db.destroy();
      if (directory !== null) fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  set(instant: Date | string): void {
    this.current = new Date(instant);
  }
  advanceDays(days: number): void {
    this.current = new Date(this.current.getTime() + days * 24 * 60 * 60 * 1000);
  }
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: Db;
  clock: TestClock;
  /** Every log line written so far, as parsed JSON. */
  logs(): Record<string, unknown>[];
  /** With `manualDelivery`: the worker, which then runs only when the test drains it. */
  delivery?: Delivery;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  webRoot?: string;
  backOfficeRoot?: string;
  now?: string;
  onRoute?: (route: RouteOptions) => void;
  /** Staff password hashing; the process's shared pool when not given. */
  hashPool?: HashPool;
  /** A delivery worker that does not poll: the test calls `delivery.drainOnce()`. */
  manualDelivery?: boolean;
}

let productionPanelFile: string | null = null;

/**
 * The shipped sample panel with `sampleData` off, for tests that run as ENVIRONMENT=production
 * (which refuses sample data: docs/decisions/0022-lender-panel.md). Written once per process.
 */
export function productionTestPanelFile(): string {
  if (productionPanelFile === null) {
    const panel = JSON.parse(fs.readFileSync(SAMPLE_PANEL_PATH, 'utf8')) as object;
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-panel-'));
    productionPanelFile = path.join(directory, 'lender-panel.json');
    fs.writeFileSync(productionPanelFile, JSON.stringify({ ...panel, sampleData: false }));
    process.once('exit', () => fs.rmSync(directory, { recursive: true, force: true }));
  }
  return productionPanelFile;
}

/** The real app over a real database, with logs captured and the clock in the test's hands. */
export async function startTestApp(
  database: TestDatabase,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const config = loadConfig({
    DATABASE_URL: database.url,
    RATE_LIMIT_SUBMISSIONS: '0',
    RATE_LIMIT_LOOKUPS: '0',
    RATE_LIMIT_STAFF_SIGN_IN: '0',
    ...(options.env?.ENVIRONMENT === 'production' && {
      LENDER_PANEL_FILE: productionTestPanelFile(),
    }),
    ...options.env,
  });
  const lines: string[] = [];
  const sink = { write: (line: string) => void lines.push(line) };
  const clock = new TestClock(new Date(options.now ?? '2026-03-10T10:00:00.000Z'));
  const logger = createLogger('info', sink);
  const delivery = options.manualDelivery
    ? createDelivery({ db: database.db, config, clock, logger, pollIntervalMs: 0, timeoutMs: 1000 })
    : undefined;
  const app = await buildApp({
    config,
    db: database.db,
    clock,
    logger,
    ...(delivery && { delivery }),
    webRoot: options.webRoot ?? path.join(os.tmpdir(), 'broker-no-web-app'),
    backOfficeRoot: options.backOfficeRoot ?? path.join(os.tmpdir(), 'broker-no-back-office'),
    ...(options.onRoute && { onRoute: options.onRoute }),
    ...(options.hashPool && { hashPool: options.hashPool }),
  });
  await app.ready();
  return {
    app,
    config,
    db: database.db,
    clock,
    logs: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    ...(delivery && { delivery }),
    close: async () => {
      await app.close();
      await delivery?.stop();
    },
  };
}
