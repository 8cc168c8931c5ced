import { describe, expect, it } from 'vitest';
import {
  GUID_PATTERN,
  LOAN_PURPOSES,
  STATE_VERSION,
  createInitialState,
  emptyAddress,
  emptyEmployment,
  guidFromBytes,
  isSecuredApplication,
  restoreState,
  serialiseState,
  type ApplicationState,
  type LoanPurposeType,
} from './journey/index.js';
import { journeySteps } from './journey/index.js';

function stored(edit: (raw: Record<string, unknown> & { form: Record<string, unknown> }) => void) {
  const raw = JSON.parse(serialiseState(createInitialState())) as Record<string, unknown> & {
    form: Record<string, unknown>;
  };
  edit(raw);
  return JSON.stringify(raw);
}

/** Every field answered with a valid value of its type, so nothing may be lost on restore. */
function complete(): ApplicationState {
  const state = answered();
  const text = 'x';
  Object.assign(state, {
    applicationId: text,
    vehicleId: text,
    host: text,
    subdomain: text,
    affiliateConfig: text,
    token: { authenticationToken: text },
    partnerSetup: { affiliateUserId: text },
    referrer: text,
    isJointApplication: true,
    isSecurityCurrentAddress: false,
    breathingSpace: false,
    showVehicleType: true,
    isEnabledGoBack: false,
    isEnabledContinue: false,
    isPreselectionEnabled: true,
    dobMonth: '03',
    dobYear: '1980',
    jointDobDay: '01',
    jointDobMonth: '02',
    jointDobYear: '1979',
    fullLicence: true,
    hasDeposit: true,
    applicationSubmitOk: true,
    isDuplicate: true,
    isLocked: true,
    isProduction: true,
    isUat: true,
    appliedDate: '2026-11-21T09:30:00.000Z',
    lockDown: true,
  });
  Object.assign(state.form, {
    additionalNeedsRequirementsStatement: text,
    additionalNeedsRequirements: true,
    discussFinancialCircumstances: true,
    agreeSoftSearch: true,
    loanPurposeType: 'Vehicle',
    breathingSpace: false,
    isSecurityCurrentAddress: true,
    isJointApplication: true,
    financeDetailsCompleted: true,
    addressLocationCompleted: true,
    financeType: 'HirePurchase',
    depositType: true,
    term: 5,
    cashDeposit: 1000,
    propertyValue: 250000,
    mortgageBalance: 100000,
    propertyBedrooms: 3,
    propertyType: 'Terraced',
    ownOtherProperties: false,
    lookingToBuy: 'FoundVehicle',
    lastName: text,
    email: text,
    contactNumber: text,
    dateOfBirth: '1980-03-07T00:00:00.000Z',
    maritalStatus: 'Married',
    drivingLicenceType: 'FullUK',
    netMonthlyIncome: 2500,
    affiliateUserId: text,
    vehicleType: 'Motorhome',
    remoteAddress: text,
    hostAddress: text,
    userAgent: text,
    submittedBy: 'apply',
    urlPrefix: text,
    applicationStartDate: '2026-11-21T09:30:00.000Z',
    IsFullApplication: true,
    isAgreedTermsAndConditions: true,
  });
  Object.assign(state.form.joint, {
    title: 'Mr',
    lastName: text,
    email: text,
    contactNumber: text,
    dateOfBirth: '1979-02-01T00:00:00.000Z',
    maritalStatus: 'Married',
    drivingLicenceType: 'EU',
    yearsAtEmployer: 2,
    monthsAtEmployer: 3,
    netMonthlyIncome: 1800,
    dobDay: '01',
    dobMonth: '02',
    dobYear: '1979',
    isOptedPostPartner: true,
  });
  const address = {
    subBuilding: text,
    houseName: text,
    houseNumber: '10',
    street: text,
    locality: text,
    town: text,
    county: text,
    postcode: 'SW1A 2AA',
    yearsAtAddress: 0,
    monthsAtAddress: 11,
    residentialStatus: 'PrivateTenant' as const,
  };
  state.form.addresses = [address];
  state.form.securityAddress = { ...address, manual: true };
  state.form.employments = [
    {
      employmentStatus: 'SelfEmployed',
      occupation: text,
      employerName: text,
      employerTown: text,
      yearsAtEmployer: 4,
      monthsAtEmployer: 0,
    },
  ];
  state.form.utmParameters = {
    campaign: text,
    content: text,
    medium: text,
    source: text,
    term: text,
    type: text,
    keyword: text,
    evsrc: text,
    evcmp: text,
    evrfd: text,
    evo_source: text,
    sid: text,
  };
  state.form.vehicle = {
    vrm: 'AB12CDE',
    year: '2019',
    make: text,
    model: text,
    price: 12995,
    mileage: 0,
    fuel: text,
    transmission: text,
    colour: text,
    imageUrl: 'https://cdn.example.com/car.jpg',
  };
  return state;
}

function answered(): ApplicationState {
  const state = createInitialState();
  state.GUID = '0f8fad5b-d9cb-469f-a165-70867728950e';
  state.applicationKey = state.GUID;
  state.variant = 'CDJ-MVP';
  state.dobDay = '07';
  state.isSpecifiedAmountToFinance = true;
  state.form.sessionId = state.GUID;
  state.form.firstName = 'Ada';
  state.form.loanAmount = 15000;
  state.form.title = 'Dr';
  state.form.joint.firstName = 'Charles';
  state.form.joint.employmentStatus = false;
  state.form.isOptedEmail = true;
  state.form.addresses = [
    { ...emptyAddress(), postcode: 'SW1A 1AA', yearsAtAddress: 1, monthsAtAddress: 2 },
    { ...emptyAddress(), postcode: 'LS1 4AP', yearsAtAddress: 5, residentialStatus: 'Other' },
  ];
  state.form.employments = [
    { ...emptyEmployment(), employmentStatus: 'FullTime', employerName: 'Analytical Engines' },
    { ...emptyEmployment(), employmentStatus: 'Student', yearsAtEmployer: 3 },
  ];
  state.savedAddresses = [
    { manual: true, streetAddress: '10 Downing Street', value: 'u1' },
    { manual: false, streetAddress: null, value: 'u2' },
  ];
  state.form.utmParameters.source = 'google';
  state.form.utmParameters.evo_source = 'partner';
  state.form.utmParameters.evsrc = 'ev';
  state.form.vehicle.year = '2019';
  state.form.vehicle.fuel = 'Petrol';
  state.form.vehicle.price = 12995;
  return state;
}

describe('createInitialState (docs/product.md §3, §9)', () => {
  it('has the SPEC defaults', () => {
    const state = createInitialState();
    expect(state.version).toBe('1.0.0');
    expect(STATE_VERSION).toBe('1.0.0');
    expect(state.form.financeType).toBe('Secured');
    expect(state.form.term).toBe(3);
    expect(state.form.cashDeposit).toBe(0);
    expect(state.form.loanAmount).toBe(10000);
    expect(state.form.submittedBy).toBe('em-apply-form');
  });

  it('starts with one empty address, employment and saved address, and nothing answered', () => {
    const state = createInitialState();
    expect(state.form.addresses).toEqual([emptyAddress()]);
    expect(state.form.employments).toEqual([emptyEmployment()]);
    expect(state.savedAddresses).toEqual([{ manual: false, streetAddress: null, value: null }]);
    expect(state.form.firstName).toBeNull();
    expect(state.form.addressLocationCompleted).toBe(false);
    expect(state.lockDown).toBe(false);
  });

  it('gives independent objects each time', () => {
    const a = createInitialState();
    const b = createInitialState();
    a.form.addresses[0]!.postcode = 'SW1A 1AA';
    a.form.joint.firstName = 'X';
    expect(b.form.addresses[0]!.postcode).toBeNull();
    expect(b.form.joint.firstName).toBeNull();
  });

  it('has no undefined values, so a JSON round trip is lossless', () => {
    const state = createInitialState();
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});

describe('serialiseState and restoreState', () => {
  it('round-trips a fresh state', () => {
    expect(restoreState(serialiseState(createInitialState()))).toEqual(createInitialState());
  });

  it('round-trips an answered state, lists and optional attribution included', () => {
    const state = answered();
    expect(restoreState(serialiseState(state))).toEqual(state);
  });

  it('round-trips a state with every field answered', () => {
    const state = complete();
    expect(restoreState(serialiseState(state))).toEqual(state);
  });

  it('always stores the current version', () => {
    const state = { ...createInitialState(), version: '0.9.0' } as unknown as ApplicationState;
    expect(JSON.parse(serialiseState(state))).toMatchObject({ version: '1.0.0' });
  });

  it('does not restore a different version', () => {
    expect(restoreState(stored((raw) => (raw.version = '0.9.0')))).toBeNull();
    expect(restoreState(stored((raw) => (raw.version = '1.0.1')))).toBeNull();
    expect(restoreState(stored((raw) => delete raw.version))).toBeNull();
    expect(restoreState(stored((raw) => (raw.version = 1)))).toBeNull();
  });

  it.each([null, undefined, '', 'not json', '{"version":', '[]', 'null', '42', '"1.0.0"'])(
    'gives null for %j',
    (text) => {
      expect(restoreState(text)).toBeNull();
    },
  );

  it('fills missing keys with defaults', () => {
    const state = restoreState('{"version":"1.0.0","form":{"firstName":"Ada"}}');
    const expected = createInitialState();
    expected.form.firstName = 'Ada';
    expect(state).toEqual(expected);
  });

  it('drops unknown keys', () => {
    const state = restoreState(
      stored((raw) => {
        raw.isAdmin = true;
        raw.form.extra = 'x';
        raw.form.joint = { firstName: 'Charles', extra: 'y' };
      }),
    );
    expect(state).not.toHaveProperty('isAdmin');
    expect(state?.form).not.toHaveProperty('extra');
    expect(state?.form.joint).not.toHaveProperty('extra');
    expect(state?.form.joint.firstName).toBe('Charles');
  });

  it('cannot pollute prototypes through __proto__ or constructor', () => {
    const text =
      '{"version":"1.0.0","__proto__":{"polluted":true},"constructor":{"prototype":{"p":1}},' +
      '"form":{"__proto__":{"polluted":true},"addresses":[{"__proto__":{"polluted":true},' +
      '"postcode":"SW1A 1AA"}],"joint":{"__proto__":{"polluted":true}}}}';
    const state = restoreState(text);
    expect(state).not.toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).p).toBeUndefined();
    for (const object of [state, state?.form, state?.form.joint, state?.form.addresses[0]]) {
      expect(Object.getPrototypeOf(object)).toBe(Object.prototype);
      expect(object).not.toHaveProperty('polluted');
    }
    expect(state?.form.addresses[0]?.postcode).toBe('SW1A 1AA');
  });

  it('falls back to defaults for wrong-typed values', () => {
    const state = restoreState(
      stored((raw) => {
        raw.isLocked = 'yes';
        raw.savedAddresses = 'nope';
        raw.token = 'abc';
        raw.form.loanAmount = '999999';
        raw.form.term = { years: 5 };
        raw.form.financeType = 7;
        raw.form.firstName = 42;
        raw.form.joint = [];
        raw.form.addresses = { 0: { postcode: 'SW1A 1AA' } };
        raw.form.employments = [];
        raw.form.vehicle = null;
      }),
    );
    expect(state).toEqual(createInitialState());
  });

  it('falls back for a value outside its option list', () => {
    const state = restoreState(
      stored((raw) => {
        raw.form.financeType = 'Payday';
        raw.form.title = 'Lord';
        raw.form.vehicleType = 'Tank';
        raw.form.loanPurposeType = 'Gambling';
        raw.form.addresses = [{ residentialStatus: 'Castle' }];
        raw.form.employments = [{ employmentStatus: 'Pirate' }];
      }),
    );
    expect(state).toEqual(createInitialState());
  });

  it('falls back for numbers and booleans stored as text, and text stored as a boolean', () => {
    const state = restoreState(
      stored((raw) => {
        raw.form.netMonthlyIncome = '2000';
        raw.form.agreeSoftSearch = 'true';
        raw.form.lastName = true;
        raw.fullLicence = 1;
        raw.dobDay = 7;
      }),
    );
    expect(state).toEqual(createInitialState());
  });

  it('accepts null for an unanswered loan amount, term or deposit', () => {
    const state = restoreState(
      stored((raw) => {
        raw.form.loanAmount = null;
        raw.form.term = null;
        raw.form.cashDeposit = null;
      }),
    );
    expect(state?.form).toMatchObject({ loanAmount: null, term: null, cashDeposit: null });
  });

  it('refuses null where the type has no null', () => {
    const state = restoreState(
      stored((raw) => {
        raw.form.financeType = null;
        raw.form.vehicleType = null;
        raw.form.submittedBy = null;
        raw.form.financeDetailsCompleted = null;
        raw.lockDown = null;
      }),
    );
    expect(state).toEqual(createInitialState());
  });

  it('tells the numeric loan term from the text utm term', () => {
    const state = restoreState(
      stored((raw) => {
        raw.form.term = 'ten';
        raw.form.utmParameters = { term: 7 };
      }),
    );
    expect(state).toEqual(createInitialState());
  });

  it('allows false as employmentStatus for the joint applicant only', () => {
    const state = restoreState(
      stored((raw) => {
        raw.form.joint = { employmentStatus: false };
        raw.form.employments = [{ employmentStatus: false, yearsAtEmployer: 2 }];
      }),
    );
    expect(state?.form.joint.employmentStatus).toBe(false);
    expect(state?.form.employments).toEqual([{ ...emptyEmployment(), yearsAtEmployer: 2 }]);
  });

  it('restores every address and employment entry, each to its own shape', () => {
    const state = restoreState(
      stored((raw) => {
        raw.form.addresses = [
          { postcode: 'SW1A 1AA', yearsAtAddress: 2, bogus: 1 },
          { postcode: 5, monthsAtAddress: 6 },
          'not an address',
        ];
        raw.form.employments = [{ employmentStatus: 'Retired', yearsAtEmployer: '3' }];
        raw.savedAddresses = [{ manual: true, value: 'u1', extra: 'x' }];
      }),
    );
    expect(state?.form.addresses).toEqual([
      { ...emptyAddress(), postcode: 'SW1A 1AA', yearsAtAddress: 2 },
      { ...emptyAddress(), monthsAtAddress: 6 },
      emptyAddress(),
    ]);
    expect(state?.form.employments).toEqual([
      { ...emptyEmployment(), employmentStatus: 'Retired' },
    ]);
    expect(state?.savedAddresses).toEqual([{ manual: true, streetAddress: null, value: 'u1' }]);
  });

  describe('docs/design.md D2 vehicle fields', () => {
    it('accepts registrationYear and fuelType and stores them as year and fuel', () => {
      const state = restoreState(
        stored(
          (raw) =>
            (raw.form.vehicle = { make: 'Ford', registrationYear: '2018', fuelType: 'Diesel' }),
        ),
      );
      expect(state?.form.vehicle).toMatchObject({ make: 'Ford', year: '2018', fuel: 'Diesel' });
      expect(state?.form.vehicle).not.toHaveProperty('registrationYear');
      expect(state?.form.vehicle).not.toHaveProperty('fuelType');
    });

    it('prefers year and fuel when both readings are stored', () => {
      const state = restoreState(
        stored(
          (raw) =>
            (raw.form.vehicle = {
              year: '2020',
              fuel: 'Electric',
              registrationYear: '2018',
              fuelType: 'Diesel',
            }),
        ),
      );
      expect(state?.form.vehicle).toMatchObject({ year: '2020', fuel: 'Electric' });
    });

    it('ignores a non-text registrationYear', () => {
      const state = restoreState(stored((raw) => (raw.form.vehicle = { registrationYear: 2018 })));
      expect(state?.form.vehicle.year).toBeNull();
    });
  });

  it('restores the optional attribution values only when they are text', () => {
    const state = restoreState(
      stored(
        (raw) =>
          (raw.form.utmParameters = {
            source: 'google',
            evsrc: 'ev',
            evcmp: 3,
            evo_source: 'partner',
            sid: 'sub-1',
            other: 'x',
          }),
      ),
    );
    expect(state?.form.utmParameters).toEqual({
      campaign: null,
      content: null,
      medium: null,
      source: 'google',
      term: null,
      type: null,
      keyword: null,
      evsrc: 'ev',
      evo_source: 'partner',
      sid: 'sub-1',
    });
  });
});

describe('guidFromBytes', () => {
  it('makes a v4 GUID matching GUID_PATTERN', () => {
    const guid = guidFromBytes(Uint8Array.from({ length: 16 }, (_, i) => i * 17));
    expect(guid).toBe('00112233-4455-4677-8899-aabbccddeeff');
    expect(guid).toMatch(GUID_PATTERN);
  });

  it('sets the version and variant bits whatever the bytes', () => {
    for (const fill of [0x00, 0xff, 0x5a]) {
      const guid = guidFromBytes(new Uint8Array(16).fill(fill));
      expect(guid).toMatch(GUID_PATTERN);
      expect(guid[14]).toBe('4');
      expect('89ab').toContain(guid[19]);
    }
    expect(guidFromBytes(new Uint8Array(16))).toBe('00000000-0000-4000-8000-000000000000');
    expect(guidFromBytes(new Uint8Array(16).fill(0xff))).toBe(
      'ffffffff-ffff-4fff-bfff-ffffffffffff',
    );
  });

  it('does not change the bytes it is given', () => {
    const bytes = new Uint8Array(16).fill(0xff);
    guidFromBytes(bytes);
    expect(Array.from(bytes)).toEqual(new Array<number>(16).fill(0xff));
  });

  it.each([0, 15, 17, 32])('rejects %i bytes', (length) => {
    expect(() => guidFromBytes(new Uint8Array(length))).toThrow(RangeError);
  });

  it('GUID_PATTERN rejects other shapes', () => {
    expect(GUID_PATTERN.test('00112233-4455-1677-8899-aabbccddeeff')).toBe(false);
    expect(GUID_PATTERN.test('00112233-4455-4677-c899-aabbccddeeff')).toBe(false);
    expect(GUID_PATTERN.test('00112233445546778899aabbccddeeff')).toBe(false);
    expect(GUID_PATTERN.test('00112233-4455-4677-8899-AABBCCDDEEFF')).toBe(false);
  });
});

describe('isSecuredApplication', () => {
  const TODAY = { year: 2026, month: 11, day: 24 };
  const withPurpose = (purpose: LoanPurposeType | null): ApplicationState => {
    const state = createInitialState();
    state.form.loanPurposeType = purpose;
    return state;
  };

  it('is a secured application for every purpose but a vehicle, and not before the question', () => {
    expect(isSecuredApplication(withPurpose(null))).toBe(false);
    expect(isSecuredApplication(withPurpose('Vehicle'))).toBe(false);
    for (const purpose of ['HomeImprovements', 'DebtConsolidation', 'SomethingElse'] as const) {
      expect(isSecuredApplication(withPurpose(purpose))).toBe(true);
    }
  });

  it('agrees with the journey: the secured steps are on the path exactly when it holds', () => {
    for (const purpose of [null, ...LOAN_PURPOSES]) {
      const state = withPurpose(purpose);
      const onPath = journeySteps(state, TODAY).some((step) => step.id === 'looking-to-borrow');
      expect(onPath, String(purpose)).toBe(isSecuredApplication(state));
    }
  });
});
