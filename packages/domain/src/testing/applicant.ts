/**
 * The test applicant every suite shares (domain, web, server, bench and e2e): how a vehicle,
 * secured or joint applicant answers each step of the journey, by state path and value, and
 * the state and payload those answers make. Exported as `@broker/domain/testing`, never from the
 * package's main entry, so it is not in the web bundle.
 *
 * Tests that post more than one application vary the person (`numberedPerson`): the server
 * treats a second application with the same date of birth and the same phone or e-mail as a
 * duplicate (docs/decisions/0018-duplicate-window.md). Phones are 07911 and 07912 mobiles, never
 * Ofcom's drama range 07700 900xxx, which the contact screen refuses.
 */
import { BRANDS } from '../brands.js';
import { nextStep, stepPath, validateStep } from '../journey/index.js';
import type { StepId, StepRef } from '../journey/index.js';
import type { CalendarDate } from '../date-of-birth.js';
import { answersImpliedBy } from '../journey/effects.js';
import { buildPayload, buildSubmissionPayload } from '../codec/build.js';
import type { SubmissionPayloadDraft } from '../codec/build.js';
import type { PartialSubmissionPayload } from '../schemas.js';
import { createInitialState, emptyAddress, emptyEmployment } from '../journey/index.js';
import type { ApplicationState, Title } from '../journey/index.js';

export interface TestPerson {
  title: Title;
  firstName: string;
  lastName: string;
  email: string;
  /** As the payload sends it: digits only. */
  phone: string;
  /** The three boxes of the date-of-birth screen, two digits for day and month. */
  dateOfBirth: { day: string; month: string; year: string };
}

/** The applicant. */
export const ADA: TestPerson = {
  title: 'Ms',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada.lovelace@example.com',
  phone: '07911123456',
  dateOfBirth: { day: '15', month: '05', year: '1980' },
};

/** The joint applicant. */
export const BEN: TestPerson = {
  title: 'Mr',
  firstName: 'Ben',
  lastName: 'Lovelace',
  email: 'ben@example.com',
  phone: '07911654321',
  dateOfBirth: { day: '31', month: '12', year: '1979' },
};

const FIRST_NAMES = ['Ada', 'Grace', 'Mary', 'Alan', 'Tim', 'Sophie', 'Dorothy', 'Karen'];
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * The n-th person of a run of applications (n from 0 to 999,999): a name, a phone, an e-mail
 * and a date of birth of their own, so that no two are duplicates of each other or of `ADA`
 * and `BEN`. Aged between 26 and 55 on any date up to 2031.
 */
export function numberedPerson(n: number, base: TestPerson = ADA): TestPerson {
  const index = Math.abs(Math.trunc(n)) % 1_000_000;
  const firstName = FIRST_NAMES[index % FIRST_NAMES.length]!;
  return {
    ...base,
    firstName,
    email: `${firstName.toLowerCase()}.${pad(index, 6)}@example.com`,
    phone: `07912${pad(index, 6)}`,
    dateOfBirth: {
      day: pad(1 + (index % 28), 2),
      month: pad(1 + (Math.trunc(index / 28) % 12), 2),
      year: String(1970 + (Math.trunc(index / 336) % 30)),
    },
  };
}

export type ApplicantKind = 'vehicle' | 'secured' | 'joint';

/** One screen's answers: state path → value, as the screen writes them. */
export interface StepAnswers {
  step: StepRef;
  answers: Readonly<Record<string, unknown>>;
}

export interface ApplicantOptions {
  person?: TestPerson;
  /** The joint applicant of a 'joint' application. */
  joint?: TestPerson;
}

function personalAnswers(at: 'form' | 'form.joint', person: TestPerson) {
  return {
    [`${at}.title`]: person.title,
    [`${at}.firstName`]: person.firstName,
    [`${at}.lastName`]: person.lastName,
  };
}

function dateOfBirthAnswers(prefix: 'dob' | 'jointDob', person: TestPerson) {
  return {
    [`${prefix}Day`]: person.dateOfBirth.day,
    [`${prefix}Month`]: person.dateOfBirth.month,
    [`${prefix}Year`]: person.dateOfBirth.year,
  };
}

const step = (id: StepId, answers: Record<string, unknown>, n?: number): StepAnswers => ({
  step: n === undefined ? { id } : { id, n },
  answers,
});

/**
 * What the applicant answers on each screen of their path, in journey order, on the default
 * brand (which asks the deposit and looking-to-buy questions): one job of six years and one
 * address of five, so neither history asks for an earlier entry.
 */
export function applicantAnswers(
  kind: ApplicantKind,
  options: ApplicantOptions = {},
): StepAnswers[] {
  const me = options.person ?? ADA;
  const vehicle = kind !== 'secured';
  const loan: StepAnswers[] = vehicle
    ? [
        step('start', { 'form.loanPurposeType': 'Vehicle' }),
        step('loan-type', { 'form.financeType': 'HirePurchase' }),
        step('looking-to-buy', { 'form.lookingToBuy': 'FoundVehicle' }),
        step('deposit', { 'form.depositType': false }),
        step('amount-to-finance', { 'form.loanAmount': 7500 }),
      ]
    : [
        step('start', { 'form.loanPurposeType': 'HomeImprovements' }),
        step('looking-to-borrow', { 'form.loanAmount': 25000 }),
        step('term-to-borrow', { 'form.term': 15 }),
        step('property-details', {
          'form.propertyValue': 350000,
          'form.mortgageBalance': 120000,
          'form.propertyBedrooms': 3,
          'form.propertyType': 'SemiDetached',
        }),
      ];
  const aboutMe: StepAnswers[] = [
    ...(vehicle ? [step('driving-licence', { 'form.drivingLicenceType': 'FullUK' })] : []),
    step('marital-status', { 'form.maritalStatus': 'Single' }),
    step('date-of-birth', dateOfBirthAnswers('dob', me)),
    step(
      'employment',
      {
        'form.employments.0.employmentStatus': 'FullTime',
        'form.employments.0.occupation': 'Engineer',
        'form.employments.0.employerName': 'Analytical Engines Ltd',
        'form.employments.0.employerTown': 'London',
      },
      1,
    ),
    step(
      'employment-length',
      { 'form.employments.0.yearsAtEmployer': 6, 'form.employments.0.monthsAtEmployer': 3 },
      1,
    ),
    step('employment-income', { 'form.netMonthlyIncome': 2400 }, 1),
    step(
      'address',
      {
        'form.addresses.0.houseNumber': '10',
        'form.addresses.0.street': 'Downing Street',
        'form.addresses.0.town': 'London',
        'form.addresses.0.postcode': 'SW1A 2AA',
      },
      1,
    ),
    step(
      'address-status',
      {
        'form.addresses.0.residentialStatus': vehicle ? 'PrivateTenant' : 'HomeownerWithMortgage',
      },
      1,
    ),
    step(
      'address-length',
      { 'form.addresses.0.yearsAtAddress': 5, 'form.addresses.0.monthsAtAddress': 0 },
      1,
    ),
  ];
  const security: StepAnswers[] = vehicle
    ? []
    : [
        step('security-address-confirm', { 'form.isSecurityCurrentAddress': true }),
        step('own-other-properties', { 'form.ownOtherProperties': false }),
      ];
  const contact: StepAnswers[] = [
    step('personal', personalAnswers('form', me)),
    step('contact', {
      'form.email': me.email,
      'form.contactNumber': me.phone,
      'form.isAgreedTermsAndConditions': true,
    }),
    step('optins', {}),
    step('joint-application', { 'form.isJointApplication': kind === 'joint' }),
  ];
  const them = options.joint ?? BEN;
  const joint: StepAnswers[] =
    kind === 'joint'
      ? [
          step('joint-customer-details', {
            ...personalAnswers('form.joint', them),
            'form.joint.maritalStatus': 'Married',
          }),
          step('joint-date-of-birth', dateOfBirthAnswers('jointDob', them)),
          step('joint-employment-add', { 'form.joint.employmentStatus': 'PartTime' }),
          step('joint-employment-length', {
            'form.joint.yearsAtEmployer': 4,
            'form.joint.monthsAtEmployer': 2,
          }),
          step('joint-employment-income', { 'form.joint.netMonthlyIncome': 2100 }),
          step('joint-customer-contact', {
            'form.joint.email': them.email,
            'form.joint.contactNumber': them.phone,
          }),
          step('joint-optins', {}),
        ]
      : [];
  const secured: StepAnswers[] = vehicle
    ? []
    : [
        step('breathing-space', { 'form.breathingSpace': false }),
        step('soft-search', { 'form.agreeSoftSearch': true }),
        step('fair-processing-notice', {
          'form.additionalNeedsRequirements': false,
          'form.discussFinancialCircumstances': false,
        }),
      ];
  return [...loan, ...aboutMe, ...security, ...contact, ...joint, ...secured];
}

/** Writes `value` at a dotted state path, making the history entries it needs. */
export function setAnswer(state: ApplicationState, path: string, value: unknown): void {
  const keys = path.split('.');
  let target = state as unknown as Record<string, unknown>;
  keys.slice(0, -1).forEach((key, i) => {
    if (target[key] === undefined) {
      const list = keys[i - 1];
      target[key] =
        list === 'addresses' ? emptyAddress() : list === 'employments' ? emptyEmployment() : {};
    }
    target = target[key] as Record<string, unknown>;
  });
  target[keys[keys.length - 1]!] = value;
}

/**
 * The state before the first answer: the session key and, unless the browser is to fill it in,
 * the tracking the payload carries.
 */
function startingState(sessionId: string, tracking = true): ApplicationState {
  const state = createInitialState();
  state.GUID = sessionId;
  state.applicationKey = sessionId;
  state.form.sessionId = sessionId;
  if (!tracking) return state;
  state.host = 'apply.example.co.uk';
  state.subdomain = 'apply';
  state.affiliateConfig = BRANDS.default.affiliateKey;
  state.appliedDate = '2026-03-10T09:00:00.000Z';
  Object.assign(state.form, {
    affiliateUserId: 'D1001',
    userAgent: 'Mozilla/5.0 (test)',
    remoteAddress: '198.51.100.200',
  });
  return state;
}

/**
 * The state after the applicant has answered every screen of their path, with the session
 * key and the tracking the payload carries (the default brand, a dealer, a host).
 */
export function applicantState(
  kind: ApplicantKind,
  options: ApplicantOptions & { sessionId?: string } = {},
): ApplicationState {
  const state = startingState(options.sessionId ?? globalThis.crypto.randomUUID());
  for (const { answers } of applicantAnswers(kind, options)) {
    for (const [path, value] of Object.entries(answers)) setAnswer(state, path, value);
  }
  state.savedAddresses = state.form.addresses.map(() => ({
    manual: false,
    streetAddress: null,
    value: null,
  }));
  return state;
}

/** The payload the browser's builder sends for the applicant's answers (a full submission). */
export function applicantPayload(
  kind: ApplicantKind,
  options: ApplicantOptions & { sessionId?: string; today?: CalendarDate } = {},
): SubmissionPayloadDraft {
  return buildSubmissionPayload(applicantState(kind, options), {
    brand: BRANDS.default,
    isCompleted: true,
    today: options.today ?? today(),
  });
}

/**
 * The payload of a state's path with each answer as the state holds it, whether or not its
 * screen accepts it (the browser's builder leaves those out): what another client might send,
 * to check that the server refuses what the screens refuse.
 */
export function payloadAsHeld(
  state: ApplicationState,
  options: { isCompleted: boolean; today: CalendarDate },
): SubmissionPayloadDraft {
  return buildPayload(state, { brand: BRANDS.default, ...options }, false);
}

/**
 * A partial save (POST /api/submission/partial/{key}) sent early in a vehicle journey: the loan
 * answered and the terms agreed, every opt-in off, no person and empty address and employment
 * lists. `extra` adds or replaces fields (a `submissionKey` to match the URL, `disclosures`, an
 * e-mail), unchecked, so a test can also send what the schema refuses.
 */
export function partialApplicantPayload(
  extra: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  const early: PartialSubmissionPayload = {
    submissionKey: globalThis.crypto.randomUUID(),
    affiliateKey: 'default',
    submittedBy: 'apply',
    loanPurposeType: 'Vehicle',
    loanAmount: 6500,
    cashDeposit: 0,
    financeType: 'HirePurchase',
    term: 5,
    termsAndConditionsAgreed: true,
    IsCompleted: false,
    IsOptedEmail: false,
    IsOptedSms: false,
    IsOptedPhone: false,
    IsOptedPost: false,
    IsOptedThirdParty: false,
    IsOptedEmailThirdParty: false,
    IsOptedSmsThirdParty: false,
    IsOptedPhoneThirdParty: false,
    IsOptedPostThirdParty: false,
    addresses: [],
    employments: [],
  };
  return { ...early, ...extra };
}

function today(): CalendarDate {
  const now = new Date();
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}

/**
 * The state a browser holds on arriving at the screen at `stop` (a route such as '/contact' or
 * '/submit'): the applicant's answers to every screen before it, walked through the journey's
 * own table with each Continue's effects (`answersImpliedBy`: completion flags, the date of
 * birth). Throws if an answer no longer passes its screen or the path never reaches `stop`, so
 * a new question shows up here first.
 */
export function applicantStateAt(
  kind: ApplicantKind,
  stop: string,
  options: ApplicantOptions & { sessionId?: string; today?: CalendarDate } = {},
): ApplicationState {
  const date = options.today ?? today();
  const state = startingState(options.sessionId ?? globalThis.crypto.randomUUID(), false);
  const answers = new Map(
    applicantAnswers(kind, options).map((entry) => [stepPath(entry.step), entry.answers]),
  );
  let ref: StepRef | null = { id: 'start' };
  while (ref !== null && stepPath(ref) !== stop) {
    const path = stepPath(ref);
    for (const [at, value] of Object.entries(answers.get(path) ?? {})) setAnswer(state, at, value);
    const errors = validateStep(ref, state, date);
    if (errors.length > 0)
      throw new Error(`The test applicant fails ${path}: ${JSON.stringify(errors)}`);
    for (const [at, value] of Object.entries(answersImpliedBy(ref, state, date))) {
      setAnswer(state, at, value);
    }
    ref = nextStep(ref, state, date);
  }
  if (ref === null) throw new Error(`The ${kind} applicant's path does not reach ${stop}`);
  return state;
}
