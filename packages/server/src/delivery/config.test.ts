import { createHmac } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import type { Db } from '../db/schema.js';
import * as initial from '../db/migrations/0001-initial.js';
import * as delivery from '../db/migrations/0002-delivery.js';
import type { DialectName } from '../test-support/databases.js';
import { createTestDatabase } from '../test-support/postgres.js';
import { DEFAULT_RETRY_SCHEDULE_S } from './config.js';
import { newSecret, signature, signedHeaders } from './signing.js';

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env, '/srv');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

describe('delivery configuration', () => {
  it('is off by default, with a retry schedule of more than 24 hours and a 30-minute quiet period', () => {
    const { delivery: config } = loadConfig({}, '/srv');
    expect(config).toEqual({
      endpoints: [],
      retryScheduleS: DEFAULT_RETRY_SCHEDULE_S,
      leadQuietMinutes: 30,
    });
    const total = DEFAULT_RETRY_SCHEDULE_S.reduce((sum, seconds) => sum + seconds, 0);
    expect(total).toBeGreaterThanOrEqual(24 * 3600);
  });

  it('reads endpoints, secrets, a schedule and the quiet period', () => {
    const other = newSecret();
    const { delivery: config } = loadConfig(
      {
        DELIVERY_WEBHOOK_URL: 'https://crm.example.com/hooks, https://lenders.example.com/in',
        DELIVERY_WEBHOOK_SECRET: `${SECRET},${other}`,
        DELIVERY_RETRY_SCHEDULE: '10, 60,3600',
        DELIVERY_LEAD_QUIET_MINUTES: '45',
      },
      '/srv',
    );
    expect(config).toEqual({
      endpoints: [
        { name: 'webhook-1', url: 'https://crm.example.com/hooks', secret: Buffer.alloc(32, 7) },
        {
          name: 'webhook-2',
          url: 'https://lenders.example.com/in',
          secret: Buffer.from(other.slice(6), 'base64'),
        },
      ],
      retryScheduleS: [10, 60, 3600],
      leadQuietMinutes: 45,
    });
  });

  it('refuses plain HTTP off loopback, a missing or malformed secret and a bad schedule', () => {
    expect(
      problemsOf({
        DELIVERY_WEBHOOK_URL: 'http://crm.example.com/hooks',
        DELIVERY_WEBHOOK_SECRET: 'not-a-secret',
        DELIVERY_RETRY_SCHEDULE: '10,0',
        DELIVERY_LEAD_QUIET_MINUTES: 'soon',
      }),
    ).toEqual([
      'DELIVERY_WEBHOOK_URL: entry 1 must be an https URL (http only to localhost)',
      'DELIVERY_WEBHOOK_SECRET: entry 1 must be whsec_ followed by the base64 of 24 to 64 bytes',
      'DELIVERY_RETRY_SCHEDULE: must be a comma list of whole seconds from 1 to 604800',
      'DELIVERY_LEAD_QUIET_MINUTES: must be a whole number from 1 to 10080',
    ]);
    expect(problemsOf({ DELIVERY_WEBHOOK_URL: 'https://crm.example.com/hooks' })).toEqual([
      'DELIVERY_WEBHOOK_SECRET: required when DELIVERY_WEBHOOK_URL is set',
    ]);
    expect(
      problemsOf({
        DELIVERY_WEBHOOK_URL: 'https://a.example.com,https://b.example.com,https://c.example.com',
        DELIVERY_WEBHOOK_SECRET: `${SECRET},${SECRET}`,
      }),
    ).toEqual([
      'DELIVERY_WEBHOOK_SECRET: give one secret for every URL, in the same order (or one for all)',
    ]);
    expect(
      problemsOf({
        DELIVERY_WEBHOOK_URL: 'https://a.example.com',
        DELIVERY_WEBHOOK_SECRET: 'whsec_c2hvcnQ=',
      }),
    ).toEqual([
      'DELIVERY_WEBHOOK_SECRET: entry 1 must be whsec_ followed by the base64 of 24 to 64 bytes',
    ]);
  });
});

describe('Standard Webhooks signature', () => {
  it('is v1, base64 HMAC-SHA256 of id.timestamp.body keyed by the decoded secret', () => {
    const key = Buffer.alloc(32, 7);
    const body = '{"type":"application.decided"}';
    const expected = createHmac('sha256', key).update(`msg_1.1767225600.${body}`).digest('base64');
    expect(signature(key, 'msg_1', 1_767_225_600, body)).toBe(`v1,${expected}`);
    // The independent implementation agrees, and refuses a changed body.
    const headers = signedHeaders(key, 'msg_1', new Date(), body);
    expect(new Webhook(SECRET).verify(body, headers)).toEqual({ type: 'application.decided' });
    expect(() => new Webhook(SECRET).verify(`${body} `, headers)).toThrow();
  });
});

describe.each<DialectName>(['sqlite', 'postgres'])('migration 0002-delivery on %s', (dialect) => {
  let db: Db;
  beforeAll(async () => {
    const url = dialect === 'sqlite' ? ':memory:' : await createTestDatabase(inject('postgresUrl'));
    db = openDatabase(loadConfig({ DATABASE_URL: url }).database);
  });
  afterAll(() => db.destroy());

  it('moves alerts still waiting in alert_outbox onto the delivery queue', async () => {
    const migrations: Record<string, Migration> = { '0001-initial': initial };
    const migrator = () =>
      new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    expect((await migrator().migrateToLatest()).error).toBeUndefined();
    const alert = {
      created_at: '2026-03-10T10:00:00.000Z',
      alert_type: 'Failure',
      subject: 'Submission failed',
      name: 'key-1',
      message: 'Error: "quoted"\nsecond line',
      next_attempt_at: '2026-03-10T10:00:30.000Z',
      delivered_at: null,
      last_error: null,
    };
    // The table as migration 0001 made it (migration 0012 drops it).
    const legacy = db as unknown as Kysely<{
      alert_outbox: Omit<typeof alert, 'delivered_at'> & {
        attempts: number;
        delivered_at: string | null;
      };
    }>;
    await legacy
      .insertInto('alert_outbox')
      .values({ ...alert, attempts: 1 })
      .execute();
    await legacy
      .insertInto('alert_outbox')
      .values({ ...alert, attempts: 1, delivered_at: '2026-03-10T10:00:01.000Z' })
      .execute();
    migrations['0002-delivery'] = delivery;
    expect((await migrator().migrateToLatest()).error).toBeUndefined();
    const rows = await db.selectFrom('delivery_events').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({
        endpoint: 'chat',
        event_type: 'alert',
        attempts: 0,
        group_count: 1,
        next_attempt_at: '2026-03-10T10:00:30.000Z',
      }),
    ]);
    expect(JSON.parse(rows[0]!.body)).toEqual({
      alertType: 'Failure',
      subject: 'Submission failed',
      name: 'key-1',
      message: 'Error: "quoted"\nsecond line',
    });
    const columns = await sql<{
      n: number;
    }>`select count(*) as n from applications where lead_event_at is null`.execute(db);
    expect(Number(columns.rows[0]?.n)).toBe(0);
  });
});
