import { beforeAll, describe, expect, it } from 'vitest';
import { BRANDS } from '../brands.js';
import { loadStepCopy } from '../journey/resolve.js';
import { setAnswers, type Answers } from '../journey/path.js';
import type { ApplicationState } from '../journey/shape.js';
import { STEPS } from '../journey/steps.js';
import type { StepId } from '../journey/types.js';
import { capitaliseFirstLetter } from '../validation.js';
import { applicantState } from '../testing/applicant.js';
import { buildSubmissionPayload } from './build.js';
import {
  formatDateOfBirth,
  formatYearsMonths,
  listInWords,
  summarisePayload,
  type AnswerSection,
} from './summary.js';

const TODAY = { year: 2026, month: 11, day: 21 };

beforeAll(loadStepCopy);

/**
 * What the applicant sees before they submit, and staff see after: the summary of the payload
 * the answers make (decision 0065), read back.
 */
function checkAnswers(state: ApplicationState, today = TODAY): AnswerSection[] {
  return summarisePayload(
    buildSubmissionPayload(state, { brand: BRANDS.default, isCompleted: false, today }),
    today,
  );
}

/** Answers by typed path, as the screens write them. */
function withAnswers(
  answers: Answers,
  state: ApplicationState = applicantState('secured'),
): ApplicationState {
  return setAnswers(state, answers);
}

/** A vehicle application answered up to the check-answers page, on the default brand. */
const VEHICLE_ANSWERS: Answers = {
  'form.loanPurposeType': 'Vehicle',
  'form.financeType': 'HirePurchase',
  'form.lookingToBuy': 'FoundVehicle',
  'form.depositType': true,
  'form.cashDeposit': 1500,
  'form.loanAmount': 12500,
  'form.drivingLicenceType': 'FullUK',
  'form.maritalStatus': 'Married',
  dobDay: '07',
  dobMonth: '03',
  dobYear: '1980',
  'form.employments': [
    {
      employmentStatus: 'FullTime',
      occupation: 'Engineer',
      employerName: 'Acme Engineering Ltd',
      employerTown: 'Leeds',
      yearsAtEmployer: 5,
      monthsAtEmployer: 0,
    },
  ],
  'form.netMonthlyIncome': 2450,
  'form.addresses': [
    {
      subBuilding: 'Flat 2',
      houseName: null,
      houseNumber: '12',
      street: 'Park Row',
      locality: null,
      town: 'Leeds',
      county: null,
      postcode: 'ls14ap',
      yearsAtAddress: 4,
      monthsAtAddress: 0,
      residentialStatus: 'PrivateTenant',
    },
  ],
  savedAddresses: [{ manual: true, streetAddress: null, value: null }],
  'form.title': 'Ms',
  'form.firstName': 'Jane',
  'form.lastName': 'Doe',
  'form.email': 'jane.doe@example.com',
  'form.contactNumber': '07911123456',
  // Agreed on the contact screen (decision record 0015).
  'form.isAgreedTermsAndConditions': true,
  'form.isOptedEmail': true,
  'form.isOptedSms': true,
  'form.isOptedPostPartner': true,
  'form.isJointApplication': false,
};

/**
 * The shared test applicant's vehicle answers (`@broker/domain/testing`), with this suite's own
 * person and values over them: a question added to the journey is answered by the shared
 * fixture, so this file needs no edit for it.
 */
function vehicleApplication(overrides: Readonly<Record<string, unknown>> = {}): ApplicationState {
  return withAnswers({ ...VEHICLE_ANSWERS, ...overrides }, applicantState('vehicle'));
}

function rows(sections: AnswerSection[]) {
  return sections.flatMap((section) =>
    section.groups.flatMap((group) =>
      group.rows.map((row) => ({ section: section.heading, group: group.heading, ...row })),
    ),
  );
}

function valueOf(sections: AnswerSection[], key: string, group: string | null = null) {
  return rows(sections).find((row) => row.key === key && row.group === group)?.value;
}

describe('checkAnswers', () => {
  it('groups a vehicle application under its headings, in page order', () => {
    const sections = checkAnswers(vehicleApplication(), TODAY);
    expect(sections.map((section) => section.heading)).toEqual([
      'Your loan',
      'About you',
      'Employment',
      'Address history',
      'Contact',
      'Preferences',
      'Joint applicant',
    ]);
  });

  it('lists the contact details without the terms agreement given on that screen', () => {
    const contact = checkAnswers(vehicleApplication(), TODAY).find((s) => s.heading === 'Contact');
    expect(contact?.groups.flatMap((group) => group.rows.map((row) => row.key))).toEqual([
      'Email address',
      'Phone number',
    ]);
  });

  it('writes answers as people read them', () => {
    const sections = checkAnswers(vehicleApplication(), TODAY);
    expect(valueOf(sections, 'Loan purpose')).toEqual(['A vehicle']);
    expect(valueOf(sections, 'Type of finance')).toEqual(['Hire purchase']);
    expect(valueOf(sections, 'Deposit')).toEqual(['Yes']);
    expect(valueOf(sections, 'Deposit amount')).toEqual(['£1,500']);
    expect(valueOf(sections, 'Amount to borrow')).toEqual(['£12,500']);
    expect(valueOf(sections, 'Date of birth')).toEqual(['7 March 1980']);
    expect(valueOf(sections, 'Employment status', 'Current employment')).toEqual([
      'Employed full time',
    ]);
    expect(valueOf(sections, 'How long', 'Current employment')).toEqual(['5 years']);
    expect(valueOf(sections, 'Net monthly income')).toEqual(['£2,450']);
    expect(valueOf(sections, 'Address', 'Current address')).toEqual([
      'Flat 2',
      '12 Park Row',
      'Leeds',
      'LS1 4AP',
    ]);
    expect(valueOf(sections, 'Residential status', 'Current address')).toEqual(['Private tenant']);
    expect(valueOf(sections, 'Marketing from us')).toEqual(['Email and text message']);
    expect(valueOf(sections, 'Marketing from our partners')).toEqual(['Post']);
    expect(valueOf(sections, 'Sharing details with selected third parties')).toEqual(['No']);
    expect(valueOf(sections, 'Joint applicant')).toEqual(['No']);
  });

  it('puts the name first under About you, and each row links to its own step', () => {
    const about = checkAnswers(vehicleApplication(), TODAY).find(
      (section) => section.heading === 'About you',
    );
    const shown = about?.groups[0]?.rows.map((row) => [row.key, row.step.id]) ?? [];
    const expected = [
      ['Title', 'personal'],
      ['First name', 'personal'],
      ['Last name', 'personal'],
      ['Date of birth', 'date-of-birth'],
      ['Marital status', 'marital-status'],
      ['Driving licence', 'driving-licence'],
    ];
    expect(shown.slice(0, 3)).toEqual(expected.slice(0, 3));
    // These rows, in this order; a question added to one of these screens adds its row among
    // them, which the next check holds to its own step.
    expect(shown.filter(([key]) => expected.some(([known]) => known === key))).toEqual(expected);
    for (const [key, id] of shown) {
      const keys = STEPS[id as StepId].fields.map(
        (field) => field.checkAnswersKey || capitaliseFirstLetter(field.label),
      );
      expect(keys, `${key} under ${id}`).toContain(key);
    }
  });

  it('shows each earlier address and job under its own heading, with distinct Change labels', () => {
    const state = vehicleApplication({
      'form.addresses.0.yearsAtAddress': 1,
      'form.addresses.1': {
        subBuilding: null,
        houseName: 'Rose Cottage',
        houseNumber: null,
        street: 'Minster Yard',
        locality: null,
        town: 'York',
        county: 'North Yorkshire',
        postcode: 'YO17HH',
        yearsAtAddress: 3,
        monthsAtAddress: 2,
        residentialStatus: 'LivingWithParents',
      },
      'savedAddresses.1': { manual: true, streetAddress: null, value: null },
    });
    const sections = checkAnswers(state, TODAY);
    expect(valueOf(sections, 'Address', 'Previous address')).toEqual([
      'Rose Cottage',
      'Minster Yard',
      'York',
      'North Yorkshire',
      'YO1 7HH',
    ]);
    expect(valueOf(sections, 'How long', 'Previous address')).toEqual(['3 years 2 months']);
    const labels = rows(sections).map((row) => row.changeLabel);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels).toContain('how long, previous address');
    const previous = rows(sections).find((row) => row.group === 'Previous address');
    expect(previous?.step).toEqual({ id: 'address', n: 2 });
  });

  it('leaves out answers on branches the applicant has left', () => {
    const sections = checkAnswers(vehicleApplication({ 'form.depositType': false }), TODAY);
    expect(valueOf(sections, 'Deposit')).toEqual(['No']);
    expect(valueOf(sections, 'Deposit amount')).toBeUndefined();
  });

  it('adds the joint applicant’s answers, labelled as theirs', () => {
    const state = vehicleApplication({
      'form.isJointApplication': true,
      'form.joint.title': 'Mr',
      'form.joint.firstName': 'John',
    });
    const joint = rows(checkAnswers(state, TODAY)).filter(
      (row) => row.section === 'Joint applicant',
    );
    expect(joint.find((row) => row.key === 'First name')).toMatchObject({
      value: ['John'],
      changeLabel: 'first name, joint applicant',
      step: { id: 'joint-customer-details' },
    });
  });

  it('shows the secured path’s property and circumstances sections', () => {
    const state = withAnswers({
      'form.loanPurposeType': 'HomeImprovements',
      'form.loanAmount': 25000,
      'form.term': 10,
    });
    const sections = checkAnswers(state, TODAY);
    expect(valueOf(sections, 'Amount to borrow')).toEqual(['£25,000']);
    expect(valueOf(sections, 'Loan term')).toEqual(['10 years']);
    expect(sections.map((section) => section.heading)).toContain('The property');
  });
});

describe('formatting', () => {
  it.each([
    [3, 6, '3 years 6 months'],
    [1, 1, '1 year 1 month'],
    [2, 0, '2 years'],
    [0, 5, '5 months'],
    [null, 7, '7 months'],
    [0, 0, '0 years 0 months'],
  ])('%s years and %s months read "%s"', (years, months, words) => {
    expect(formatYearsMonths(years, months)).toBe(words);
  });

  it('writes a date of birth in words, and what was typed when it is not a date', () => {
    expect(formatDateOfBirth('07', '03', '1980')).toBe('7 March 1980');
    expect(formatDateOfBirth('31', '12', '1999')).toBe('31 December 1999');
    expect(formatDateOfBirth('07', '13', '1980')).toBe('07/13/1980');
  });

  it('lists in words', () => {
    expect(listInWords([])).toBe('');
    expect(listInWords(['email'])).toBe('email');
    expect(listInWords(['email', 'post'])).toBe('email and post');
    expect(listInWords(['email', 'phone', 'post'])).toBe('email, phone and post');
  });
});
