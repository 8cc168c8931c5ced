import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ACCOUNT_STATUS } from './account-status.js';
import {
  PAYLOAD_LIMITS,
  addressDetailResponseSchema,
  addressDetailSchema,
  addressListResponseSchema,
  addressLookupItemSchema,
  partialSubmissionPayloadSchema,
  submissionPayloadSchema,
  submissionResponseSchema,
  type SubmissionPayload,
} from './schemas.js';
import { journeySteps, stepFields } from './journey/index.js';
import { readPayload } from './codec/read.js';
import { mergeProblems, payloadNameOf, type FieldProblem } from './codec/check.js';
import { applicantPayload } from './testing/applicant.js';

const consents = {
  IsOptedEmail: true,
  IsOptedSms: false,
  IsOptedPhone: false,
  IsOptedPost: true,
  IsOptedThirdParty: false,
  IsOptedEmailThirdParty: false,
  IsOptedSmsThirdParty: false,
  IsOptedPhoneThirdParty: false,
  IsOptedPostThirdParty: false,
};

/**
 * The shared test applicant's payload (`@broker/domain/testing`) answers every question, so a
 * new one needs no edit here; the values below are this file's deliberate ones over it: a
 * secured, joint application with two addresses and every optional field.
 */
const FIXTURE = applicantPayload('secured') as unknown as SubmissionPayload;
const JOINT_FIXTURE = applicantPayload('joint').JointApplicant;

// The answers sent under their own names (payload-fields.ts) are not in the static type.
const VALID: SubmissionPayload & Record<string, unknown> = {
  ...FIXTURE,
  submissionKey: '3f2b8c1e-9d4a-4b6e-8f00-1a2b3c4d5e6f',
  affiliateKey: 'default',
  dealerNumber: 'D123',
  variant: 'CDJ-MVP',
  sessionId: '3f2b8c1e-9d4a-4b6e-8f00-1a2b3c4d5e6f',
  userAgent: 'Mozilla/5.0',
  remoteAddress: '203.0.113.7',
  urlReferrer: 'apply.example.co.uk',
  submittedBy: 'apply',
  dateApplied: '2026-11-21T10:15:00.000Z',
  loanPurposeType: 'HomeImprovements',
  loanAmount: 25000,
  cashDeposit: 0,
  financeType: 'Secured',
  term: 10,
  title: 'Ms',
  firstName: 'Ada',
  lastName: "O'Neill",
  email: 'ada@example.co.uk',
  contactNumber: '07911123456',
  dateOfBirth: '1980-02-29T00:00:00.000',
  maritalStatus: 'Married',
  netMonthlyIncome: 2500,
  isSecurityCurrentAddress: false,
  ownOtherProperties: false,
  propertyValue: 300000,
  mortgageBalance: 120000,
  propertyBedrooms: 3,
  propertyType: 'SemiDetached',
  securityAddress: {
    buildingNumber: '10',
    street: 'High Street',
    town: 'Leeds',
    postcode: 'LS1 4AP',
    yearsAtAddress: 40,
    monthsAtAddress: 0,
  },
  isJointApplication: true,
  JointApplicant: {
    ...JOINT_FIXTURE,
    title: 'Mr',
    firstName: 'Ben',
    lastName: "O'Neill",
    email: 'ben@example.co.uk',
    contactNumber: '07911654321',
    dateOfBirth: '1979-12-31T00:00:00.000',
    maritalStatus: 'Married',
    employmentStatus: 'FullTime',
    yearsAtEmployer: 4,
    monthsAtEmployer: 2,
    netMonthlyIncome: 2100,
    ...consents,
  },
  discussFinancialCircumstances: true,
  additionalNeedsRequirements: true,
  additionalNeedsRequirementsStatement: 'Large print, please.\nCall after 5pm.',
  agreeSoftSearch: true,
  breathingSpace: false,
  termsAndConditionsAgreed: true,
  IsCompleted: true,
  ...consents,
  addresses: [
    {
      addressIndex: 0,
      flatNumber: 'Flat 2',
      buildingName: 'The Old Mill',
      buildingNumber: '3',
      street: 'Mill Lane',
      locality: 'Headingley',
      town: 'Leeds',
      county: 'West Yorkshire',
      postcode: 'LS6 3AA',
      yearsAtAddress: 1,
      monthsAtAddress: 6,
      residentialStatus: 'HomeownerWithMortgage',
    },
    {
      addressIndex: 1,
      buildingNumber: '1',
      street: 'Piccadilly',
      town: 'Manchester',
      postcode: 'M1 1AE',
      yearsAtAddress: 25,
      monthsAtAddress: 11,
      residentialStatus: 'PrivateTenant',
    },
  ],
  employments: [
    {
      employmentIndex: 0,
      employmentStatus: 'FullTime',
      yearsAtEmployer: 25,
      monthsAtEmployer: 11,
      occupation: 'Engineer',
      employerName: 'Acme Ltd',
      Town: 'Leeds',
    },
  ],
  evsrc: 'src',
  evcmp: 'cmp',
  evrfd: 'rfd',
  evoSource: 'evo',
  source: 'google',
  medium: 'cpc',
  utmTerm: 'car loans',
  keyword: 'finance',
  campaign: 'autumn',
};

type Path = readonly (string | number)[];

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** A copy of `base` with the value at `path` replaced, or removed when `value` is undefined. */
function changed(path: Path, value: unknown, base: object = VALID): Record<string, unknown> {
  const copy = clone(base) as Record<string, unknown>;
  let target: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    target = target[key] as Record<string | number, unknown>;
  }
  const last = path[path.length - 1]!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

function issuePaths(result: z.ZodSafeParseResult<unknown>): string[] {
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

const TODAY = { year: 2026, month: 3, day: 10 };

/**
 * What the server refuses a body for (applications/routes.ts): the schema's structural problems
 * merged with the journey's step rules over the body's answers (decision 0039).
 */
function problems(given: unknown, complete = true): FieldProblem[] {
  const schema = complete ? submissionPayloadSchema : partialSubmissionPayloadSchema;
  // A partial save says so (IsCompleted false); this file's bodies are full ones unless changed.
  const body =
    !complete && (given as { IsCompleted?: unknown }).IsCompleted === true
      ? { ...(given as object), IsCompleted: false }
      : given;
  const result = schema.safeParse(body);
  const structural = result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return mergeProblems(body, structural, { complete, today: TODAY });
}

const paths = (body: unknown, complete = true): string[] =>
  problems(body, complete).map((problem) => problem.path);
const pairs = (body: unknown, complete = true): [string, string][] =>
  problems(body, complete).map((problem) => [problem.path, problem.message]);

describe('submissionPayloadSchema', () => {
  it('accepts a complete, valid payload and returns it unchanged', () => {
    const result = submissionPayloadSchema.safeParse(VALID);
    expect(result.error?.issues).toBeUndefined();
    expect(result.success).toBe(true);
    expect(result.data).toEqual(VALID);
  });

  it('accepts a vehicle payload with only the answers its path asks', () => {
    // This file's deliberate answers: a retired applicant, an address without a number.
    const own = {
      submissionKey: '3f2b8c1e-9d4a-4b6e-8f00-1a2b3c4d5e6f',
      affiliateKey: 'default',
      submittedBy: 'em-apply-form',
      loanPurposeType: 'Vehicle',
      loanAmount: 6500,
      cashDeposit: 0,
      financeType: 'HirePurchase',
      term: 5,
      title: 'Mr',
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      contactNumber: '01134961000',
      dateOfBirth: '1990-01-01T00:00:00.000',
      maritalStatus: 'Single',
      drivingLicenceType: 'None',
      lookingToBuy: 'StillLooking',
      netMonthlyIncome: 0,
      isJointApplication: false,
      termsAndConditionsAgreed: true,
      IsCompleted: true,
      ...consents,
      addresses: [
        {
          addressIndex: 0,
          street: 'Briggate',
          town: 'Leeds',
          postcode: 'LS1 6HD',
          yearsAtAddress: 3,
          monthsAtAddress: 0,
          residentialStatus: 'Other',
        },
      ],
      employments: [
        {
          employmentIndex: 0,
          employmentStatus: 'Retired',
          yearsAtEmployer: 3,
          monthsAtEmployer: 0,
        },
      ],
    };
    // The payload keys of the answers the screens on this applicant's path ask. Any the lines
    // above leave out are answered as the shared applicant answers them, so a new question on
    // the vehicle path is answered here without an edit.
    const state = readPayload(own).state;
    const asked = new Set(
      journeySteps(state, TODAY)
        .flatMap((ref) => stepFields(ref, state))
        .map((field) => payloadNameOf(field.path).split('.')[0]!),
    );
    const fixture = applicantPayload('vehicle') as unknown as Record<string, unknown>;
    const minimal = {
      ...Object.fromEntries([...asked].map((key) => [key, fixture[key]])),
      ...own,
    };
    // What the payload itself needs besides answers (docs/payload.md).
    const envelope = new Set([
      'submissionKey',
      'affiliateKey',
      'submittedBy',
      'term',
      'isJointApplication',
      'IsCompleted',
    ]);
    expect(Object.keys(minimal).filter((key) => !asked.has(key) && !envelope.has(key))).toEqual([]);
    expect(paths(minimal)).toEqual([]);
  });

  const rejected: [string, Path, unknown][] = [
    ['a submission key that is not URL-safe', ['submissionKey'], 'a/b'],
    ['a submission key that is not a version 4 UUID', ['submissionKey'], 'e'],
    ['an empty submission key', ['submissionKey'], ''],
    ['a missing affiliate key', ['affiliateKey'], undefined],
    ['an affiliate key over 50', ['affiliateKey'], 'k'.repeat(51)],
    ['an empty submittedBy', ['submittedBy'], ''],
    ['a dealer number over 200', ['dealerNumber'], 'd'.repeat(201)],
    ['a variant over 200', ['variant'], 'v'.repeat(201)],
    ['a referrer host over 260', ['urlReferrer'], 'h'.repeat(261)],
    ['a submittedBy over 63', ['submittedBy'], 's'.repeat(64)],
    ['a user agent over 1000', ['userAgent'], 'u'.repeat(1001)],
    ['a remote address over 45', ['remoteAddress'], '1'.repeat(46)],
    ['a dateApplied that is not an ISO date-time', ['dateApplied'], '21/11/2026'],
    ['loan purpose SomethingElse (sent as Other)', ['loanPurposeType'], 'SomethingElse'],
    ['an unknown looking-to-buy answer', ['lookingToBuy'], 'Maybe'],
    ['a loan amount of 0', ['loanAmount'], 0],
    ['a loan amount over 1,000,000', ['loanAmount'], 1_000_001],
    ['a loan amount as text', ['loanAmount'], '5000'],
    ['a loan amount that is not finite', ['loanAmount'], Infinity],
    ['a negative cash deposit', ['cashDeposit'], -1],
    ['an unknown finance type', ['financeType'], 'Lease'],
    ['a term of 0', ['term'], 0],
    ['a term over 40', ['term'], 41],
    ['a fractional term', ['term'], 3.5],
    ['an unknown title', ['title'], 'Lord'],
    ['an empty first name', ['firstName'], ''],
    ['a first name over 50', ['firstName'], 'A'.repeat(51)],
    ['a last name with a control character', ['lastName'], 'Smith\u0000'],
    ['an email of the wrong format', ['email'], 'ada@'],
    ['an email over 50', ['email'], `${'a'.repeat(45)}@example.com`],
    ['a phone number under 10 digits', ['contactNumber'], '012345678'],
    ['a phone number over 13 digits', ['contactNumber'], '01234567890123'],
    ['a phone number with a country code', ['contactNumber'], '+447700900123'],
    ['a phone number with spaces', ['contactNumber'], '07700 900123'],
    ['a date of birth with a time zone', ['dateOfBirth'], '1980-02-29T00:00:00.000Z'],
    ['a date of birth that is not a calendar date', ['dateOfBirth'], '1981-02-29T00:00:00.000'],
    ['29 February in 1900, not a leap year', ['dateOfBirth'], '1900-02-29T00:00:00.000'],
    ['a date of birth with one-digit parts', ['dateOfBirth'], '1980-2-9T00:00:00.000'],
    ['an unknown marital status', ['maritalStatus'], 'Engaged'],
    ['an unknown driving licence', ['drivingLicenceType'], 'Pilot'],
    ['a negative income', ['netMonthlyIncome'], -1],
    ['an income over 1,000,000', ['netMonthlyIncome'], 1_000_001],
    ['a property value over the limit', ['propertyValue'], 100_000_001],
    ['a negative mortgage balance', ['mortgageBalance'], -5],
    ['too many bedrooms', ['propertyBedrooms'], 51],
    ['an unknown property type', ['propertyType'], 'Castle'],
    ['a separate security address over 50 years', ['securityAddress', 'yearsAtAddress'], 51],
    ['a security address postcode in lower case', ['securityAddress', 'postcode'], 'ls1 4ap'],
    ['an address postcode without its space', ['addresses', 0, 'postcode'], 'LS63AA'],
    ['an address postcode that is not a postcode', ['addresses', 0, 'postcode'], 'LS6 AAA'],
    ['an address over 25 years', ['addresses', 0, 'yearsAtAddress'], 26],
    ['an address over 11 months', ['addresses', 0, 'monthsAtAddress'], 12],
    ['negative address years', ['addresses', 0, 'yearsAtAddress'], -1],
    ['fractional address months', ['addresses', 0, 'monthsAtAddress'], 1.5],
    ['missing address years', ['addresses', 0, 'yearsAtAddress'], undefined],
    ['an address line over 100', ['addresses', 0, 'street'], 's'.repeat(101)],
    ['an unknown residential status', ['addresses', 0, 'residentialStatus'], 'Boat'],
    ['an address index that is not its position', ['addresses', 1, 'addressIndex'], 0],
    ['employer years over 25', ['employments', 0, 'yearsAtEmployer'], 26],
    ['employer months over 11', ['employments', 0, 'monthsAtEmployer'], 12],
    ['an unknown employment status', ['employments', 0, 'employmentStatus'], 'Pirate'],
    ['an employer town over 50', ['employments', 0, 'Town'], 't'.repeat(51)],
    ['an employment index that is not its position', ['employments', 0, 'employmentIndex'], 1],

    ['terms not agreed', ['termsAndConditionsAgreed'], false],
    ['terms missing', ['termsAndConditionsAgreed'], undefined],
    ['IsCompleted missing', ['IsCompleted'], undefined],
    ['IsCompleted as text', ['IsCompleted'], 'true'],
    ['a consent missing', ['IsOptedEmailThirdParty'], undefined],
    ['a joint applicant without a first name', ['JointApplicant', 'firstName'], undefined],
    ['a joint applicant with a bad phone', ['JointApplicant', 'contactNumber'], '123'],
    ['a joint employment over 25 years', ['JointApplicant', 'yearsAtEmployer'], 26],
    ['a joint consent that is not a boolean', ['JointApplicant', 'IsOptedSms'], 'yes'],

    [
      'an additional-needs statement over 500',
      ['additionalNeedsRequirementsStatement'],
      'x'.repeat(501),
    ],
    [
      'an additional-needs statement with a control character',
      ['additionalNeedsRequirementsStatement'],
      'a\u0007',
    ],
    ['a UTM term over 200', ['utmTerm'], 't'.repeat(201)],
  ];

  it.each(rejected)('rejects %s, at its path', (_name, path, value) => {
    expect(paths(changed(path, value))).toEqual([path.join('.')]);
  });

  it('refuses empty histories and a joint application without the joint applicant', () => {
    // The structural problem, and the screens' messages for what the first entry would answer.
    expect(paths(changed(['addresses'], []))).toContain('addresses');
    expect(paths(changed(['addresses'], []))).toContain('addresses.0.postcode');
    expect(paths(changed(['employments'], []))).toContain('employments');
    // Each screen the joint applicant's path asks says what it needs.
    const noJoint = problems(changed(['JointApplicant'], undefined));
    expect(noJoint).toContainEqual({
      path: 'JointApplicant.title',
      message: 'Please enter their title.',
    });
    expect(noJoint).toContainEqual({
      path: 'JointApplicant.firstName',
      message: 'Please enter their first name.',
    });
  });

  it('accepts each limit at its boundary', () => {
    const boundaries: [Path, unknown][] = [
      [['loanAmount'], 10_000],
      [['loanAmount'], 250_000],
      [['term'], 3],
      [['term'], 25],
      [['netMonthlyIncome'], 100_000],
      [['propertyValue'], 10_000],
      [['propertyValue'], 10_000_000],
      [['mortgageBalance'], 0],
      [['propertyBedrooms'], 1],
      [['propertyBedrooms'], 20],
      [['firstName'], 'A'.repeat(50)],
      [['email'], `${'a'.repeat(38)}@example.com`],
      [['employments', 0, 'Town'], 't'.repeat(50)],
      [['securityAddress', 'yearsAtAddress'], 50],
      [['additionalNeedsRequirementsStatement'], 'x'.repeat(500)],
      [['dateApplied'], '2026-11-21T10:15:00+01:00'],
    ];
    for (const [path, value] of boundaries) {
      expect(paths(changed(path, value))).toEqual([]);
    }
  });

  it('holds a security address copied from the current address to the copy, at 10 years', () => {
    const { addressIndex: _index, ...current } = clone(VALID.addresses[0]!);
    // Twelve years at the current address: one address is the whole history.
    const moved = changed(
      ['addresses'],
      [{ ...clone(VALID.addresses[0]!), yearsAtAddress: 12 }],
      changed(['isSecurityCurrentAddress'], true),
    );
    const copy = changed(['securityAddress'], { ...current, yearsAtAddress: 10 }, moved);
    expect(paths(copy)).toEqual([]);
    expect(problems(changed(['securityAddress', 'yearsAtAddress'], 12, copy))).toEqual([
      {
        path: 'securityAddress.yearsAtAddress',
        message: 'Must be at most 10 for a copy of the current address',
      },
    ]);
    // Not the current address: each line that differs is named.
    expect(problems(changed(['securityAddress', 'town'], 'York', copy))).toEqual([
      {
        path: 'securityAddress.town',
        message: 'Must be the current address, as security-address-confirm says',
      },
    ]);
    // A secured application sends its security address, copied or separate.
    const noSecurity = changed(['securityAddress'], undefined, copy);
    expect(paths(noSecurity)).toEqual(['securityAddress']);
  });

  it('rejects a joint applicant unless isJointApplication is true', () => {
    expect(paths(changed(['isJointApplication'], false))).toEqual(['JointApplicant']);
    // The joint question is asked on every path, so a full submission answers it; what it
    // would not ask is named once it is answered.
    expect(paths(changed(['isJointApplication'], undefined))).toEqual(['isJointApplication']);
    const single = changed(['JointApplicant'], undefined, changed(['isJointApplication'], false));
    expect(paths(single)).toEqual([]);
  });

  it('rejects an additional-needs statement unless discussFinancialCircumstances is true', () => {
    expect(paths(changed(['discussFinancialCircumstances'], false))).toEqual([
      'additionalNeedsRequirementsStatement',
    ]);
    expect(paths(changed(['discussFinancialCircumstances'], undefined), false)).toEqual([
      'additionalNeedsRequirementsStatement',
    ]);
  });

  it('rejects more than 10 addresses or employments', () => {
    const addresses = Array.from({ length: PAYLOAD_LIMITS.addresses + 1 }, (_, addressIndex) => ({
      addressIndex,
      yearsAtAddress: 0,
      monthsAtAddress: 1,
    }));
    expect(paths(changed(['addresses'], addresses))).toContain('addresses');
    const employments = Array.from({ length: 11 }, (_, employmentIndex) => ({
      employmentIndex,
      yearsAtEmployer: 0,
      monthsAtEmployer: 1,
    }));
    expect(paths(changed(['employments'], employments))).toContain('employments');
  });

  it('requires every person field of a full submission', () => {
    const fields = [
      'title',
      'firstName',
      'lastName',
      'email',
      'contactNumber',
      'dateOfBirth',
      'maritalStatus',
      'netMonthlyIncome',
    ];
    for (const field of fields) {
      expect(paths(changed([field], undefined))).toEqual([field]);
    }
  });

  describe('unknown keys', () => {
    const unknown: [string, Path][] = [
      ['at the top level', ['loanTerm']],
      ['in an address', ['addresses', 0, 'houseName']],
      ['in an employment', ['employments', 0, 'employerTown']],
      ['in the security address', ['securityAddress', 'addressIndex']],
      ['in the joint applicant', ['JointApplicant', 'isOptedEmail']],
    ];

    it.each(unknown)('are rejected %s', (_where, path) => {
      const result = submissionPayloadSchema.safeParse(changed(path, 'x'));
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({
          code: 'unrecognized_keys',
          keys: [path[path.length - 1]],
          path: path.slice(0, -1),
        }),
      ]);
    });

    it('rejects an own __proto__ key (as JSON.parse makes it) without polluting prototypes', () => {
      const body = JSON.stringify(VALID).replace(
        '"submissionKey"',
        '"__proto__":{"polluted":true},"submissionKey"',
      );
      const parsed = JSON.parse(body) as object;
      expect(Object.keys(parsed)).toContain('__proto__');
      const result = submissionPayloadSchema.safeParse(parsed);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ code: 'unrecognized_keys', keys: ['__proto__'], path: [] }),
      ]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('rejects a nested __proto__ key', () => {
      const body = JSON.stringify(VALID).replace(
        '"addressIndex":0',
        '"addressIndex":0,"__proto__":{"polluted":true}',
      );
      const result = submissionPayloadSchema.safeParse(JSON.parse(body));
      expect(issuePaths(result)).toEqual(['addresses.0']);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });
});

describe('submissionPayloadSchema: the vehicle (lender panel rules)', () => {
  it('takes an optional vehicle type, registration year and mileage', () => {
    const vehicle = { vehicleType: 'Motorhome', year: 2018, mileage: 42000 };
    expect(submissionPayloadSchema.safeParse({ ...clone(VALID), vehicle }).success).toBe(true);
    expect(submissionPayloadSchema.safeParse({ ...clone(VALID), vehicle: {} }).success).toBe(true);
  });

  it.each([
    ['vehicleType', { vehicleType: 'Tank' }],
    ['year', { year: 1899 }],
    ['year', { year: 2018.5 }],
    ['mileage', { mileage: -1 }],
    ['', { vehicleType: 'Car', colour: 'red' }],
  ])('refuses a wrong %s', (field, vehicle) => {
    const result = submissionPayloadSchema.safeParse({ ...clone(VALID), vehicle });
    expect(issuePaths(result)).toEqual([field ? `vehicle.${field}` : 'vehicle']);
  });
});

const HIDDEN = (who: 'your' | 'their', label: string) =>
  `Please enter ${who} ${label} without hidden characters, such as zero-width spaces or text direction marks.`;

/** [what, path, value, the message the screen shows for it] */
const SCREEN_REFUSALS: [string, Path, unknown, string][] = [
  // phone (brand-level check, in its order)
  [
    'a drama number',
    ['contactNumber'],
    '07700900123',
    'Please try again, Your phone number looks invalid',
  ],
  [
    'ten digits',
    ['contactNumber'],
    '0791112345',
    'Please try again, UK phone numbers should contain 11 digits',
  ],
  [
    'thirteen digits',
    ['contactNumber'],
    '0791112345678',
    'Please try again, UK phone numbers should contain 11 digits',
  ],
  [
    'no allowed prefix',
    ['contactNumber'],
    '04123456789',
    'Please try again, Your phone number looks invalid',
  ],
  [
    'a country code',
    ['contactNumber'],
    '+447911123456',
    'Please enter your phone number without the country code',
  ],
  [
    'no leading 0',
    ['contactNumber'],
    '79111234567',
    'Please try again, your phone number should start with a 0',
  ],
  ['an empty phone', ['contactNumber'], '', 'Please enter your phone number'],
  ['a missing phone', ['contactNumber'], undefined, 'Please enter your phone number'],
  [
    'their drama number',
    ['JointApplicant', 'contactNumber'],
    '07700900456',
    'Please try again, their phone number looks invalid',
  ],
  [
    'their missing phone',
    ['JointApplicant', 'contactNumber'],
    undefined,
    'Please enter their phone number',
  ],
  // names (length and characters)
  ['an empty first name', ['firstName'], '', 'Please enter your first name.'],
  ['a blank last name', ['lastName'], '   ', 'Please enter your last name.'],
  ['a missing first name', ['firstName'], undefined, 'Please enter your first name.'],
  ['a long first name', ['firstName'], 'A'.repeat(51), 'Must be 50 characters or fewer.'],
  ['a bidi override', ['firstName'], 'Ada\u202eecalevoL', HIDDEN('your', 'first name')],
  ['a zero-width space', ['lastName'], 'Love\u200blace', HIDDEN('your', 'last name')],
  ['a byte order mark', ['firstName'], '\ufeffAda', HIDDEN('your', 'first name')],
  ['a lone surrogate', ['lastName'], 'Lovelace\ud800', HIDDEN('your', 'last name')],
  ['a control character', ['lastName'], 'Smith\u0000', HIDDEN('your', 'last name')],
  [
    'their zero-width joiner',
    ['JointApplicant', 'firstName'],
    'B\u200den',
    HIDDEN('their', 'first name'),
  ],
  [
    'their missing last name',
    ['JointApplicant', 'lastName'],
    undefined,
    'Please enter their last name.',
  ],
  // e-mail
  [
    'an e-mail of the wrong format',
    ['email'],
    'ada@',
    'Please try again. That email address doesn’t look right.',
  ],
  [
    'an e-mail with a space',
    ['email'],
    'ada @example.com',
    'Please try again. That email address doesn’t look right.',
  ],
  ['a missing e-mail', ['email'], undefined, 'Please enter your email address.'],
  [
    'their missing e-mail',
    ['JointApplicant', 'email'],
    undefined,
    'Please enter their email address.',
  ],
  ['a long e-mail', ['email'], `${'a'.repeat(45)}@example.com`, 'Must be 50 characters or fewer.'],
  // title, dropdowns, radios, checkbox
  ['an unknown title', ['title'], 'Lord', 'Please enter your title.'],
  ['their missing title', ['JointApplicant', 'title'], undefined, 'Please enter their title.'],
  ['an unknown marital status', ['maritalStatus'], 'Engaged', 'Please choose your marital status.'],
  [
    'their marital status',
    ['JointApplicant', 'maritalStatus'],
    'x',
    'Please choose their marital status.',
  ],
  ['an unknown property type', ['propertyType'], 'Castle', 'Please choose your property type.'],
  [
    'an unknown employment status',
    ['employments', 0, 'employmentStatus'],
    'Pirate',
    'Please choose your employment status.',
  ],
  [
    'an unknown residential status',
    ['addresses', 0, 'residentialStatus'],
    'Boat',
    'Please choose an option to continue.',
  ],
  ['a yes/no answer as text', ['ownOtherProperties'], 'no', 'Please choose an option to continue.'],
  [
    'an unknown loan purpose',
    ['loanPurposeType'],
    'Holiday',
    'Please choose an option to continue.',
  ],
  // A secured loan's product is the policy's `Secured` (decision 0064).
  [
    'a vehicle finance type on a secured loan',
    ['financeType'],
    'HirePurchase',
    'Not asked on this application',
  ],
  ['terms not agreed', ['termsAndConditionsAgreed'], false, 'Please check this box.'],
  // dates of birth (the rules that need no clock)
  [
    'a year before 1000',
    ['dateOfBirth'],
    '0999-01-01T00:00:00.000',
    "Please enter your year of birth using the format 'YYYY'.",
  ],
  [
    'a date that is not a calendar date',
    ['dateOfBirth'],
    '1981-02-29T00:00:00.000',
    'Please enter a valid date.',
  ],
  ['a missing date of birth', ['dateOfBirth'], undefined, 'Please enter your date of birth.'],
  [
    'their missing date of birth',
    ['JointApplicant', 'dateOfBirth'],
    undefined,
    'Please enter their date of birth.',
  ],
  // amounts, sliders and numbers
  ['a secured loan under £10,000', ['loanAmount'], 9999, 'Must be between 10000 and 250000.'],
  ['a secured loan over £250,000', ['loanAmount'], 250_001, 'Must be between 10000 and 250000.'],
  ['a term under 3 years', ['term'], 2, 'Must be between 3 and 25.'],
  ['a term over 25 years', ['term'], 26, 'Must be between 3 and 25.'],
  ['an income over £100,000', ['netMonthlyIncome'], 100_001, 'Must be between 0 and 100000.'],
  ['a negative income', ['netMonthlyIncome'], -1, 'Must be between 0 and 100000.'],
  ['a missing income', ['netMonthlyIncome'], undefined, 'Please enter your net monthly income.'],
  [
    'their income over £100,000',
    ['JointApplicant', 'netMonthlyIncome'],
    100_001,
    'Must be between 0 and 100000.',
  ],
  [
    'a property value under £10,000',
    ['propertyValue'],
    9999,
    'Must be between 10000 and 10000000.',
  ],
  [
    'a mortgage balance over £10,000,000',
    ['mortgageBalance'],
    10_000_001,
    'Must be between 0 and 10000000.',
  ],
  ['no bedrooms', ['propertyBedrooms'], 0, 'Must be between 1 and 20.'],
  ['21 bedrooms', ['propertyBedrooms'], 21, 'Must be between 1 and 20.'],
  // A secured loan asks no deposit: only the policy's 0 may be sent (decision 0064).
  ['a deposit on a secured loan', ['cashDeposit'], 1500, 'Not asked on this application'],
  // years and months
  [
    '12 months at an address',
    ['addresses', 0, 'monthsAtAddress'],
    12,
    'Please answer this question.',
  ],
  [
    '26 years at an address',
    ['addresses', 0, 'yearsAtAddress'],
    26,
    'Please answer this question.',
  ],
  [
    'fractional months with an employer',
    ['employments', 0, 'monthsAtEmployer'],
    1.5,
    'Please answer this question.',
  ],
  [
    'their 26 years with an employer',
    ['JointApplicant', 'yearsAtEmployer'],
    26,
    'Please answer this question.',
  ],
  // postcodes and addresses
  [
    'a postcode that is not one',
    ['addresses', 0, 'postcode'],
    'LS6 AAA',
    'Please enter a valid postcode.',
  ],
  [
    'a postcode not written as the payload rule writes it',
    ['securityAddress', 'postcode'],
    'ls1 4ap',
    'Please enter a valid postcode.',
  ],
  ['a missing postcode', ['addresses', 0, 'postcode'], undefined, 'Please enter your postcode.'],
  [
    'a missing residential status',
    ['addresses', 1, 'residentialStatus'],
    undefined,
    'Please choose an option to continue.',
  ],
  // employment text
  [
    'a long occupation',
    ['employments', 0, 'occupation'],
    'o'.repeat(51),
    'Must be 50 characters or fewer.',
  ],
  [
    'a missing employer name',
    ['employments', 0, 'employerName'],
    undefined,
    'Please enter your employer name.',
  ],
  [
    'a missing employment status',
    ['employments', 0, 'employmentStatus'],
    undefined,
    'Please choose your employment status.',
  ],
  [
    'their missing employment status',
    ['JointApplicant', 'employmentStatus'],
    undefined,
    'Please choose their employment status.',
  ],
  // answers the secured path asks
  ['a missing property value', ['propertyValue'], undefined, 'Please enter your property value.'],
  ['a missing property type', ['propertyType'], undefined, 'Please choose your property type.'],
  ['no soft-search answer', ['agreeSoftSearch'], undefined, 'Please choose an option to continue.'],
  [
    'no breathing-space answer',
    ['breathingSpace'],
    undefined,
    'Please choose an option to continue.',
  ],
];

describe('the screens’ rules at the server (decisions 0013 and 0039)', () => {
  it.each(SCREEN_REFUSALS)(
    'refuses %s with the screen’s message',
    (_what, path, value, message) => {
      expect(pairs(changed(path, value))).toEqual([[path.join('.'), message]]);
    },
  );

  it('holds amounts to whole pounds, and a vehicle loan’s term to the term screen’s range', () => {
    const vehicle = applicantPayload('vehicle', { today: TODAY }) as unknown as Record<
      string,
      unknown
    >;
    expect(pairs({ ...vehicle, loanAmount: 5000.5 })).toEqual([
      ['loanAmount', 'Must be a whole number.'],
    ]);
    expect(pairs({ ...vehicle, netMonthlyIncome: 2400.01 })).toEqual([
      ['netMonthlyIncome', 'Must be a whole number.'],
    ]);
    // A vehicle application asks no term: the policy's 5, or a term the term screen accepts.
    for (const term of [0, -1, 99, 26, 2]) {
      expect(pairs({ ...vehicle, term }), String(term)).toEqual([
        ['term', 'Not asked on this application'],
      ]);
    }
    for (const term of [3, 5, 25]) expect(paths({ ...vehicle, term })).toEqual([]);
    // The payload of docs/product.md §3 always carries a term.
    const { term: _term, ...noTerm } = vehicle;
    expect(paths(noTerm)).toEqual(['term']);
  });

  it('holds a vehicle loan to the amount-to-finance range and asks for the licence', () => {
    const vehicle = {
      ...(applicantPayload('vehicle', { today: TODAY }) as object),
      financeType: 'PersonalContractPurchase',
      drivingLicenceType: 'FullUK',
      lookingToBuy: 'StillLooking',
      cashDeposit: 2500,
    };
    expect(paths(vehicle)).toEqual([]);
    expect(pairs({ ...vehicle, cashDeposit: 100_001 })).toEqual([
      ['cashDeposit', 'Must be between 0 and 100000.'],
    ]);
    const messages = (payload: object) => problems(payload).map((p) => p.message);
    expect(messages({ ...vehicle, loanAmount: 999 })).toEqual(['Must be between 1000 and 100000.']);
    expect(messages({ ...vehicle, loanAmount: 100_001 })).toEqual([
      'Must be between 1000 and 100000.',
    ]);
    expect(messages({ ...vehicle, financeType: 'Secured' })).toEqual([
      'Please choose an option to continue.',
    ]);
    expect(messages(changed(['drivingLicenceType'], undefined, vehicle))).toEqual([
      'Please choose an option to continue.',
    ]);
  });

  it('refuses an address without a town or a first line as the address select does', () => {
    for (const line of ['town', 'street']) {
      expect(pairs(changed(['addresses', 1, line], undefined))).toEqual(
        line === 'town' ? [['addresses.1', 'Please choose your address.']] : [],
      );
    }
    const noLines = changed(['addresses', 1], {
      addressIndex: 1,
      town: 'Manchester',
      postcode: 'M1 1AE',
      yearsAtAddress: 25,
      monthsAtAddress: 11,
      residentialStatus: 'PrivateTenant',
    });
    expect(problems(noLines).map((problem) => problem.message)).toEqual([
      'Please choose your address.',
    ]);
  });

  it('asks occupation and employer only of the employed', () => {
    const retired = changed(['employments', 0], {
      employmentIndex: 0,
      employmentStatus: 'Retired',
      yearsAtEmployer: 3,
      monthsAtEmployer: 0,
    });
    expect(paths(retired)).toEqual([]);
  });

  it('lets a partial save leave answers out, but refuses what is sent as the screens do', () => {
    const early = changed(['propertyValue'], undefined, changed(['breathingSpace'], undefined));
    expect(paths(early, false)).toEqual([]);
    expect(problems(changed(['contactNumber'], '07700900123'), false)).toEqual([
      { path: 'contactNumber', message: 'Please try again, Your phone number looks invalid' },
    ]);
  });

  it('accepts the phone numbers the audit found refused in the browser only as digits', () => {
    expect(problems(changed(['contactNumber'], '07911-123456'))).toEqual([
      {
        path: 'contactNumber',
        message: 'Must be sent as digits only, as the payload rule sends it',
      },
    ]);
  });
});

describe('the date-of-birth rules that need today, on the server’s date', () => {
  it.each([
    [
      '2005-03-11T00:00:00.000',
      'You must be at least 21 years old to apply for finance with us.',
      'They must be at least 21 years old to apply for finance with us.',
    ],
    ['2005-03-10T00:00:00.000', null, null],
    ['1951-03-11T00:00:00.000', null, null],
    [
      '1951-03-10T00:00:00.000',
      'You must be under 75 years old to apply for finance with us.',
      'They must be under 75 years old to apply for finance with us.',
    ],
    [
      '2027-01-01T00:00:00.000',
      'Please check you have entered your year of birth correctly.',
      'Please check you have entered their year of birth correctly.',
    ],
  ])('%s → %s', (dateOfBirth, message, theirs) => {
    expect(problems(changed(['dateOfBirth'], dateOfBirth))).toEqual(
      message === null ? [] : [{ path: 'dateOfBirth', message }],
    );
    expect(problems(changed(['JointApplicant', 'dateOfBirth'], dateOfBirth))).toEqual(
      theirs === null ? [] : [{ path: 'JointApplicant.dateOfBirth', message: theirs }],
    );
  });

  it('names a date of the wrong shape by its shape', () => {
    expect(problems(changed(['dateOfBirth'], 'x'))).toEqual([
      { path: 'dateOfBirth', message: 'Must be YYYY-MM-DDT00:00:00.000' },
    ]);
  });
});

describe('partialSubmissionPayloadSchema', () => {
  const personFields = [
    'title',
    'firstName',
    'lastName',
    'email',
    'contactNumber',
    'dateOfBirth',
    'maritalStatus',
    'netMonthlyIncome',
  ];

  function withoutPeople(): Record<string, unknown> {
    const copy = clone(VALID) as Record<string, unknown>;
    for (const field of personFields) delete copy[field];
    copy.JointApplicant = { ...consents };
    copy.addresses = [];
    copy.employments = [];
    return copy;
  }

  it('accepts a payload whose person fields, joint details and histories are not yet given', () => {
    expect(paths(withoutPeople(), false)).toEqual([]);
    const noJoint = changed(['JointApplicant'], undefined, withoutPeople());
    expect(paths(noJoint, false)).toEqual([]);
  });

  it('accepts a complete payload, saved as not yet complete', () => {
    expect(partialSubmissionPayloadSchema.safeParse({ ...VALID, IsCompleted: false }).success).toBe(
      true,
    );
  });

  it('says IsCompleted false on a partial save and true on a full submission', () => {
    expect(problems({ ...VALID, IsCompleted: false })).toEqual([
      { path: 'IsCompleted', message: 'Must be true for a full submission' },
    ]);
    const partial = partialSubmissionPayloadSchema.safeParse(VALID);
    expect(
      partial.success ? [] : partial.error.issues.map((i) => [i.path.join('.'), i.message]),
    ).toEqual([['IsCompleted', 'Must be false for a partial save']]);
  });

  it('keeps the types and limits of what is sent', () => {
    const cases: [Path, unknown][] = [
      [['email'], 'not-an-email'],
      [['firstName'], 'A'.repeat(51)],
      [['loanAmount'], 0],
      [['JointApplicant', 'contactNumber'], '12'],
      [['addresses', 0, 'yearsAtAddress'], 26],
    ];
    for (const [path, value] of cases) {
      expect(paths(changed(path, value), false)).toEqual([path.join('.')]);
    }
  });

  it('still requires the terms to be agreed (docs/product.md §5)', () => {
    expect(paths(changed(['termsAndConditionsAgreed'], false, withoutPeople()), false)).toEqual([
      'termsAndConditionsAgreed',
    ]);
  });

  it('still rejects unknown keys and a joint applicant on a single application', () => {
    expect(paths(changed(['extra'], 1), false)).toEqual(['']);
    const single = changed(['isJointApplication'], false, withoutPeople());
    expect(paths(single, false)).toEqual(['JointApplicant']);
  });
});

describe('submissionResponseSchema', () => {
  const approved = {
    dealerNumber: 'D123',
    duplicateRequest: false,
    declineReason: null,
    quoteValid: true,
    quoteProcessed: true,
    applicationId: 'APP-1',
    otp: '012345',
    accountStatus: 1,
  };

  it('accepts an answer and drops fields it does not know', () => {
    const result = submissionResponseSchema.safeParse({ ...approved, extra: 'ignored' });
    expect(result.data).toEqual(approved);
  });

  it('accepts a minimal decline', () => {
    const declined = {
      duplicateRequest: false,
      declineReason: 'Age',
      quoteValid: false,
      quoteProcessed: false,
    };
    expect(submissionResponseSchema.safeParse(declined).success).toBe(true);
  });

  it('accepts every account status code and rejects others', () => {
    for (const code of Object.values(ACCOUNT_STATUS)) {
      expect(submissionResponseSchema.safeParse({ ...approved, accountStatus: code }).success).toBe(
        true,
      );
    }
    for (const code of [0, 6, '1']) {
      const result = submissionResponseSchema.safeParse({ ...approved, accountStatus: code });
      expect(issuePaths(result)).toEqual(['accountStatus']);
    }
  });

  it('requires declineReason to be given, even as null', () => {
    const { declineReason: _omitted, ...rest } = approved;
    expect(issuePaths(submissionResponseSchema.safeParse(rest))).toEqual(['declineReason']);
  });

  it('carries the lender panel’s quote and matched lenders, and older answers without them', () => {
    const quote = {
      lenderId: 'northgate-vehicle',
      lender: 'Northgate Vehicle Credit (fictional)',
      productId: 'prime-motor',
      product: 'Prime motor finance',
      rateLabel: 'APR',
      amount: 7500,
      termMonths: 48,
      apr: 0.079,
      monthlyPayment: 181.79,
      totalCostOfCredit: 1225.92,
      totalPayable: 8725.92,
      validUntil: '2026-04-09',
    };
    const matchedLenders = [
      { id: 'northgate-vehicle', name: 'Northgate Vehicle Credit (fictional)' },
    ];
    expect(submissionResponseSchema.parse({ ...approved, quote, matchedLenders })).toEqual({
      ...approved,
      quote,
      matchedLenders,
    });
    expect(
      submissionResponseSchema.safeParse({ ...approved, quote: null, matchedLenders: [] }).success,
    ).toBe(true);
    expect(
      issuePaths(
        submissionResponseSchema.safeParse({
          ...approved,
          quote: { ...quote, validUntil: 'soon', apr: 7.9 },
        }),
      ),
    ).toEqual(['quote.apr', 'quote.validUntil']);
  });
});

describe('ACCOUNT_STATUS', () => {
  it('has the codes of docs/product.md §3', () => {
    expect(ACCOUNT_STATUS).toEqual({
      New: 1,
      PendingVerification: 2,
      Suspended: 3,
      Archived: 4,
      Active: 5,
    });
  });
});

describe('address lookup shapes', () => {
  const item = { udprn: '23747771', Type: 'Address', Address: '10 Downing Street, London' };

  it('accepts a lookup item and a list of them', () => {
    expect(addressLookupItemSchema.parse(item)).toEqual(item);
    expect(addressListResponseSchema.parse({ Items: [item, { ...item, Type: 'Street' }] })).toEqual(
      {
        Items: [item, { ...item, Type: 'Street' }],
      },
    );
  });

  it('rejects an item without an id or display text', () => {
    expect(issuePaths(addressLookupItemSchema.safeParse({ ...item, udprn: '' }))).toEqual([
      'udprn',
    ]);
    expect(issuePaths(addressLookupItemSchema.safeParse({ udprn: '1', Type: 'Address' }))).toEqual([
      'Address',
    ]);
    expect(issuePaths(addressListResponseSchema.safeParse({}))).toEqual(['Items']);
  });

  it('accepts address details with missing parts, but not without a postcode', () => {
    const detail = {
      subBuilding: null,
      houseName: null,
      houseNumber: '10',
      street: 'Downing Street',
      town: 'London',
      postcode: 'SW1A 2AA',
    };
    expect(addressDetailSchema.parse(detail)).toEqual(detail);
    expect(addressDetailResponseSchema.parse({ Items: [detail] })).toEqual({ Items: [detail] });
    expect(issuePaths(addressDetailSchema.safeParse({ ...detail, postcode: undefined }))).toEqual([
      'postcode',
    ]);
    expect(
      issuePaths(addressDetailSchema.safeParse({ ...detail, street: 's'.repeat(101) })),
    ).toEqual(['street']);
  });
});
