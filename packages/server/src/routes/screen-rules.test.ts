/**
 * Issue 11 item 4 (decision 0013): what a screen refuses, the server refuses, with the screen's
 * message in the 400's `fields`; for each kind of field, on both databases, through the real app.
 * The property test generates values the domain's own rules refuse and checks the server does.
 */
import {
  DOB_TOO_YOUNG,
  buildSubmissionPayload,
  createInitialState,
  isValidPostcode,
  normalisePostcode,
  validateDateOfBirth,
  validateEmail,
  validateName,
  validateNumber,
  validatePhone,
  BRANDS,
} from '@broker/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DialectName, TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';
import { validPayload } from '../test-support/fixtures.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 40);
/** The test app's clock: 10 March 2026 (test-support/databases.ts). */
const TODAY = { year: 2026, month: 3, day: 10 };

type Path = (string | number)[];

/** validPayload with the value at `path` replaced, or removed when `value` is undefined. */
function withValue(path: Path, value: unknown, base: object = validPayload()): object {
  const copy = JSON.parse(JSON.stringify(base)) as Record<string | number, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

const joint = {
  isJointApplication: true,
  JointApplicant: {
    title: 'Mr',
    firstName: 'Ben',
    lastName: 'Lovelace',
    email: 'ben@example.com',
    contactNumber: '07911654321',
    dateOfBirth: '1979-12-31T00:00:00.000',
    maritalStatus: 'Married',
    employmentStatus: 'PartTime',
    yearsAtEmployer: 4,
    monthsAtEmployer: 2,
    netMonthlyIncome: 2100,
    IsOptedEmail: false,
    IsOptedSms: false,
    IsOptedPhone: false,
    IsOptedPost: false,
    IsOptedThirdParty: false,
    IsOptedEmailThirdParty: false,
    IsOptedSmsThirdParty: false,
    IsOptedPhoneThirdParty: false,
    IsOptedPostThirdParty: false,
  },
} as const;

const HIDDEN =
  'Please enter your first name without hidden characters, such as zero-width spaces or text direction marks.';

/** [field kind, path, value, the screen's message] on a valid vehicle application. */
const REFUSED: [string, Path, unknown, string][] = [
  [
    'phone: a drama number',
    ['contactNumber'],
    '07700900123',
    'Please try again, Your phone number looks invalid',
  ],
  [
    'phone: ten digits',
    ['contactNumber'],
    '0791112345',
    'Please try again, UK phone numbers should contain 11 digits',
  ],
  [
    'phone: no allowed prefix',
    ['contactNumber'],
    '04123456789',
    'Please try again, Your phone number looks invalid',
  ],
  [
    'phone: a country code',
    ['contactNumber'],
    '+447911123456',
    'Please enter your phone number without the country code',
  ],
  ['name: a right-to-left override', ['firstName'], 'Ada\u202e', HIDDEN],
  ['name: a zero-width space', ['firstName'], 'A\u200bda', HIDDEN],
  ['name: a byte order mark', ['firstName'], '\ufeffAda', HIDDEN],
  ['name: a lone surrogate', ['firstName'], 'Ada\udc00', HIDDEN],
  ['name: too long', ['lastName'], 'L'.repeat(51), 'Must be 50 characters or fewer.'],
  ['name: blank', ['lastName'], '  ', 'Please enter your last name.'],
  [
    'email: bad format',
    ['email'],
    'ada@example',
    'Please try again. That email address doesn’t look right.',
  ],
  ['title', ['title'], 'Sir', 'Please enter your title.'],
  ['dropdown: marital status', ['maritalStatus'], 'Engaged', 'Please choose your marital status.'],
  [
    'radio: residential status',
    ['addresses', 0, 'residentialStatus'],
    'Boat',
    'Please choose an option to continue.',
  ],
  [
    'radio: driving licence missing',
    ['drivingLicenceType'],
    undefined,
    'Please choose an option to continue.',
  ],
  ['checkbox: terms not agreed', ['termsAndConditionsAgreed'], false, 'Please check this box.'],
  ['slider: vehicle loan under £1,000', ['loanAmount'], 999, 'Must be between 1000 and 100000.'],
  ['number: income over £100,000', ['netMonthlyIncome'], 100_001, 'Must be between 0 and 100000.'],
  [
    'number: income missing',
    ['netMonthlyIncome'],
    undefined,
    'Please enter your net monthly income.',
  ],
  [
    'years and months: 12 months',
    ['employments', 0, 'monthsAtEmployer'],
    12,
    'Please answer this question.',
  ],
  [
    'date of birth: not a real date',
    ['dateOfBirth'],
    '1981-02-29T00:00:00.000',
    'Please enter a valid date.',
  ],
  ['date of birth: under 21', ['dateOfBirth'], '2010-01-01T00:00:00.000', DOB_TOO_YOUNG],
  ['postcode', ['addresses', 0, 'postcode'], 'SW1A 2A', 'Please enter a valid postcode.'],
  [
    'text: employer name missing',
    ['employments', 0, 'employerName'],
    undefined,
    'Please enter your employer name.',
  ],
];

describe.each<DialectName>(['sqlite', 'postgres'])(
  'the screens’ rules at the server on %s',
  (dialect) => {
    let database: TestDatabase;
    let t: TestApp;

    beforeAll(async () => {
      database = await openTestDatabase(dialect, inject('postgresUrl'));
      t = await startTestApp(database);
    });
    afterAll(async () => {
      await t.close();
      await database.close();
    });
    afterEach(async () => {
      await sql`delete from applications`.execute(database.db);
      await sql`delete from portal_accounts`.execute(database.db);
    });

    function post(body: object, route: 'submission' | 'partial' = 'submission') {
      const key = (body as { submissionKey: string }).submissionKey;
      const url =
        route === 'submission' ? `/api/submission/${key}` : `/api/submission/partial/${key}`;
      return t.app.inject({ method: 'POST', url, payload: body });
    }

    async function stored(): Promise<number> {
      const row = await database.db
        .selectFrom('applications')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }

    it.each(REFUSED)(
      'refuses %s with the screen’s message (400)',
      async (_kind, path, value, message) => {
        const response = await post(withValue(path, value));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          error: 'invalid_payload',
          fields: [{ path: path.join('.'), message }],
        });
        expect(await stored()).toBe(0);
      },
    );

    it("refuses the joint applicant's answers with their messages", async () => {
      const cases: [Path, unknown, string][] = [
        [
          ['JointApplicant', 'contactNumber'],
          '07700900456',
          'Please try again, their phone number looks invalid',
        ],
        [['JointApplicant', 'contactNumber'], '', 'Please enter their phone number'],
        [
          ['JointApplicant', 'lastName'],
          'Love\u2067lace',
          'Please enter their last name without hidden characters, such as zero-width spaces or text direction marks.',
        ],
        [
          ['JointApplicant', 'dateOfBirth'],
          '1940-01-01T00:00:00.000',
          'You must be under 75 years old to apply for finance with us.',
        ],
      ];
      for (const [path, value, message] of cases) {
        const response = await post(withValue(path, value, validPayload(joint)));
        expect(response.json()).toEqual({
          error: 'invalid_payload',
          fields: [{ path: path.join('.'), message }],
        });
      }
      expect((await post(validPayload(joint))).statusCode).toBe(200);
    });

    it('refuses the same values in a partial save', async () => {
      const response = await post(withValue(['contactNumber'], '07700900123'), 'partial');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'invalid_payload',
        fields: [
          { path: 'contactNumber', message: 'Please try again, Your phone number looks invalid' },
        ],
      });
      expect(await stored()).toBe(0);
    });

    it('accepts a phone typed with hyphens, dots or brackets once the browser has built the payload', async () => {
      for (const typed of ['07911-123456', '07911.123456', '(07911) 123456']) {
        const state = createInitialState();
        Object.assign(state.form, {
          contactNumber: typed,
          sessionId: `phone-${typed.length}-${typed.charCodeAt(5)}`,
        });
        const built = buildSubmissionPayload(state, { brand: BRANDS.default, isCompleted: true });
        expect(built.contactNumber).toBe('07911123456');
        const payload = validPayload({
          submissionKey: built.submissionKey,
          contactNumber: built.contactNumber!,
        });
        expect((await post(payload)).statusCode).toBe(200);
      }
    });

    /** A value the domain refuses, where it goes, and the message the domain gives it. */
    interface Refusal {
      path: Path;
      value: unknown;
      message: string;
    }

    const refusedBy = <T>(
      arbitrary: fc.Arbitrary<T>,
      path: Path,
      rule: (value: T) => string | null,
    ): fc.Arbitrary<Refusal> =>
      arbitrary
        .map((value) => ({ value, message: rule(value) }))
        .filter((r): r is { value: T; message: string } => r.message !== null)
        .map(({ value, message }) => ({ path, value, message }));

    const phoneText = fc.string({
      unit: fc.constantFrom('0', '1', '2', '4', '7', '9', '+', ' ', '-', '.', '(', ')', 'x'),
      maxLength: 16,
    });
    const nameText = fc.string({
      unit: fc.oneof(
        fc.constantFrom(
          'a',
          'Z',
          'é',
          "'",
          '-',
          ' ',
          '\u200b',
          '\u202e',
          '\ufeff',
          '\u2066',
          '\u0007',
        ),
        fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
      ),
      maxLength: 60,
    });
    const dateParts = fc.record({
      year: fc.integer({ min: 1000, max: 2030 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 31 }),
    });
    const pad = (n: number, width: number) => String(n).padStart(width, '0');

    const refusal: fc.Arbitrary<Refusal> = fc.oneof(
      refusedBy(phoneText, ['contactNumber'], (v) => validatePhone(v)),
      refusedBy(nameText, ['firstName'], (v) => validateName(v, 'first name')),
      refusedBy(nameText, ['lastName'], (v) => validateName(v, 'last name')),
      refusedBy(fc.oneof(fc.emailAddress(), fc.string({ maxLength: 30 })), ['email'], (v) =>
        validateEmail(v),
      ),
      refusedBy(fc.integer({ min: -1_000_000, max: 1_000_000 }), ['netMonthlyIncome'], (v) =>
        validateNumber(v, 'net monthly income', 'applicant', { min: 0, max: 100_000 }),
      ),
      refusedBy(
        dateParts.map((d) => ({
          ...d,
          text: `${pad(d.year, 4)}-${pad(d.month, 2)}-${pad(d.day, 2)}`,
        })),
        ['dateOfBirth'],
        (d) =>
          validateDateOfBirth(
            { day: pad(d.day, 2), month: pad(d.month, 2), year: String(d.year) },
            TODAY,
          ),
      ).map((r) => ({ ...r, value: `${(r.value as { text: string }).text}T00:00:00.000` })),
      refusedBy(
        fc.string({ unit: fc.constantFrom('S', 'W', '1', 'A', '2', ' ', 'a', '9'), maxLength: 9 }),
        ['addresses', 0, 'postcode'],
        (v) =>
          v.trim() === ''
            ? 'Please enter your postcode.'
            : isValidPostcode(v) && normalisePostcode(v) === v
              ? null
              : 'Please enter a valid postcode.',
      ),
    );

    it(
      'refuses, with the domain’s message, every generated value the domain’s rules refuse',
      async () => {
        await fc.assert(
          fc.asyncProperty(refusal, async ({ path, value, message }) => {
            const response = await post(withValue(path, value));
            expect(response.statusCode).toBe(400);
            expect(response.json<{ fields: unknown[] }>().fields).toContainEqual({
              path: path.join('.'),
              message,
            });
          }),
          { numRuns: RUNS * 3 },
        );
        expect(await stored()).toBe(0);
      },
      30_000 + RUNS * 1500,
    );
  },
);
