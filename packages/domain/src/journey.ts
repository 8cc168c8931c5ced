/**
 * The journey: which screens exist, what each asks, and which follows which (decision record
 * 0001). One declarative table, `STEPS`, in journey order; everything else reads it. The model
 * is the GOV.UK forms-runner Journey: a step can be visited when every step before it on the
 * path the current answers imply is complete.
 */
import type { ApplicationForm, ApplicationState, Address } from './state.js';
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
} from './state.js';
import type { Who } from './messages.js';
import {
  validateAddressSelect,
  validateCheckbox,
  validateDropdown,
  validateEmail,
  validateName,
  validateNumber,
  validatePhone,
  validateRadioGroup,
  validateSlider,
  validateText,
  validateTitle,
  validateYearsAndMonths,
} from './validation.js';
import { validateDateOfBirth } from './date-of-birth.js';
import type { CalendarDate } from './date-of-birth.js';
import { isValidPostcode } from './postcode.js';
import { HISTORY_MONTHS, needsAnotherAddress, needsAnotherEmployment } from './years-months.js';
import { BRAND_LIST, brandForHost } from './brands.js';
import type { Brand } from './brands.js';

export type StepId =
  | 'start'
  | 'loan-type'
  | 'looking-to-buy'
  | 'deposit'
  | 'amount-to-finance'
  | 'looking-to-borrow'
  | 'term-to-borrow'
  | 'property-details'
  | 'driving-licence'
  | 'marital-status'
  | 'date-of-birth'
  | 'employment'
  | 'employment-add'
  | 'employment-length'
  | 'employment-income'
  | 'address'
  | 'address-status'
  | 'address-length'
  | 'security-address-confirm'
  | 'security-address-add'
  | 'own-other-properties'
  | 'personal'
  | 'contact'
  | 'optins'
  | 'joint-application'
  | 'joint-customer-details'
  | 'joint-date-of-birth'
  | 'joint-employment-add'
  | 'joint-employment-length'
  | 'joint-employment-income'
  | 'joint-customer-contact'
  | 'joint-optins'
  | 'breathing-space'
  | 'soft-search'
  | 'fair-processing-notice'
  | 'before-you-submit'
  | 'submit'
  | 'complete';

/** `n` is the 1-based entry of a numbered step (/address/2); other steps ignore it. */
export interface StepRef {
  id: StepId;
  n?: number;
}

/** Numbered routes take 1..MAX_STEP_NUMBER; a longer history than ten entries is not asked. */
export const MAX_STEP_NUMBER = 10;

export type FieldKind =
  | 'text'
  | 'number'
  | 'email'
  | 'phone'
  | 'title'
  | 'radio'
  | 'dropdown'
  | 'checkbox'
  | 'slider'
  | 'yearsMonths'
  | 'dateOfBirth'
  | 'address'
  | 'postcode';

export interface FieldOption {
  readonly value: string | boolean;
  readonly label: string;
}

/**
 * One answer on a screen. Paths are dotted paths into ApplicationState; `{n}` stands for the
 * zero-based entry index (N - 1 of the route) and is resolved by `stepFields`.
 */
export interface FieldSpec {
  /** Where the answer lives. For `dateOfBirth` the combined value, for `address` the whole address. */
  readonly path: string;
  /** Lower case, as used in messages ('first name'); the screen capitalises it. */
  readonly label: string;
  readonly kind: FieldKind;
  /** The visible question when a screen asks more than one (the step heading otherwise). */
  readonly legend?: string;
  readonly hint?: string;
  readonly options?: readonly FieldOption[];
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
  readonly maxLength?: number;
  readonly who: Who;
  /** Defaults to true, except for checkboxes. */
  readonly required?: boolean;
  /** `yearsMonths`: the months path (`path` holds the years). */
  readonly monthsPath?: string;
  /** `dateOfBirth`: the three boxes. */
  readonly parts?: { readonly day: string; readonly month: string; readonly year: string };
  /** `text`: a person's name, which refuses hidden characters (decision 0013). */
  readonly personName?: boolean;
  /** At least one of this field and `oneOf.path` must be filled; the message uses `oneOf.label`. */
  readonly oneOf?: { readonly path: string; readonly label: string };
  readonly showWhen?: (state: ApplicationState, n: number) => boolean;
}

export type ResolvedField = Omit<FieldSpec, 'showWhen'>;

export interface FieldError {
  field: string;
  message: string;
}

export type CompletionFlag = keyof Pick<
  ApplicationForm,
  | 'financeDetailsCompleted'
  | 'drivingLicenceCompleted'
  | 'loanAmountCompleted'
  | 'maritalStatusCompleted'
  | 'employmentStatusCompleted'
  | 'addressStatusCompleted'
  | 'personalDetailsCompleted'
  | 'dateOfBirthCompleted'
  | 'addressLocationCompleted'
>;

/** Named so that the Mermaid drawing can label the branches. */
export type ConditionId =
  'vehicle' | 'secured' | 'brandAsksDeposit' | 'securityElsewhere' | 'joint' | 'jointEmployed';

export type LoopId = 'employment' | 'address';

export type Heading = string | ((n: number, state: ApplicationState) => string);

export interface StepSpec {
  /** docs/product.md §2 path; `{n}` marks a numbered route. */
  readonly path: string;
  readonly heading: Heading;
  readonly hint?: string;
  readonly fields: readonly FieldSpec[];
  /** The step is on the path only when all of these hold. */
  readonly when?: readonly ConditionId[];
  /** Part of a history loop: `first` only for entry 1, `later` only for entries 2+. */
  readonly loop?: { readonly id: LoopId; readonly entries: 'first' | 'later' | 'every' };
  /** Completion flags of docs/product.md §3 set when the user continues from this step. */
  readonly flags?: readonly CompletionFlag[];
  /** Extra condition for counting the step as complete, beyond its fields being valid. */
  readonly doneWhen?: (state: ApplicationState) => boolean;
}

/** The employment statuses whose screens ask for the occupation and employer. */
export const EMPLOYED_STATUSES: readonly string[] = [
  'FullTime',
  'PartTime',
  'SelfEmployed',
  'ArmedForces',
];

const YES_NO: readonly FieldOption[] = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];

function optionsOf<T extends string>(
  values: readonly T[],
  labels: Record<T, string>,
): readonly FieldOption[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

const LOAN_PURPOSE_OPTIONS = optionsOf(LOAN_PURPOSES, {
  Vehicle: 'A vehicle',
  HomeImprovements: 'Home improvements',
  DebtConsolidation: 'Debt consolidation',
  SomethingElse: 'Something else',
});

const FINANCE_TYPE_OPTIONS = optionsOf(VEHICLE_FINANCE_TYPES, {
  HirePurchase: 'Hire purchase',
  PersonalContractPurchase: 'Personal contract purchase (PCP)',
  NotSure: 'Not sure',
});

const LOOKING_TO_BUY_OPTIONS = optionsOf(LOOKING_TO_BUY, {
  FoundVehicle: 'Yes, I have found a vehicle',
  StillLooking: 'No, I am still looking',
});

const TITLE_OPTIONS = optionsOf(TITLES, {
  Mr: 'Mr',
  Mrs: 'Mrs',
  Miss: 'Miss',
  Ms: 'Ms',
  Mx: 'Mx',
  Dr: 'Dr',
});

const MARITAL_STATUS_OPTIONS = optionsOf(MARITAL_STATUSES, {
  Single: 'Single',
  Married: 'Married',
  CivilPartnership: 'Civil partnership',
  Cohabiting: 'Living with a partner',
  Separated: 'Separated',
  Divorced: 'Divorced or civil partnership dissolved',
  Widowed: 'Widowed or surviving civil partner',
});

const DRIVING_LICENCE_OPTIONS = optionsOf(DRIVING_LICENCE_TYPES, {
  FullUK: 'Full UK licence',
  ProvisionalUK: 'Provisional UK licence',
  EU: 'EU licence',
  International: 'International licence',
  None: 'I do not have a licence',
});

const EMPLOYMENT_STATUS_OPTIONS = optionsOf(EMPLOYMENT_STATUSES, {
  FullTime: 'Employed full time',
  PartTime: 'Employed part time',
  SelfEmployed: 'Self-employed',
  ArmedForces: 'Armed forces',
  Retired: 'Retired',
  Student: 'Student',
  Homemaker: 'Homemaker',
  Disability: 'Not working due to disability',
  Unemployed: 'Unemployed',
});

const RESIDENTIAL_STATUS_OPTIONS = optionsOf(RESIDENTIAL_STATUSES, {
  HomeownerWithMortgage: 'Homeowner with a mortgage',
  HomeownerNoMortgage: 'Homeowner without a mortgage',
  PrivateTenant: 'Private tenant',
  CouncilTenant: 'Council or housing association tenant',
  LivingWithParents: 'Living with parents',
  Other: 'Other',
});

const PROPERTY_TYPE_OPTIONS = optionsOf(PROPERTY_TYPES, {
  Detached: 'Detached house',
  SemiDetached: 'Semi-detached house',
  Terraced: 'Terraced house',
  Bungalow: 'Bungalow',
  Flat: 'Flat or maisonette',
  Other: 'Other',
});

/** Reads a dotted path ('form.addresses.0.postcode'); anything missing gives undefined. */
export function valueAt(state: unknown, path: string): unknown {
  let current: unknown = state;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function entryIsEmployed(state: ApplicationState, n: number): boolean {
  return EMPLOYED_STATUSES.includes(
    String(valueAt(state, `form.employments.${n - 1}.employmentStatus`)),
  );
}

function employmentFields(): readonly FieldSpec[] {
  const at = 'form.employments.{n}';
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
      kind: 'text',
      who: 'applicant',
      showWhen: entryIsEmployed,
    },
    {
      path: `${at}.employerName`,
      label: 'employer name',
      kind: 'text',
      hint: 'If you are self-employed, the name of your business.',
      who: 'applicant',
      showWhen: entryIsEmployed,
    },
    {
      path: `${at}.employerTown`,
      label: 'employer town',
      kind: 'text',
      who: 'applicant',
      showWhen: entryIsEmployed,
    },
  ];
}

/**
 * The postcode-lookup variant shows the address select; the manual variant (chosen per
 * address, `manualPath`) shows the address lines. Either way the postcode comes first.
 */
function addressFields(at: string, manualPath: string): readonly FieldSpec[] {
  const manual = (state: ApplicationState, n: number): boolean =>
    valueAt(state, manualPath.replace('{n}', String(n - 1))) === true;
  const lookup = (state: ApplicationState, n: number): boolean => !manual(state, n);
  const line = (key: keyof Address, label: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
    path: `${at}.${key}`,
    label,
    kind: 'text',
    who: 'applicant',
    showWhen: manual,
    ...extra,
  });
  return [
    { path: `${at}.postcode`, label: 'postcode', kind: 'postcode', who: 'applicant' },
    { path: at, label: 'address', kind: 'address', who: 'applicant', showWhen: lookup },
    line('subBuilding', 'flat or unit', { required: false }),
    line('houseName', 'house name', {
      required: false,
      oneOf: { path: `${at}.houseNumber`, label: 'house name or number' },
    }),
    line('houseNumber', 'house number', { required: false }),
    line('street', 'street'),
    line('locality', 'locality', { required: false }),
    line('town', 'town or city'),
    line('county', 'county', { required: false }),
  ];
}

function optInFields(at: string, who: Who): readonly FieldSpec[] {
  const box = (key: string, label: string): FieldSpec => ({
    path: `${at}.${key}`,
    label,
    kind: 'checkbox',
    who,
    required: false,
  });
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
  ];
}

function yesNo(path: string, label: string, legend?: string): FieldSpec {
  return { path, label, kind: 'radio', options: YES_NO, who: 'applicant', legend };
}

const laterEntry = (n: number): boolean => n > 1;

/** The journey, in order. Object key order is the order of the screens. */
export const STEPS: Readonly<Record<StepId, StepSpec>> = {
  start: {
    path: '/',
    heading: 'What do you need the money for?',
    fields: [
      {
        path: 'form.loanPurposeType',
        label: 'loan purpose',
        kind: 'radio',
        options: LOAN_PURPOSE_OPTIONS,
        who: 'applicant',
      },
    ],
  },
  'loan-type': {
    path: '/loan-type',
    heading: 'What type of vehicle finance are you looking for?',
    when: ['vehicle'],
    fields: [
      {
        path: 'form.financeType',
        label: 'finance type',
        kind: 'radio',
        options: FINANCE_TYPE_OPTIONS,
        who: 'applicant',
      },
    ],
  },
  'looking-to-buy': {
    path: '/looking-to-buy',
    heading: 'Have you found the vehicle you want to buy?',
    when: ['vehicle', 'brandAsksDeposit'],
    fields: [
      {
        path: 'form.lookingToBuy',
        label: 'vehicle search',
        kind: 'radio',
        options: LOOKING_TO_BUY_OPTIONS,
        who: 'applicant',
      },
    ],
  },
  deposit: {
    path: '/deposit',
    heading: 'Do you have a deposit?',
    when: ['vehicle', 'brandAsksDeposit'],
    fields: [
      yesNo('form.depositType', 'deposit'),
      {
        path: 'form.cashDeposit',
        label: 'deposit amount',
        legend: 'How much is your deposit?',
        kind: 'number',
        // docs/product.md §4: a deposit that is not a number becomes 0, which is an answer (decision 0013).
        min: 0,
        max: 100000,
        who: 'applicant',
        showWhen: (state) => state.form.depositType === true,
      },
    ],
  },
  'amount-to-finance': {
    path: '/amount-to-finance',
    heading: 'How much would you like to borrow?',
    when: ['vehicle'],
    flags: ['loanAmountCompleted', 'financeDetailsCompleted'],
    fields: [
      {
        path: 'form.loanAmount',
        label: 'loan amount',
        kind: 'slider',
        min: 1000,
        max: 100000,
        step: 250,
        who: 'applicant',
      },
    ],
  },
  'looking-to-borrow': {
    path: '/looking-to-borrow',
    heading: 'How much would you like to borrow?',
    when: ['secured'],
    flags: ['loanAmountCompleted'],
    fields: [
      {
        path: 'form.loanAmount',
        label: 'loan amount',
        kind: 'slider',
        min: 10000,
        max: 250000,
        step: 1000,
        who: 'applicant',
      },
    ],
  },
  'term-to-borrow': {
    path: '/term-to-borrow',
    heading: 'Over how many years would you like to repay the loan?',
    when: ['secured'],
    flags: ['financeDetailsCompleted'],
    fields: [
      {
        path: 'form.term',
        label: 'loan term',
        kind: 'slider',
        min: 3,
        max: 25,
        step: 1,
        who: 'applicant',
      },
    ],
  },
  'property-details': {
    path: '/property-details',
    heading: 'Tell us about the property you want to borrow against',
    when: ['secured'],
    fields: [
      {
        path: 'form.propertyValue',
        label: 'property value',
        legend: 'What is the property worth?',
        kind: 'number',
        min: 10000,
        max: 10000000,
        who: 'applicant',
      },
      {
        path: 'form.mortgageBalance',
        label: 'mortgage balance',
        legend: 'How much is left to pay on your mortgage?',
        hint: 'Enter 0 if the property has no mortgage.',
        kind: 'number',
        min: 0,
        max: 10000000,
        who: 'applicant',
      },
      {
        path: 'form.propertyBedrooms',
        label: 'number of bedrooms',
        legend: 'How many bedrooms does it have?',
        kind: 'number',
        min: 1,
        max: 20,
        who: 'applicant',
      },
      {
        path: 'form.propertyType',
        label: 'property type',
        legend: 'What type of property is it?',
        kind: 'dropdown',
        options: PROPERTY_TYPE_OPTIONS,
        who: 'applicant',
      },
    ],
  },
  'driving-licence': {
    path: '/driving-licence',
    heading: 'What type of driving licence do you have?',
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
    heading: 'What is your marital status?',
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
    heading: 'What is your date of birth?',
    hint: 'For example, 27 3 1985',
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
    heading: 'What is your employment status?',
    loop: { id: 'employment', entries: 'first' },
    flags: ['employmentStatusCompleted'],
    fields: employmentFields(),
  },
  'employment-add': {
    path: '/employment-add/{n}',
    heading: 'What was your previous employment status?',
    hint: 'We need to know what you have been doing over the last 3 years.',
    loop: { id: 'employment', entries: 'later' },
    fields: employmentFields(),
  },
  'employment-length': {
    path: '/employment-length/{n}',
    heading: (n, state) => {
      const employed = entryIsEmployed(state, n);
      if (laterEntry(n)) {
        return employed ? 'How long did you work there?' : 'How long was that the case?';
      }
      return employed
        ? 'How long have you worked for your current employer?'
        : 'How long has this been your situation?';
    },
    loop: { id: 'employment', entries: 'every' },
    fields: [
      {
        path: 'form.employments.{n}.yearsAtEmployer',
        monthsPath: 'form.employments.{n}.monthsAtEmployer',
        label: 'time in employment',
        kind: 'yearsMonths',
        who: 'applicant',
      },
    ],
  },
  'employment-income': {
    path: '/employment-income/{n}',
    heading: 'What is your net monthly income?',
    hint: 'What you receive each month after tax and National Insurance.',
    fields: [
      {
        path: 'form.netMonthlyIncome',
        label: 'net monthly income',
        kind: 'number',
        min: 0,
        max: 100000,
        who: 'applicant',
      },
    ],
  },
  address: {
    path: '/address/{n}',
    heading: (n) => (laterEntry(n) ? 'What was your previous address?' : 'What is your address?'),
    loop: { id: 'address', entries: 'every' },
    flags: ['addressLocationCompleted'],
    fields: addressFields('form.addresses.{n}', 'savedAddresses.{n}.manual'),
  },
  'address-status': {
    path: '/residential-status/{n}',
    heading: (n) =>
      laterEntry(n)
        ? 'What was your residential status at that address?'
        : 'What is your residential status?',
    loop: { id: 'address', entries: 'every' },
    flags: ['addressStatusCompleted'],
    fields: [
      {
        path: 'form.addresses.{n}.residentialStatus',
        label: 'residential status',
        kind: 'radio',
        options: RESIDENTIAL_STATUS_OPTIONS,
        who: 'applicant',
      },
    ],
  },
  'address-length': {
    path: '/address-length/{n}',
    heading: (n) =>
      laterEntry(n) ? 'How long did you live there?' : 'How long have you lived at this address?',
    loop: { id: 'address', entries: 'every' },
    fields: [
      {
        path: 'form.addresses.{n}.yearsAtAddress',
        monthsPath: 'form.addresses.{n}.monthsAtAddress',
        label: 'time at address',
        kind: 'yearsMonths',
        who: 'applicant',
      },
    ],
  },
  'security-address-confirm': {
    path: '/security-address-confirm',
    heading: 'Is the property you want to borrow against your current address?',
    when: ['secured'],
    fields: [yesNo('form.isSecurityCurrentAddress', 'security address')],
  },
  'security-address-add': {
    path: '/security-address-add',
    heading: 'What is the address of the property you want to borrow against?',
    when: ['secured', 'securityElsewhere'],
    fields: addressFields('form.securityAddress', 'form.securityAddress.manual'),
  },
  'own-other-properties': {
    path: '/own-other-properties',
    heading: 'Do you own any other properties?',
    when: ['secured'],
    fields: [yesNo('form.ownOtherProperties', 'other properties')],
  },
  personal: {
    path: '/personal',
    heading: 'What is your name?',
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
        kind: 'text',
        who: 'applicant',
        personName: true,
      },
      {
        path: 'form.lastName',
        label: 'last name',
        kind: 'text',
        who: 'applicant',
        personName: true,
      },
    ],
  },
  contact: {
    path: '/contact',
    heading: 'How can we contact you?',
    fields: [
      { path: 'form.email', label: 'email address', kind: 'email', who: 'applicant' },
      {
        path: 'form.contactNumber',
        label: 'phone number',
        kind: 'phone',
        hint: 'A UK number, for example 07700 900 982.',
        who: 'applicant',
      },
      // Decision record 0015: the terms are agreed here, so that an application abandoned from
      // now on is kept as a lead (partial saves need the agreement, docs/product.md §4).
      {
        path: 'form.isAgreedTermsAndConditions',
        label: 'terms and conditions',
        legend: 'I have read and agree to the Terms & Conditions',
        kind: 'checkbox',
        who: 'applicant',
        required: true,
      },
    ],
  },
  optins: {
    path: '/optins',
    heading: 'How would you like to hear from us?',
    hint: 'Choose any that apply. You can change your mind at any time.',
    fields: optInFields('form', 'applicant'),
  },
  'joint-application': {
    path: '/joint',
    heading: 'Would you like to add a joint applicant?',
    fields: [yesNo('form.isJointApplication', 'joint application')],
  },
  'joint-customer-details': {
    path: '/joint-customer-details',
    heading: 'Tell us about the joint applicant',
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
    heading: 'What is their date of birth?',
    hint: 'For example, 27 3 1985',
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
    heading: 'What is their employment status?',
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
    heading: 'How long have they worked for their current employer?',
    when: ['joint', 'jointEmployed'],
    fields: [
      {
        path: 'form.joint.yearsAtEmployer',
        monthsPath: 'form.joint.monthsAtEmployer',
        label: 'time in employment',
        kind: 'yearsMonths',
        who: 'joint',
      },
    ],
  },
  'joint-employment-income': {
    path: '/joint-employment-income',
    heading: 'What is their net monthly income?',
    hint: 'What they receive each month after tax and National Insurance.',
    when: ['joint'],
    fields: [
      {
        path: 'form.joint.netMonthlyIncome',
        label: 'net monthly income',
        kind: 'number',
        min: 0,
        max: 100000,
        who: 'joint',
      },
    ],
  },
  'joint-customer-contact': {
    path: '/joint-customer-contact',
    heading: 'How can we contact the joint applicant?',
    when: ['joint'],
    fields: [
      { path: 'form.joint.email', label: 'email address', kind: 'email', who: 'joint' },
      { path: 'form.joint.contactNumber', label: 'phone number', kind: 'phone', who: 'joint' },
    ],
  },
  'joint-optins': {
    path: '/joint-optins',
    heading: 'How would the joint applicant like to hear from us?',
    hint: 'Choose any that apply.',
    when: ['joint'],
    fields: optInFields('form.joint', 'joint'),
  },
  'breathing-space': {
    path: '/breathing-space',
    heading: 'Are you in a Breathing Space?',
    hint: 'Breathing Space (the Debt Respite Scheme) gives legal protection from creditors while you get debt advice.',
    when: ['secured'],
    fields: [yesNo('form.breathingSpace', 'breathing space')],
  },
  'soft-search': {
    path: '/soft-search',
    heading: 'Do you agree to a soft search of your credit file?',
    hint: 'A soft search does not affect your credit score.',
    when: ['secured'],
    fields: [yesNo('form.agreeSoftSearch', 'soft search')],
  },
  'fair-processing-notice': {
    path: '/fair-processing-notice',
    heading: 'How we use your information',
    when: ['secured'],
    fields: [
      yesNo(
        'form.additionalNeedsRequirements',
        'additional needs',
        'Do you have any health condition, life event or other circumstance that affects how we should deal with you?',
      ),
      yesNo(
        'form.discussFinancialCircumstances',
        'financial circumstances',
        'Would you like to discuss your financial circumstances with us?',
      ),
      {
        path: 'form.additionalNeedsRequirementsStatement',
        label: 'circumstances',
        legend: 'Tell us what you would like us to know (optional)',
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
    heading: 'Check your answers before you submit',
    fields: [],
  },
  submit: {
    path: '/submit',
    heading: 'Submit your application',
    // Only a sent application completes the step, so /complete cannot be deep-linked.
    doneWhen: (state) => state.applicationSubmitOk,
    // The terms were agreed on the contact screen (decision record 0015).
    fields: [],
  },
  complete: {
    path: '/complete',
    heading: 'Thank you',
    fields: [],
  },
};

export const STEP_IDS = Object.keys(STEPS) as readonly StepId[];

function brandOf(state: ApplicationState): Brand {
  const byKey = BRAND_LIST.find((brand) => brand.affiliateKey === state.affiliateConfig);
  return byKey ?? brandForHost(state.host ?? '');
}

const CONDITIONS: Readonly<
  Record<ConditionId, { label: string; test: (state: ApplicationState) => boolean }>
> = {
  vehicle: { label: 'vehicle', test: (s) => s.form.loanPurposeType === 'Vehicle' },
  secured: {
    label: 'secured',
    test: (s) => s.form.loanPurposeType !== null && s.form.loanPurposeType !== 'Vehicle',
  },
  brandAsksDeposit: {
    label: 'brand asks deposit questions',
    test: (s) => brandOf(s).askDepositAndLookingToPurchaseQuestions === true,
  },
  securityElsewhere: {
    label: 'not the current address',
    test: (s) => s.form.isSecurityCurrentAddress === false,
  },
  joint: { label: 'joint applicant', test: (s) => s.form.isJointApplication === true },
  jointEmployed: {
    label: 'they are employed',
    test: (s) => EMPLOYED_STATUSES.includes(String(s.form.joint.employmentStatus)),
  },
};

/** Exactly one of each pair holds once the start question is answered. */
const OPPOSITES: readonly (readonly [ConditionId, ConditionId])[] = [['vehicle', 'secured']];

const LOOPS: Readonly<
  Record<LoopId, { label: string; again: (state: ApplicationState, n: number) => boolean }>
> = {
  employment: {
    label: 'Employment history',
    again: (s, n) => needsAnotherEmployment(s.form.employments.slice(0, n)),
  },
  address: {
    label: 'Address history',
    again: (s, n) => needsAnotherAddress(s.form.addresses.slice(0, n)),
  },
};

function isNumbered(id: StepId): boolean {
  return STEPS[id].path.includes('{n}');
}

function entryOf(ref: StepRef): number {
  return isNumbered(ref.id) ? (ref.n ?? 1) : 1;
}

function normalise(ref: StepRef): StepRef {
  return isNumbered(ref.id) ? { id: ref.id, n: ref.n ?? 1 } : { id: ref.id };
}

export function sameStep(a: StepRef, b: StepRef): boolean {
  return a.id === b.id && entryOf(a) === entryOf(b);
}

function isValidEntry(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= MAX_STEP_NUMBER;
}

/** The route of a step; a numbered step without `n` is entry 1. */
export function stepPath(ref: StepRef): string {
  const spec = STEPS[ref.id];
  if (!isNumbered(ref.id)) return spec.path;
  const n = entryOf(ref);
  if (!isValidEntry(n)) throw new RangeError(`Step number must be 1 to ${MAX_STEP_NUMBER}: ${n}`);
  return spec.path.replace('{n}', String(n));
}

const STEP_BY_PATH = new Map<string, StepId>(
  STEP_IDS.map((id) => [STEPS[id].path.replace('/{n}', ''), id]),
);

/** The step a route shows, or null for content pages, unknown routes and bad numbers. */
export function parseStepPath(path: string): StepRef | null {
  let clean = path.replace(/[?#].*$/, '');
  if (clean.length > 1) clean = clean.replace(/\/$/, '');
  const numbered = /^(\/[a-z-]+)\/([1-9][0-9]*)$/.exec(clean);
  if (numbered) {
    const id = STEP_BY_PATH.get(numbered[1]!);
    const n = Number(numbered[2]);
    return id !== undefined && isNumbered(id) && isValidEntry(n) ? { id, n } : null;
  }
  const id = STEP_BY_PATH.get(clean);
  return id !== undefined && !isNumbered(id) ? { id } : null;
}

function resolvePath(path: string, n: number): string {
  return path.replace('{n}', String(n - 1));
}

export function stepHeading(ref: StepRef, state: ApplicationState): string {
  const heading = STEPS[ref.id].heading;
  return typeof heading === 'string' ? heading : heading(entryOf(ref), state);
}

/** The fields a screen shows now, with `{n}` resolved and `showWhen` applied. */
export function stepFields(ref: StepRef, state: ApplicationState): ResolvedField[] {
  const n = entryOf(ref);
  return STEPS[ref.id].fields
    .filter((field) => field.showWhen?.(state, n) ?? true)
    .map(({ showWhen: _showWhen, ...field }) => ({
      ...field,
      path: resolvePath(field.path, n),
      ...(field.monthsPath !== undefined && { monthsPath: resolvePath(field.monthsPath, n) }),
      ...(field.oneOf !== undefined && {
        oneOf: { ...field.oneOf, path: resolvePath(field.oneOf.path, n) },
      }),
    }));
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function num(value: unknown): number | null {
  return typeof value === 'number' ? value : null;
}

function filled(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** A value that is not one of the field's options counts as unanswered (e.g. financeType 'Secured'). */
function chosen(field: ResolvedField, value: unknown): string | boolean | null {
  const option = field.options?.find((o) => o.value === value);
  return option ? option.value : null;
}

/** A looked-up address fills at least a first line and a town. */
function addressSummary(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const address = value as Partial<Address>;
  const first = [address.subBuilding, address.houseName, address.houseNumber, address.street];
  if (!filled(address.town) || !first.some(filled)) return null;
  return [...first, address.town].filter(filled).join(', ');
}

export const INVALID_POSTCODE_MESSAGE = 'Please enter a valid postcode.';

type FieldValidator = (
  field: ResolvedField,
  state: ApplicationState,
  today: CalendarDate,
) => string | null;

const VALIDATORS: Readonly<Record<FieldKind, FieldValidator>> = {
  text: (f, s) => {
    const value = text(valueAt(s, f.path));
    if (f.personName === true) return validateName(value, f.label, f.who);
    if (f.oneOf && !filled(value) && !filled(valueAt(s, f.oneOf.path))) {
      return validateText(null, f.oneOf.label, f.who);
    }
    return validateText(value, f.label, f.who, {
      required: f.required ?? true,
      ...(f.maxLength !== undefined && { maxLength: f.maxLength }),
    });
  },
  number: (f, s) =>
    validateNumber(num(valueAt(s, f.path)), f.label, f.who, {
      required: f.required ?? true,
      ...(f.min !== undefined && { min: f.min }),
      ...(f.max !== undefined && { max: f.max }),
    }),
  email: (f, s) => validateEmail(text(valueAt(s, f.path)), f.label, f.who),
  phone: (f, s) => validatePhone(text(valueAt(s, f.path)), f.who),
  title: (f, s) => validateTitle(text(chosen(f, valueAt(s, f.path))), f.who),
  radio: (f, s) => validateRadioGroup(chosen(f, valueAt(s, f.path))),
  dropdown: (f, s) => validateDropdown(text(chosen(f, valueAt(s, f.path))), f.label, f.who),
  checkbox: (f, s) =>
    (f.required ?? false) ? validateCheckbox(valueAt(s, f.path) === true) : null,
  slider: (f, s) => validateSlider(num(valueAt(s, f.path)), f.label, f.min ?? 0, f.max ?? 0, f.who),
  yearsMonths: (f, s) =>
    validateYearsAndMonths(num(valueAt(s, f.path)), num(valueAt(s, f.monthsPath ?? ''))),
  dateOfBirth: (f, s, today) =>
    validateDateOfBirth(
      {
        day: text(valueAt(s, f.parts?.day ?? '')),
        month: text(valueAt(s, f.parts?.month ?? '')),
        year: text(valueAt(s, f.parts?.year ?? '')),
      },
      today,
      { label: f.label, who: f.who },
    ),
  address: (f, s) => validateAddressSelect(addressSummary(valueAt(s, f.path))),
  postcode: (f, s) => {
    const value = text(valueAt(s, f.path));
    return (
      validateText(value, f.label, f.who) ??
      (isValidPostcode(value ?? '') ? null : INVALID_POSTCODE_MESSAGE)
    );
  },
};

/** The errors of a screen, in screen order; empty when the user may continue. */
export function validateStep(
  ref: StepRef,
  state: ApplicationState,
  today: CalendarDate,
): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of stepFields(ref, state)) {
    const message = VALIDATORS[field.kind](field, state, today);
    if (message !== null) errors.push({ field: field.path, message });
  }
  return errors;
}

export function isStepComplete(
  ref: StepRef,
  state: ApplicationState,
  today: CalendarDate,
): boolean {
  const done = STEPS[ref.id].doneWhen?.(state) ?? true;
  return done && validateStep(ref, state, today).length === 0;
}

function holds(spec: StepSpec, state: ApplicationState): boolean {
  return (spec.when ?? []).every((id) => CONDITIONS[id].test(state));
}

function inIteration(spec: StepSpec, n: number): boolean {
  const entries = spec.loop?.entries;
  return entries === 'every' || (entries === 'first' ? n === 1 : n > 1);
}

type Item = { kind: 'step'; id: StepId } | { kind: 'loop'; loop: LoopId; ids: readonly StepId[] };

/** The table read as a sequence, with each loop's run of steps collapsed into one item. */
const ITEMS: readonly Item[] = STEP_IDS.reduce<Item[]>((items, id) => {
  const loop = STEPS[id].loop;
  const last = items[items.length - 1];
  if (loop && last?.kind === 'loop' && last.loop === loop.id) {
    items[items.length - 1] = { ...last, ids: [...last.ids, id] };
  } else {
    items.push(loop ? { kind: 'loop', loop: loop.id, ids: [id] } : { kind: 'step', id });
  }
  return items;
}, []);

/**
 * The screens the current answers lead through, in order. Answers on branches the user has
 * left (a joint applicant after switching to No, addresses after the history reached three
 * years) are not on it. A loop goes on to its next entry only once the entry is complete.
 */
export function journeySteps(state: ApplicationState, today: CalendarDate): StepRef[] {
  const path: StepRef[] = [];
  for (const item of ITEMS) {
    if (item.kind === 'step') {
      if (holds(STEPS[item.id], state)) path.push(normalise({ id: item.id }));
      continue;
    }
    for (let n = 1; n <= MAX_STEP_NUMBER; n += 1) {
      const iteration = item.ids
        .filter((id) => inIteration(STEPS[id], n))
        .map((id): StepRef => ({ id, n }));
      path.push(...iteration);
      const complete = iteration.every((ref) => isStepComplete(ref, state, today));
      if (!complete || !LOOPS[item.loop].again(state, n)) break;
    }
  }
  return path;
}

function indexOn(path: readonly StepRef[], ref: StepRef): number {
  return path.findIndex((candidate) => sameStep(candidate, ref));
}

/** The step after `ref` on the current path; null after the last step or off the path. */
export function nextStep(
  ref: StepRef,
  state: ApplicationState,
  today: CalendarDate,
): StepRef | null {
  const path = journeySteps(state, today);
  const index = indexOn(path, ref);
  return index < 0 ? null : (path[index + 1] ?? null);
}

/** The step before `ref` on the current path; null for start and off the path. */
export function previousStep(
  ref: StepRef,
  state: ApplicationState,
  today: CalendarDate,
): StepRef | null {
  const path = journeySteps(state, today);
  const index = indexOn(path, ref);
  return index <= 0 ? null : (path[index - 1] ?? null);
}

/** Where a user who deep-links too far is sent: the first step not yet complete. */
export function firstIncompleteStep(state: ApplicationState, today: CalendarDate): StepRef {
  const path = journeySteps(state, today);
  return (
    path.find((ref) => !isStepComplete(ref, state, today)) ??
    path[path.length - 1] ?? { id: 'start' }
  );
}

/** forms-runner `can_visit?`: on the path, and every step before it complete. */
export function canVisit(ref: StepRef, state: ApplicationState, today: CalendarDate): boolean {
  if (ref.id === 'start') return true;
  const path = journeySteps(state, today);
  const index = indexOn(path, ref);
  return index >= 0 && path.slice(0, index).every((step) => isStepComplete(step, state, today));
}

/** The docs/product.md §3 completion flags the web sets to true when the user continues from `ref`. */
export function completionFlagsFor(ref: StepRef): readonly CompletionFlag[] {
  return STEPS[ref.id].flags ?? [];
}

function nodeId(id: StepId): string {
  return id.replace(/-/g, '_');
}

function nodeLabel(id: StepId): string {
  return `${id}<br/>${STEPS[id].path.replace('{n}', 'N')}`;
}

function itemConditions(item: Item): readonly ConditionId[] {
  return item.kind === 'step' ? (STEPS[item.id].when ?? []) : [];
}

function entryNode(item: Item): StepId {
  if (item.kind === 'step') return item.id;
  return item.ids.find((id) => inIteration(STEPS[id], 1)) ?? item.ids[0]!;
}

function exitNode(item: Item): StepId {
  return item.kind === 'step' ? item.id : item.ids[item.ids.length - 1]!;
}

function edge(from: StepId, to: StepId, label: string): string {
  return `  ${nodeId(from)} -->${label ? `|"${label}"|` : ''} ${nodeId(to)}`;
}

/**
 * The edges leaving one item: to each later item that can come next, labelled with the
 * conditions it needs beyond the current item's. A later item whose conditions include an
 * earlier candidate's is shadowed by it; an unconditional candidate (or both sides of an
 * opposite pair) ends the search.
 */
function edgesFrom(index: number): string[] {
  const from = ITEMS[index]!;
  const context = itemConditions(from);
  const loopExit = from.kind === 'loop' ? `more than ${HISTORY_MONTHS} months` : '';
  const taken: (readonly ConditionId[])[] = [];
  const lines: string[] = [];
  for (const to of ITEMS.slice(index + 1)) {
    const needs = itemConditions(to).filter((c) => !context.includes(c));
    const conflicts = OPPOSITES.some(
      ([a, b]) =>
        (needs.includes(a) && context.includes(b)) || (needs.includes(b) && context.includes(a)),
    );
    if (conflicts || taken.some((earlier) => earlier.every((c) => needs.includes(c)))) continue;
    const label = needs.length
      ? needs.map((c) => CONDITIONS[c].label).join(' and ')
      : taken.length
        ? 'otherwise'
        : '';
    lines.push(edge(exitNode(from), entryNode(to), [loopExit, label].filter(Boolean).join(', ')));
    if (needs.length === 0) break;
    taken.push(needs);
    const singles = taken.filter((t) => t.length === 1).map((t) => t[0]);
    if (OPPOSITES.some(([a, b]) => singles.includes(a) && singles.includes(b))) break;
  }
  return lines;
}

function loopLines(item: Extract<Item, { kind: 'loop' }>): string[] {
  const lines = [`  subgraph ${item.loop}_history["${LOOPS[item.loop].label}"]`];
  lines.push(...item.ids.map((id) => `    ${nodeId(id)}["${nodeLabel(id)}"]`));
  lines.push('  end');
  const chains = new Set<string>();
  for (const n of [1, 2]) {
    const chain = item.ids.filter((id) => inIteration(STEPS[id], n));
    chain.slice(1).forEach((id, i) => chains.add(edge(chain[i]!, id, '')));
  }
  lines.push(...chains);
  const again = item.ids.find((id) => inIteration(STEPS[id], 2))!;
  lines.push(edge(exitNode(item), again, `${HISTORY_MONTHS} months or less so far`));
  return lines;
}

/** A Mermaid flowchart of `STEPS`; docs/journey.md embeds exactly this text. */
export function journeyMermaid(): string {
  const lines = ['flowchart TD'];
  const jointIds = STEP_IDS.filter((id) => STEPS[id].when?.includes('joint'));
  ITEMS.forEach((item) => {
    if (item.kind === 'loop') lines.push(...loopLines(item));
    else if (!jointIds.includes(item.id))
      lines.push(`  ${nodeId(item.id)}["${nodeLabel(item.id)}"]`);
  });
  lines.push('  subgraph joint_applicant["Joint applicant"]');
  lines.push(...jointIds.map((id) => `    ${nodeId(id)}["${nodeLabel(id)}"]`));
  lines.push('  end');
  ITEMS.forEach((_, index) => lines.push(...edgesFrom(index)));
  return lines.join('\n');
}
