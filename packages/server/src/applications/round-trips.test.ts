/**
 * How many statements one submission sends to the database (docs/performance.md, "Statements and
 * round trips of one submission"). On PostgreSQL each is a round trip on the network: a change
 * that adds one shows up here, on both databases, before it shows up in the benchmark.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNT_STATUS, submissionResponseSchema } from '@broker/domain';
import type { SubmissionPayload } from '@broker/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Db } from '../db/schema.js';
import { newSecret } from '../delivery/signing.js';
import { createDelivery } from '../delivery/worker.js';
import { createLogger } from '../logger.js';
import type { DialectName } from '../test-support/databases.js';
import { TestClock } from '../test-support/databases.js';
import { validPayload } from '../test-support/fixtures.js';
import { createTestDatabase } from '../test-support/postgres.js';
import { submissionStatements } from './repository.js';

/** The statements of a fresh submission, replayed key and portal approval, in order. */
const EXPECTED = {
  // SQLite: its people (decision 0050) are a statement of their own; PostgreSQL writes them
  // with the decision and the event, in one.
  sqlite: { fresh: 7, replay: 3, portal: 11 },
  postgres: { fresh: 5, replay: 3, portal: 9 },
} as const;

/** SQLite's transactions take the write lock when they begin (db/connection.ts). */
const BEGIN = { sqlite: 'begin immediate', postgres: 'begin' } as const;

describe.each<DialectName>(['sqlite', 'postgres'])('one submission on %s', (dialect) => {
  let db: Db;
  let app: FastifyInstance;
  let directory: string | null = null;
  const statements: string[] = [];

  beforeAll(async () => {
    let url: string;
    if (dialect === 'sqlite') {
      directory = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-round-trips-'));
      url = path.join(directory, 'app.db');
    } else {
      url = await createTestDatabase(inject('postgresUrl'));
    }
    const config = loadConfig({
      DATABASE_URL: url,
      RATE_LIMIT_SUBMISSIONS: '0',
      // Delivery on: its event is written in the submission's transaction.
      DELIVERY_WEBHOOK_URL: 'http://127.0.0.1:9/hooks/broker',
      DELIVERY_WEBHOOK_SECRET: newSecret(),
    });
    db = openDatabase(config.database, {
      log: (event) => {
        if (event.level === 'query') statements.push(event.query.sql);
      },
      // One PostgreSQL connection, so that its prepared statements can be read back.
      poolSize: 1,
    });
    await migrateToLatest(db);
    const clock = new TestClock(new Date('2026-03-10T10:00:00.000Z'));
    const logger = createLogger('silent');
    app = await buildApp({
      config,
      db,
      clock,
      logger,
      // The real worker with polling off, so that only the submission's statements are logged.
      delivery: createDelivery({ db, config, clock, logger, pollIntervalMs: 0 }),
      webRoot: path.join(os.tmpdir(), 'broker-no-web-app'),
      backOfficeRoot: path.join(os.tmpdir(), 'broker-no-back-office'),
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await db.destroy();
    if (directory !== null) fs.rmSync(directory, { recursive: true, force: true });
  });

  let applicants = 0;
  /** A valid application from a person not seen before (else it would be a duplicate). */
  function newApplicant(overrides: Partial<SubmissionPayload> = {}): SubmissionPayload {
    applicants += 1;
    return validPayload({
      email: `round.trips.${applicants}@example.com`,
      contactNumber: `0791100${String(applicants).padStart(4, '0')}`,
      ...overrides,
    });
  }

  /** Posts the payload and returns the statements it sent, each shortened to its first words. */
  async function statementsOf(payload: SubmissionPayload) {
    statements.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: `/api/submission/${payload.submissionKey}`,
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return {
      body: submissionResponseSchema.parse(response.json()),
      sent: statements.map((text) => text.replace(/\s+/g, ' ').slice(0, 60)),
    };
  }

  it(`a new application: ${EXPECTED[dialect].fresh} statements in one transaction, its delivery event among them`, async () => {
    const payload = newApplicant();
    const { body, sent } = await statementsOf(payload);
    expect(body.quoteValid).toBe(true);
    expect(sent, sent.join('\n')).toHaveLength(EXPECTED[dialect].fresh);
    expect(sent[0]).toBe(BEGIN[dialect]);
    expect(sent.at(-1)).toBe('commit');
    // SQLite: the duplicate look-up's limit is in its text, not a parameter (db/literal-limit.ts).
    const duplicateLookUp = statements.find((text) => text.includes('"completed_at" desc'));
    expect(duplicateLookUp).toMatch(dialect === 'sqlite' ? / limit 1$/ : / limit \$\d+$/);
    const events = await sql<{
      n: number | string;
    }>`select count(*) as n from delivery_events join applications on applications.id = delivery_events.application_row_id where applications.submission_key = ${payload.submissionKey}`.execute(
      db,
    );
    expect(Number(events.rows[0]!.n)).toBe(1);
    const people = await sql<{
      role: string;
    }>`select role from application_people join applications on applications.id = application_people.application_row_id where applications.submission_key = ${payload.submissionKey}`.execute(
      db,
    );
    expect(people.rows).toEqual([{ role: 'applicant' }]);
  });

  it(`the same key again: ${EXPECTED[dialect].replay} statements, nothing written`, async () => {
    const payload = newApplicant();
    const first = await statementsOf(payload);
    const again = await statementsOf(payload);
    expect(again.body).toEqual(first.body);
    expect(again.sent, again.sent.join('\n')).toHaveLength(EXPECTED[dialect].replay);
    expect(again.sent[0]).toBe(BEGIN[dialect]);
  });

  it(`a customer-portal approval: ${EXPECTED[dialect].portal} statements (the account and its e-mail)`, async () => {
    const payload = newApplicant({ variant: 'CDJ-MVP' });
    const { body, sent } = await statementsOf(payload);
    expect(body.accountStatus).toBe(ACCOUNT_STATUS.New);
    expect(sent, sent.join('\n')).toHaveLength(EXPECTED[dialect].portal);
  });

  it(`another new application compiles nothing${dialect === 'postgres' ? ' and runs the prepared statements again' : ''}`, async () => {
    const compiled = () =>
      submissionStatements.reduce((sum, statement) => sum + statement.compiledShapes, 0);
    /** How often each of the submission's prepared statements has run on the one connection. */
    const preparedRuns = async () => {
      const result = await sql<{
        name: string;
        runs: number | string;
      }>`select name, generic_plans + custom_plans as runs from pg_prepared_statements`.execute(db);
      return Object.fromEntries(
        result.rows.map((row) => [row.name.replace(/_\d+$/, ''), Number(row.runs)]),
      );
    };
    await statementsOf(newApplicant());
    const shapes = compiled();
    const before = dialect === 'postgres' ? await preparedRuns() : {};
    const first = await statementsOf(newApplicant());
    const second = await statementsOf(newApplicant());
    expect(compiled()).toBe(shapes);
    expect(second.sent).toEqual(first.sent);
    if (dialect === 'postgres') {
      const after = await preparedRuns();
      for (const name of ['broker_claim', 'broker_duplicate', 'broker_decide_all']) {
        expect(after[name], name).toBe((before[name] ?? Number.NaN) + 2);
      }
    }
  });
});
