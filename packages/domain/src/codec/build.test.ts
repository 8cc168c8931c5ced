import { describe, expect, it } from 'vitest';
import { BRANDS, type Brand } from '../brands.js';
import { setAnswers, type Answers } from '../journey/path.js';
import type { ApplicationState } from '../journey/shape.js';
import { applicantState, type ApplicantKind } from '../testing/applicant.js';
import { buildSubmissionPayload, canSubmit, type SubmissionPayloadDraft } from './build.js';
import { payloadDateOfBirth } from './values.js';

const TODAY = { year: 2026, month: 11, day: 27 };
const KEY = '3f2b8c1e-9d4a-4b6e-8f00-1a2b3c4d5e6f';

/** The shared applicant of `kind` with these answers over theirs. */
function answered(kind: ApplicantKind, answers: Answers = {}): ApplicationState {
  return setAnswers(applicantState(kind, { sessionId: KEY }), answers);
}

type Built = SubmissionPayloadDraft & Record<string, unknown>;

function build(state: ApplicationState, isCompleted = true, brand: Brand = BRANDS.default): Built {
  return buildSubmissionPayload(state, { brand, isCompleted, today: TODAY });
}

function containsNull(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value !== 'object') return false;
  return Object.values(value).some(containsNull);
}

describe('buildSubmissionPayload: identity and tracking (the envelope)', () => {
  it('keys the submission by the session id, else the GUID', () => {
    const state = answered('vehicle');
    expect(build(state).submissionKey).toBe(KEY);
    const guid = setAnswers(state, { 'form.sessionId': null, GUID: 'g-1' });
    expect(build(guid).submissionKey).toBe('g-1');
  });

  it('refuses to build without a session id or GUID', () => {
    const state = setAnswers(answered('vehicle'), { 'form.sessionId': '  ', GUID: null });
    expect(() => build(state)).toThrow('no session id or GUID');
  });

  it("sends the brand's affiliate key, the dealer, the subdomain, the host and the applied date", () => {
    const payload = build(answered('vehicle'), true, BRANDS.progressive);
    expect(payload).toMatchObject({
      affiliateKey: BRANDS.progressive.affiliateKey,
      dealerNumber: 'D1001',
      submittedBy: 'apply',
      urlReferrer: 'apply.example.co.uk',
      dateApplied: '2026-03-10T09:00:00.000Z',
    });
    const partner = setAnswers(answered('vehicle'), {
      'form.affiliateUserId': null,
      'partnerSetup.affiliateUserId': 'P7',
      subdomain: null,
    });
    expect(build(partner)).toMatchObject({ dealerNumber: 'P7', submittedBy: 'em-apply-form' });
  });

  it('sends IsCompleted as asked and the terms answer of the contact screen', () => {
    expect(build(answered('vehicle'), true)).toMatchObject({
      IsCompleted: true,
      termsAndConditionsAgreed: true,
    });
    expect(build(answered('vehicle'), false).IsCompleted).toBe(false);
  });

  it('sends evo_source as evoSource and the UTM term as utmTerm, not content or type', () => {
    const state = setAnswers(answered('vehicle'), {
      'form.utmParameters': {
        source: 'google',
        medium: 'cpc',
        term: 'car loans',
        content: 'banner',
        type: 'search',
        keyword: 'finance',
        campaign: 'autumn',
        evsrc: 'src',
        evo_source: 'evo',
      },
    });
    const payload = build(state);
    expect(payload).toMatchObject({
      source: 'google',
      medium: 'cpc',
      utmTerm: 'car loans',
      keyword: 'finance',
      campaign: 'autumn',
      evsrc: 'src',
      evoSource: 'evo',
    });
    expect(Object.keys(payload)).not.toContain('content');
    expect(Object.keys(payload)).not.toContain('type');
    expect(Object.keys(build(answered('vehicle')))).not.toContain('evcmp');
  });

  it('sends the vehicle type, year and mileage for a vehicle loan only (lender panel rules)', () => {
    const state = setAnswers(answered('vehicle'), {
      'form.vehicleType': 'Van',
      'form.vehicle.year': '2019',
      'form.vehicle.mileage': 42000,
    });
    expect(build(state).vehicle).toEqual({ vehicleType: 'Van', year: 2019, mileage: 42000 });
    expect(build(setAnswers(state, { 'form.vehicle.year': 'old' })).vehicle).toEqual({
      vehicleType: 'Van',
      mileage: 42000,
    });
    expect(build(answered('secured')).vehicle).toBeUndefined();
  });

  it('never sends null or undefined', () => {
    for (const kind of ['vehicle', 'secured', 'joint'] as const) {
      expect(containsNull(build(answered(kind)))).toBe(false);
      expect(containsNull(build(answered(kind), false))).toBe(false);
    }
  });
});

describe('buildSubmissionPayload: the loan', () => {
  it.each([
    ['Vehicle', 'Vehicle'],
    ['DebtConsolidation', 'DebtConsolidation'],
    ['SomethingElse', 'Other'],
  ] as const)('sends loan purpose %s as %s', (purpose, sent) => {
    const kind = purpose === 'Vehicle' ? 'vehicle' : 'secured';
    expect(build(answered(kind, { 'form.loanPurposeType': purpose })).loanPurposeType).toBe(sent);
  });

  it('sends an unanswered purpose as Other in a full submission, and not at all in a partial save', () => {
    const state = setAnswers(answered('secured'), { 'form.loanPurposeType': null });
    expect(build(state).loanPurposeType).toBe('Other');
    expect(build(state, false).loanPurposeType).toBeUndefined();
  });

  it.each([
    [3, 3],
    [25, 25],
    [2, 5],
    [0, 5],
    [null, 5],
  ])('sends a secured term of %s as %s in a full submission', (term, sent) => {
    expect(build(answered('secured', { 'form.term': term })).term).toBe(sent);
  });

  it('sends a vehicle loan the policy term of 5, whatever term an earlier secured choice left', () => {
    expect(build(answered('vehicle', { 'form.term': 15 })).term).toBe(5);
    expect(build(answered('vehicle', { 'form.term': 15 }), false).term).toBe(5);
  });

  it('defaults a missing vehicle loan amount to 6500 in a full submission', () => {
    expect(build(answered('vehicle', { 'form.loanAmount': null })).loanAmount).toBe(6500);
    expect(
      build(answered('vehicle', { 'form.loanAmount': null }), false).loanAmount,
    ).toBeUndefined();
  });

  it('sends the deposit answered, 0 after No, and 0 where the deposit is not asked', () => {
    const yes = answered('vehicle', { 'form.depositType': true, 'form.cashDeposit': 1500 });
    expect(build(yes).cashDeposit).toBe(1500);
    expect(build(answered('vehicle', { 'form.cashDeposit': 1500 })).cashDeposit).toBe(0);
    expect(build(answered('secured', { 'form.cashDeposit': 1500 })).cashDeposit).toBe(0);
    // A brand that does not ask the deposit questions.
    expect(build(yes, true, BRANDS.progressive).cashDeposit).toBe(1500);
  });

  it('sends the finance type answered on a vehicle loan and Secured on a secured one', () => {
    expect(build(answered('vehicle', { 'form.financeType': 'NotSure' })).financeType).toBe(
      'NotSure',
    );
    expect(build(answered('secured', { 'form.financeType': 'HirePurchase' })).financeType).toBe(
      'Secured',
    );
    const unanswered = answered('vehicle', { 'form.financeType': 'Secured' });
    expect(build(unanswered, false).financeType).toBeUndefined();
  });
});

describe('buildSubmissionPayload: the applicant', () => {
  it('trims names and e-mail and capitalises the first letter of each name', () => {
    const state = answered('vehicle', {
      'form.firstName': '  ada ',
      'form.lastName': "o'neill",
      'form.email': ' ada@example.co.uk ',
    });
    expect(build(state)).toMatchObject({
      firstName: 'Ada',
      lastName: "O'neill",
      email: 'ada@example.co.uk',
    });
  });

  it('leaves out names and e-mail that are blank', () => {
    const payload = build(answered('vehicle', { 'form.firstName': ' ', 'form.email': '' }), false);
    expect(payload.firstName).toBeUndefined();
    expect(payload.email).toBeUndefined();
  });

  it('normalises the phone number (docs/product.md §5)', () => {
    const phone = (contactNumber: string) =>
      build(answered('vehicle', { 'form.contactNumber': contactNumber })).contactNumber;
    expect(phone('07911 123 456')).toBe('07911123456');
    expect(phone('(07911) 123-456')).toBe('07911123456');
    // The contact screen refuses a number with its country code, so none is sent.
    expect(phone('+44 7911 123456')).toBeUndefined();
  });

  it('sends the date of birth from its three boxes', () => {
    const state = answered('vehicle', { dobDay: '5', dobMonth: '3', dobYear: '1980' });
    expect(build(state).dateOfBirth).toBe('1980-03-05T00:00:00.000');
  });
});

describe('payloadDateOfBirth', () => {
  it('builds YYYY-MM-DDT00:00:00.000 (no zone) from the boxes, padding day and month', () => {
    expect(payloadDateOfBirth('5', '3', '1980')).toBe('1980-03-05T00:00:00.000');
    expect(payloadDateOfBirth(' 29 ', '02', '2000')).toBe('2000-02-29T00:00:00.000');
  });

  it('gives null for a missing, malformed or impossible date', () => {
    expect(payloadDateOfBirth(null, '3', '1980')).toBeNull();
    expect(payloadDateOfBirth('5', '3', '80')).toBeNull();
    expect(payloadDateOfBirth('31', '02', '1980')).toBeNull();
    expect(payloadDateOfBirth('29', '02', '2001')).toBeNull();
    expect(payloadDateOfBirth('x', '3', '1980')).toBeNull();
  });
});

describe('buildSubmissionPayload: histories', () => {
  const address = (town: string, years: number, months = 0) => ({
    subBuilding: null,
    houseName: null,
    houseNumber: '1',
    street: 'High Street',
    locality: null,
    town,
    county: null,
    postcode: 'ls1 4ap',
    yearsAtAddress: years,
    monthsAtAddress: months,
    residentialStatus: 'PrivateTenant',
  });

  it('maps the lines to the payload names and normalises the postcode', () => {
    const state = answered('vehicle', {
      'form.addresses.0.subBuilding': 'Flat 1',
      'form.addresses.0.houseName': 'Ivy House',
      'form.addresses.0.houseNumber': '12',
      'form.addresses.0.postcode': 'sw1a2aa',
    });
    expect(build(state).addresses[0]).toEqual({
      addressIndex: 0,
      flatNumber: 'Flat 1',
      buildingName: 'Ivy House',
      buildingNumber: '12',
      street: 'Downing Street',
      town: 'London',
      postcode: 'SW1A 2AA',
      residentialStatus: 'PrivateTenant',
      yearsAtAddress: 5,
      monthsAtAddress: 0,
    });
  });

  it('caps years at 25 (docs/product.md §5)', () => {
    const state = answered('vehicle', { 'form.addresses.0.yearsAtAddress': 30 });
    expect(build(state).addresses[0]).toMatchObject({ yearsAtAddress: 25, monthsAtAddress: 0 });
  });

  it('sends the addresses of the history while it is 35 months or less (docs/design.md D8)', () => {
    const towns = (...entries: [number, number][]) =>
      build(
        answered('vehicle', {
          'form.addresses': entries.map(([y, m], i) => address(`T${i}`, y, m)),
        }),
      ).addresses.map((entry) => entry.town);
    // 24 + 11 = 35: still short of three years, so a third is asked; then 41 stops.
    expect(towns([2, 0], [0, 11], [0, 6], [0, 1])).toEqual(['T0', 'T1', 'T2']);
    // 36 after the first: nothing more, even if an earlier answer left a second.
    expect(towns([3, 0], [1, 0])).toEqual(['T0']);
  });

  it('sends employerTown as Town and caps years at 25', () => {
    const state = answered('vehicle', { 'form.employments.0.yearsAtEmployer': 40 });
    expect(build(state).employments[0]).toMatchObject({
      employmentIndex: 0,
      employmentStatus: 'FullTime',
      Town: 'London',
      yearsAtEmployer: 25,
      monthsAtEmployer: 3,
    });
  });

  it('does not send a job that dropped off the path when the first covers three years', () => {
    const two = answered('vehicle', {
      'form.employments.0.yearsAtEmployer': 1,
      'form.employments.1': {
        employmentStatus: 'Retired',
        occupation: null,
        employerName: null,
        employerTown: null,
        yearsAtEmployer: 4,
        monthsAtEmployer: 0,
      },
    });
    expect(build(two).employments).toHaveLength(2);
    const longer = setAnswers(two, { 'form.employments.0.yearsAtEmployer': 6 });
    expect(build(longer).employments).toHaveLength(1);
  });
});

describe('buildSubmissionPayload: the security address', () => {
  it('copies the current address, capped at 10 years, when it is the security', () => {
    const state = answered('secured', { 'form.addresses.0.yearsAtAddress': 12 });
    const { addressIndex: _index, ...current } = build(state).addresses[0]!;
    expect(build(state).securityAddress).toEqual({ ...current, yearsAtAddress: 10 });
  });

  it('sends a separate security address with how long it has been owned, capped at 50', () => {
    const state = answered('secured', {
      'form.isSecurityCurrentAddress': false,
      'form.securityAddress': {
        manual: true,
        subBuilding: null,
        houseName: 'Rose Cottage',
        houseNumber: null,
        street: 'Church Lane',
        locality: null,
        town: 'York',
        county: null,
        postcode: 'YO1 7HH',
        yearsAtAddress: 60,
        monthsAtAddress: 2,
        residentialStatus: 'HomeownerNoMortgage',
      },
    });
    // No residential status: it is not asked of a property the applicant does not live in.
    expect(build(state).securityAddress).toEqual({
      buildingName: 'Rose Cottage',
      street: 'Church Lane',
      town: 'York',
      postcode: 'YO1 7HH',
      yearsAtAddress: 50,
      monthsAtAddress: 2,
    });
  });

  it('sends no security address on a vehicle loan, whatever an earlier secured choice left', () => {
    const state = answered('vehicle', { 'form.isSecurityCurrentAddress': true });
    expect(build(state).securityAddress).toBeUndefined();
    expect(build(state).isSecurityCurrentAddress).toBeUndefined();
  });
});

describe('buildSubmissionPayload: the joint applicant', () => {
  it('is sent only on a joint application', () => {
    expect(build(answered('joint')).JointApplicant).toBeDefined();
    const abandoned = answered('joint', { 'form.isJointApplication': false });
    expect(build(abandoned).JointApplicant).toBeUndefined();
  });

  it('leaves out an employment status of false and the length it no longer asks', () => {
    const state = answered('joint', { 'form.joint.employmentStatus': 'Retired' });
    const joint = build(state).JointApplicant!;
    expect(joint.employmentStatus).toBe('Retired');
    expect(joint.yearsAtEmployer).toBeUndefined();
    const none = answered('joint', { 'form.joint.employmentStatus': false });
    expect(build(none, false).JointApplicant!.employmentStatus).toBeUndefined();
  });

  it('normalises their phone and sends their consents under the applicant’s names', () => {
    const state = answered('joint', {
      'form.joint.contactNumber': '07911 654321',
      'form.joint.isOptedPostPartner': true,
    });
    expect(build(state).JointApplicant).toMatchObject({
      contactNumber: '07911654321',
      IsOptedPostThirdParty: true,
      IsOptedPost: false,
    });
  });
});

describe('buildSubmissionPayload: needs and consents', () => {
  it('sends the additional-needs statement only when discussing the circumstances', () => {
    const discussing = answered('secured', {
      'form.discussFinancialCircumstances': true,
      'form.additionalNeedsRequirementsStatement': '  Large print, please. ',
    });
    expect(build(discussing).additionalNeedsRequirementsStatement).toBe('Large print, please.');
    const not = setAnswers(discussing, { 'form.discussFinancialCircumstances': false });
    expect(build(not).additionalNeedsRequirementsStatement).toBeUndefined();
  });

  it('sends the state isOpted*Partner flags as the *ThirdParty consents', () => {
    const state = answered('vehicle', {
      'form.isOptedEmail': true,
      'form.isOptedEmailPartner': true,
      'form.isOptedThirdParty': true,
    });
    expect(build(state)).toMatchObject({
      IsOptedEmail: true,
      IsOptedSms: false,
      IsOptedEmailThirdParty: true,
      IsOptedSmsThirdParty: false,
      IsOptedThirdParty: true,
    });
  });
});

describe('buildSubmissionPayload: only the path is sent (decision 0064)', () => {
  it('sends nothing of an abandoned secured branch after a switch to a vehicle loan', () => {
    const secured = answered('secured', { 'form.breathingSpace': true });
    const switched = setAnswers(secured, {
      'form.loanPurposeType': 'Vehicle',
      'form.financeType': 'HirePurchase',
      'form.loanAmount': 7500,
      'form.drivingLicenceType': 'FullUK',
      'form.lookingToBuy': 'FoundVehicle',
      'form.depositType': false,
    });
    const payload = build(switched);
    for (const key of [
      'breathingSpace',
      'propertyValue',
      'mortgageBalance',
      'propertyBedrooms',
      'propertyType',
      'securityAddress',
      'isSecurityCurrentAddress',
      'ownOtherProperties',
      'agreeSoftSearch',
      'additionalNeedsRequirements',
      'discussFinancialCircumstances',
    ]) {
      expect(payload, key).not.toHaveProperty(key);
    }
    expect(payload).toMatchObject({
      loanPurposeType: 'Vehicle',
      financeType: 'HirePurchase',
      term: 5,
    });
  });

  it('leaves out an amount the new path refuses after a switch from vehicle to secured', () => {
    const switched = answered('vehicle', {
      'form.loanPurposeType': 'HomeImprovements',
      'form.financeType': 'Secured',
      'form.loanAmount': 5000,
    });
    const partial = build(switched, false);
    expect(partial.loanAmount).toBeUndefined();
    expect(partial.financeType).toBe('Secured');
    expect(partial).not.toHaveProperty('drivingLicenceType');
    expect(partial).not.toHaveProperty('lookingToBuy');
  });
});

describe('canSubmit (docs/product.md §4: only when the terms are agreed)', () => {
  it('is true only when the terms are agreed', () => {
    const state = answered('vehicle');
    expect(canSubmit(state)).toBe(true);
    expect(canSubmit(setAnswers(state, { 'form.isAgreedTermsAndConditions': false }))).toBe(false);
  });
});
