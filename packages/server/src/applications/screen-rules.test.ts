/**
 * Decision 0013: what a screen refuses, the server refuses, with the screen's
 * message in the 400's `fields`; for each kind of field, on both databases, through the real app.
 * The property test generates step answers through the domain's own rules and checks the server
 * refuses what the screens refuse, with their messages, and accepts the rest (decision 0039).
 */
import { randomUUID } from 'node:crypto';
import {
  BRANDS,
  DOB_TOO_YOUNG,
  readPayload,
  buildSubmissionPayload,
  createInitialState,
  journeySteps,
  payloadNameOf,
  stepFields,
  getAnswer,
  validateStep,
} from '@broker/domain';
import type { ApplicationState, ResolvedField, StatePath, StepRef } from '@broker/domain';
import {
  BEN,
  applicantState,
  numberedPerson,
  payloadAsHeld,
  setAnswer,
  type ApplicantKind,
} from '@broker/domain/testing';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DialectName, TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';
import { validJointPayload, validPayload } from '../test-support/fixtures.js';

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
      // A partial save says so: IsCompleted false.
      const payload = route === 'partial' ? { ...body, IsCompleted: false } : body;
      return t.app.inject({ method: 'POST', url, payload });
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
          'They must be under 75 years old to apply for finance with us.',
        ],
      ];
      for (const [path, value, message] of cases) {
        const response = await post(withValue(path, value, validJointPayload()));
        expect(response.json()).toEqual({
          error: 'invalid_payload',
          fields: [{ path: path.join('.'), message }],
        });
      }
      expect((await post(validJointPayload())).statusCode).toBe(200);
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
        Object.assign(state.form, { contactNumber: typed, sessionId: randomUUID() });
        const built = buildSubmissionPayload(state, {
          brand: BRANDS.default,
          isCompleted: true,
          today: TODAY,
        });
        expect(built.contactNumber).toBe('07911123456');
        const payload = validPayload({
          submissionKey: built.submissionKey,
          contactNumber: built.contactNumber!,
        });
        expect((await post(payload)).statusCode).toBe(200);
      }
    });

    /**
     * Step answers generated through the domain's own rules (decision 0039): the shared
     * applicant's answers with one field of one step on their path replaced by a generated
     * value of that field's kind, judged by the journey's own `validateStep` over the whole path,
     * built by the browser's payload builder and posted. What the builder changes on the way
     * (it trims, capitalises, caps and normalises) is not what was judged, so such cases are
     * left out; each application is a person of its own, so none is a duplicate.
     */
    const phoneText = fc.string({
      unit: fc.constantFrom('0', '1', '2', '4', '7', '9', '+', ' ', '-', 'x'),
      maxLength: 14,
    });
    const nameText = fc.string({
      unit: fc.oneof(
        fc.constantFrom('A', 'd', 'é', "'", '-', ' ', '\u200b', '\u202e', '\ufeff', '\u0007'),
        fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
      ),
      maxLength: 60,
    });
    const plainText = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom('', ' ', 'x'.repeat(51), 'Leeds'),
    );
    const numberish = fc.oneof(
      fc.integer({ min: -1000, max: 300_000 }),
      fc.integer({ min: -20_000_000, max: 20_000_000 }),
      fc.double({ min: -10, max: 30, noNaN: true }),
      fc.constant(null),
    );
    const count = fc.oneof(fc.integer({ min: -2, max: 60 }), fc.constant(null));
    const digits = (max: number) =>
      fc.oneof(fc.integer({ min: 0, max }).map(String), fc.constantFrom('', 'x', '00'));
    const optionOr = (field: ResolvedField) =>
      fc.oneof(
        fc.constantFrom(...(field.options ?? [{ value: 'x' }]).map((option) => option.value)),
        fc.constantFrom('Other', 'x', '', true, false, null),
      );

    /** [state path, value] pairs for a new answer to `field`, by its kind. */
    function answerFor(field: ResolvedField): fc.Arbitrary<[string, unknown][]> {
      const at = (value: fc.Arbitrary<unknown>) =>
        value.map((v): [string, unknown][] => [[field.path, v]]);
      switch (field.kind) {
        case 'text':
          return at(field.personName === true ? nameText : plainText);
        case 'email':
          return at(fc.oneof(fc.emailAddress(), fc.string({ maxLength: 60 })));
        case 'phone':
          return at(phoneText);
        case 'number':
        case 'slider':
          return at(numberish);
        case 'title':
        case 'radio':
        case 'dropdown':
          return at(optionOr(field));
        case 'checkbox':
          return at(fc.boolean());
        case 'postcode':
          return at(
            fc.string({
              unit: fc.constantFrom('S', 'W', '1', 'A', '2', ' ', 'a', '9'),
              maxLength: 9,
            }),
          );
        case 'yearsMonths':
          return fc.tuple(count, count).map(([years, months]) => [
            [field.path, years],
            [field.monthsPath!, months],
          ]);
        case 'dateOfBirth': {
          const parts = field.parts!;
          return fc
            .tuple(digits(31), digits(12), fc.integer({ min: 900, max: 2030 }).map(String))
            .map(([day, month, year]) => [
              [parts.day, day.padStart(2, '0')],
              [parts.month, month.padStart(2, '0')],
              [parts.year, year],
            ]);
        }
        case 'address':
          // The lines the address select fills: some may be missing.
          return fc
            .tuple(fc.option(plainText), fc.option(plainText), fc.option(plainText))
            .map(([number, street, town]) => [
              [`${field.path}.houseNumber`, number],
              [`${field.path}.street`, street],
              [`${field.path}.town`, town],
            ]);
      }
    }

    /** The answer at `path` as read back from what the builder sent (the boxes for a date). */
    const readBack = (state: ApplicationState, path: string): unknown => {
      const value: unknown = getAnswer(state, path as StatePath);
      return typeof value === 'string' && value.trim() === '' ? null : value;
    };

    /** The state paths a step's answers are held at (an address by its lines). */
    const answerPaths = (ref: StepRef, state: ApplicationState): string[] =>
      stepFields(ref, state).flatMap((field) => {
        if (field.kind === 'address') {
          return ['subBuilding', 'houseName', 'houseNumber', 'street', 'town'].map(
            (line) => `${field.path}.${line}`,
          );
        }
        const parts = field.parts ? Object.values(field.parts) : [];
        return [field.path, ...(field.monthsPath ? [field.monthsPath] : []), ...parts];
      });

    let applicants = 0;
    const scenario = fc
      .record({
        kind: fc.constantFrom<ApplicantKind>('vehicle', 'secured', 'joint'),
        stepAt: fc.nat(),
        fieldAt: fc.nat(),
      })
      .chain(({ kind, stepAt, fieldAt }) => {
        applicants += 1;
        const state = applicantState(kind, {
          person: numberedPerson(applicants * 2),
          joint: numberedPerson(applicants * 2 + 1, BEN),
        });
        const asking = journeySteps(state, TODAY).filter(
          (ref) => stepFields(ref, state).length > 0,
        );
        const ref = asking[stepAt % asking.length]!;
        const fields = stepFields(ref, state);
        const field = fields[fieldAt % fields.length]!;
        return answerFor(field).map((changes) => ({ kind, state, field, changes }));
      });

    it(
      'refuses every answer the screens refuse with the screen’s message, and accepts the rest',
      async () => {
        let refused = 0;
        await fc.assert(
          fc.asyncProperty(scenario, async ({ state, changes }) => {
            const answered = structuredClone(state);
            for (const [path, value] of changes) setAnswer(answered, path, value);
            // As another client might send them: the browser's builder leaves out what its
            // screens refuse (decision 0064).
            const payload = payloadAsHeld(answered, { isCompleted: true, today: TODAY });
            // Judge what was sent: leave out cases where the payload does not carry the answers
            // the screens judged (the builder trims, caps, normalises, and sends an unanswered
            // deposit question as a deposit of 0).
            const sent = readPayload(payload).state;
            const path = journeySteps(answered, TODAY);
            fc.pre(
              [
                ...changes.map(([at]) => at),
                ...path.flatMap((ref) => answerPaths(ref, answered)),
              ].every((at) => Object.is(readBack(sent, at), readBack(answered, at))),
            );
            const screens = path.flatMap((ref) => validateStep(ref, answered, TODAY));
            const response = await post(payload);
            if (screens.length === 0) {
              expect(response.statusCode, response.body).toBe(200);
              return;
            }
            refused += 1;
            expect(response.statusCode).toBe(400);
            const fields = response.json<{ fields: { path: string; message: string }[] }>().fields;
            for (const error of screens) {
              // Named by the payload's field; a years-and-months answer by either of its two.
              const path = payloadNameOf(error.field)
                .replace(/\./g, '\\.')
                .replace(/years(At\w+)$/, '(years|months)$1');
              const named = new RegExp(`^${path}$`);
              const found = fields.some((f) => f.message === error.message && named.test(f.path));
              expect(found, `${error.field}: ${error.message} in ${JSON.stringify(fields)}`).toBe(
                true,
              );
            }
          }),
          { numRuns: RUNS * 3 },
        );
        // The generators reach both verdicts.
        expect(refused).toBeGreaterThan(0);
      },
      30_000 + RUNS * 1500,
    );
  },
);
