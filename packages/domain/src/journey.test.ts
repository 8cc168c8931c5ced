import { readFileSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DRIVING_LICENCE_TYPES,
  EMPLOYMENT_STATUSES,
  LOAN_PURPOSES,
  LOOKING_TO_BUY,
  MARITAL_STATUSES,
  PROPERTY_TYPES,
  RESIDENTIAL_STATUSES,
  TITLES,
  VEHICLE_FINANCE_TYPES,
  createInitialState,
  emptyAddress,
  emptyEmployment,
  type ApplicationState,
  type LoanPurposeType,
} from './journey/index.js';
import type { CalendarDate } from './date-of-birth.js';
import {
  MAX_STEP_NUMBER,
  STEPS,
  loadStepCopy,
  STEP_IDS,
  canVisit,
  completionFlagsFor,
  firstIncompleteStep,
  isStepComplete,
  journeyMermaid,
  journeySteps,
  nextStep,
  parseStepPath,
  previousStep,
  sameStep,
  stepFields,
  stepHeading,
  stepPath,
  validateStep,
  type StepId,
  type StepRef,
} from './journey/index.js';
import { applicantAnswers, setAnswer } from './testing/applicant.js';

const TODAY: CalendarDate = { year: 2026, month: 11, day: 21 };

/** docs/product.md §2, less the content pages. */
const SPEC_PATHS: Record<StepId, string> = {
  start: '/',
  'driving-licence': '/driving-licence',
  'marital-status': '/marital-status',
  'loan-type': '/loan-type',
  'date-of-birth': '/date-of-birth',
  'amount-to-finance': '/amount-to-finance',
  'employment-length': '/employment-length/{n}',
  'employment-income': '/employment-income/{n}',
  address: '/address/{n}',
  personal: '/personal',
  'address-length': '/address-length/{n}',
  'address-status': '/residential-status/{n}',
  employment: '/employment/{n}',
  'employment-add': '/employment-add/{n}',
  contact: '/contact',
  complete: '/complete',
  'looking-to-buy': '/looking-to-buy',
  'looking-to-borrow': '/looking-to-borrow',
  'term-to-borrow': '/term-to-borrow',
  deposit: '/deposit',
  'joint-application': '/joint',
  'joint-customer-details': '/joint-customer-details',
  'joint-customer-contact': '/joint-customer-contact',
  'joint-date-of-birth': '/joint-date-of-birth',
  'joint-employment-income': '/joint-employment-income',
  'joint-employment-add': '/joint-employment-add',
  'joint-employment-length': '/joint-employment-length',
  'joint-optins': '/joint-optins',
  optins: '/optins',
  'breathing-space': '/breathing-space',
  'property-details': '/property-details',
  'security-address-confirm': '/security-address-confirm',
  'security-address-add': '/security-address-add',
  'own-other-properties': '/own-other-properties',
  'soft-search': '/soft-search',
  'fair-processing-notice': '/fair-processing-notice',
  'before-you-submit': '/before-you-submit',
  submit: '/submit',
};

const NUMBERED = STEP_IDS.filter((id) => SPEC_PATHS[id].includes('{n}'));

/** 'address/2' for numbered steps, the id otherwise: short and readable in failures. */
function show(refs: readonly (StepRef | null)[]): string[] {
  return refs.map((ref) => (ref === null ? 'null' : ref.n ? `${ref.id}/${ref.n}` : ref.id));
}

function ref(text: string): StepRef {
  const [id, n] = text.split('/');
  return n === undefined ? { id: id as StepId } : { id: id as StepId, n: Number(n) };
}

interface Applicant {
  purpose: LoanPurposeType;
  host?: string | null;
  affiliateConfig?: string | null;
  /** Years and months at each address, current first. */
  addresses?: [number, number][];
  employments?: [number, number][];
  securityIsCurrentAddress?: boolean;
  joint?: false | { status: (typeof EMPLOYMENT_STATUSES)[number] };
}

/**
 * The shared test applicant's answers to each screen (`@broker/domain/testing`), by step id:
 * the joint vehicle applicant's, then the secured one's for the screens only a secured
 * application has. A numbered screen's paths name its first entry ('.0.').
 */
const FIXTURE_ANSWERS = new Map<StepId, Readonly<Record<string, unknown>>>();
for (const kind of ['joint', 'secured'] as const) {
  for (const { step, answers } of applicantAnswers(kind)) {
    if (!FIXTURE_ANSWERS.has(step.id)) FIXTURE_ANSWERS.set(step.id, answers);
  }
}

/**
 * A user who answers each screen as it comes: first as the shared test applicant does (so a new
 * question on a screen is answered without an edit here), then with the scenario's own
 * answers over it: what they type depends on the step and, for the loops, on which entry it is.
 * Mirrors what the web screens write to state.
 */
function answer(state: ApplicationState, step: StepRef, who: Applicant): void {
  const f = state.form;
  const i = (step.n ?? 1) - 1;
  for (const [path, value] of Object.entries(FIXTURE_ANSWERS.get(step.id) ?? {})) {
    setAnswer(state, path.replace(/\.0\./, `.${i}.`), value);
  }
  const answers: Partial<Record<StepId, () => void>> = {
    start: () => {
      f.loanPurposeType = who.purpose;
      if (who.purpose !== 'Vehicle') f.financeType = 'Secured';
    },
    'loan-type': () => void (f.financeType = 'PersonalContractPurchase'),
    'looking-to-buy': () => void (f.lookingToBuy = 'FoundVehicle'),
    deposit: () => {
      f.depositType = true;
      state.hasDeposit = true;
      f.cashDeposit = 1500;
    },
    'amount-to-finance': () => void (f.loanAmount = 12000),
    'looking-to-borrow': () => void (f.loanAmount = 40000),
    'term-to-borrow': () => void (f.term = 10),
    'property-details': () => {
      f.propertyValue = 250000;
      f.mortgageBalance = 90000;
      f.propertyBedrooms = 3;
      f.propertyType = 'SemiDetached';
    },
    'driving-licence': () => void (f.drivingLicenceType = 'FullUK'),
    'marital-status': () => void (f.maritalStatus = 'Married'),
    'date-of-birth': () => {
      state.dobDay = '14';
      state.dobMonth = '02';
      state.dobYear = '1980';
      f.dateOfBirth = '1980-02-14T00:00:00.000Z';
    },
    employment: () => employ(state, i),
    'employment-add': () => employ(state, i),
    'employment-length': () => {
      const [years, months] = who.employments?.[i] ?? [5, 0];
      f.employments[i]!.yearsAtEmployer = years;
      f.employments[i]!.monthsAtEmployer = months;
    },
    'employment-income': () => void (f.netMonthlyIncome = 2400),
    address: () => {
      f.addresses[i] = {
        ...emptyAddress(),
        ...f.addresses[i],
        houseNumber: String(10 + i),
        street: 'High Street',
        town: 'Leeds',
        postcode: 'LS1 4AP',
      };
      state.savedAddresses[i] = { manual: false, streetAddress: 'High Street', value: `id-${i}` };
    },
    'address-status': () => void (f.addresses[i]!.residentialStatus = 'HomeownerWithMortgage'),
    'address-length': () => {
      const [years, months] = who.addresses?.[i] ?? [4, 0];
      f.addresses[i]!.yearsAtAddress = years;
      f.addresses[i]!.monthsAtAddress = months;
    },
    'security-address-confirm': () => {
      f.isSecurityCurrentAddress = who.securityIsCurrentAddress ?? true;
      state.isSecurityCurrentAddress = f.isSecurityCurrentAddress;
    },
    'security-address-add': () => {
      f.securityAddress = {
        ...f.securityAddress,
        manual: true,
        houseName: 'Rose Cottage',
        street: 'Mill Lane',
        town: 'York',
        postcode: 'YO1 7HH',
        yearsAtAddress: 12,
        monthsAtAddress: 0,
      };
    },
    'own-other-properties': () => void (f.ownOtherProperties = false),
    personal: () => {
      f.title = 'Ms';
      f.firstName = 'Ada';
      f.lastName = 'Lovelace';
    },
    contact: () => {
      f.email = 'ada@example.com';
      f.contactNumber = '07911123456';
      f.isAgreedTermsAndConditions = true;
    },
    'joint-application': () => {
      f.isJointApplication = who.joint !== undefined && who.joint !== false;
      state.isJointApplication = f.isJointApplication;
    },
    'joint-customer-details': () => {
      f.joint.title = 'Mr';
      f.joint.firstName = 'Charles';
      f.joint.lastName = 'Babbage';
      f.joint.maritalStatus = 'Married';
    },
    'joint-date-of-birth': () => {
      state.jointDobDay = '26';
      state.jointDobMonth = '12';
      state.jointDobYear = '1979';
    },
    'joint-employment-add': () => {
      f.joint.employmentStatus = who.joint ? who.joint.status : null;
    },
    'joint-employment-length': () => {
      f.joint.yearsAtEmployer = 2;
      f.joint.monthsAtEmployer = 6;
    },
    'joint-employment-income': () => void (f.joint.netMonthlyIncome = 1800),
    'joint-customer-contact': () => {
      f.joint.email = 'charles@example.com';
      f.joint.contactNumber = '0113 456 1234';
    },
    'breathing-space': () => void (f.breathingSpace = false),
    'soft-search': () => void (f.agreeSoftSearch = true),
    'fair-processing-notice': () => {
      f.additionalNeedsRequirements = false;
      f.discussFinancialCircumstances = false;
    },
  };
  answers[step.id]?.();
}

function employ(state: ApplicationState, i: number): void {
  state.form.employments[i] = {
    ...emptyEmployment(),
    ...state.form.employments[i],
    employmentStatus: 'FullTime',
    occupation: 'Engineer',
    employerName: 'Analytical Engines Ltd',
    employerTown: 'London',
  };
}

function freshState(who: Applicant): ApplicationState {
  const state = createInitialState();
  state.host = who.host === undefined ? 'apply.example.co.uk' : who.host;
  state.affiliateConfig = who.affiliateConfig ?? null;
  return state;
}

/**
 * Walks the journey like a user: on each screen, checks it may be visited, answers it, checks
 * Continue would pass, sets the completion flags and follows nextStep. Returns the screens seen.
 */
function walk(
  who: Applicant,
  state = freshState(who),
): { seen: string[]; state: ApplicationState } {
  const seen: StepRef[] = [];
  let step: StepRef | null = { id: 'start' };
  while (step !== null) {
    expect(canVisit(step, state, TODAY), `can visit ${show([step])[0]}`).toBe(true);
    seen.push(step);
    answer(state, step, who);
    expect(validateStep(step, state, TODAY), show([step])[0]).toEqual([]);
    for (const flag of completionFlagsFor(step)) state.form[flag] = true;
    if (step.id === 'submit') state.applicationSubmitOk = true;
    step = nextStep(step, state, TODAY);
    expect(seen.length).toBeLessThan(100);
  }
  return { seen: show(seen), state };
}

const VEHICLE_WITH_DEPOSIT = [
  'start',
  'loan-type',
  'looking-to-buy',
  'deposit',
  'amount-to-finance',
  'driving-licence',
  'marital-status',
  'date-of-birth',
  'employment/1',
  'employment-length/1',
  'employment-income/1',
  'address/1',
  'address-status/1',
  'address-length/1',
  'personal',
  'contact',
  'optins',
  'joint-application',
  'before-you-submit',
  'submit',
  'complete',
];

const JOINT_STEPS = [
  'joint-customer-details',
  'joint-date-of-birth',
  'joint-employment-add',
  'joint-employment-length',
  'joint-employment-income',
  'joint-customer-contact',
  'joint-optins',
];

function securedPath(extra: { securityAdd?: boolean; joint?: string[] } = {}): string[] {
  return [
    'start',
    'looking-to-borrow',
    'term-to-borrow',
    'property-details',
    'marital-status',
    'date-of-birth',
    'employment/1',
    'employment-length/1',
    'employment-income/1',
    'address/1',
    'address-status/1',
    'address-length/1',
    'security-address-confirm',
    ...(extra.securityAdd ? ['security-address-add'] : []),
    'own-other-properties',
    'personal',
    'contact',
    'optins',
    'joint-application',
    ...(extra.joint ?? []),
    'breathing-space',
    'soft-search',
    'fair-processing-notice',
    'before-you-submit',
    'submit',
    'complete',
  ];
}

describe('routes', () => {
  it('has a step for every docs/product.md §2 route except the content pages, at its SPEC path', () => {
    expect([...STEP_IDS].sort()).toEqual(Object.keys(SPEC_PATHS).sort());
    for (const id of STEP_IDS) expect(STEPS[id].path, id).toBe(SPEC_PATHS[id]);
  });

  it('round-trips every step through stepPath and parseStepPath', () => {
    for (const id of STEP_IDS) {
      if (NUMBERED.includes(id)) {
        for (const n of [1, 2, MAX_STEP_NUMBER]) {
          const path = stepPath({ id, n });
          expect(path).toBe(SPEC_PATHS[id].replace('{n}', String(n)));
          expect(parseStepPath(path)).toEqual({ id, n });
        }
      } else {
        expect(parseStepPath(stepPath({ id }))).toEqual({ id });
      }
    }
  });

  it('treats a numbered step without n as entry 1 and ignores n elsewhere', () => {
    expect(stepPath({ id: 'address' })).toBe('/address/1');
    expect(stepPath({ id: 'address-status', n: 3 })).toBe('/residential-status/3');
    expect(stepPath({ id: 'personal', n: 4 })).toBe('/personal');
    expect(sameStep({ id: 'address' }, { id: 'address', n: 1 })).toBe(true);
    expect(sameStep({ id: 'address', n: 2 }, { id: 'address', n: 1 })).toBe(false);
    expect(sameStep({ id: 'personal', n: 2 }, { id: 'personal' })).toBe(true);
  });

  it('refuses to build a path for an entry outside 1 to 10', () => {
    for (const n of [0, -1, 11, 1.5, Number.NaN]) {
      expect(() => stepPath({ id: 'employment', n })).toThrow(RangeError);
    }
  });

  it('parses the joint and residential-status routes by their paths, not their names', () => {
    expect(parseStepPath('/joint')).toEqual({ id: 'joint-application' });
    expect(parseStepPath('/residential-status/2')).toEqual({ id: 'address-status', n: 2 });
    expect(parseStepPath('/joint-application')).toBeNull();
    expect(parseStepPath('/address-status/1')).toBeNull();
  });

  it('ignores a trailing slash, a query string and a fragment', () => {
    expect(parseStepPath('/personal/')).toEqual({ id: 'personal' });
    expect(parseStepPath('/address/2?x=1#top')).toEqual({ id: 'address', n: 2 });
    expect(parseStepPath('/?utm_source=x')).toEqual({ id: 'start' });
  });

  it.each([
    '/employment/0',
    '/employment/11',
    '/employment/1.5',
    '/employment/01',
    '/employment/-1',
    '/employment/one',
    '/employment',
    '/employment/1/2',
    '/personal/1',
    '/terms-and-conditions',
    '/privacy-policy',
    '/cookie-policy',
    '/nowhere',
    '',
    'personal',
  ])('rejects %j', (path) => {
    expect(parseStepPath(path)).toBeNull();
  });
});

describe('the step table', () => {
  // The headings are the journey's copy, which loads apart from the table (copy.ts).
  beforeAll(loadStepCopy);

  function optionValues(id: StepId, path: string): unknown[] {
    const field = STEPS[id].fields.find((f) => f.path === path);
    return (field?.options ?? []).map((o) => o.value);
  }

  it("offers every value of state.ts's lists, each with a human label", () => {
    expect(optionValues('start', 'form.loanPurposeType')).toEqual([...LOAN_PURPOSES]);
    expect(optionValues('loan-type', 'form.financeType')).toEqual([...VEHICLE_FINANCE_TYPES]);
    expect(optionValues('looking-to-buy', 'form.lookingToBuy')).toEqual([...LOOKING_TO_BUY]);
    expect(optionValues('personal', 'form.title')).toEqual([...TITLES]);
    expect(optionValues('marital-status', 'form.maritalStatus')).toEqual([...MARITAL_STATUSES]);
    expect(optionValues('driving-licence', 'form.drivingLicenceType')).toEqual([
      ...DRIVING_LICENCE_TYPES,
    ]);
    expect(optionValues('employment', 'form.employments.{n}.employmentStatus')).toEqual([
      ...EMPLOYMENT_STATUSES,
    ]);
    expect(optionValues('address-status', 'form.addresses.{n}.residentialStatus')).toEqual([
      ...RESIDENTIAL_STATUSES,
    ]);
    expect(optionValues('property-details', 'form.propertyType')).toEqual([...PROPERTY_TYPES]);
    expect(optionValues('joint-application', 'form.isJointApplication')).toEqual([true, false]);
    const loanType = STEPS['loan-type'].fields[0]!.options!;
    expect(loanType.map((o) => o.label)).toEqual([
      'Hire purchase',
      'Personal contract purchase (PCP)',
      'Not sure',
    ]);
    for (const id of STEP_IDS) {
      for (const field of STEPS[id].fields) {
        expect(field.label, `${id} ${field.path}`).toBe(field.label.toLowerCase());
        for (const option of field.options ?? []) expect(option.label).not.toBe('');
      }
    }
  });

  it('keeps the decided limits', () => {
    const field = (id: StepId, path: string) => STEPS[id].fields.find((f) => f.path === path)!;
    expect(field('amount-to-finance', 'form.loanAmount')).toMatchObject({
      kind: 'slider',
      min: 1000,
      max: 100000,
      step: 250,
    });
    expect(field('looking-to-borrow', 'form.loanAmount')).toMatchObject({
      kind: 'slider',
      min: 10000,
      max: 250000,
    });
    expect(field('term-to-borrow', 'form.term')).toMatchObject({ min: 3, max: 25 });
    expect(field('property-details', 'form.propertyBedrooms')).toMatchObject({ min: 1, max: 20 });
    expect(field('employment-income', 'form.netMonthlyIncome')).toMatchObject({
      kind: 'number',
      label: 'net monthly income',
      min: 0,
      max: 100000,
    });
  });

  it('gives every step a heading, in the words of the entry it is about', () => {
    const state = createInitialState();
    for (const id of STEP_IDS) expect(stepHeading({ id }, state), id).not.toBe('');
    expect(stepHeading({ id: 'marital-status' }, state)).toBe('What is your marital status?');
    expect(stepHeading({ id: 'address', n: 1 }, state)).toBe('What is your address?');
    expect(stepHeading({ id: 'address', n: 2 }, state)).toBe('What was your previous address?');
    expect(stepHeading({ id: 'address-status', n: 2 }, state)).toContain('at that address');
    expect(stepHeading({ id: 'address-length', n: 3 }, state)).toBe('How long did you live there?');
    state.form.employments[0]!.employmentStatus = 'PartTime';
    state.form.employments[1] = { ...emptyEmployment(), employmentStatus: 'Student' };
    expect(stepHeading({ id: 'employment-length', n: 1 }, state)).toBe(
      'How long have you worked for your current employer?',
    );
    expect(stepHeading({ id: 'employment-length', n: 2 }, state)).toBe(
      'How long was that the case?',
    );
    state.form.employments[0]!.employmentStatus = 'Retired';
    state.form.employments[1].employmentStatus = 'SelfEmployed';
    expect(stepHeading({ id: 'employment-length', n: 1 }, state)).toBe(
      'How long has this been your situation?',
    );
    expect(stepHeading({ id: 'employment-length', n: 2 }, state)).toBe(
      'How long did you work there?',
    );
  });

  it('sets the completion flags of the decision record', () => {
    const flags = (text: string) => [...completionFlagsFor(ref(text))].sort();
    expect(flags('amount-to-finance')).toEqual(['financeDetailsCompleted', 'loanAmountCompleted']);
    expect(flags('looking-to-borrow')).toEqual(['loanAmountCompleted']);
    expect(flags('term-to-borrow')).toEqual(['financeDetailsCompleted']);
    expect(flags('driving-licence')).toEqual(['drivingLicenceCompleted']);
    expect(flags('marital-status')).toEqual(['maritalStatusCompleted']);
    expect(flags('date-of-birth')).toEqual(['dateOfBirthCompleted']);
    expect(flags('employment/1')).toEqual(['employmentStatusCompleted']);
    expect(flags('address/2')).toEqual(['addressLocationCompleted']);
    expect(flags('address-status/1')).toEqual(['addressStatusCompleted']);
    expect(flags('personal')).toEqual(['personalDetailsCompleted']);
    expect(flags('contact')).toEqual([]);
    expect(flags('start')).toEqual([]);
  });
});

describe('stepFields', () => {
  it('resolves {n} to the entry index', () => {
    const state = createInitialState();
    state.savedAddresses[2] = { manual: true, streetAddress: null, value: null };
    const fields = stepFields({ id: 'address', n: 3 }, state);
    expect(fields.map((f) => f.path)).toEqual([
      'form.addresses.2.postcode',
      'form.addresses.2.subBuilding',
      'form.addresses.2.houseName',
      'form.addresses.2.houseNumber',
      'form.addresses.2.street',
      'form.addresses.2.locality',
      'form.addresses.2.town',
      'form.addresses.2.county',
    ]);
    expect(fields[2]!.oneOf).toEqual({
      path: 'form.addresses.2.houseNumber',
      label: 'house name or number',
    });
    expect(fields.some((f) => 'showWhen' in f)).toBe(false);
    expect(stepFields({ id: 'address-length', n: 2 }, state)[0]).toMatchObject({
      path: 'form.addresses.1.yearsAtAddress',
      monthsPath: 'form.addresses.1.monthsAtAddress',
    });
  });

  it('shows the address select in the postcode-lookup variant, the lines in the manual one', () => {
    const state = createInitialState();
    expect(stepFields({ id: 'address', n: 1 }, state).map((f) => f.kind)).toEqual([
      'postcode',
      'address',
    ]);
    expect(stepFields({ id: 'security-address-add' }, state).map((f) => f.path)).toEqual([
      'form.securityAddress.postcode',
      'form.securityAddress',
      'form.securityAddress.yearsAtAddress',
    ]);
    state.form.securityAddress.manual = true;
    expect(stepFields({ id: 'security-address-add' }, state)).toHaveLength(9);
  });

  it('asks occupation and employer only for employed statuses', () => {
    const state = createInitialState();
    const labels = () => stepFields({ id: 'employment', n: 1 }, state).map((f) => f.label);
    expect(labels()).toEqual(['employment status']);
    for (const status of ['FullTime', 'PartTime', 'SelfEmployed', 'ArmedForces'] as const) {
      state.form.employments[0]!.employmentStatus = status;
      expect(labels()).toEqual([
        'employment status',
        'occupation',
        'employer name',
        'employer town',
      ]);
    }
    for (const status of ['Retired', 'Student', 'Homemaker', 'Disability', 'Unemployed'] as const) {
      state.form.employments[0]!.employmentStatus = status;
      expect(labels()).toEqual(['employment status']);
    }
  });

  it('asks the deposit amount only with a deposit, and the statement only when discussing', () => {
    const state = createInitialState();
    expect(stepFields({ id: 'deposit' }, state)).toHaveLength(1);
    state.form.depositType = true;
    expect(stepFields({ id: 'deposit' }, state)[1]!.path).toBe('form.cashDeposit');
    expect(stepFields({ id: 'fair-processing-notice' }, state)).toHaveLength(2);
    state.form.discussFinancialCircumstances = true;
    expect(stepFields({ id: 'fair-processing-notice' }, state)[2]!.path).toBe(
      'form.additionalNeedsRequirementsStatement',
    );
  });
});

describe('validateStep: SPEC messages for an empty screen', () => {
  const empty = createInitialState();
  const errors = (text: string, state = empty) => validateStep(ref(text), state, TODAY);

  it('start, and the radio questions', () => {
    expect(errors('start')).toEqual([
      { field: 'form.loanPurposeType', message: 'Please choose an option to continue.' },
    ]);
    for (const text of [
      'looking-to-buy',
      'driving-licence',
      'address-status/1',
      'joint-application',
    ]) {
      expect(errors(text).map((e) => e.message)).toEqual(['Please choose an option to continue.']);
    }
    expect(errors('breathing-space')).toEqual([
      { field: 'form.breathingSpace', message: 'Please choose an option to continue.' },
    ]);
  });

  it("loan-type does not take the state's default 'Secured' for an answer", () => {
    expect(empty.form.financeType).toBe('Secured');
    expect(errors('loan-type')).toEqual([
      { field: 'form.financeType', message: 'Please choose an option to continue.' },
    ]);
  });

  it('personal', () => {
    expect(errors('personal')).toEqual([
      { field: 'form.title', message: 'Please enter your title.' },
      { field: 'form.firstName', message: 'Please enter your first name.' },
      { field: 'form.lastName', message: 'Please enter your last name.' },
    ]);
  });

  it('joint-customer-details, in the third person', () => {
    expect(errors('joint-customer-details')).toEqual([
      { field: 'form.joint.title', message: 'Please enter their title.' },
      { field: 'form.joint.firstName', message: 'Please enter their first name.' },
      { field: 'form.joint.lastName', message: 'Please enter their last name.' },
      { field: 'form.joint.maritalStatus', message: 'Please choose their marital status.' },
    ]);
  });

  it('contact, with the brand-level phone check and the terms (decision record 0015)', () => {
    expect(errors('contact')).toEqual([
      { field: 'form.email', message: 'Please enter your email address.' },
      { field: 'form.contactNumber', message: 'Please enter your phone number' },
      { field: 'form.isAgreedTermsAndConditions', message: 'Please check this box.' },
    ]);
    const state = createInitialState();
    state.form.email = 'not an email';
    state.form.contactNumber = '+447911123456';
    state.form.isAgreedTermsAndConditions = true;
    expect(errors('contact', state).map((e) => e.message)).toEqual([
      'Please try again. That email address doesn’t look right.',
      'Please enter your phone number without the country code',
    ]);
    expect(errors('joint-customer-contact')).toEqual([
      { field: 'form.joint.email', message: 'Please enter their email address.' },
      { field: 'form.joint.contactNumber', message: 'Please enter their phone number' },
    ]);
    state.form.joint.contactNumber = '07700900123';
    expect(errors('joint-customer-contact', state)).toContainEqual({
      field: 'form.joint.contactNumber',
      message: 'Please try again, their phone number looks invalid',
    });
  });

  it('names refuse hidden characters, on both applicants (decision 0013)', () => {
    const state = createInitialState();
    state.form.title = 'Ms';
    state.form.firstName = 'Ada\u202e';
    state.form.lastName = '\u200bLovelace';
    expect(errors('personal', state)).toEqual([
      {
        field: 'form.firstName',
        message:
          'Please enter your first name without hidden characters, such as zero-width spaces or text direction marks.',
      },
      {
        field: 'form.lastName',
        message:
          'Please enter your last name without hidden characters, such as zero-width spaces or text direction marks.',
      },
    ]);
    state.form.joint.firstName = 'Sam\ufeff';
    expect(errors('joint-customer-details', state)).toContainEqual({
      field: 'form.joint.firstName',
      message:
        'Please enter their first name without hidden characters, such as zero-width spaces or text direction marks.',
    });
  });

  it('date of birth: one error on the combined field, from the three boxes', () => {
    expect(errors('date-of-birth')).toEqual([
      { field: 'form.dateOfBirth', message: 'Please enter your date of birth.' },
    ]);
    expect(errors('joint-date-of-birth')).toEqual([
      { field: 'form.joint.dateOfBirth', message: 'Please enter their date of birth.' },
    ]);
    const state = createInitialState();
    state.dobDay = '22';
    state.dobMonth = '11';
    state.dobYear = '2005';
    expect(errors('date-of-birth', state)).toEqual([
      {
        field: 'form.dateOfBirth',
        message: 'You must be at least 21 years old to apply for finance with us.',
      },
    ]);
    state.dobDay = '21';
    expect(errors('date-of-birth', state)).toEqual([]);
    state.jointDobDay = '5';
    expect(errors('joint-date-of-birth', state)[0]!.message).toBe('Which month were they born?');
  });

  it('employment, length and income', () => {
    expect(errors('employment/1')).toEqual([
      {
        field: 'form.employments.0.employmentStatus',
        message: 'Please choose your employment status.',
      },
    ]);
    const state = createInitialState();
    state.form.employments[0]!.employmentStatus = 'SelfEmployed';
    expect(errors('employment/1', state).map((e) => e.message)).toEqual([
      'Please enter your occupation.',
      'Please enter your employer name.',
      'Please enter your employer town.',
    ]);
    expect(errors('employment-add/2')).toEqual([
      {
        field: 'form.employments.1.employmentStatus',
        message: 'Please choose your employment status.',
      },
    ]);
    expect(errors('employment-length/1')).toEqual([
      { field: 'form.employments.0.yearsAtEmployer', message: 'Please answer this question.' },
    ]);
    expect(errors('employment-income/1')).toEqual([
      { field: 'form.netMonthlyIncome', message: 'Please enter your net monthly income.' },
    ]);
    state.form.netMonthlyIncome = 100001;
    expect(errors('employment-income/1', state)[0]!.message).toBe('Must be between 0 and 100000.');
    state.form.netMonthlyIncome = 0;
    expect(errors('employment-income/1', state)).toEqual([]);
    expect(errors('joint-employment-add')[0]!.message).toBe(
      'Please choose their employment status.',
    );
    expect(errors('joint-employment-length')).toEqual([
      { field: 'form.joint.yearsAtEmployer', message: 'Please answer this question.' },
    ]);
    expect(errors('joint-employment-income')[0]!.message).toBe(
      'Please enter their net monthly income.',
    );
  });

  it("joint employment status false (SPEC's 'no status') is not an answer", () => {
    const state = createInitialState();
    state.form.joint.employmentStatus = false;
    expect(errors('joint-employment-add', state)).toHaveLength(1);
  });

  it('address, postcode-lookup variant', () => {
    expect(errors('address/1')).toEqual([
      { field: 'form.addresses.0.postcode', message: 'Please enter your postcode.' },
      { field: 'form.addresses.0', message: 'Please choose your address.' },
    ]);
    const state = createInitialState();
    state.form.addresses[0] = { ...emptyAddress(), postcode: 'NOT A POSTCODE', street: 'Lane' };
    expect(errors('address/1', state)).toEqual([
      { field: 'form.addresses.0.postcode', message: 'Please enter a valid postcode.' },
      { field: 'form.addresses.0', message: 'Please choose your address.' },
    ]);
    state.form.addresses[0] = {
      ...emptyAddress(),
      houseName: 'The Old Mill',
      town: 'Hebden Bridge',
      postcode: 'hx7 8aa',
    };
    expect(errors('address/1', state)).toEqual([]);
  });

  it('address, manual variant: house name or number, street, town and postcode', () => {
    const state = createInitialState();
    state.savedAddresses[1] = { manual: true, streetAddress: null, value: null };
    expect(errors('address/2', state)).toEqual([
      { field: 'form.addresses.1.postcode', message: 'Please enter your postcode.' },
      { field: 'form.addresses.1.houseName', message: 'Please enter your house name or number.' },
      { field: 'form.addresses.1.street', message: 'Please enter your street.' },
      { field: 'form.addresses.1.town', message: 'Please enter your town or city.' },
    ]);
    state.form.addresses[1] = {
      ...emptyAddress(),
      houseNumber: '7',
      street: 'Acacia Avenue',
      town: 'Bristol',
      postcode: 'BS1 4DJ',
      county: 'x'.repeat(51),
    };
    expect(errors('address/2', state)).toEqual([
      { field: 'form.addresses.1.county', message: 'Must be 50 characters or fewer.' },
    ]);
    state.form.addresses[1].county = null;
    expect(errors('address/2', state)).toEqual([]);
  });

  it('security address, both variants, and how long it has been owned', () => {
    expect(errors('security-address-add')).toEqual([
      { field: 'form.securityAddress.postcode', message: 'Please enter your postcode.' },
      { field: 'form.securityAddress', message: 'Please choose your address.' },
      { field: 'form.securityAddress.yearsAtAddress', message: 'Please answer this question.' },
    ]);
    const state = createInitialState();
    state.form.securityAddress.manual = true;
    expect(errors('security-address-add', state).map((e) => e.field)).toEqual([
      'form.securityAddress.postcode',
      'form.securityAddress.houseName',
      'form.securityAddress.street',
      'form.securityAddress.town',
      'form.securityAddress.yearsAtAddress',
    ]);
  });

  it('years and months', () => {
    expect(errors('address-length/1')).toEqual([
      { field: 'form.addresses.0.yearsAtAddress', message: 'Please answer this question.' },
    ]);
    const state = createInitialState();
    state.form.addresses[0]!.monthsAtAddress = 12;
    expect(errors('address-length/1', state)).toHaveLength(1);
    state.form.addresses[0]!.monthsAtAddress = 0;
    state.form.addresses[0]!.yearsAtAddress = 0;
    expect(errors('address-length/1', state)).toEqual([]);
  });

  it('sliders and numbers', () => {
    expect(errors('amount-to-finance')).toEqual([]);
    expect(errors('looking-to-borrow')).toEqual([]);
    expect(errors('term-to-borrow')).toEqual([]);
    const state = createInitialState();
    state.form.loanAmount = null;
    state.form.term = 30;
    expect(errors('amount-to-finance', state)).toEqual([
      { field: 'form.loanAmount', message: 'Please enter your loan amount.' },
    ]);
    expect(errors('term-to-borrow', state)).toEqual([
      { field: 'form.term', message: 'Must be between 3 and 25.' },
    ]);
    state.form.loanAmount = 5000;
    expect(errors('amount-to-finance', state)).toEqual([]);
    expect(errors('looking-to-borrow', state)).toEqual([
      { field: 'form.loanAmount', message: 'Must be between 10000 and 250000.' },
    ]);
    expect(errors('property-details')).toEqual([
      { field: 'form.propertyValue', message: 'Please enter your property value.' },
      { field: 'form.mortgageBalance', message: 'Please enter your mortgage balance.' },
      { field: 'form.propertyBedrooms', message: 'Please enter your number of bedrooms.' },
      { field: 'form.propertyType', message: 'Please choose your property type.' },
    ]);
  });

  it('deposit', () => {
    const state = createInitialState();
    expect(errors('deposit', state)).toEqual([
      { field: 'form.depositType', message: 'Please choose an option to continue.' },
    ]);
    state.form.depositType = true;
    state.form.cashDeposit = null;
    expect(errors('deposit', state)).toEqual([
      { field: 'form.cashDeposit', message: 'Please enter your deposit amount.' },
    ]);
    state.form.cashDeposit = 100001;
    expect(errors('deposit', state)).toEqual([
      { field: 'form.cashDeposit', message: 'Must be between 0 and 100000.' },
    ]);
    // docs/product.md §4: a deposit typed as something other than a number is 0, an answer (0013).
    state.form.cashDeposit = 0;
    expect(errors('deposit', state)).toEqual([]);
    state.form.depositType = false;
    expect(errors('deposit', state)).toEqual([]);
  });

  it('opt-ins are optional', () => {
    expect(errors('optins')).toEqual([]);
    expect(errors('joint-optins')).toEqual([]);
  });

  it('fair processing notice', () => {
    const state = createInitialState();
    expect(errors('fair-processing-notice', state).map((e) => e.field)).toEqual([
      'form.additionalNeedsRequirements',
      'form.discussFinancialCircumstances',
    ]);
    state.form.additionalNeedsRequirements = true;
    state.form.discussFinancialCircumstances = true;
    expect(errors('fair-processing-notice', state)).toEqual([]);
    state.form.additionalNeedsRequirementsStatement = 'x'.repeat(501);
    expect(errors('fair-processing-notice', state)).toEqual([
      {
        field: 'form.additionalNeedsRequirementsStatement',
        message: 'Must be 500 characters or fewer.',
      },
    ]);
  });

  it('submit: nothing left to answer, the terms were agreed on the contact screen', () => {
    expect(errors('submit')).toEqual([]);
    expect(errors('before-you-submit')).toEqual([]);
    expect(errors('complete')).toEqual([]);
  });
});

describe('the vehicle journey', () => {
  it('for a default-brand applicant asks the deposit questions', () => {
    expect(walk({ purpose: 'Vehicle' }).seen).toEqual(VEHICLE_WITH_DEPOSIT);
  });

  it('for a brand without the deposit questions skips them', () => {
    const without = VEHICLE_WITH_DEPOSIT.filter((s) => s !== 'looking-to-buy' && s !== 'deposit');
    expect(walk({ purpose: 'Vehicle', host: 'progressive.example.co.uk' }).seen).toEqual(without);
    expect(walk({ purpose: 'Vehicle', host: null, affiliateConfig: 'scoreright' }).seen).toEqual(
      without,
    );
  });

  it('takes the brand from affiliateConfig before the host', () => {
    const who: Applicant = { purpose: 'Vehicle', host: 'progressive.example.co.uk' };
    const state = freshState(who);
    state.affiliateConfig = 'default';
    expect(walk(who, state).seen).toEqual(VEHICLE_WITH_DEPOSIT);
  });

  it('with a joint applicant', () => {
    const { seen } = walk({ purpose: 'Vehicle', joint: { status: 'FullTime' } });
    const at = VEHICLE_WITH_DEPOSIT.indexOf('joint-application') + 1;
    expect(seen).toEqual([
      ...VEHICLE_WITH_DEPOSIT.slice(0, at),
      ...JOINT_STEPS,
      ...VEHICLE_WITH_DEPOSIT.slice(at),
    ]);
  });
});

describe('the secured journey', () => {
  it('when the security is the current address', () => {
    expect(walk({ purpose: 'HomeImprovements' }).seen).toEqual(securedPath());
  });

  it('asks the security address when it is elsewhere', () => {
    const who: Applicant = { purpose: 'DebtConsolidation', securityIsCurrentAddress: false };
    expect(walk(who).seen).toEqual(securedPath({ securityAdd: true }));
  });

  it('with a joint applicant who is not employed skips their employment length', () => {
    const { seen } = walk({ purpose: 'SomethingElse', joint: { status: 'Retired' } });
    const joint = JOINT_STEPS.filter((s) => s !== 'joint-employment-length');
    expect(seen).toEqual(securedPath({ joint }));
  });

  it('leaves the vehicle answers behind after switching from vehicle', () => {
    const who: Applicant = { purpose: 'Vehicle' };
    const { state } = walk(who);
    state.form.loanPurposeType = 'HomeImprovements';
    expect(show(journeySteps(state, TODAY))).not.toContain('loan-type');
    expect(canVisit(ref('loan-type'), state, TODAY)).toBe(false);
    expect(nextStep(ref('start'), state, TODAY)).toEqual({ id: 'looking-to-borrow' });
    expect(nextStep(ref('driving-licence'), state, TODAY)).toBeNull();
    expect(firstIncompleteStep(state, TODAY)).toEqual({ id: 'property-details' });
  });
});

describe('history loops', () => {
  function pathFor(who: Applicant): string[] {
    return walk(who).seen;
  }

  it('asks another address while the history is 35 months or less', () => {
    const once = pathFor({ purpose: 'Vehicle', addresses: [[3, 0]] });
    expect(once).not.toContain('address/2');
    const twice = pathFor({
      purpose: 'Vehicle',
      addresses: [
        [2, 11],
        [0, 1],
      ],
    });
    const from = twice.indexOf('address/1');
    expect(twice.slice(from, from + 7)).toEqual([
      'address/1',
      'address-status/1',
      'address-length/1',
      'address/2',
      'address-status/2',
      'address-length/2',
      'personal',
    ]);
    const thrice = pathFor({
      purpose: 'Vehicle',
      addresses: [
        [1, 0],
        [1, 11],
        [0, 1],
      ],
    });
    expect(thrice.filter((s) => s.startsWith('address/'))).toEqual([
      'address/1',
      'address/2',
      'address/3',
    ]);
  });

  it('asks another employment on the same rule, through employment-add', () => {
    const once = pathFor({ purpose: 'Vehicle', employments: [[3, 0]] });
    expect(once).not.toContain('employment-add/2');
    const twice = pathFor({
      purpose: 'Vehicle',
      employments: [
        [2, 11],
        [1, 0],
      ],
    });
    const from = twice.indexOf('employment/1');
    expect(twice.slice(from, from + 5)).toEqual([
      'employment/1',
      'employment-length/1',
      'employment-add/2',
      'employment-length/2',
      'employment-income/1',
    ]);
  });

  it('stops after ten entries however short they are', () => {
    const tenths = Array.from({ length: 12 }, (): [number, number] => [0, 1]);
    const seen = pathFor({ purpose: 'Vehicle', addresses: tenths, employments: tenths });
    expect(seen.filter((s) => s.startsWith('address-length/'))).toHaveLength(MAX_STEP_NUMBER);
    expect(seen.filter((s) => s.startsWith('employment-length/'))).toHaveLength(MAX_STEP_NUMBER);
    expect(seen).toContain('employment-add/10');
  });

  it('does not go on to the next entry until this one is answered', () => {
    const state = createInitialState();
    const path = show(journeySteps(state, TODAY));
    expect(path.filter((s) => s.startsWith('address'))).toEqual([
      'address/1',
      'address-status/1',
      'address-length/1',
    ]);
    expect(path).not.toContain('employment-add/2');
  });

  it('forgets later entries once an earlier one covers three years', () => {
    const who: Applicant = {
      purpose: 'Vehicle',
      addresses: [
        [1, 0],
        [5, 0],
      ],
    };
    const { state } = walk(who);
    expect(show(journeySteps(state, TODAY))).toContain('address/2');
    state.form.addresses[0]!.yearsAtAddress = 3;
    expect(show(journeySteps(state, TODAY))).not.toContain('address/2');
    expect(nextStep(ref('address-length/1'), state, TODAY)).toEqual({ id: 'personal' });
    expect(canVisit(ref('address/2'), state, TODAY)).toBe(false);
  });
});

describe('moving through the journey', () => {
  const walks: Applicant[] = [
    {
      purpose: 'Vehicle',
      joint: { status: 'PartTime' },
      addresses: [
        [1, 0],
        [3, 0],
      ],
    },
    {
      purpose: 'HomeImprovements',
      securityIsCurrentAddress: false,
      employments: [
        [0, 6],
        [4, 0],
      ],
    },
  ];

  it.each(walks)('previousStep is the inverse of nextStep along the path (%#)', (who) => {
    const { state } = walk(who);
    const path = journeySteps(state, TODAY);
    expect(previousStep(path[0]!, state, TODAY)).toBeNull();
    expect(nextStep(path[path.length - 1]!, state, TODAY)).toBeNull();
    for (let i = 1; i < path.length; i += 1) {
      expect(nextStep(path[i - 1]!, state, TODAY)).toEqual(path[i]);
      expect(previousStep(path[i]!, state, TODAY)).toEqual(path[i - 1]);
    }
  });

  it('has no previous or next for a step off the path', () => {
    const state = createInitialState();
    state.form.loanPurposeType = 'Vehicle';
    expect(previousStep(ref('soft-search'), state, TODAY)).toBeNull();
    expect(nextStep(ref('soft-search'), state, TODAY)).toBeNull();
    expect(previousStep(ref('start'), state, TODAY)).toBeNull();
  });

  it('sends a deep link to a later step back to the first incomplete one', () => {
    const state = createInitialState();
    expect(canVisit(ref('start'), state, TODAY)).toBe(true);
    expect(canVisit(ref('personal'), state, TODAY)).toBe(false);
    expect(firstIncompleteStep(state, TODAY)).toEqual({ id: 'start' });

    state.form.loanPurposeType = 'Vehicle';
    expect(canVisit(ref('loan-type'), state, TODAY)).toBe(true);
    expect(canVisit(ref('looking-to-buy'), state, TODAY)).toBe(false);
    expect(firstIncompleteStep(state, TODAY)).toEqual({ id: 'loan-type' });
  });

  it('finds the first invalid step of an otherwise finished application', () => {
    const { state } = walk({ purpose: 'Vehicle' });
    expect(firstIncompleteStep(state, TODAY)).toEqual({ id: 'complete' });
    state.form.firstName = '  ';
    state.form.addresses[0]!.postcode = 'NOPE';
    expect(firstIncompleteStep(state, TODAY)).toEqual({ id: 'address', n: 1 });
    expect(canVisit(ref('address/1'), state, TODAY)).toBe(true);
    expect(canVisit(ref('personal'), state, TODAY)).toBe(false);
    state.form.addresses[0]!.postcode = 'LS1 4AP';
    expect(firstIncompleteStep(state, TODAY)).toEqual({ id: 'personal' });
  });

  it('counts submit as done only once the application is sent, so /complete needs a submission', () => {
    const { state } = walk({ purpose: 'Vehicle' });
    state.applicationSubmitOk = false;
    expect(isStepComplete(ref('submit'), state, TODAY)).toBe(false);
    expect(validateStep(ref('submit'), state, TODAY)).toEqual([]);
    expect(canVisit(ref('submit'), state, TODAY)).toBe(true);
    expect(canVisit(ref('complete'), state, TODAY)).toBe(false);
    expect(firstIncompleteStep(state, TODAY)).toEqual({ id: 'submit' });
  });

  it('ignores the joint answers once the joint branch is abandoned', () => {
    const { state } = walk({ purpose: 'Vehicle', joint: { status: 'FullTime' } });
    state.form.isJointApplication = false;
    state.form.joint.contactNumber = '123';
    state.form.joint.firstName = null;
    const path = show(journeySteps(state, TODAY));
    for (const step of JOINT_STEPS) expect(path).not.toContain(step);
    expect(nextStep(ref('joint-application'), state, TODAY)).toEqual({ id: 'before-you-submit' });
    expect(previousStep(ref('before-you-submit'), state, TODAY)).toEqual({
      id: 'joint-application',
    });
    expect(canVisit(ref('joint-customer-details'), state, TODAY)).toBe(false);
    expect(firstIncompleteStep(state, TODAY)).toEqual({ id: 'complete' });
    expect(canVisit(ref('submit'), state, TODAY)).toBe(true);
  });

  it('skips the joint employment length when their status changes to one without an employer', () => {
    const { state } = walk({ purpose: 'Vehicle', joint: { status: 'ArmedForces' } });
    expect(nextStep(ref('joint-employment-add'), state, TODAY)).toEqual({
      id: 'joint-employment-length',
    });
    state.form.joint.employmentStatus = 'Unemployed';
    expect(nextStep(ref('joint-employment-add'), state, TODAY)).toEqual({
      id: 'joint-employment-income',
    });
  });
});

describe('docs/journey.md', () => {
  const doc = new URL('../../../docs/journey.md', import.meta.url);
  const fence = /```mermaid\n[\s\S]*?```/;

  it('draws exactly the table (regenerate: UPDATE_JOURNEY_DOC=1 npx vitest run --project domain journey)', () => {
    const block = '```mermaid\n' + journeyMermaid() + '\n```';
    let text = readFileSync(doc, 'utf8');
    if (process.env.UPDATE_JOURNEY_DOC === '1') {
      text = text.replace(fence, () => block);
      writeFileSync(doc, text);
    }
    expect(
      text.match(fence)?.[0],
      'docs/journey.md is out of date: run UPDATE_JOURNEY_DOC=1 npx vitest run --project domain journey',
    ).toBe(block);
  });

  it('draws both paths, both loops and the joint branch', () => {
    const chart = journeyMermaid();
    expect(chart.startsWith('flowchart TD\n')).toBe(true);
    expect(chart).toContain('start -->|"vehicle"| loan_type');
    expect(chart).toContain('start -->|"secured"| looking_to_borrow');
    expect(chart).toContain('employment_length -->|"35 months or less so far"| employment_add');
    expect(chart).toContain('address_length -->|"35 months or less so far"| address');
    expect(chart).toContain('joint_application -->|"joint applicant"| joint_customer_details');
    expect(chart).toContain('security_address_confirm -->|"not the current address"|');
    for (const id of STEP_IDS) expect(chart).toContain(`${id.replace(/-/g, '_')}["`);
  });
});
