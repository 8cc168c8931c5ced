/**
 * Random paths through the journey's table, for property tests (`@broker/domain/testing`): the
 * shared applicant's answers on a vehicle, secured or joint path, varied where the table
 * branches (a brand with or without the deposit questions, a deposit or none, the security at
 * the current address or elsewhere, a joint applicant employed or not, a discussion of their
 * circumstances or none, histories of one to three entries), and with answers left from
 * branches the applicant abandoned (a breathing space, a property, a joint applicant, a job the
 * history no longer reaches), which no payload may carry.
 */
import fc from 'fast-check';
import { setAnswers, type Answers } from '../journey/path.js';
import type { ApplicationState } from '../journey/shape.js';
import { BRANDS } from '../brands.js';
import { BEN, applicantState, numberedPerson, type ApplicantKind } from './applicant.js';

export interface RandomPath {
  kind: ApplicantKind;
  /** The brand's affiliate key (the default brand asks the deposit questions). */
  brand: string;
  state: ApplicationState;
  /** What an abandoned branch left in the state: none of it is on the path. */
  stale: Answers;
}

const address = (n: number, years: number, months: number) => ({
  subBuilding: n === 0 ? null : `Flat ${n}`,
  houseName: null,
  houseNumber: String(10 + n),
  street: 'High Street',
  locality: null,
  town: ['London', 'Leeds', 'York'][n % 3]!,
  county: null,
  postcode: ['SW1A 2AA', 'LS1 4AP', 'YO1 7HH'][n % 3]!,
  yearsAtAddress: years,
  monthsAtAddress: months,
  residentialStatus: n === 0 ? 'PrivateTenant' : 'LivingWithParents',
});

const job = (n: number, status: string, years: number, months: number) => {
  const employed = ['FullTime', 'PartTime', 'SelfEmployed', 'ArmedForces'].includes(status);
  return {
    employmentStatus: status,
    occupation: employed ? `Job ${n}` : null,
    employerName: employed ? `Employer ${n} Ltd` : null,
    employerTown: employed ? 'Leeds' : null,
    yearsAtEmployer: years,
    monthsAtEmployer: months,
  };
};

/** A history of one to three entries: the last one takes it past 35 months. */
const history = fc
  .tuple(
    fc.array(
      fc.record({ years: fc.integer({ min: 0, max: 1 }), months: fc.integer({ min: 0, max: 11 }) }),
      { maxLength: 2 },
    ),
    fc.integer({ min: 3, max: 30 }),
  )
  .map(([short, years]) => [...short, { years, months: 0 }]);

const STALE_SECURED: Answers = {
  'form.breathingSpace': true,
  'form.agreeSoftSearch': true,
  'form.propertyValue': 350000,
  'form.mortgageBalance': 100000,
  'form.propertyBedrooms': 3,
  'form.propertyType': 'Flat',
  'form.isSecurityCurrentAddress': false,
  'form.ownOtherProperties': true,
  'form.additionalNeedsRequirements': true,
  'form.discussFinancialCircumstances': true,
  'form.additionalNeedsRequirementsStatement': 'From an abandoned branch',
  'form.term': 20,
  'form.securityAddress.town': 'Bath',
  'form.securityAddress.postcode': 'BA1 1AA',
  'form.securityAddress.street': 'Abbey Street',
  'form.securityAddress.yearsAtAddress': 9,
};

const STALE_VEHICLE: Answers = {
  'form.drivingLicenceType': 'None',
  'form.lookingToBuy': 'StillLooking',
  'form.depositType': true,
  'form.cashDeposit': 4000,
  'form.financeType': 'NotSure',
};

const STALE_JOINT: Answers = {
  'form.joint.title': 'Dr',
  'form.joint.firstName': 'Left',
  'form.joint.lastName': 'Behind',
  'form.joint.maritalStatus': 'Married',
  'form.joint.netMonthlyIncome': 1200,
  'form.joint.email': 'left.behind@example.com',
  'form.joint.contactNumber': '07911000999',
  'form.joint.employmentStatus': 'FullTime',
  jointDobDay: '01',
  jointDobMonth: '01',
  jointDobYear: '1970',
};

/** A random path through the table, and what abandoned branches left. */
export const randomPath: fc.Arbitrary<RandomPath> = fc
  .record({
    kind: fc.constantFrom<ApplicantKind>('vehicle', 'secured', 'joint'),
    secured: fc.boolean(),
    brand: fc.constantFrom(BRANDS.default.affiliateKey, BRANDS.progressive.affiliateKey),
    deposit: fc.option(fc.integer({ min: 0, max: 100000 }), { nil: null }),
    elsewhere: fc.boolean(),
    owned: fc.record({
      years: fc.integer({ min: 0, max: 60 }),
      months: fc.integer({ min: 0, max: 11 }),
    }),
    jointStatus: fc.constantFrom('FullTime', 'Retired', 'Student'),
    discuss: fc.boolean(),
    statement: fc.option(fc.constantFrom('Large print, please.', 'Call after 5pm.'), { nil: null }),
    addresses: history,
    jobs: history,
    jobStatus: fc.constantFrom('FullTime', 'SelfEmployed', 'Retired', 'Unemployed'),
    optIns: fc.array(fc.boolean(), { minLength: 9, maxLength: 9 }),
    person: fc.integer({ min: 0, max: 999_999 }),
    staleJob: fc.boolean(),
  })
  .map((r) => {
    // A joint application is a vehicle or a secured one with a joint applicant.
    const loan: ApplicantKind = r.kind === 'joint' ? (r.secured ? 'secured' : 'vehicle') : r.kind;
    const base = applicantState(loan, { person: numberedPerson(r.person) });
    const answers: Record<string, unknown> = {
      affiliateConfig: r.brand,
      'form.addresses': r.addresses.map((entry, n) => address(n, entry.years, entry.months)),
      'form.employments': [
        ...r.jobs.map((entry, n) =>
          job(n, n === 0 ? r.jobStatus : 'FullTime', entry.years, entry.months),
        ),
        // A job the history no longer reaches (the last entry covers three years).
        ...(r.staleJob ? [job(9, 'PartTime', 2, 0)] : []),
      ],
      savedAddresses: r.addresses.map(() => ({ manual: false, streetAddress: null, value: null })),
    };
    const optIns = [
      'isOptedEmail',
      'isOptedSms',
      'isOptedPhone',
      'isOptedPost',
      'isOptedEmailPartner',
      'isOptedSmsPartner',
      'isOptedPhonePartner',
      'isOptedPostPartner',
      'isOptedThirdParty',
    ];
    optIns.forEach((key, i) => (answers[`form.${key}`] = r.optIns[i]));
    let stale: Answers = {};
    if (loan === 'vehicle') {
      answers['form.depositType'] = r.deposit !== null;
      answers['form.cashDeposit'] = r.deposit ?? 0;
      stale = { ...STALE_SECURED };
    } else {
      answers['form.isSecurityCurrentAddress'] = !r.elsewhere;
      if (r.elsewhere) {
        Object.assign(answers, {
          'form.securityAddress': {
            manual: false,
            subBuilding: null,
            houseName: 'Rose Cottage',
            houseNumber: null,
            street: 'Church Lane',
            locality: null,
            town: 'York',
            county: null,
            postcode: 'YO1 7HH',
            yearsAtAddress: r.owned.years,
            monthsAtAddress: r.owned.months,
            residentialStatus: null,
          },
        });
      }
      if (!r.elsewhere) {
        // A separate property answered before the applicant said it is their current address.
        stale = {
          'form.securityAddress.town': 'Bath',
          'form.securityAddress.street': 'Abbey Street',
          'form.securityAddress.postcode': 'BA1 1AA',
        };
      }
      answers['form.discussFinancialCircumstances'] = r.discuss;
      answers['form.additionalNeedsRequirementsStatement'] = r.discuss ? r.statement : null;
      stale = { ...stale, ...STALE_VEHICLE };
      if (!r.discuss) {
        stale = { ...stale, 'form.additionalNeedsRequirementsStatement': 'Not asked any more' };
      }
    }
    if (r.kind === 'joint') {
      const them = numberedPerson((r.person + 1) % 1_000_000, BEN);
      Object.assign(answers, {
        'form.isJointApplication': true,
        isJointApplication: true,
        'form.joint.title': them.title,
        'form.joint.firstName': them.firstName,
        'form.joint.lastName': them.lastName,
        'form.joint.maritalStatus': 'Married',
        jointDobDay: them.dateOfBirth.day,
        jointDobMonth: them.dateOfBirth.month,
        jointDobYear: them.dateOfBirth.year,
        'form.joint.employmentStatus': r.jointStatus,
        'form.joint.yearsAtEmployer': r.jointStatus === 'FullTime' ? 4 : null,
        'form.joint.monthsAtEmployer': r.jointStatus === 'FullTime' ? 2 : null,
        'form.joint.netMonthlyIncome': 2100,
        'form.joint.email': them.email,
        'form.joint.contactNumber': them.phone,
      });
      if (r.jointStatus !== 'FullTime') {
        stale = { ...stale, 'form.joint.yearsAtEmployer': 7, 'form.joint.monthsAtEmployer': 1 };
      }
    } else {
      stale = { ...stale, ...STALE_JOINT };
    }
    const state = setAnswers(setAnswers(base, answers), stale);
    return { kind: r.kind, brand: r.brand, state, stale };
  });
