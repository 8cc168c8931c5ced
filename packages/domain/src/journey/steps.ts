/**
 * The journey's table, `STEPS`: every step's whole definition, in journey order
 * (docs/decisions/0037-steps-as-complete-data.md). Object key order is the order of the screens.
 */
import type { Address, ApplicationState, OptIns } from './shape.js';
import type { FieldSpec, StepId, StepSpec } from './types.js';
import type { Who } from '../messages.js';
import { dateOfBirthValue } from '../date-of-birth.js';
import { getAnswer, resolveFieldPath, type FieldPath } from './path.js';
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

function entryIsEmployed(state: ApplicationState, n: number): boolean {
  return EMPLOYED_STATUSES.includes(
    String(getAnswer(state, `form.employments.${n - 1}.employmentStatus`)),
  );
}

function employmentFields(): readonly FieldSpec[] {
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
      legend: 'Occupation',
      hint: 'Your job title, for example sales assistant or engineer.',
      autocomplete: 'organization-title',
      kind: 'text',
      who: 'applicant',
      showWhen: entryIsEmployed,
    },
    {
      path: `${at}.employerName`,
      label: 'employer name',
      legend: 'Employer name',
      kind: 'text',
      hint: 'If you are self-employed, the name of your business.',
      autocomplete: 'organization',
      who: 'applicant',
      showWhen: entryIsEmployed,
    },
    {
      path: `${at}.employerTown`,
      label: 'employer town',
      legend: 'Employer town',
      hint: 'The town or city where you work.',
      kind: 'text',
      who: 'applicant',
      showWhen: entryIsEmployed,
    },
  ];
}

/**
 * The postcode-lookup variant shows the address select; the manual variant (chosen per
 * address, `manualPath`) shows the address lines. Either way the postcode comes first. Only
 * the applicant's own address gets autofill tokens (`autofill`).
 */
function addressFields(
  at: 'form.addresses.{n}' | 'form.securityAddress',
  manualPath: 'savedAddresses.{n}.manual' | 'form.securityAddress.manual',
  autofill: boolean,
): readonly FieldSpec[] {
  const manual = (state: ApplicationState, n: number): boolean =>
    getAnswer(state, resolveFieldPath(manualPath, n)) === true;
  const lookup = (state: ApplicationState, n: number): boolean => !manual(state, n);
  const token = (autocomplete: FieldSpec['autocomplete']) => (autofill ? { autocomplete } : {});
  const line = (key: keyof Address, label: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
    path: `${at}.${key}`,
    label,
    kind: 'text',
    who: 'applicant',
    showWhen: manual,
    ...extra,
  });
  return [
    {
      path: `${at}.postcode`,
      label: 'postcode',
      kind: 'postcode',
      who: 'applicant',
      ...token('postal-code'),
    },
    { path: at, label: 'address', kind: 'address', who: 'applicant', showWhen: lookup },
    line('subBuilding', 'flat or unit', { required: false }),
    line('houseName', 'house name', {
      required: false,
      oneOf: { path: `${at}.houseNumber`, label: 'house name or number' },
    }),
    line('houseNumber', 'house number', { required: false, ...token('address-line1') }),
    line('street', 'street', token('address-line2')),
    line('locality', 'locality', { required: false }),
    line('town', 'town or city', token('address-level2')),
    line('county', 'county', { required: false, ...token('address-level1') }),
  ];
}

function optInFields(at: 'form' | 'form.joint', who: Who): readonly FieldSpec[] {
  const box = (key: keyof OptIns, label: string): FieldSpec => ({
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

function yesNo(
  path: FieldPath,
  label: string,
  extra: Pick<FieldSpec, 'legend' | 'hint' | 'checkAnswersKey'> = {},
): FieldSpec {
  return { path, label, kind: 'radio', options: YES_NO, who: 'applicant', ...extra };
}

const laterEntry = (n: number): boolean => n > 1;

/** An address on one line, as the security-address question quotes it. */
function oneLine(address: Address | undefined): string {
  if (!address) return '';
  const street = [address.houseNumber, address.street].filter(Boolean).join(' ');
  return [address.subBuilding, address.houseName, street, address.town, address.postcode]
    .filter(Boolean)
    .join(', ');
}

/** The journey, in order. Object key order is the order of the screens. */
export const STEPS: Readonly<Record<StepId, StepSpec>> = {
  start: {
    path: '/',
    intro: 'Get a quote in a few minutes. No impact on your credit score.',
    checkAnswers: { section: 'loan' },
    effects: (state) =>
      state.form.loanPurposeType !== null && state.form.loanPurposeType !== 'Vehicle'
        ? { 'form.financeType': 'Secured' }
        : {},
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
    checkAnswers: { section: 'loan' },
    heading: 'What type of vehicle finance are you looking for?',
    when: ['vehicle'],
    fields: [
      {
        path: 'form.financeType',
        label: 'finance type',
        checkAnswersKey: 'Type of finance',
        kind: 'radio',
        options: FINANCE_TYPE_OPTIONS,
        who: 'applicant',
      },
    ],
  },
  'looking-to-buy': {
    path: '/looking-to-buy',
    intro: 'You can apply before you have found one: knowing your budget helps you shop.',
    checkAnswers: { section: 'loan' },
    heading: 'Have you found the vehicle you want to buy?',
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
    heading: 'Do you have a deposit?',
    when: ['vehicle', 'brandAsksDeposit'],
    fields: [
      yesNo('form.depositType', 'deposit', {
        hint: 'A deposit, including the value of any part-exchange, lowers the amount you need to borrow. You can still apply without one.',
      }),
      {
        path: 'form.cashDeposit',
        label: 'deposit amount',
        legend: 'How much is your deposit?',
        kind: 'number',
        unit: 'pounds',
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
    intro:
      'Move the slider or type an amount from £1,000 to £100,000. Do not include your deposit.',
    checkAnswers: { section: 'loan' },
    heading: 'How much would you like to borrow?',
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
      },
    ],
  },
  'looking-to-borrow': {
    path: '/looking-to-borrow',
    intro: 'You can borrow from £10,000 to £250,000, secured on a property you own.',
    checkAnswers: { section: 'loan' },
    heading: 'How much would you like to borrow?',
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
      },
    ],
  },
  'term-to-borrow': {
    path: '/term-to-borrow',
    intro:
      'Choose from 3 to 25 years. A longer term means lower monthly repayments, but you pay more interest in total.',
    checkAnswers: { section: 'loan' },
    heading: 'Over how many years would you like to repay the loan?',
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
      },
    ],
  },
  'property-details': {
    path: '/property-details',
    intro:
      'Lenders use these to work out how much they can lend. An estimate of the value is fine.',
    checkAnswers: { section: 'property' },
    heading: 'Tell us about the property you want to borrow against',
    when: ['secured'],
    fields: [
      {
        path: 'form.propertyValue',
        label: 'property value',
        legend: 'What is the property worth?',
        kind: 'number',
        unit: 'pounds',
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
        unit: 'pounds',
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
    intro: 'Lenders use this when deciding what vehicle finance they can offer you.',
    checkAnswers: { section: 'aboutYou', order: 4 },
    effects: (state) => ({ fullLicence: state.form.drivingLicenceType === 'FullUK' }),
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
    checkAnswers: { section: 'aboutYou', order: 3 },
    heading: 'What is your marital status?',
    intro: 'Lenders ask this to understand your household and what you can afford to repay.',
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
    checkAnswers: { section: 'employment' },
    heading: 'What is your employment status?',
    loop: { id: 'employment', entries: 'first' },
    flags: ['employmentStatusCompleted'],
    fields: employmentFields(),
  },
  'employment-add': {
    path: '/employment-add/{n}',
    checkAnswers: { section: 'employment' },
    heading: 'What was your previous employment status?',
    hint: 'We need to know what you have been doing over the last 3 years.',
    loop: { id: 'employment', entries: 'later' },
    fields: employmentFields(),
  },
  'employment-length': {
    path: '/employment-length/{n}',
    intro:
      'If it is less than a year, enter 0 years and the number of months. Lenders look at what you have been doing for the last 3 years.',
    checkAnswers: { section: 'employment' },
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
        checkAnswersKey: 'How long',
        kind: 'yearsMonths',
        who: 'applicant',
      },
    ],
  },
  'employment-income': {
    path: '/employment-income/{n}',
    intro:
      'Your take-home pay: what you receive each month after tax and deductions such as National Insurance and pension contributions.',
    checkAnswers: { section: 'employment' },
    heading: 'What is your net monthly income?',
    hint: 'What you receive each month after tax and National Insurance.',
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
    intro: (n) =>
      laterEntry(n) ? 'Lenders need to know where you have lived for the last 3 years.' : undefined,
    checkAnswers: { section: 'addressHistory', rows: 'address' },
    heading: (n) => (laterEntry(n) ? 'What was your previous address?' : 'What is your address?'),
    loop: { id: 'address', entries: 'every' },
    flags: ['addressLocationCompleted'],
    fields: addressFields('form.addresses.{n}', 'savedAddresses.{n}.manual', true),
  },
  'address-status': {
    path: '/residential-status/{n}',
    intro: (n) =>
      laterEntry(n)
        ? 'How you lived at that address, for example as a tenant or with your parents.'
        : 'Lenders use this to understand your housing costs.',
    checkAnswers: { section: 'addressHistory' },
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
        checkAnswersKey: 'Residential status',
        kind: 'radio',
        options: RESIDENTIAL_STATUS_OPTIONS,
        who: 'applicant',
      },
    ],
  },
  'address-length': {
    path: '/address-length/{n}',
    intro: (n) =>
      laterEntry(n)
        ? 'Lenders need to know where you have lived for the last 3 years.'
        : 'Lenders need to know where you have lived for the last 3 years. If it is less than a year, enter 0 years and the number of months.',
    checkAnswers: { section: 'addressHistory' },
    heading: (n) =>
      laterEntry(n) ? 'How long did you live there?' : 'How long have you lived at this address?',
    loop: { id: 'address', entries: 'every' },
    fields: [
      {
        path: 'form.addresses.{n}.yearsAtAddress',
        monthsPath: 'form.addresses.{n}.monthsAtAddress',
        label: 'time at address',
        checkAnswersKey: 'How long',
        kind: 'yearsMonths',
        who: 'applicant',
      },
    ],
  },
  'security-address-confirm': {
    path: '/security-address-confirm',
    intro: (_n, state) => {
      const current = oneLine(state.form.addresses[0]);
      return current === '' ? undefined : `Your current address is ${current}.`;
    },
    checkAnswers: { section: 'property' },
    effects: (state) => ({ isSecurityCurrentAddress: state.form.isSecurityCurrentAddress }),
    heading: 'Is the property you want to borrow against your current address?',
    when: ['secured'],
    fields: [
      yesNo('form.isSecurityCurrentAddress', 'security address', {
        checkAnswersKey: 'Property is your current address',
      }),
    ],
  },
  'security-address-add': {
    path: '/security-address-add',
    intro: 'The lender will secure the loan on this property, so it must be a property you own.',
    checkAnswers: { section: 'property', rows: 'address' },
    heading: 'What is the address of the property you want to borrow against?',
    when: ['secured', 'securityElsewhere'],
    fields: addressFields('form.securityAddress', 'form.securityAddress.manual', false),
  },
  'own-other-properties': {
    path: '/own-other-properties',
    intro:
      'For example, a buy-to-let property, a holiday home or a property abroad. Do not count the property you want to borrow against.',
    checkAnswers: { section: 'property' },
    heading: 'Do you own any other properties?',
    when: ['secured'],
    fields: [
      yesNo('form.ownOtherProperties', 'other properties', {
        checkAnswersKey: 'Own other properties',
      }),
    ],
  },
  personal: {
    path: '/personal',
    intro: 'Use your full name as it appears on your driving licence or bank statements.',
    checkAnswers: { section: 'aboutYou', order: 1 },
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
    heading: 'How can we contact you?',
    intro:
      'We will use these to contact you about your application. You can choose whether we send you marketing on the next page.',
    fields: [
      { path: 'form.email', label: 'email address', kind: 'email', who: 'applicant' },
      {
        path: 'form.contactNumber',
        label: 'phone number',
        kind: 'phone',
        // Non-breaking spaces keep the example number on one line on a phone.
        hint: 'A UK number, for example 07700\u00a0900\u00a0982.',
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
        // Agreed here rather than answered: not a row to check (decision 0015).
        checkAnswersKey: false,
      },
    ],
  },
  optins: {
    path: '/optins',
    checkAnswers: { section: 'preferences', rows: 'optIns' },
    heading: 'How would you like to hear from us?',
    hint: 'Choose any that apply. You can change your mind at any time.',
    intro:
      'We would like to tell you about finance and offers that may interest you. Tick the ways you are happy to hear about them. You do not have to agree to any to apply, and you can change your mind at any time.',
    fields: optInFields('form', 'applicant'),
  },
  'joint-application': {
    path: '/joint',
    checkAnswers: { section: 'joint' },
    effects: (state) => ({ isJointApplication: state.form.isJointApplication }),
    heading: 'Would you like to add a joint applicant?',
    fields: [
      yesNo('form.isJointApplication', 'joint application', { checkAnswersKey: 'Joint applicant' }),
    ],
  },
  'joint-customer-details': {
    path: '/joint-customer-details',
    intro: 'Use their name as it appears on their bank statements or driving licence.',
    checkAnswers: { section: 'joint' },
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
    intro: 'If they have more than one job, choose the one they earn most from.',
    checkAnswers: { section: 'joint' },
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
    intro: 'If it is less than a year, enter 0 years and the number of months.',
    checkAnswers: { section: 'joint' },
    heading: 'How long have they worked for their current employer?',
    when: ['joint', 'jointEmployed'],
    fields: [
      {
        path: 'form.joint.yearsAtEmployer',
        monthsPath: 'form.joint.monthsAtEmployer',
        label: 'time in employment',
        checkAnswersKey: 'Time with employer',
        kind: 'yearsMonths',
        who: 'joint',
      },
    ],
  },
  'joint-employment-income': {
    path: '/joint-employment-income',
    intro:
      'What they receive each month after tax and National Insurance. Include only their own income, not yours.',
    checkAnswers: { section: 'joint' },
    heading: 'What is their net monthly income?',
    hint: 'What they receive each month after tax and National Insurance.',
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
    intro:
      'We and the lender may need to contact them about this application. Use their own email address and phone number, not yours.',
    checkAnswers: { section: 'joint' },
    heading: 'How can we contact the joint applicant?',
    when: ['joint'],
    fields: [
      { path: 'form.joint.email', label: 'email address', kind: 'email', who: 'joint' },
      { path: 'form.joint.contactNumber', label: 'phone number', kind: 'phone', who: 'joint' },
    ],
  },
  'joint-optins': {
    path: '/joint-optins',
    intro:
      'Only tick the ways they have told you they are happy to hear about finance and offers. They do not have to agree to any for you to apply, and they can change their mind at any time.',
    checkAnswers: { section: 'joint', rows: 'optIns' },
    heading: 'How would the joint applicant like to hear from us?',
    hint: 'Choose any that apply.',
    when: ['joint'],
    fields: optInFields('form.joint', 'joint'),
  },
  'breathing-space': {
    path: '/breathing-space',
    checkAnswers: { section: 'circumstances' },
    effects: (state) => ({ breathingSpace: state.form.breathingSpace }),
    heading: 'Are you in a Breathing Space?',
    hint: 'Breathing Space (the Debt Respite Scheme) gives legal protection from creditors while you get debt advice.',
    when: ['secured'],
    fields: [yesNo('form.breathingSpace', 'breathing space')],
  },
  'soft-search': {
    path: '/soft-search',
    checkAnswers: { section: 'circumstances' },
    heading: 'Do you agree to a soft search of your credit file?',
    hint: 'A soft search does not affect your credit score.',
    when: ['secured'],
    fields: [
      yesNo('form.agreeSoftSearch', 'soft search', { checkAnswersKey: 'Agree to a soft search' }),
    ],
  },
  'fair-processing-notice': {
    path: '/fair-processing-notice',
    checkAnswers: { section: 'circumstances' },
    heading: 'How we use your information',
    when: ['secured'],
    fields: [
      yesNo('form.additionalNeedsRequirements', 'additional needs', {
        legend:
          'Do you have any health condition, life event or other circumstance that affects how we should deal with you?',
        checkAnswersKey: 'Circumstances affecting how we deal with you',
      }),
      yesNo('form.discussFinancialCircumstances', 'financial circumstances', {
        legend: 'Would you like to discuss your financial circumstances with us?',
        checkAnswersKey: 'Discuss your financial circumstances',
      }),
      {
        path: 'form.additionalNeedsRequirementsStatement',
        label: 'circumstances',
        legend: 'Tell us what you would like us to know (optional)',
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
    heading: 'Check your answers before you submit',
    fields: [],
  },
  submit: {
    path: '/submit',
    checkAnswers: null,
    // Decision 0001: a valid Continue on /submit sends the full application.
    effects: () => ({ 'form.IsFullApplication': true }),
    heading: 'Submit your application',
    // Only a sent application completes the step, so /complete cannot be deep-linked.
    doneWhen: (state) => state.applicationSubmitOk,
    // The terms were agreed on the contact screen (decision record 0015).
    fields: [],
  },
  complete: {
    path: '/complete',
    checkAnswers: null,
    heading: 'Thank you',
    fields: [],
  },
};

export const STEP_IDS = Object.keys(STEPS) as readonly StepId[];
