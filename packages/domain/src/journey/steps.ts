/**
 * The journey's table, `STEPS`: every step's definition, in journey order
 * (docs/decisions/0037-steps-as-complete-data.md). Object key order is the order of the screens.
 * A step's heading, hint and intro are its copy, in `STEP_COPY` (copy.ts, keyed by step, so a
 * step without them does not compile): only the screens read them, and they load it with
 * themselves, so the first screen's script does not carry every step's words
 * (docs/decisions/0045-journey-copy-out-of-the-first-screen.md).
 */
import type { Address, ApplicationState, OptIns } from './shape.js';
import type { FieldSpec, StepId, StepSpec } from './types.js';
import type { Who } from '../messages.js';
import { dateOfBirthValue } from '../date-of-birth.js';
import { getAnswer, resolveFieldPath, type FieldPath, type StatePath } from './path.js';
import { HISTORY_CAPS, PAYLOAD_DEFAULTS } from '../codec/policy.js';
import { isSecuredPurpose } from './branch.js';
import {
  DRIVING_LICENCE_OPTIONS,
  EMPLOYMENT_STATUS_OPTIONS,
  FINANCE_TYPE_OPTIONS,
  LOAN_PURPOSE_OPTIONS,
  LOOKING_TO_BUY_OPTIONS,
  MARITAL_STATUS_OPTIONS,
  PROPERTY_TYPE_OPTIONS,
  RESIDENTIAL_STATUS_OPTIONS,
  TITLE_OPTIONS,
  YES_NO,
} from './labels.js';

/** The employment statuses whose screens ask for the occupation and employer. */
export const EMPLOYED_STATUSES: readonly string[] = [
  'FullTime',
  'PartTime',
  'SelfEmployed',
  'ArmedForces',
];

export function entryIsEmployed(state: ApplicationState, n: number): boolean {
  return EMPLOYED_STATUSES.includes(
    String(getAnswer(state, `form.employments.${n - 1}.employmentStatus`)),
  );
}

function employmentFields() {
  const at = 'form.employments.{n}' as const;
  return [
    {
      path: `${at}.employmentStatus`,
      label: 'employment status',
      kind: 'dropdown',
      options: EMPLOYMENT_STATUS_OPTIONS,
      who: 'applicant',
    },
    {
      path: `${at}.occupation`,
      label: 'occupation',
      autocomplete: 'organization-title',
      kind: 'text',
      who: 'applicant',
      showWhen: entryIsEmployed,
    },
    {
      path: `${at}.employerName`,
      label: 'employer name',
      kind: 'text',
      autocomplete: 'organization',
      who: 'applicant',
      showWhen: entryIsEmployed,
    },
    {
      path: `${at}.employerTown`,
      label: 'employer town',
      kind: 'text',
      who: 'applicant',
      showWhen: entryIsEmployed,
      as: 'Town',
    },
  ] as const satisfies readonly FieldSpec[];
}

/**
 * The postcode-lookup variant shows the address select; the manual variant (chosen per
 * address, `manualPath`) shows the address lines. Either way the postcode comes first. Only
 * the applicant's own address gets autofill tokens (`autofill`).
 */
function addressFields<const At extends 'form.addresses.{n}' | 'form.securityAddress'>(
  at: At,
  manualPath: 'savedAddresses.{n}.manual' | 'form.securityAddress.manual',
  autofill: boolean,
) {
  // Each entry's path resolved once: every submission asks it of every address field.
  const manualPaths: StatePath[] = [];
  const manual = (state: ApplicationState, n: number): boolean =>
    getAnswer(state, (manualPaths[n] ??= resolveFieldPath(manualPath, n))) === true;
  const lookup = (state: ApplicationState, n: number): boolean => !manual(state, n);
  const token = (autocomplete: FieldSpec['autocomplete']) => (autofill ? { autocomplete } : {});
  const line = <const K extends keyof Address, const E extends Partial<FieldSpec> = object>(
    key: K,
    label: string,
    extra?: E,
  ) =>
    ({
      path: `${at}.${key}`,
      label,
      kind: 'text',
      who: 'applicant',
      showWhen: manual,
      ...(extra as E),
    }) as const;
  return [
    {
      path: `${at}.postcode`,
      label: 'postcode',
      kind: 'postcode',
      who: 'applicant',
      ...token('postal-code'),
    },
    { path: at, label: 'address', kind: 'address', who: 'applicant', showWhen: lookup },
    // The payload's names for the lines (docs/product.md §3).
    line('subBuilding', 'flat or unit', { required: false, as: 'flatNumber' }),
    line('houseName', 'house name', {
      required: false,
      oneOf: { path: `${at}.houseNumber`, label: 'house name or number' },
      as: 'buildingName',
    }),
    line('houseNumber', 'house number', {
      required: false,
      as: 'buildingNumber',
      ...token('address-line1'),
    }),
    line('street', 'street', token('address-line2')),
    line('locality', 'locality', { required: false }),
    line('town', 'town or city', token('address-level2')),
    line('county', 'county', { required: false, ...token('address-level1') }),
  ] as const satisfies readonly FieldSpec[];
}

/** `isOptedEmail` → `IsOptedEmail`, `isOptedEmailPartner` → `IsOptedEmailThirdParty`. */
type OptInName<K extends string> = K extends `is${infer Channel}Partner`
  ? `Is${Channel}ThirdParty`
  : K extends `is${infer Channel}`
    ? `Is${Channel}`
    : never;

function optInFields<const At extends 'form' | 'form.joint'>(at: At, who: Who) {
  // The payload's names: `IsOpted…`, and `…ThirdParty` for the partners' channels (docs/payload.md).
  const box = <const K extends keyof OptIns>(key: K, label: string) =>
    ({
      path: `${at}.${key}`,
      label,
      kind: 'checkbox',
      who,
      required: false,
      as: `I${key.slice(1).replace(/Partner$/, 'ThirdParty')}` as OptInName<K>,
    }) as const;
  return [
    box('isOptedEmail', 'email'),
    box('isOptedSms', 'text message'),
    box('isOptedPhone', 'phone'),
    box('isOptedPost', 'post'),
    box('isOptedEmailPartner', 'email from our partners'),
    box('isOptedSmsPartner', 'text message from our partners'),
    box('isOptedPhonePartner', 'phone call from our partners'),
    box('isOptedPostPartner', 'post from our partners'),
    box('isOptedThirdParty', 'sharing my details with selected third parties'),
  ] as const satisfies readonly FieldSpec[];
}

function yesNo<
  const P extends FieldPath,
  const E extends Pick<FieldSpec, 'legend' | 'hint' | 'checkAnswersKey' | 'as'> = object,
>(path: P, label: string, extra?: E) {
  return {
    path,
    label,
    kind: 'radio',
    options: YES_NO,
    who: 'applicant',
    ...(extra as E),
  } as const;
}

export const laterEntry = (n: number): boolean => n > 1;

/**
 * The journey, in order. Object key order is the order of the screens. Declared `as const` so
 * that the payload's static type can be read from it (codec/payload-type.ts).
 */
export const TABLE = {
  start: {
    path: '/',
    checkAnswers: { section: 'loan' },
    effects: (state) =>
      isSecuredPurpose(state.form.loanPurposeType) ? { 'form.financeType': 'Secured' } : {},
    fields: [
      {
        path: 'form.loanPurposeType',
        label: 'loan purpose',
        kind: 'radio',
        options: LOAN_PURPOSE_OPTIONS,
        who: 'applicant',
        codes: { SomethingElse: 'Other' },
        default: PAYLOAD_DEFAULTS.loanPurposeType,
      },
    ],
  },
  'loan-type': {
    path: '/loan-type',
    checkAnswers: { section: 'loan' },
    when: ['vehicle'],
    fields: [
      {
        path: 'form.financeType',
        label: 'finance type',
        checkAnswersKey: 'Type of finance',
        kind: 'radio',
        options: FINANCE_TYPE_OPTIONS,
        who: 'applicant',
        // A secured loan's product: the start question's answer decides it.
        default: PAYLOAD_DEFAULTS.financeType,
      },
    ],
  },
  'looking-to-buy': {
    path: '/looking-to-buy',
    checkAnswers: { section: 'loan' },
    when: ['vehicle', 'brandAsksDeposit'],
    fields: [
      {
        path: 'form.lookingToBuy',
        label: 'vehicle search',
        checkAnswersKey: 'Found a vehicle',
        kind: 'radio',
        options: LOOKING_TO_BUY_OPTIONS,
        who: 'applicant',
      },
    ],
  },
  deposit: {
    path: '/deposit',
    checkAnswers: { section: 'loan' },
    effects: (state) => ({
      hasDeposit: state.form.depositType,
      ...(state.form.depositType === false && { 'form.cashDeposit': 0 }),
    }),
    when: ['vehicle', 'brandAsksDeposit'],
    fields: [
      yesNo('form.depositType', 'deposit', {
        // Sent as the amount: No is a deposit of 0 (docs/payload.md).
        as: {
          by: 'cashDeposit',
          read: (amount: unknown) => (typeof amount === 'number' ? amount !== 0 : null),
        },
      }),
      {
        path: 'form.cashDeposit',
        label: 'deposit amount',
        kind: 'number',
        unit: 'pounds',
        // docs/product.md §4: a deposit that is not a number becomes 0, which is an answer (decision 0013).
        min: 0,
        max: 100000,
        who: 'applicant',
        showWhen: (state) => state.form.depositType === true,
        default: PAYLOAD_DEFAULTS.cashDeposit,
      },
    ],
  },
  'amount-to-finance': {
    path: '/amount-to-finance',
    checkAnswers: { section: 'loan' },
    when: ['vehicle'],
    flags: ['loanAmountCompleted', 'financeDetailsCompleted'],
    fields: [
      {
        path: 'form.loanAmount',
        label: 'loan amount',
        checkAnswersKey: 'Amount to borrow',
        kind: 'slider',
        unit: 'pounds',
        min: 1000,
        max: 100000,
        step: 250,
        who: 'applicant',
        default: PAYLOAD_DEFAULTS.loanAmount,
      },
    ],
  },
  'looking-to-borrow': {
    path: '/looking-to-borrow',
    checkAnswers: { section: 'loan' },
    when: ['secured'],
    flags: ['loanAmountCompleted'],
    fields: [
      {
        path: 'form.loanAmount',
        label: 'loan amount',
        checkAnswersKey: 'Amount to borrow',
        kind: 'slider',
        unit: 'pounds',
        min: 10000,
        max: 250000,
        step: 1000,
        who: 'applicant',
        default: PAYLOAD_DEFAULTS.loanAmount,
      },
    ],
  },
  'term-to-borrow': {
    path: '/term-to-borrow',
    checkAnswers: { section: 'loan' },
    when: ['secured'],
    flags: ['financeDetailsCompleted'],
    fields: [
      {
        path: 'form.term',
        label: 'loan term',
        kind: 'slider',
        unit: 'years',
        min: 3,
        max: 25,
        step: 1,
        who: 'applicant',
        default: PAYLOAD_DEFAULTS.term,
      },
    ],
  },
  'property-details': {
    path: '/property-details',
    checkAnswers: { section: 'property' },
    when: ['secured'],
    fields: [
      {
        path: 'form.propertyValue',
        label: 'property value',
        kind: 'number',
        unit: 'pounds',
        min: 10000,
        max: 10000000,
        who: 'applicant',
      },
      {
        path: 'form.mortgageBalance',
        label: 'mortgage balance',
        kind: 'number',
        unit: 'pounds',
        min: 0,
        max: 10000000,
        who: 'applicant',
      },
      {
        path: 'form.propertyBedrooms',
        label: 'number of bedrooms',
        kind: 'number',
        min: 1,
        max: 20,
        who: 'applicant',
      },
      {
        path: 'form.propertyType',
        label: 'property type',
        kind: 'dropdown',
        options: PROPERTY_TYPE_OPTIONS,
        who: 'applicant',
      },
    ],
  },
  'driving-licence': {
    path: '/driving-licence',
    checkAnswers: { section: 'aboutYou', order: 4 },
    effects: (state) => ({ fullLicence: state.form.drivingLicenceType === 'FullUK' }),
    when: ['vehicle'],
    flags: ['drivingLicenceCompleted'],
    fields: [
      {
        path: 'form.drivingLicenceType',
        label: 'driving licence',
        kind: 'radio',
        options: DRIVING_LICENCE_OPTIONS,
        who: 'applicant',
      },
    ],
  },
  'marital-status': {
    path: '/marital-status',
    checkAnswers: { section: 'aboutYou', order: 3 },
    flags: ['maritalStatusCompleted'],
    fields: [
      {
        path: 'form.maritalStatus',
        label: 'marital status',
        kind: 'dropdown',
        options: MARITAL_STATUS_OPTIONS,
        who: 'applicant',
      },
    ],
  },
  'date-of-birth': {
    path: '/date-of-birth',
    checkAnswers: { section: 'aboutYou', order: 2 },
    effects: (state, today) => ({
      'form.dateOfBirth': dateOfBirthValue(
        { day: state.dobDay, month: state.dobMonth, year: state.dobYear },
        today,
      ),
    }),
    flags: ['dateOfBirthCompleted'],
    fields: [
      {
        path: 'form.dateOfBirth',
        label: 'date of birth',
        kind: 'dateOfBirth',
        parts: { day: 'dobDay', month: 'dobMonth', year: 'dobYear' },
        who: 'applicant',
      },
    ],
  },
  employment: {
    path: '/employment/{n}',
    checkAnswers: { section: 'employment' },
    loop: { id: 'employment', entries: 'first' },
    flags: ['employmentStatusCompleted'],
    fields: employmentFields(),
  },
  'employment-add': {
    path: '/employment-add/{n}',
    checkAnswers: { section: 'employment' },
    loop: { id: 'employment', entries: 'later' },
    fields: employmentFields(),
  },
  'employment-length': {
    path: '/employment-length/{n}',
    checkAnswers: { section: 'employment' },
    loop: { id: 'employment', entries: 'every' },
    fields: [
      {
        path: 'form.employments.{n}.yearsAtEmployer',
        monthsPath: 'form.employments.{n}.monthsAtEmployer',
        label: 'time in employment',
        checkAnswersKey: 'How long',
        kind: 'yearsMonths',
        who: 'applicant',
        cap: HISTORY_CAPS.employerYears,
      },
    ],
  },
  'employment-income': {
    path: '/employment-income/{n}',
    checkAnswers: { section: 'employment' },
    fields: [
      {
        path: 'form.netMonthlyIncome',
        label: 'net monthly income',
        kind: 'number',
        unit: 'pounds',
        min: 0,
        max: 100000,
        who: 'applicant',
      },
    ],
  },
  address: {
    path: '/address/{n}',
    checkAnswers: { section: 'addressHistory', rows: 'address' },
    loop: { id: 'address', entries: 'every' },
    flags: ['addressLocationCompleted'],
    fields: addressFields('form.addresses.{n}', 'savedAddresses.{n}.manual', true),
  },
  'address-status': {
    path: '/residential-status/{n}',
    checkAnswers: { section: 'addressHistory' },
    loop: { id: 'address', entries: 'every' },
    flags: ['addressStatusCompleted'],
    fields: [
      {
        path: 'form.addresses.{n}.residentialStatus',
        label: 'residential status',
        checkAnswersKey: 'Residential status',
        kind: 'radio',
        options: RESIDENTIAL_STATUS_OPTIONS,
        who: 'applicant',
      },
    ],
  },
  'address-length': {
    path: '/address-length/{n}',
    checkAnswers: { section: 'addressHistory' },
    loop: { id: 'address', entries: 'every' },
    fields: [
      {
        path: 'form.addresses.{n}.yearsAtAddress',
        monthsPath: 'form.addresses.{n}.monthsAtAddress',
        label: 'time at address',
        checkAnswersKey: 'How long',
        kind: 'yearsMonths',
        who: 'applicant',
        cap: HISTORY_CAPS.addressYears,
      },
    ],
  },
  'security-address-confirm': {
    path: '/security-address-confirm',
    checkAnswers: { section: 'property' },
    effects: (state) => ({ isSecurityCurrentAddress: state.form.isSecurityCurrentAddress }),
    when: ['secured'],
    fields: [
      yesNo('form.isSecurityCurrentAddress', 'security address', {
        checkAnswersKey: 'Property is your current address',
      }),
    ],
  },
  'security-address-add': {
    path: '/security-address-add',
    checkAnswers: { section: 'property', rows: 'address' },
    when: ['secured', 'securityElsewhere'],
    fields: [
      ...addressFields('form.securityAddress', 'form.securityAddress.manual', false),
      {
        path: 'form.securityAddress.yearsAtAddress',
        monthsPath: 'form.securityAddress.monthsAtAddress',
        label: 'time you have owned it',
        checkAnswersKey: 'Owned for',
        kind: 'yearsMonths',
        who: 'applicant',
        // A property the applicant does not live in: no residential status is asked or sent.
        cap: HISTORY_CAPS.securityAddressYears,
      },
    ],
  },
  'own-other-properties': {
    path: '/own-other-properties',
    checkAnswers: { section: 'property' },
    when: ['secured'],
    fields: [
      yesNo('form.ownOtherProperties', 'other properties', {
        checkAnswersKey: 'Own other properties',
      }),
    ],
  },
  personal: {
    path: '/personal',
    checkAnswers: { section: 'aboutYou', order: 1 },
    flags: ['personalDetailsCompleted'],
    fields: [
      {
        path: 'form.title',
        label: 'title',
        kind: 'title',
        options: TITLE_OPTIONS,
        who: 'applicant',
      },
      {
        path: 'form.firstName',
        label: 'first name',
        autocomplete: 'given-name',
        kind: 'text',
        who: 'applicant',
        personName: true,
      },
      {
        path: 'form.lastName',
        label: 'last name',
        autocomplete: 'family-name',
        kind: 'text',
        who: 'applicant',
        personName: true,
      },
    ],
  },
  contact: {
    path: '/contact',
    checkAnswers: { section: 'contact' },
    fields: [
      { path: 'form.email', label: 'email address', kind: 'email', who: 'applicant' },
      {
        path: 'form.contactNumber',
        label: 'phone number',
        kind: 'phone',
        who: 'applicant',
      },
      // Decision record 0015: the terms are agreed here, so that an application abandoned from
      // now on is kept as a lead (partial saves need the agreement, docs/product.md §4).
      {
        path: 'form.isAgreedTermsAndConditions',
        label: 'terms and conditions',
        kind: 'checkbox',
        who: 'applicant',
        required: true,
        // Agreed here rather than answered: not a row to check (decision 0015).
        checkAnswersKey: false,
        as: 'termsAndConditionsAgreed',
      },
    ],
  },
  optins: {
    path: '/optins',
    checkAnswers: { section: 'preferences', rows: 'optIns' },
    fields: optInFields('form', 'applicant'),
  },
  'joint-application': {
    path: '/joint',
    checkAnswers: { section: 'joint' },
    effects: (state) => ({ isJointApplication: state.form.isJointApplication }),
    fields: [
      yesNo('form.isJointApplication', 'joint application', { checkAnswersKey: 'Joint applicant' }),
    ],
  },
  'joint-customer-details': {
    path: '/joint-customer-details',
    checkAnswers: { section: 'joint' },
    when: ['joint'],
    fields: [
      {
        path: 'form.joint.title',
        label: 'title',
        kind: 'title',
        options: TITLE_OPTIONS,
        who: 'joint',
      },
      {
        path: 'form.joint.firstName',
        label: 'first name',
        kind: 'text',
        who: 'joint',
        personName: true,
      },
      {
        path: 'form.joint.lastName',
        label: 'last name',
        kind: 'text',
        who: 'joint',
        personName: true,
      },
      {
        path: 'form.joint.maritalStatus',
        label: 'marital status',
        kind: 'dropdown',
        options: MARITAL_STATUS_OPTIONS,
        who: 'joint',
      },
    ],
  },
  'joint-date-of-birth': {
    path: '/joint-date-of-birth',
    checkAnswers: { section: 'joint' },
    effects: (state, today) => ({
      'form.joint.dobDay': state.jointDobDay,
      'form.joint.dobMonth': state.jointDobMonth,
      'form.joint.dobYear': state.jointDobYear,
      'form.joint.dateOfBirth': dateOfBirthValue(
        { day: state.jointDobDay, month: state.jointDobMonth, year: state.jointDobYear },
        today,
      ),
    }),
    when: ['joint'],
    fields: [
      {
        path: 'form.joint.dateOfBirth',
        label: 'date of birth',
        kind: 'dateOfBirth',
        parts: { day: 'jointDobDay', month: 'jointDobMonth', year: 'jointDobYear' },
        who: 'joint',
      },
    ],
  },
  'joint-employment-add': {
    path: '/joint-employment-add',
    checkAnswers: { section: 'joint' },
    when: ['joint'],
    fields: [
      {
        path: 'form.joint.employmentStatus',
        label: 'employment status',
        kind: 'dropdown',
        options: EMPLOYMENT_STATUS_OPTIONS,
        who: 'joint',
      },
    ],
  },
  'joint-employment-length': {
    path: '/joint-employment-length',
    checkAnswers: { section: 'joint' },
    when: ['joint', 'jointEmployed'],
    fields: [
      {
        path: 'form.joint.yearsAtEmployer',
        monthsPath: 'form.joint.monthsAtEmployer',
        label: 'time in employment',
        checkAnswersKey: 'Time with employer',
        kind: 'yearsMonths',
        who: 'joint',
        cap: HISTORY_CAPS.employerYears,
      },
    ],
  },
  'joint-employment-income': {
    path: '/joint-employment-income',
    checkAnswers: { section: 'joint' },
    when: ['joint'],
    fields: [
      {
        path: 'form.joint.netMonthlyIncome',
        label: 'net monthly income',
        kind: 'number',
        unit: 'pounds',
        min: 0,
        max: 100000,
        who: 'joint',
      },
    ],
  },
  'joint-customer-contact': {
    path: '/joint-customer-contact',
    checkAnswers: { section: 'joint' },
    when: ['joint'],
    fields: [
      { path: 'form.joint.email', label: 'email address', kind: 'email', who: 'joint' },
      { path: 'form.joint.contactNumber', label: 'phone number', kind: 'phone', who: 'joint' },
    ],
  },
  'joint-optins': {
    path: '/joint-optins',
    checkAnswers: { section: 'joint', rows: 'optIns' },
    when: ['joint'],
    fields: optInFields('form.joint', 'joint'),
  },
  'breathing-space': {
    path: '/breathing-space',
    checkAnswers: { section: 'circumstances' },
    effects: (state) => ({ breathingSpace: state.form.breathingSpace }),
    when: ['secured'],
    fields: [yesNo('form.breathingSpace', 'breathing space')],
  },
  'soft-search': {
    path: '/soft-search',
    checkAnswers: { section: 'circumstances' },
    when: ['secured'],
    fields: [
      yesNo('form.agreeSoftSearch', 'soft search', { checkAnswersKey: 'Agree to a soft search' }),
    ],
  },
  'fair-processing-notice': {
    path: '/fair-processing-notice',
    checkAnswers: { section: 'circumstances' },
    when: ['secured'],
    fields: [
      yesNo('form.additionalNeedsRequirements', 'additional needs', {
        checkAnswersKey: 'Circumstances affecting how we deal with you',
      }),
      yesNo('form.discussFinancialCircumstances', 'financial circumstances', {
        checkAnswersKey: 'Discuss your financial circumstances',
      }),
      {
        path: 'form.additionalNeedsRequirementsStatement',
        label: 'circumstances',
        checkAnswersKey: 'What you would like us to know',
        kind: 'text',
        maxLength: 500,
        who: 'applicant',
        required: false,
        showWhen: (state) => state.form.discussFinancialCircumstances === true,
      },
    ],
  },
  'before-you-submit': {
    path: '/before-you-submit',
    checkAnswers: null,
    fields: [],
  },
  submit: {
    path: '/submit',
    checkAnswers: null,
    // Decision 0001: a valid Continue on /submit sends the full application.
    effects: () => ({ 'form.IsFullApplication': true }),
    // Only a sent application completes the step, so /complete cannot be deep-linked.
    doneWhen: (state) => state.applicationSubmitOk,
    // The terms were agreed on the contact screen (decision record 0015).
    fields: [],
  },
  complete: {
    path: '/complete',
    checkAnswers: null,
    fields: [],
  },
} as const satisfies Readonly<Record<StepId, StepSpec>>;

export const STEPS: Readonly<Record<StepId, StepSpec>> = TABLE;

export const STEP_IDS = Object.keys(STEPS) as readonly StepId[];
