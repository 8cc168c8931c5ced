/**
 * The server never stores, decides on or delivers an answer the applicant's path does not ask
 * (docs/decisions/0064-only-the-path-is-sent.md), over random paths through the journey's table
 * on both databases: what the browser builds is accepted and stored as sent, with its delivery
 * event; the same payload with one answer of another branch added is refused with
 * "Not asked on this application", on a full submission and a partial save, and leaves no row,
 * no decision and no event.
 */
import { BRANDS, BRAND_LIST, NOT_ASKED, buildSubmissionPayload } from '@broker/domain';
import { applicantPayload } from '@broker/domain/testing';
import { randomPath } from '@broker/domain/testing/paths';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { newSecret } from '../delivery/signing.js';
import type { DialectName, TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';
import { startReceiver, type Receiver } from '../test-support/receiver.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 40);
/** The test app's clock: 10 March 2026 (test-support/databases.ts). */
const TODAY = { year: 2026, month: 3, day: 10 };

const JOINT_APPLICANT = applicantPayload('joint', { today: TODAY }).JointApplicant;

type Payload = Record<string, unknown> & {
  submissionKey: string;
  loanPurposeType?: string;
  isJointApplication?: boolean;
  addresses: object[];
  employments: object[];
};

/** Answers the other branches ask, each with the payload name the refusal names. */
function offPath(payload: Payload): { name: string; add: (body: Payload) => void }[] {
  const vehicle = payload.loanPurposeType === 'Vehicle';
  const set = (name: string, value: unknown) => ({
    name,
    add: (body: Payload) => void (body[name] = value),
  });
  const others = vehicle
    ? [
        set('breathingSpace', true),
        set('propertyValue', 350_000),
        set('agreeSoftSearch', true),
        set('isSecurityCurrentAddress', true),
        set('term', 99),
        {
          name: 'securityAddress',
          add: (body: Payload) =>
            void (body.securityAddress = {
              buildingNumber: '2',
              town: 'Bath',
              postcode: 'BA1 1AA',
              yearsAtAddress: 3,
              monthsAtAddress: 0,
            }),
        },
      ]
    : [
        set('drivingLicenceType', 'FullUK'),
        set('lookingToBuy', 'FoundVehicle'),
        set('cashDeposit', 2500),
        set('financeType', 'HirePurchase'),
      ];
  return [
    ...others,
    ...(payload.isJointApplication === true
      ? []
      : [
          {
            name: 'JointApplicant',
            // A whole joint applicant, as a joint application would send them.
            add: (body: Payload) => void (body.JointApplicant = JOINT_APPLICANT),
          },
        ]),
    {
      name: `employments.${payload.employments.length}`,
      add: (body: Payload) =>
        void body.employments.push({
          employmentIndex: body.employments.length,
          employmentStatus: 'Retired',
          yearsAtEmployer: 2,
          monthsAtEmployer: 0,
        }),
    },
  ];
}

describe.each<DialectName>(['sqlite', 'postgres'])(
  'off-path answers at the server on %s',
  (dialect) => {
    let database: TestDatabase;
    let receiver: Receiver;
    let t: TestApp;

    beforeAll(async () => {
      database = await openTestDatabase(dialect, inject('postgresUrl'));
      receiver = await startReceiver();
      t = await startTestApp(database, {
        env: { DELIVERY_WEBHOOK_URL: receiver.url, DELIVERY_WEBHOOK_SECRET: newSecret() },
      });
    });
    afterAll(async () => {
      await t.close();
      await receiver.close();
      await database.close();
    });
    afterEach(async () => {
      await sql`delete from delivery_events`.execute(database.db);
      await sql`delete from applications`.execute(database.db);
      await sql`delete from portal_accounts`.execute(database.db);
    });

    async function counts(): Promise<{ applications: number; events: number }> {
      const result = await sql<{ a: string | number; e: string | number }>`
        select (select count(*) from applications) as a, (select count(*) from delivery_events) as e`.execute(
        database.db,
      );
      return { applications: Number(result.rows[0]!.a), events: Number(result.rows[0]!.e) };
    }

    function post(body: object, route: 'submission' | 'partial') {
      const key = (body as { submissionKey: string }).submissionKey;
      const url =
        route === 'submission' ? `/api/submission/${key}` : `/api/submission/partial/${key}`;
      return t.app.inject({ method: 'POST', url, payload: body });
    }

    let people = 0;

    it(
      'stores, decides and delivers the path’s answers only, and refuses any other',
      async () => {
        await fc.assert(
          fc.asyncProperty(randomPath, fc.nat(), async ({ state }, pick) => {
            people += 1;
            const brand =
              BRAND_LIST.find((candidate) => candidate.affiliateKey === state.affiliateConfig) ??
              BRANDS.default;
            // Each run a person of its own, so that none is a duplicate of another.
            const person = {
              'form.email': `off.path.${dialect}.${people}@example.com`,
              'form.contactNumber': `07913${String(people).padStart(6, '0')}`,
            };
            const answered = {
              ...state,
              form: {
                ...state.form,
                email: person['form.email'],
                contactNumber: person['form.contactNumber'],
              },
            };
            const built = buildSubmissionPayload(answered, {
              brand,
              isCompleted: true,
              today: TODAY,
            }) as unknown as Payload;

            // One answer of another branch, added as a client other than the browser might.
            const candidates = offPath(built);
            const extra = candidates[pick % candidates.length]!;
            for (const route of ['submission', 'partial'] as const) {
              const body = structuredClone(built);
              if (route === 'partial') body.IsCompleted = false;
              extra.add(body);
              const before = await counts();
              const refused = await post(body, route);
              expect(refused.statusCode, refused.body).toBe(400);
              expect(refused.json<{ fields: unknown[] }>().fields).toContainEqual({
                path: extra.name,
                message: NOT_ASKED,
              });
              expect(await counts()).toEqual(before);
            }

            // What the browser built: stored as sent, decided, delivered, with nothing else.
            const accepted = await post(built, 'submission');
            expect(accepted.statusCode, accepted.body).toBe(200);
            const row = await database.db
              .selectFrom('applications')
              .select(['payload_json', 'branch'])
              .where('submission_key', '=', built.submissionKey)
              .executeTakeFirstOrThrow();
            const stored = JSON.parse(row.payload_json) as Payload;
            expect(Object.keys(stored).sort()).toEqual(Object.keys(built).sort());
            expect(stored[extra.name.split('.')[0]!]).toEqual(built[extra.name.split('.')[0]!]);
            const events = await database.db
              .selectFrom('delivery_events')
              .innerJoin('applications', 'applications.id', 'delivery_events.application_row_id')
              .select('delivery_events.body')
              .where('applications.submission_key', '=', built.submissionKey)
              .execute();
            expect(events.length).toBeGreaterThan(0);
            for (const event of events) {
              const application = (
                JSON.parse(event.body) as { data: { application: Record<string, unknown> } }
              ).data.application;
              expect(Object.keys(application).sort()).toEqual(Object.keys(built).sort());
            }
          }),
          { numRuns: RUNS },
        );
      },
      60_000 + RUNS * 3000,
    );
  },
);
