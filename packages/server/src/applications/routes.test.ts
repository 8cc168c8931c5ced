import { randomUUID } from 'node:crypto';
import { parseReference, submissionResponseSchema } from '@broker/domain';
import type { SubmissionPayload, SubmissionResponse } from '@broker/domain';
import { partialApplicantPayload } from '@broker/domain/testing';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCodeHasher } from '../portal/codes.js';
import type { DialectName, TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';
import {
  unemployed,
  validJointPayload,
  validPayload,
  validSecuredPayload,
} from '../test-support/fixtures.js';

/** The short reference of decision 0030 (its own tests are under 'reference'). */
const stored8 = () => expect.stringMatching(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/) as string;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each<DialectName>(['sqlite', 'postgres'])('submission routes on %s', (dialect) => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase(dialect, inject('postgresUrl'));
  });
  afterAll(async () => {
    await database.close();
  });
  afterEach(async () => {
    await t.close();
    await sql`delete from applications`.execute(database.db);
    await sql`delete from portal_accounts`.execute(database.db);
    await sql`delete from delivery_events`.execute(database.db);
  });

  async function start(env: Record<string, string> = {}) {
    t = await startTestApp(database, { env });
    return t;
  }

  function post(payload: unknown, key: string, remoteAddress = '203.0.113.9') {
    return t.app.inject({
      method: 'POST',
      url: `/api/submission/${key}`,
      payload: payload as object,
      remoteAddress,
    });
  }

  async function submit(payload: SubmissionPayload): Promise<SubmissionResponse> {
    const response = await post(payload, payload.submissionKey);
    expect(response.statusCode, response.body).toBe(200);
    return submissionResponseSchema.parse(response.json());
  }

  function row(key: string) {
    return database.db
      .selectFrom('applications')
      .selectAll()
      .where('submission_key', '=', key)
      .executeTakeFirstOrThrow();
  }

  async function count(table: 'applications' | 'portal_accounts') {
    const result = await database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(result.n);
  }

  describe('approval', () => {
    it('answers 200 with the docs/product.md §3 response and stores the decided application', async () => {
      await start();
      const payload = validPayload();
      const response = await post(payload, payload.submissionKey);

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = submissionResponseSchema.parse(response.json());
      expect(body).toEqual({
        dealerNumber: 'D1001',
        duplicateRequest: false,
        declineReason: null,
        quoteValid: true,
        quoteProcessed: true,
        applicationId: expect.stringMatching(UUID) as string,
        otp: null,
        accountStatus: null,
        // The lender panel's additions (docs/decisions/0022-lender-panel.md): the sample
        // panel’s cheapest match for £7,500 over 60 months (a vehicle loan asks no term: it is
        // sent with the policy's 5 years, decision 0066) at tier A, 7.9% APR.
        quote: {
          lenderId: 'northgate-vehicle',
          lender: 'Northgate Vehicle Credit (fictional)',
          productId: 'prime-motor',
          product: 'Prime motor finance',
          rateLabel: 'APR',
          amount: 7500,
          termMonths: 60,
          apr: 0.079,
          monthlyPayment: 150.74,
          totalCostOfCredit: 1544.4,
          totalPayable: 9044.4,
          validUntil: '2026-04-09',
        },
        matchedLenders: [
          { id: 'pennyworth-motor', name: 'Pennyworth Motor Finance (fictional)' },
          { id: 'northgate-vehicle', name: 'Northgate Vehicle Credit (fictional)' },
        ],
        reference: stored8(),
      });

      const stored = await row(payload.submissionKey);
      expect(stored).toMatchObject({
        status: 'complete',
        outcome: 'approved',
        decline_reason: null,
        application_id: body.applicationId,
        brand: 'default',
        affiliate_key: 'default',
        dealer_number: 'D1001',
        email_lower: 'ada.lovelace@example.com',
        phone_normalised: '07911123456',
        date_of_birth: '1980-05-15',
        created_at: '2026-03-10T10:00:00.000Z',
        completed_at: '2026-03-10T10:00:00.000Z',
      });
      expect(JSON.parse(stored.response_json!)).toEqual(body);
    });

    it('stores the address the request came from, not the one the browser sent (D12)', async () => {
      await start();
      const payload = validPayload({ remoteAddress: '198.51.100.200' });
      await post(payload, payload.submissionKey, '192.0.2.44');
      const stored = await row(payload.submissionKey);
      expect(stored.remote_address).toBe('192.0.2.44');
      expect(JSON.parse(stored.payload_json)).toMatchObject({ remoteAddress: '192.0.2.44' });
    });

    it('takes the client address from X-Forwarded-For only from a trusted proxy', async () => {
      await start({ TRUST_PROXY: '127.0.0.1' });
      const viaProxy = validPayload();
      await t.app.inject({
        method: 'POST',
        url: `/api/submission/${viaProxy.submissionKey}`,
        payload: viaProxy,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '192.0.2.10' },
      });
      expect((await row(viaProxy.submissionKey)).remote_address).toBe('192.0.2.10');

      const spoofed = validPayload({ email: 'other@example.com', contactNumber: '07911999999' });
      await t.app.inject({
        method: 'POST',
        url: `/api/submission/${spoofed.submissionKey}`,
        payload: spoofed,
        remoteAddress: '203.0.113.50',
        headers: { 'x-forwarded-for': '192.0.2.10' },
      });
      expect((await row(spoofed.submissionKey)).remote_address).toBe('203.0.113.50');
    });

    it('echoes a missing dealer number as null', async () => {
      await start();
      const payload = validPayload({ dealerNumber: undefined });
      expect((await submit(payload)).dealerNumber).toBeNull();
    });
  });

  describe('reference (decision 0030)', () => {
    it('gives each decided application its own short reference, stored and replayed', async () => {
      await start();
      const approved = validPayload();
      const employed = validPayload();
      const declined = validPayload({
        email: 'other@example.com',
        dateOfBirth: '1981-05-15T00:00:00.000',
        employments: [unemployed(employed)],
      });
      const first = await submit(approved);
      const second = await submit(declined);
      expect(second.declineReason).not.toBeNull();
      for (const [payload, answer] of [
        [approved, first],
        [declined, second],
      ] as const) {
        expect(answer.reference).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
        expect(parseReference(answer.reference!)).toBe(answer.reference);
        expect((await row(payload.submissionKey)).reference).toBe(answer.reference);
      }
      expect(first.reference).not.toBe(second.reference);
      // The API's own id is unchanged.
      expect(first.applicationId).toBe((await row(approved.submissionKey)).application_id);
      // A repeated key answers the same reference.
      expect((await submit(approved)).reference).toBe(first.reference);
    });

    it('refuses a second application with a stored reference: the column is unique', async () => {
      await start();
      const first = await submit(validPayload());
      const other = validPayload({ email: 'other@example.com' });
      await submit(other);
      await expect(
        database.db
          .updateTable('applications')
          .set({ reference: first.reference! })
          .where('submission_key', '=', other.submissionKey)
          .execute(),
      ).rejects.toThrow(/unique|duplicate/i);
    });
  });

  describe('the submission key (decision 0050)', () => {
    const refused = {
      error: 'invalid_payload',
      fields: [{ path: 'submissionKey', message: 'Must be a version 4 UUID in lower case' }],
    };

    it('refuses a key that is not a v4 UUID in the address of either route: one character, underscores, upper case, another version', async () => {
      await start();
      for (const key of [
        'e',
        '_'.repeat(36),
        randomUUID().toUpperCase(),
        '6ba7b810-9dad-11d1-80b4-00c04fd430c8',
        `${randomUUID()}0`,
      ]) {
        for (const route of ['/api/submission/', '/api/submission/partial/']) {
          const response = await t.app.inject({
            method: 'POST',
            url: `${route}${encodeURIComponent(key)}`,
            payload: { ...validPayload(), submissionKey: key },
          });
          expect(response.statusCode, `${route}${key}`).toBe(400);
          expect(response.json()).toEqual(refused);
        }
      }
      expect(await count('applications')).toBe(0);
    });

    it('refuses a body whose key is not the one in the address, on either route', async () => {
      await start();
      for (const route of ['/api/submission/', '/api/submission/partial/']) {
        const response = await t.app.inject({
          method: 'POST',
          url: `${route}${randomUUID()}`,
          payload: { ...validPayload(), submissionKey: 'e' },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          error: 'invalid_payload',
          fields: [
            { path: 'submissionKey', message: 'Must equal the submission key in the address' },
          ],
        });
      }
      expect(await count('applications')).toBe(0);
    });
  });

  describe('idempotency', () => {
    it('answers a repeated key with the first answer and stores nothing new', async () => {
      await start();
      const payload = validPayload({ variant: 'CDJ-MVP' });
      const first = await post(payload, payload.submissionKey);
      t.clock.advanceDays(1);
      const again = await post({ ...payload, netMonthlyIncome: 1 }, payload.submissionKey);

      expect(again.statusCode).toBe(200);
      // The replay is the stored answer: the portal passcode was in the first answer only.
      expect(again.json()).toEqual({ ...first.json<SubmissionResponse>(), otp: null });
      expect(first.json<SubmissionResponse>().otp).toMatch(/^\d{6}$/);
      expect(await count('applications')).toBe(1);
      expect(await count('portal_accounts')).toBe(1);
      expect((await row(payload.submissionKey)).updated_at).toBe('2026-03-10T10:00:00.000Z');
    });

    it('decides once when the same key arrives many times at once', async () => {
      await start();
      const payload = validPayload({ variant: 'CDJ-MVP' });
      const responses = await Promise.all(
        Array.from({ length: 8 }, () => post(payload, payload.submissionKey)),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
      // One decision: one answer carries the passcode, the seven replays the same answer without.
      const answers = responses.map((response) => response.json<SubmissionResponse>());
      expect(answers.filter((answer) => answer.otp !== null)).toHaveLength(1);
      expect(new Set(answers.map((answer) => JSON.stringify({ ...answer, otp: null }))).size).toBe(
        1,
      );
      expect(await count('applications')).toBe(1);
      expect(await count('portal_accounts')).toBe(1);
    });
  });

  describe('duplicates', () => {
    const first = () =>
      validPayload({ email: 'Ada.Lovelace@Example.com', contactNumber: '07911123456' });

    it('flags the same date of birth, e-mail (any case) and phone under another key, and stores it linked to the earlier one', async () => {
      await start();
      const earlier = first();
      await submit(earlier);
      const second = validPayload({
        email: 'ada.lovelace@EXAMPLE.com',
        contactNumber: '07911123456',
      });
      const answer = await submit(second);
      expect(answer).toMatchObject({
        duplicateRequest: true,
        declineReason: null,
        quoteValid: false,
        quoteProcessed: false,
        applicationId: null,
      });
      // docs/decisions/0051-duplicates-stored-linked-released.md: its own application, with its
      // own reference, linked to the earlier one, with what the panel found.
      const earlierRow = await row(earlier.submissionKey);
      const stored = await row(second.submissionKey);
      expect(stored).toMatchObject({
        status: 'complete',
        outcome: 'duplicate',
        duplicate_of: earlierRow.id,
        duplicate_released_at: null,
        reference: stored8(),
      });
      expect(stored.reference).not.toBe(earlierRow.reference);
      expect(JSON.parse(stored.decision_json!)).toMatchObject({ declineReason: null });
    });

    it('does not answer a person as a duplicate of a stranger who knew their date of birth and phone (decision 0051)', async () => {
      await start();
      // The stranger applies with the target's date of birth and phone, their own e-mail, and
      // an income that is declined.
      const stranger = await submit(
        validPayload({
          email: 'stranger@example.com',
          contactNumber: '07911123456',
          netMonthlyIncome: 100,
        }),
      );
      expect(stranger.declineReason).toBe('Income');
      // The real person, the next day: their own application, decided on its own.
      t.clock.advanceDays(1);
      const real = validPayload({
        email: 'ada.lovelace@example.com',
        contactNumber: '07911123456',
      });
      const answer = await submit(real);
      expect(answer).toMatchObject({ duplicateRequest: false, quoteValid: true });
      expect(await row(real.submissionKey)).toMatchObject({
        outcome: 'approved',
        duplicate_of: null,
      });
      // Nor with the e-mail and date of birth but another phone.
      const byEmail = validPayload({ email: 'stranger@example.com', contactNumber: '07911123499' });
      expect((await submit(byEmail)).duplicateRequest).toBe(false);
    });

    it('does not flag the same e-mail and phone with another date of birth', async () => {
      await start();
      await submit(first());
      const answer = await submit(validPayload({ dateOfBirth: '1981-05-15T00:00:00.000' }));
      expect(answer.duplicateRequest).toBe(false);
      expect(answer.quoteValid).toBe(true);
    });

    it('flags up to the end of the 30-day window', async () => {
      await start();
      await submit(first());
      t.clock.set('2026-04-09T09:59:00.000Z');
      expect((await submit(validPayload())).duplicateRequest).toBe(true);
    });

    it('stops flagging once the window has passed', async () => {
      await start();
      await submit(first());
      t.clock.advanceDays(31);
      expect((await submit(validPayload())).duplicateRequest).toBe(false);
    });

    it('uses DUPLICATE_WINDOW_DAYS', async () => {
      await start({ DUPLICATE_WINDOW_DAYS: '7' });
      await submit(first());
      t.clock.advanceDays(8);
      expect((await submit(validPayload())).duplicateRequest).toBe(false);
    });

    it('starts the window from a declined application too', async () => {
      await start();
      const declined = await submit({ ...first(), netMonthlyIncome: 100 });
      expect(declined.declineReason).toBe('Income');
      t.clock.advanceDays(10);
      expect((await submit(validPayload())).duplicateRequest).toBe(true);
    });

    it('does not let an application answered as a duplicate extend the window', async () => {
      await start();
      await submit(first());
      t.clock.advanceDays(20);
      const repeat = validPayload();
      expect((await submit(repeat)).duplicateRequest).toBe(true);
      expect(await row(repeat.submissionKey)).toMatchObject({ outcome: 'duplicate' });
      // 40 days after the approval, 20 after the duplicate: the window of 30 has passed.
      t.clock.advanceDays(20);
      const later = await submit(validPayload());
      expect(later).toMatchObject({ duplicateRequest: false, quoteValid: true });
    });

    it('ignores partial applications for the same person', async () => {
      await start();
      const partial = first();
      const saved = await t.app.inject({
        method: 'POST',
        url: `/api/submission/partial/${partial.submissionKey}`,
        payload: { ...partial, IsCompleted: false },
      });
      expect(saved.statusCode).toBe(202);
      expect((await submit(validPayload())).duplicateRequest).toBe(false);
    });
  });

  describe('decline policy', () => {
    it.each([
      ['21 today', '2005-03-10T00:00:00.000'],
      ['74', '1951-03-11T00:00:00.000'],
    ])('approves an applicant aged %s on the applied date', async (_age, dateOfBirth) => {
      await start();
      const answer = await submit(validPayload({ dateOfBirth }));
      expect(answer.declineReason).toBeNull();
      expect(answer.quoteValid).toBe(true);
    });

    it.each([
      [
        '20 (21 tomorrow)',
        '2005-03-11T00:00:00.000',
        'You must be at least 21 years old to apply for finance with us.',
      ],
      [
        '75 today',
        '1951-03-10T00:00:00.000',
        'You must be under 75 years old to apply for finance with us.',
      ],
      [
        'born next year',
        '2027-01-01T00:00:00.000',
        'Please check you have entered your year of birth correctly.',
      ],
    ])(
      'refuses an applicant %s with the date-of-birth screen’s message (400, decision 0013)',
      async (_age, dateOfBirth, message) => {
        await start();
        const payload = validPayload({ dateOfBirth });
        const response = await post(payload, payload.submissionKey);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          error: 'invalid_payload',
          fields: [{ path: 'dateOfBirth', message }],
        });
        const partial = await t.app.inject({
          method: 'POST',
          url: `/api/submission/partial/${payload.submissionKey}`,
          payload: { ...payload, IsCompleted: false },
        });
        expect(partial.statusCode).toBe(400);
        expect(await count('applications')).toBe(0);
      },
    );

    it('reckons the applied date in UK time', async () => {
      await start();
      // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST): the 21st birthday has begun.
      t.clock.set('2026-06-30T23:30:00.000Z');
      const answer = await submit(validPayload({ dateOfBirth: '2005-07-01T00:00:00.000' }));
      expect(answer.declineReason).toBeNull();
    });

    it('refuses a joint applicant outside the age range with their screen’s message', async () => {
      await start();
      const joint = validJointPayload();
      const payload = {
        ...joint,
        JointApplicant: { ...joint.JointApplicant!, dateOfBirth: '2006-01-01T00:00:00.000' },
      };
      const response = await post(payload, payload.submissionKey);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'invalid_payload',
        fields: [
          {
            path: 'JointApplicant.dateOfBirth',
            message: 'They must be at least 21 years old to apply for finance with us.',
          },
        ],
      });
    });

    it('declines a net monthly income below £500 and approves £500', async () => {
      await start();
      const low = await submit(validPayload({ netMonthlyIncome: 499 }));
      expect(low).toMatchObject({
        declineReason: 'Income',
        duplicateRequest: false,
        quoteValid: false,
        quoteProcessed: true,
        applicationId: null,
      });
      const enough = await submit(
        validPayload({
          netMonthlyIncome: 500,
          dateOfBirth: '1970-01-01T00:00:00.000',
        }),
      );
      expect(enough.declineReason).toBeNull();
    });

    it('declines an applicant in a breathing space and approves one who is not', async () => {
      await start();
      const inSpace = await submit(validSecuredPayload({ breathingSpace: true }));
      expect(inSpace).toMatchObject({ declineReason: 'BreathingSpace', quoteValid: false });
      const notInSpace = await submit(
        validSecuredPayload({ breathingSpace: false, dateOfBirth: '1971-02-02T00:00:00.000' }),
      );
      expect(notInSpace.declineReason).toBeNull();
    });

    it('uses MIN_MONTHLY_INCOME, MIN_AGE and MAX_AGE (a policy narrower than the screens)', async () => {
      await start({ MIN_MONTHLY_INCOME: '3000', MIN_AGE: '25', MAX_AGE: '46' });
      expect((await submit(validPayload({ netMonthlyIncome: 2999 }))).declineReason).toBe('Income');
      const twentyFour = validPayload({
        dateOfBirth: '2001-03-11T00:00:00.000',
        email: 'y@example.com',
        contactNumber: '07911888888',
        netMonthlyIncome: 3000,
      });
      expect((await submit(twentyFour)).declineReason).toBe('Age');
      const twentyFive = validPayload({
        dateOfBirth: '2001-03-10T00:00:00.000',
        netMonthlyIncome: 3000,
      });
      expect((await submit(twentyFive)).declineReason).toBeNull();
      const fortySix = validPayload({
        dateOfBirth: '1980-03-10T00:00:00.000',
        email: 'x@example.com',
        contactNumber: '07911777777',
        netMonthlyIncome: 3000,
      });
      expect((await submit(fortySix)).declineReason).toBe('Age');
    });

    it('stores the decline on the row', async () => {
      await start();
      const payload = validPayload({ netMonthlyIncome: 100 });
      await submit(payload);
      expect(await row(payload.submissionKey)).toMatchObject({
        status: 'complete',
        outcome: 'declined',
        decline_reason: 'Income',
        application_id: null,
      });
    });
  });

  describe('lender panel', () => {
    type StoredDecision = {
      panelVersion: string;
      riskTier: string;
      policy: { rule: string; reason: string }[];
      lenders: { id: string; matched: boolean; products: { refusals: { reason: string }[] }[] }[];
      declineReason: string | null;
    };
    const decisionOf = async (key: string) =>
      JSON.parse((await row(key)).decision_json!) as StoredDecision;

    it('declines with NoLenderMatch when no lender’s rules are met, and stores each reason', async () => {
      await start();
      // Inside the broker policy and every screen's rules, but no lender takes an unemployed
      // applicant.
      const employed = validPayload();
      const payload = validPayload({
        employments: [unemployed(employed)],
      });
      const answer = await submit(payload);
      expect(answer).toEqual({
        dealerNumber: 'D1001',
        duplicateRequest: false,
        declineReason: 'NoLenderMatch',
        quoteValid: false,
        quoteProcessed: true,
        applicationId: null,
        otp: null,
        accountStatus: null,
        quote: null,
        matchedLenders: [],
        reference: stored8(),
      });
      expect(await row(payload.submissionKey)).toMatchObject({
        outcome: 'declined',
        decline_reason: 'NoLenderMatch',
        application_id: null,
      });
      const decision = await decisionOf(payload.submissionKey);
      expect(decision).toMatchObject({
        panelVersion: 'sample-2026-11',
        policy: [],
        declineReason: 'NoLenderMatch',
      });
      expect(decision.lenders.map((lender) => [lender.id, lender.matched])).toEqual([
        ['pennyworth-motor', false],
        ['northgate-vehicle', false],
        ['hearthstone-homeowner', false],
        ['kestrel-secured', false],
      ]);
      expect(decision.lenders[0]!.products[0]!.refusals.map((r) => r.reason)).toEqual([
        expect.stringContaining('Unemployed'),
      ]);
    });

    it('stores why the other lenders refused an approved application', async () => {
      await start();
      const payload = validPayload();
      await submit(payload);
      const decision = await decisionOf(payload.submissionKey);
      expect(decision).toMatchObject({ riskTier: 'A', policy: [], declineReason: null });
      // The browser sends the vehicle type (a car) with every vehicle loan.
      expect(decision.lenders[1]!.products[1]!.refusals.map((r) => r.reason)).toEqual([
        'Does not lend to someone whose home is “Private tenant”: lends only to “Homeowner with a mortgage” or “Homeowner without a mortgage”',
        'Does not finance a “Car”: finances only “Motorhome”, “Caravan” or “Horsebox”',
      ]);
      expect(decision.lenders[2]!.products[0]!.refusals[0]!.reason).toBe(
        'Does not lend for “A vehicle”: lends only for “Home improvements”, “Debt consolidation” or “Something else”',
      );
    });

    it('applies the vehicle rules where the vehicle is given', async () => {
      await start();
      const horsebox = await submit(
        validPayload({ vehicle: { vehicleType: 'Horsebox', year: 2024, mileage: 5000 } }),
      );
      // Only the leisure product takes a horsebox, and it wants a homeowner.
      expect(horsebox).toMatchObject({ declineReason: 'NoLenderMatch', quote: null });
      const homeowner = validPayload({
        email: 'home@example.com',
        contactNumber: '07911900888',
        vehicle: { vehicleType: 'Horsebox', year: 2024, mileage: 5000 },
      });
      homeowner.addresses[0]!.residentialStatus = 'HomeownerNoMortgage';
      expect(await submit(homeowner)).toMatchObject({
        declineReason: null,
        quote: { productId: 'leisure-vehicle', apr: 0.069 },
        matchedLenders: [{ id: 'northgate-vehicle', name: 'Northgate Vehicle Credit (fictional)' }],
      });
    });

    it('quotes a joint secured loan in APRC, valid for QUOTE_VALID_DAYS', async () => {
      await start({ QUOTE_VALID_DAYS: '14' });
      // The fixture's secured answers: £25,000 over 15 years on a £350,000 home.
      // The fixture's joint applicant, self-employed for 12½ years on £2,800 a month.
      const payload = validSecuredPayload({
        isJointApplication: true,
        JointApplicant: {
          ...validJointPayload().JointApplicant!,
          employmentStatus: 'SelfEmployed',
          yearsAtEmployer: 12,
          monthsAtEmployer: 6,
          netMonthlyIncome: 2800,
        },
      });
      const answer = await submit(payload);
      // £25,000 ÷ (12 × (£2,400 + £2,800)) = 0.40: tier B. Hearthstone's 11.9% APRC beats
      // Kestrel's 14.9%; over 180 months that is £288.82 a month (FCA monthly rate),
      // £51,987.60 in all.
      expect(answer).toMatchObject({
        declineReason: null,
        quoteValid: true,
        quote: {
          lenderId: 'hearthstone-homeowner',
          rateLabel: 'APRC',
          amount: 25000,
          termMonths: 180,
          apr: 0.119,
          monthlyPayment: 288.82,
          totalCostOfCredit: 26987.6,
          totalPayable: 51987.6,
          validUntil: '2026-03-24',
        },
        matchedLenders: [
          { id: 'hearthstone-homeowner', name: 'Hearthstone Homeowner Loans (fictional)' },
          { id: 'kestrel-secured', name: 'Kestrel Second Charge (fictional)' },
        ],
      });
    });

    it('answers a repeated key with the first quote, even once the quote would differ', async () => {
      await start();
      const payload = validPayload();
      const first = await submit(payload);
      t.clock.advanceDays(40);
      expect(await submit(payload)).toEqual(first);
    });
  });

  describe('customer-portal accounts (variant CDJ-MVP)', () => {
    it('creates a pending account for a new e-mail: answers New with a 6-digit otp', async () => {
      await start();
      const payload = validPayload({ variant: 'CDJ-MVP' });
      const answer = await submit(payload);
      expect(answer.accountStatus).toBe(1);
      expect(answer.otp).toMatch(/^\d{6}$/);
      // What the panel found is kept for staff on this path too (docs/back-office.md).
      expect(JSON.parse((await row(payload.submissionKey)).decision_json!)).toMatchObject({
        declineReason: null,
        quote: answer.quote,
      });
      const account = await database.db
        .selectFrom('portal_accounts')
        .selectAll()
        .executeTakeFirstOrThrow();
      // Pending until the address is proven (docs/decisions/0024-portal-codes.md).
      expect(account).toMatchObject({ email_lower: 'ada.lovelace@example.com', status: 2 });
      expect(account.otp_hash).toBe(
        createCodeHasher(t.config.portalCodeSecret).hash(
          'passcode',
          account.email_lower,
          answer.otp!,
        ),
      );
    });

    it('answers PendingVerification without an otp when the e-mail has an account', async () => {
      await start();
      await submit(validPayload({ variant: 'CDJ-MVP' }));
      // Another person (date of birth) with the same e-mail, so not a duplicate.
      const answer = await submit(
        validPayload({
          variant: 'CDJ-MVP',
          email: 'ADA.LOVELACE@example.com',
          dateOfBirth: '1975-01-01T00:00:00.000',
        }),
      );
      expect(answer).toMatchObject({ quoteValid: true, accountStatus: 2, otp: null });
      expect(await count('portal_accounts')).toBe(1);
    });

    it('leaves other variants and declined applications without an account', async () => {
      await start();
      expect((await submit(validPayload({ variant: 'other' }))).accountStatus).toBeNull();
      const declined = await submit(
        validPayload({
          variant: 'CDJ-MVP',
          netMonthlyIncome: 10,
          email: 'poor@example.com',
          contactNumber: '07911321321',
        }),
      );
      expect(declined).toMatchObject({ declineReason: 'Income', accountStatus: null, otp: null });
      expect(await count('portal_accounts')).toBe(0);
    });
  });

  describe('as strict as the screens (decision 0066)', () => {
    it('refuses a full submission that says it is not complete, and a partial save that says it is', async () => {
      await start();
      const payload = validPayload();
      const full = await post({ ...payload, IsCompleted: false }, payload.submissionKey);
      expect(full.statusCode).toBe(400);
      expect(full.json()).toEqual({
        error: 'invalid_payload',
        fields: [{ path: 'IsCompleted', message: 'Must be true for a full submission' }],
      });
      const partial = await t.app.inject({
        method: 'POST',
        url: `/api/submission/partial/${payload.submissionKey}`,
        payload,
      });
      expect(partial.statusCode).toBe(400);
      expect(partial.json()).toEqual({
        error: 'invalid_payload',
        fields: [{ path: 'IsCompleted', message: 'Must be false for a partial save' }],
      });
      expect(await count('applications')).toBe(0);
    });

    it('refuses a fraction of a pound and a vehicle term no screen gives, storing nothing', async () => {
      await start();
      const payload = validPayload();
      const cases: [object, string, string][] = [
        [{ loanAmount: 5000.5 }, 'loanAmount', 'Must be a whole number.'],
        [{ term: 99 }, 'term', 'Not asked on this application'],
        [{ term: 0 }, 'term', 'Not asked on this application'],
        [{ term: -1 }, 'term', 'Not asked on this application'],
      ];
      for (const [change, path, message] of cases) {
        const response = await post({ ...payload, ...change }, payload.submissionKey);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: 'invalid_payload', fields: [{ path, message }] });
      }
      expect(await count('applications')).toBe(0);
      // The policy's term, and a term the term screen accepts (clients built before it send 3).
      expect((await submit({ ...payload, term: 3 })).quoteValid).toBe(true);
    });

    it('refuses a vehicle application carrying a breathing space answer instead of declining it', async () => {
      await start();
      const payload = validPayload();
      const response = await post({ ...payload, breathingSpace: true }, payload.submissionKey);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'invalid_payload',
        fields: [{ path: 'breathingSpace', message: 'Not asked on this application' }],
      });
      expect(await count('applications')).toBe(0);
      expect((await submit(payload)).declineReason).toBeNull();
    });
  });

  describe('partial saves', () => {
    /** A partial save says so: IsCompleted false. */
    function postPartial(payload: object, key: string) {
      return t.app.inject({
        method: 'POST',
        url: `/api/submission/partial/${key}`,
        payload: { ...payload, IsCompleted: false },
        remoteAddress: '203.0.113.77',
      });
    }

    it('stores an unfinished application as a partial lead (202) and updates it', async () => {
      await start();
      const key = randomUUID();
      const early = partialApplicantPayload({ submissionKey: key });
      const first = await postPartial(early, key);
      expect(first.statusCode).toBe(202);
      expect(first.json()).toEqual({ ok: true });
      expect(await row(key)).toMatchObject({
        status: 'partial',
        outcome: null,
        email_lower: null,
        remote_address: '203.0.113.77',
      });

      t.clock.advanceDays(1);
      const later = await postPartial({ ...early, email: 'Lead@Example.com' }, key);
      expect(later.statusCode).toBe(202);
      expect(await row(key)).toMatchObject({
        status: 'partial',
        email_lower: 'lead@example.com',
        created_at: '2026-03-10T10:00:00.000Z',
        updated_at: '2026-03-11T10:00:00.000Z',
      });
      expect(await count('applications')).toBe(1);
    });

    it('never downgrades a complete application (200, nothing changed)', async () => {
      await start();
      const payload = validPayload();
      const decided = await post(payload, payload.submissionKey);
      const before = await row(payload.submissionKey);

      t.clock.advanceDays(1);
      const late = await postPartial({ ...payload, IsCompleted: false }, payload.submissionKey);
      expect(late.statusCode).toBe(200);
      expect(late.json()).toEqual({ ok: true });
      expect(await row(payload.submissionKey)).toEqual(before);

      const again = await post(payload, payload.submissionKey);
      expect(again.body).toBe(decided.body);
    });

    it('completes a partial application under the same key', async () => {
      await start();
      const payload = validPayload();
      expect((await postPartial(payload, payload.submissionKey)).statusCode).toBe(202);
      t.clock.advanceDays(1);
      const answer = await submit(payload);
      expect(answer.quoteValid).toBe(true);
      expect(await row(payload.submissionKey)).toMatchObject({
        status: 'complete',
        outcome: 'approved',
        created_at: '2026-03-10T10:00:00.000Z',
        completed_at: '2026-03-11T10:00:00.000Z',
      });
      expect(await count('applications')).toBe(1);
    });

    it('rejects a partial save without the terms agreed (400)', async () => {
      await start();
      const payload = validPayload({ termsAndConditionsAgreed: false as true });
      const response = await postPartial(payload, payload.submissionKey);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'invalid_payload',
        fields: [{ path: 'termsAndConditionsAgreed', message: expect.any(String) as string }],
      });
      expect(await count('applications')).toBe(0);
    });
  });

  describe('rate limit per application key (decision record 0016)', () => {
    const OFFICE = '198.51.100.20';

    it('counts RATE_LIMIT_SUBMISSIONS per key, so one address sends several applications', async () => {
      await start({ RATE_LIMIT_SUBMISSIONS: '2' });
      const first = validPayload();
      expect((await post(first, first.submissionKey, OFFICE)).statusCode).toBe(200);
      expect((await post(first, first.submissionKey, OFFICE)).statusCode).toBe(200);
      const limited = await post(first, first.submissionKey, OFFICE);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: 'rate_limited' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

      // Another applicant in the same office, behind the same proxy address.
      const colleague = validPayload({
        email: 'colleague@example.com',
        contactNumber: '07911900456',
      });
      const response = await post(colleague, colleague.submissionKey, OFFICE);
      expect(response.statusCode).toBe(200);
      expect((await row(colleague.submissionKey)).status).toBe('complete');

      const partial = (key: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/submission/partial/${key}`,
          payload: { ...validPayload(), submissionKey: key, IsCompleted: false },
          remoteAddress: OFFICE,
        });
      const lead = randomUUID();
      expect((await partial(lead)).statusCode).toBe(202);
      expect((await partial(lead)).statusCode).toBe(202);
      expect((await partial(lead)).statusCode).toBe(429);
      expect((await partial(randomUUID())).statusCode).toBe(202);
    });

    it("holds one address to ten keys' allowance, however many keys it makes up", async () => {
      await start({ RATE_LIMIT_SUBMISSIONS: '1' });
      for (let i = 0; i < 10; i += 1) {
        const payload = validPayload();
        expect((await post(payload, payload.submissionKey, OFFICE)).statusCode).toBe(200);
      }
      const eleventh = validPayload();
      const limited = await post(eleventh, eleventh.submissionKey, OFFICE);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(await count('applications')).toBe(10);
      // Another address is counted on its own.
      expect((await post(eleventh, eleventh.submissionKey, '198.51.100.21')).statusCode).toBe(200);
    });
  });

  describe('database failures', () => {
    it('answers 500 internal_error without details when storing fails, and logs it', async () => {
      await start();
      await sql`alter table portal_accounts rename to portal_accounts_hidden`.execute(database.db);
      try {
        const payload = validPayload({ variant: 'CDJ-MVP' });
        const response = await post(payload, payload.submissionKey);
        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({ error: 'internal_error' });
        expect(await count('applications')).toBe(0);
        const failure = t.logs().find((line) => line.msg === 'submission failed');
        expect(failure).toMatchObject({ severity: 'FAILURE', operation: 'submission' });
        const alerts = await database.db.selectFrom('delivery_events').selectAll().execute();
        expect(alerts).toEqual([
          expect.objectContaining({
            endpoint: 'chat',
            event_type: 'alert',
            group_count: 1,
            attempts: 0,
            delivered_at: null,
          }),
        ]);
        // The failed request's id, which its log line also carries; no application, no key
        // (decision 0050).
        expect(JSON.parse(alerts[0]!.body)).toMatchObject({
          subject: 'Submission failed',
          name: `request ${String(failure?.reqId)}`,
        });
        expect(failure?.reqId).toMatch(/^req-/);
        expect(alerts[0]!.body).not.toContain(payload.submissionKey);
        expect(alerts[0]!.application_row_id).toBeNull();
        expect(alerts[0]!.body).not.toContain('ada');
      } finally {
        await sql`alter table portal_accounts_hidden rename to portal_accounts`.execute(
          database.db,
        );
      }
    });

    it('queues an alert when a partial save fails', async () => {
      await start();
      await sql`alter table applications rename to applications_hidden`.execute(database.db);
      try {
        const payload = validPayload();
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/submission/partial/${payload.submissionKey}`,
          payload: { ...payload, IsCompleted: false },
        });
        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({ error: 'internal_error' });
        const alert = await database.db
          .selectFrom('delivery_events')
          .selectAll()
          .executeTakeFirstOrThrow();
        expect(JSON.parse(alert.body)).toMatchObject({
          subject: 'Partial save failed',
          name: expect.stringMatching(/^request req-/) as string,
        });
        expect(alert.body).not.toContain(payload.submissionKey);
      } finally {
        await sql`alter table applications_hidden rename to applications`.execute(database.db);
      }
    });
  });
});
