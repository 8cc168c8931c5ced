import { describe, expect, it } from 'vitest';
import { BRANDS } from './brands.js';
import {
  buildSubmissionPayload,
  canSubmit,
  payloadDateOfBirth,
  type SubmissionPayloadDraft,
} from './payload.js';
import { partialSubmissionPayloadSchema, submissionPayloadSchema } from './schemas.js';
import {
  createInitialState,
  emptyAddress,
  emptyEmployment,
  type Address,
  type ApplicationState,
  type Employment,
} from './journey/index.js';

const KEY = '3f2b8c1e-9d4a-4b6e-8f00-1a2b3c4d5e6f';
const brand = BRANDS.progressive;

function address(overrides: Partial<Address>): Address {
  return { ...emptyAddress(), ...overrides };
}

function employment(overrides: Partial<Employment>): Employment {
  return { ...emptyEmployment(), ...overrides };
}

/** A secured, joint application as the journey leaves it just before submission. */
function fullState(): ApplicationState {
  const state = createInitialState();
  Object.assign(state, {
    applicationKey: KEY,
    GUID: KEY,
    host: 'progressive.example.co.uk',
    subdomain: 'progressive',
    affiliateConfig: 'progressive',
    variant: 'CDJ-MVP',
    appliedDate: '2026-11-21T10:15:00.000Z',
    dobDay: '5',
    dobMonth: '03',
    dobYear: '1980',
    jointDobDay: '31',
    jointDobMonth: '12',
    jointDobYear: '1979',
    isJointApplication: true,
    isSecurityCurrentAddress: false,
  });
  state.partnerSetup.affiliateUserId = 'D123';
  Object.assign(state.form, {
    sessionId: KEY,
    affiliateUserId: 'D123',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    hostAddress: 'progressive.example.co.uk',
    loanPurposeType: 'HomeImprovements',
    financeType: 'Secured',
    loanAmount: 25000,
    term: 10,
    cashDeposit: 0,
    propertyValue: 300000,
    mortgageBalance: 120000,
    propertyBedrooms: 3,
    propertyType: 'SemiDetached',
    ownOtherProperties: false,
    isSecurityCurrentAddress: false,
    isJointApplication: true,
    title: 'Ms',
    firstName: '  ada ',
    lastName: "o'neill",
    email: ' ada@example.co.uk ',
    contactNumber: '+44 7911 123456',
    dateOfBirth: '1980-03-05T00:00:00.000Z',
    maritalStatus: 'Married',
    netMonthlyIncome: 2500,
    breathingSpace: false,
    agreeSoftSearch: true,
    discussFinancialCircumstances: true,
    additionalNeedsRequirements: true,
    additionalNeedsRequirementsStatement: '  Large print, please. ',
    isAgreedTermsAndConditions: true,
    IsFullApplication: true,
    isOptedEmail: true,
    isOptedPost: true,
    isOptedEmailPartner: true,
  });
  state.form.addresses = [
    address({
      subBuilding: 'Flat 2',
      houseName: 'The Old Mill',
      houseNumber: '3',
      street: 'Mill Lane',
      locality: 'Headingley',
      town: 'Leeds',
      county: 'West Yorkshire',
      postcode: 'ls63aa',
      yearsAtAddress: 1,
      monthsAtAddress: 6,
      residentialStatus: 'HomeownerWithMortgage',
    }),
    address({
      houseNumber: '9',
      street: 'Oxford Road',
      town: 'Manchester',
      postcode: 'M1 1AE',
      yearsAtAddress: 30,
      monthsAtAddress: 14,
      residentialStatus: 'PrivateTenant',
    }),
  ];
  state.form.employments = [
    employment({
      employmentStatus: 'FullTime',
      occupation: 'Engineer',
      employerName: 'Acme Ltd',
      employerTown: 'Leeds',
      yearsAtEmployer: 2,
      monthsAtEmployer: 3,
    }),
    employment({ employmentStatus: 'Retired', yearsAtEmployer: 5, monthsAtEmployer: 0 }),
  ];
  state.form.securityAddress = {
    ...address({
      houseName: 'Rose Cottage',
      street: 'Church Lane',
      town: 'York',
      postcode: 'YO1 7HH',
      yearsAtAddress: 60,
      monthsAtAddress: 2,
      residentialStatus: 'HomeownerNoMortgage',
    }),
    manual: true,
  };
  Object.assign(state.form.joint, {
    title: 'Mr',
    firstName: 'ben',
    lastName: ' smith',
    email: 'ben@example.co.uk ',
    contactNumber: '07911 654321',
    maritalStatus: 'Married',
    employmentStatus: 'PartTime',
    yearsAtEmployer: 4,
    monthsAtEmployer: 2,
    netMonthlyIncome: 2100,
    isOptedSms: true,
    isOptedThirdParty: true,
    isOptedPostPartner: true,
  });
  Object.assign(state.form.utmParameters, {
    source: 'google',
    medium: 'cpc',
    term: 'car loans',
    content: 'banner',
    type: 'search',
    keyword: 'finance',
    campaign: 'autumn',
    evsrc: 'src',
    evcmp: 'cmp',
    evrfd: 'rfd',
    evo_source: 'evo',
  });
  return state;
}

function build(state: ApplicationState, isCompleted = true): SubmissionPayloadDraft {
  return buildSubmissionPayload(state, { brand, isCompleted });
}

function withForm(change: Partial<ApplicationState['form']>): ApplicationState {
  const state = fullState();
  Object.assign(state.form, change);
  return state;
}

function containsNull(value: unknown): boolean {
  if (value === null) return true;
  if (typeof value !== 'object') return false;
  return Object.values(value).some(containsNull);
}

describe('buildSubmissionPayload: a realistic application', () => {
  it('builds the whole payload of docs/product.md §3', () => {
    expect(build(fullState())).toEqual({
      submissionKey: KEY,
      affiliateKey: 'progressive',
      dealerNumber: 'D123',
      variant: 'CDJ-MVP',
      sessionId: KEY,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
      urlReferrer: 'progressive.example.co.uk',
      submittedBy: 'progressive',
      dateApplied: '2026-11-21T10:15:00.000Z',
      loanPurposeType: 'HomeImprovements',
      loanAmount: 25000,
      cashDeposit: 0,
      financeType: 'Secured',
      term: 10,
      title: 'Ms',
      firstName: 'Ada',
      lastName: "O'neill",
      email: 'ada@example.co.uk',
      contactNumber: '07911123456',
      dateOfBirth: '1980-03-05T00:00:00.000',
      maritalStatus: 'Married',
      netMonthlyIncome: 2500,
      isSecurityCurrentAddress: false,
      ownOtherProperties: false,
      propertyValue: 300000,
      mortgageBalance: 120000,
      propertyBedrooms: 3,
      propertyType: 'SemiDetached',
      securityAddress: {
        buildingName: 'Rose Cottage',
        street: 'Church Lane',
        town: 'York',
        postcode: 'YO1 7HH',
        yearsAtAddress: 50,
        monthsAtAddress: 2,
        residentialStatus: 'HomeownerNoMortgage',
      },
      isJointApplication: true,
      JointApplicant: {
        title: 'Mr',
        firstName: 'Ben',
        lastName: 'Smith',
        email: 'ben@example.co.uk',
        contactNumber: '07911654321',
        dateOfBirth: '1979-12-31T00:00:00.000',
        maritalStatus: 'Married',
        employmentStatus: 'PartTime',
        yearsAtEmployer: 4,
        monthsAtEmployer: 2,
        netMonthlyIncome: 2100,
        IsOptedEmail: false,
        IsOptedSms: true,
        IsOptedPhone: false,
        IsOptedPost: false,
        IsOptedThirdParty: true,
        IsOptedEmailThirdParty: false,
        IsOptedSmsThirdParty: false,
        IsOptedPhoneThirdParty: false,
        IsOptedPostThirdParty: true,
      },
      discussFinancialCircumstances: true,
      additionalNeedsRequirements: true,
      additionalNeedsRequirementsStatement: 'Large print, please.',
      agreeSoftSearch: true,
      breathingSpace: false,
      termsAndConditionsAgreed: true,
      IsCompleted: true,
      IsOptedEmail: true,
      IsOptedSms: false,
      IsOptedPhone: false,
      IsOptedPost: true,
      IsOptedThirdParty: false,
      IsOptedEmailThirdParty: true,
      IsOptedSmsThirdParty: false,
      IsOptedPhoneThirdParty: false,
      IsOptedPostThirdParty: false,
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
          buildingNumber: '9',
          street: 'Oxford Road',
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
          yearsAtEmployer: 2,
          monthsAtEmployer: 3,
          occupation: 'Engineer',
          employerName: 'Acme Ltd',
          Town: 'Leeds',
        },
        {
          employmentIndex: 1,
          employmentStatus: 'Retired',
          yearsAtEmployer: 5,
          monthsAtEmployer: 0,
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
    });
  });

  it('passes the server schemas for a full submission and a partial save', () => {
    const full = submissionPayloadSchema.safeParse(build(fullState()));
    expect(full.error?.issues).toBeUndefined();
    expect(partialSubmissionPayloadSchema.safeParse(build(fullState(), false)).success).toBe(true);
  });

  it('builds a partial save from a freshly started state that the partial schema accepts', () => {
    const state = createInitialState();
    state.GUID = KEY;
    state.form.isAgreedTermsAndConditions = true;
    const payload = build(state, false);
    expect(containsNull(payload)).toBe(false);
    expect(payload.addresses).toEqual([]);
    expect(payload.employments).toEqual([]);
    expect(partialSubmissionPayloadSchema.safeParse(payload).error?.issues).toBeUndefined();
    expect(submissionPayloadSchema.safeParse(payload).success).toBe(false);
  });
});

describe('buildSubmissionPayload: identity and tracking', () => {
  it('keys the submission by the session id, else the GUID', () => {
    expect(build(fullState()).submissionKey).toBe(KEY);
    const state = withForm({ sessionId: null });
    state.GUID = 'guid-1';
    const payload = build(state);
    expect(payload.submissionKey).toBe('guid-1');
    expect(payload).not.toHaveProperty('sessionId');
  });

  it('refuses to build without a session id or GUID', () => {
    const state = withForm({ sessionId: '  ' });
    state.GUID = null;
    expect(() => build(state)).toThrow(
      'Cannot build a submission payload: the state has no session id or GUID',
    );
  });

  it("sends the brand's affiliate key", () => {
    expect(
      buildSubmissionPayload(fullState(), { brand: BRANDS.default, isCompleted: true }),
    ).toMatchObject({
      affiliateKey: 'default',
    });
  });

  it('sends the affiliate user id as dealerNumber, from the form or the partner set-up', () => {
    const state = withForm({ affiliateUserId: null });
    expect(build(state).dealerNumber).toBe('D123');
    state.partnerSetup.affiliateUserId = null;
    expect(build(state)).not.toHaveProperty('dealerNumber');
  });

  it('sends the subdomain as submittedBy, else em-apply-form', () => {
    const state = fullState();
    for (const subdomain of [null, '', ' ']) {
      state.subdomain = subdomain;
      expect(build(state).submittedBy).toBe('em-apply-form');
    }
  });

  it('sends the current host as urlReferrer and the applied date', () => {
    const state = fullState();
    state.host = 'apply.example.com';
    state.appliedDate = '2026-01-02T03:04:05.006Z';
    expect(build(state)).toMatchObject({
      urlReferrer: 'apply.example.com',
      dateApplied: '2026-01-02T03:04:05.006Z',
    });
  });

  it('sends IsCompleted as asked and the terms answer of the form', () => {
    expect(build(fullState(), false).IsCompleted).toBe(false);
    expect(build(withForm({ isAgreedTermsAndConditions: false })).termsAndConditionsAgreed).toBe(
      false,
    );
  });
});

describe('buildSubmissionPayload: loan', () => {
  it.each([
    [null, 'Other'],
    ['SomethingElse', 'Other'],
    ['Vehicle', 'Vehicle'],
    ['DebtConsolidation', 'DebtConsolidation'],
  ] as const)('sends loan purpose %s as %s', (purpose, sent) => {
    expect(build(withForm({ loanPurposeType: purpose })).loanPurposeType).toBe(sent);
  });

  it('defaults a missing loan amount to 6500', () => {
    expect(build(withForm({ loanAmount: null })).loanAmount).toBe(6500);
    expect(build(withForm({ loanAmount: Number.NaN })).loanAmount).toBe(6500);
    expect(build(withForm({ loanAmount: '12000' as unknown as number })).loanAmount).toBe(12000);
  });

  it('defaults a missing or non-numeric cash deposit to 0', () => {
    expect(build(withForm({ cashDeposit: null })).cashDeposit).toBe(0);
    expect(build(withForm({ cashDeposit: 'abc' as unknown as number })).cashDeposit).toBe(0);
    expect(build(withForm({ cashDeposit: '' as unknown as number })).cashDeposit).toBe(0);
    expect(build(withForm({ cashDeposit: {} as unknown as number })).cashDeposit).toBe(0);
    expect(build(withForm({ cashDeposit: 1500 })).cashDeposit).toBe(1500);
  });

  it.each([
    [null, 5],
    [0, 5],
    [1, 5],
    [2, 5],
    [3, 3],
    [25, 25],
  ])('sends a term of %s as %i', (term, sent) => {
    expect(build(withForm({ term })).term).toBe(sent);
  });

  it('sends lookingToBuy and the finance type as answered', () => {
    const payload = build(withForm({ lookingToBuy: 'FoundVehicle', financeType: 'HirePurchase' }));
    expect(payload).toMatchObject({ lookingToBuy: 'FoundVehicle', financeType: 'HirePurchase' });
  });

  it('sends the vehicle type, year and mileage for a vehicle loan only (lender panel rules)', () => {
    const state = withForm({ loanPurposeType: 'Vehicle', vehicleType: 'Van' });
    state.form.vehicle = { ...state.form.vehicle, year: '2019', mileage: 42000 };
    const payload = build(state);
    expect(payload.vehicle).toEqual({ vehicleType: 'Van', year: 2019, mileage: 42000 });
    // The state is not a whole application; only the vehicle's part of the check matters here.
    const checked = submissionPayloadSchema.safeParse({
      ...payload,
      termsAndConditionsAgreed: true,
    });
    const vehicleIssues = (checked.error?.issues ?? []).filter(
      (issue) => issue.path[0] === 'vehicle',
    );
    expect(vehicleIssues).toEqual([]);

    state.form.vehicle = { ...state.form.vehicle, year: '19 plate', mileage: -5 };
    expect(build(state).vehicle).toEqual({ vehicleType: 'Van' });
    expect(build(withForm({ loanPurposeType: 'HomeImprovements' }))).not.toHaveProperty('vehicle');
  });
});

describe('buildSubmissionPayload: applicant', () => {
  it('trims names and email and capitalises the first letter of each name', () => {
    const payload = build(
      withForm({ firstName: ' éloïse ', lastName: 'van der berg', email: ' a@b.co ' }),
    );
    expect(payload).toMatchObject({
      firstName: 'Éloïse',
      lastName: 'Van der berg',
      email: 'a@b.co',
    });
  });

  it('leaves out names and email that are blank', () => {
    const payload = build(withForm({ firstName: '   ', lastName: null, email: '' }));
    expect(payload).not.toHaveProperty('firstName');
    expect(payload).not.toHaveProperty('lastName');
    expect(payload).not.toHaveProperty('email');
  });

  it('normalises the phone number, and leaves out one that cleans to nothing', () => {
    expect(build(withForm({ contactNumber: '07700.900,123' })).contactNumber).toBe('07700900123');
    expect(build(withForm({ contactNumber: '7700900123' })).contactNumber).toBe('07700900123');
    expect(build(withForm({ contactNumber: '+' }))).not.toHaveProperty('contactNumber');
  });

  it('leaves out an income that is not a number', () => {
    expect(build(withForm({ netMonthlyIncome: Infinity }))).not.toHaveProperty('netMonthlyIncome');
    expect(build(withForm({ netMonthlyIncome: 0 })).netMonthlyIncome).toBe(0);
  });
});

describe('payloadDateOfBirth and dates of birth', () => {
  it('builds YYYY-MM-DDT00:00:00.000 (no zone) from the boxes, padding day and month', () => {
    expect(payloadDateOfBirth('5', '3', '1980')).toBe('1980-03-05T00:00:00.000');
    expect(payloadDateOfBirth(' 29', '02 ', '2000')).toBe('2000-02-29T00:00:00.000');
  });

  it('gives null for a missing, malformed or impossible date', () => {
    expect(payloadDateOfBirth(null, '3', '1980')).toBeNull();
    expect(payloadDateOfBirth('5', undefined, '1980')).toBeNull();
    expect(payloadDateOfBirth('5', '3', '80')).toBeNull();
    expect(payloadDateOfBirth('5', '3', '1980a')).toBeNull();
    expect(payloadDateOfBirth('123', '3', '1980')).toBeNull();
    expect(payloadDateOfBirth('29', '2', '1900')).toBeNull();
    expect(payloadDateOfBirth('1', '13', '1980')).toBeNull();
  });

  it("uses the applicant's boxes, else the form's date without its zone", () => {
    const state = fullState();
    Object.assign(state, { dobDay: null, dobMonth: null, dobYear: null });
    expect(build(state).dateOfBirth).toBe('1980-03-05T00:00:00.000');
    state.form.dateOfBirth = null;
    expect(build(state)).not.toHaveProperty('dateOfBirth');
    state.form.dateOfBirth = 'yesterday';
    expect(build(state)).not.toHaveProperty('dateOfBirth');
  });

  it("uses the joint applicant's top-level boxes, then the joint boxes, then their date", () => {
    const state = fullState();
    Object.assign(state, { jointDobDay: null, jointDobMonth: null, jointDobYear: null });
    Object.assign(state.form.joint, {
      dobDay: '1',
      dobMonth: '2',
      dobYear: '1970',
      dateOfBirth: '1971-04-03T00:00:00.000Z',
    });
    expect(build(state).JointApplicant?.dateOfBirth).toBe('1970-02-01T00:00:00.000');
    state.form.joint.dobYear = null;
    expect(build(state).JointApplicant?.dateOfBirth).toBe('1971-04-03T00:00:00.000');
    state.form.joint.dateOfBirth = null;
    expect(build(state).JointApplicant).not.toHaveProperty('dateOfBirth');
  });
});

describe('buildSubmissionPayload: addresses', () => {
  function addresses(list: Address[]) {
    const state = fullState();
    state.form.addresses = list;
    return build(state).addresses;
  }

  it('maps subBuilding, houseName and houseNumber and normalises the postcode', () => {
    const [entry] = addresses([
      address({
        subBuilding: 'Flat 1',
        houseName: 'Ivy House',
        houseNumber: '12',
        postcode: 'sw1a2aa',
      }),
    ]);
    expect(entry).toEqual({
      addressIndex: 0,
      flatNumber: 'Flat 1',
      buildingName: 'Ivy House',
      buildingNumber: '12',
      postcode: 'SW1A 2AA',
      yearsAtAddress: 0,
      monthsAtAddress: 0,
    });
  });

  it('caps years at 25 and months at 11, and defaults missing ones to 0', () => {
    const list = addresses([address({ town: 'A', yearsAtAddress: 26, monthsAtAddress: 12 })]);
    expect(list[0]).toMatchObject({ yearsAtAddress: 25, monthsAtAddress: 11 });
    expect(addresses([address({ town: 'A', monthsAtAddress: 4 })])[0]).toMatchObject({
      yearsAtAddress: 0,
      monthsAtAddress: 4,
    });
  });

  it('skips empty addresses and numbers the rest from 0 without gaps', () => {
    const list = addresses([
      address({ town: 'A', monthsAtAddress: 6 }),
      address({ street: '  ', postcode: '' }),
      address({ town: 'B', monthsAtAddress: 6 }),
    ]);
    expect(list.map((entry) => [entry.addressIndex, entry.town])).toEqual([
      [0, 'A'],
      [1, 'B'],
    ]);
  });

  it('collects addresses while the months so far are 35 or fewer (docs/design.md D8)', () => {
    const months = (list: number[]) =>
      addresses(
        list.map((m, i) =>
          address({ town: `T${i}`, monthsAtAddress: m % 12, yearsAtAddress: Math.floor(m / 12) }),
        ),
      ).map((entry) => entry.town);
    // 24 + 11 = 35: still short of three years, so a third is added; then 41 stops.
    expect(months([24, 11, 6, 1])).toEqual(['T0', 'T1', 'T2']);
    // 36 after the first: nothing more.
    expect(months([36, 1])).toEqual(['T0']);
    // The first address is always sent, even with no time there.
    expect(months([0, 0])).toEqual(['T0', 'T1']);
  });

  it('counts capped values towards the history', () => {
    const list = addresses([
      address({ town: 'A', yearsAtAddress: 2, monthsAtAddress: 40 }),
      address({ town: 'B', yearsAtAddress: 1 }),
    ]);
    // 2 years and (capped) 11 months = 35 months, so B is still collected.
    expect(list.map((entry) => entry.town)).toEqual(['A', 'B']);
  });
});

describe('buildSubmissionPayload: security address', () => {
  it('copies the current address, capped at 10 years, when it is the security', () => {
    const state = fullState();
    state.form.isSecurityCurrentAddress = true;
    state.form.addresses[0]!.yearsAtAddress = 22;
    const payload = build(state);
    expect(payload.isSecurityCurrentAddress).toBe(true);
    expect(payload.securityAddress).toEqual({
      flatNumber: 'Flat 2',
      buildingName: 'The Old Mill',
      buildingNumber: '3',
      street: 'Mill Lane',
      locality: 'Headingley',
      town: 'Leeds',
      county: 'West Yorkshire',
      postcode: 'LS6 3AA',
      yearsAtAddress: 10,
      monthsAtAddress: 6,
      residentialStatus: 'HomeownerWithMortgage',
    });
    expect(submissionPayloadSchema.safeParse(payload).success).toBe(true);
  });

  it('copies the first address that is not empty', () => {
    const state = fullState();
    state.form.isSecurityCurrentAddress = true;
    state.form.addresses.unshift(emptyAddress());
    expect(build(state).securityAddress?.town).toBe('Leeds');
    state.form.addresses = [emptyAddress()];
    expect(build(state)).not.toHaveProperty('securityAddress');
  });

  it('sends a separate security address capped at 50 years, without its manual flag', () => {
    const payload = build(fullState());
    expect(payload.securityAddress).toMatchObject({ yearsAtAddress: 50, town: 'York' });
    expect(payload.securityAddress).not.toHaveProperty('manual');
  });

  it('sends no security address when the separate one is empty or the question unanswered', () => {
    const state = fullState();
    state.form.securityAddress = { ...emptyAddress(), manual: true };
    expect(build(state)).not.toHaveProperty('securityAddress');
    const vehicle = fullState();
    vehicle.form.isSecurityCurrentAddress = null;
    vehicle.isSecurityCurrentAddress = null;
    const payload = build(vehicle);
    expect(payload).not.toHaveProperty('securityAddress');
    expect(payload).not.toHaveProperty('isSecurityCurrentAddress');
  });

  it('falls back to the top-level isSecurityCurrentAddress', () => {
    const state = fullState();
    state.form.isSecurityCurrentAddress = null;
    state.isSecurityCurrentAddress = true;
    expect(build(state)).toMatchObject({
      isSecurityCurrentAddress: true,
      securityAddress: { town: 'Leeds' },
    });
  });
});

describe('buildSubmissionPayload: employments', () => {
  function employments(list: Employment[]) {
    const state = fullState();
    state.form.employments = list;
    return build(state).employments;
  }

  it('sends employerTown as Town, caps years at 25 and months at 11, defaults to 0', () => {
    expect(
      employments([
        employment({
          employmentStatus: 'Retired',
          employerTown: ' Hull ',
          yearsAtEmployer: 40,
          monthsAtEmployer: 13,
        }),
        employment({ employmentStatus: 'Student' }),
      ]),
    ).toEqual([
      {
        employmentIndex: 0,
        employmentStatus: 'Retired',
        Town: 'Hull',
        yearsAtEmployer: 25,
        monthsAtEmployer: 11,
      },
      { employmentIndex: 1, employmentStatus: 'Student', yearsAtEmployer: 0, monthsAtEmployer: 0 },
    ]);
  });

  it('skips empty employments and numbers the rest from 0', () => {
    const list = employments([
      emptyEmployment(),
      employment({ occupation: ' ' }),
      employment({ employerName: 'Acme' }),
    ]);
    expect(list).toEqual([
      { employmentIndex: 0, employerName: 'Acme', yearsAtEmployer: 0, monthsAtEmployer: 0 },
    ]);
  });
});

describe('buildSubmissionPayload: joint applicant', () => {
  it('is sent only when isJointApplication is true', () => {
    for (const flag of [false, null]) {
      const state = withForm({ isJointApplication: flag });
      state.isJointApplication = flag;
      expect(build(state)).not.toHaveProperty('JointApplicant');
    }
  });

  it('falls back to the top-level isJointApplication', () => {
    const state = withForm({ isJointApplication: null });
    expect(build(state).JointApplicant?.firstName).toBe('Ben');
    state.isJointApplication = false;
    expect(build(state)).not.toHaveProperty('JointApplicant');
  });

  it('leaves out an employment status of false, caps years and months, defaults to 0', () => {
    const state = fullState();
    Object.assign(state.form.joint, {
      employmentStatus: false,
      yearsAtEmployer: 30,
      monthsAtEmployer: null,
    });
    const joint = build(state).JointApplicant;
    expect(joint).not.toHaveProperty('employmentStatus');
    expect(joint).toMatchObject({ yearsAtEmployer: 25, monthsAtEmployer: 0 });
  });

  it('normalises their phone number and leaves out what they have not answered', () => {
    const state = fullState();
    Object.assign(state.form.joint, {
      contactNumber: '+44 (0)20 7946 0000',
      email: null,
      title: null,
    });
    const joint = build(state).JointApplicant;
    expect(joint?.contactNumber).toBe('02079460000');
    expect(joint).not.toHaveProperty('email');
    expect(joint).not.toHaveProperty('title');
  });
});

describe('buildSubmissionPayload: needs, consents and attribution', () => {
  it('sends the additional-needs statement only when discussFinancialCircumstances is true', () => {
    for (const flag of [false, null]) {
      const payload = build(withForm({ discussFinancialCircumstances: flag }));
      expect(payload).not.toHaveProperty('additionalNeedsRequirementsStatement');
    }
    expect(build(withForm({ additionalNeedsRequirementsStatement: '   ' }))).not.toHaveProperty(
      'additionalNeedsRequirementsStatement',
    );
  });

  it('sends the state isOpted*Partner flags as the *ThirdParty consents', () => {
    const state = fullState();
    Object.assign(state.form, {
      isOptedEmail: false,
      isOptedPost: false,
      isOptedEmailPartner: false,
      isOptedSms: true,
      isOptedPhone: true,
      isOptedThirdParty: true,
      isOptedSmsPartner: true,
      isOptedPhonePartner: true,
      isOptedPostPartner: true,
    });
    expect(build(state)).toMatchObject({
      IsOptedEmail: false,
      IsOptedSms: true,
      IsOptedPhone: true,
      IsOptedPost: false,
      IsOptedThirdParty: true,
      IsOptedEmailThirdParty: false,
      IsOptedSmsThirdParty: true,
      IsOptedPhoneThirdParty: true,
      IsOptedPostThirdParty: true,
    });
  });

  it('sends evo_source as evoSource and the UTM term as utmTerm, not content or type', () => {
    const payload = build(fullState());
    expect(payload).toMatchObject({ evoSource: 'evo', utmTerm: 'car loans', term: 10 });
    expect(payload).not.toHaveProperty('content');
    expect(payload).not.toHaveProperty('type');
  });

  it('leaves out attribution that is not there', () => {
    const state = fullState();
    state.form.utmParameters = {
      campaign: null,
      content: null,
      medium: null,
      source: null,
      term: null,
      type: null,
      keyword: null,
    };
    const payload = build(state);
    for (const key of [
      'evsrc',
      'evcmp',
      'evrfd',
      'evoSource',
      'source',
      'medium',
      'utmTerm',
      'keyword',
      'campaign',
    ]) {
      expect(payload).not.toHaveProperty(key);
    }
  });
});

describe('canSubmit (docs/product.md §4: only when the terms are agreed)', () => {
  it('is true only when the terms are agreed', () => {
    expect(canSubmit(fullState())).toBe(true);
    expect(canSubmit(withForm({ isAgreedTermsAndConditions: false }))).toBe(false);
    expect(canSubmit(createInitialState())).toBe(false);
  });
});
