import { beforeAll, describe, expect, it } from 'vitest';
import { loadStepCopy } from '@broker/domain';
import { formatValue, groupAnswers, type AnswerSection } from './answers';

beforeAll(loadStepCopy);

function section(sections: AnswerSection[], heading: string): Record<string, string> {
  const found = sections.find((candidate) => candidate.heading === heading);
  if (!found)
    throw new Error(`no section '${heading}' in ${sections.map((s) => s.heading).join(', ')}`);
  return Object.fromEntries(found.rows.map((row) => [row.key, row.value]));
}

const SECURED_JOINT = {
  submissionKey: 'key-1',
  affiliateKey: 'default',
  loanPurposeType: 'Other',
  financeType: 'Secured',
  loanAmount: 26600,
  title: 'Mx',
  firstName: 'Alan',
  lastName: 'Turing',
  maritalStatus: 'CivilPartnership',
  drivingLicenceType: 'ProvisionalUK',
  propertyType: 'SemiDetached',
  isSecurityCurrentAddress: false,
  securityAddress: {
    buildingNumber: '2',
    town: 'Bletchley',
    postcode: 'MK3 6EB',
    residentialStatus: 'HomeownerNoMortgage',
  },
  isJointApplication: true,
  JointApplicant: {
    title: 'Dr',
    firstName: 'Joan',
    maritalStatus: 'Cohabiting',
    drivingLicenceType: 'International',
    employmentStatus: 'SelfEmployed',
    dateOfBirth: '1917-06-24T00:00:00.000',
  },
  addresses: [
    { addressIndex: 0, postcode: 'SW1A 2AA', residentialStatus: 'HomeownerWithMortgage' },
    { addressIndex: 1, postcode: 'M1 1AE', residentialStatus: 'LivingWithParents' },
  ],
  employments: [
    { employmentIndex: 0, employmentStatus: 'ArmedForces', occupation: 'Codebreaker' },
    { employmentIndex: 1, employmentStatus: 'Disability' },
  ],
};

describe('the detail shows the labels the applicant saw, not the codes', () => {
  it('answers of the applicant, from radios and dropdowns', () => {
    const sections = groupAnswers({
      ...SECURED_JOINT,
      loanPurposeType: 'Vehicle',
      financeType: 'HirePurchase',
      lookingToBuy: 'StillLooking',
      drivingLicenceType: 'FullUK',
    });
    expect(section(sections, 'The loan')).toMatchObject({
      'What the loan is for': 'A vehicle',
      'Finance type': 'Hire purchase',
      'Looking to buy': 'No, I am still looking',
    });
    expect(section(sections, 'About the applicant')).toMatchObject({
      Title: 'Mx',
      'Marital status': 'Civil partnership',
      'Driving licence': 'Full UK licence',
    });
  });

  it('the property, the security address and the payload-only codes', () => {
    const sections = groupAnswers(SECURED_JOINT);
    expect(section(sections, 'The loan')).toMatchObject({
      'What the loan is for': 'Something else',
      'Finance type': 'Secured loan',
      'Amount to borrow': '£26,600',
    });
    expect(section(sections, 'The property')).toMatchObject({
      'Property type': 'Semi-detached house',
      'Security is the current address': 'No',
    });
    expect(section(sections, 'Security address')['Residential status']).toBe(
      'Homeowner without a mortgage',
    );
  });

  it('an answer sent under its own name: in its step’s section, with its check-your-answers key', () => {
    // propertyType and ownOtherProperties are marked inPayload in the journey table and have no
    // line of their own in answers.ts.
    const sections = groupAnswers({ ...SECURED_JOINT, ownOtherProperties: false });
    expect(section(sections, 'The property')).toMatchObject({
      'Own other properties': 'No',
      'Property type': 'Semi-detached house',
    });
    expect(sections.map((s) => s.heading)).not.toContain('Other answers');
  });

  it('every repeated address and employment', () => {
    const sections = groupAnswers(SECURED_JOINT);
    expect(section(sections, 'Current address')['Residential status']).toBe(
      'Homeowner with a mortgage',
    );
    expect(section(sections, 'Previous address 1')['Residential status']).toBe(
      'Living with parents',
    );
    expect(section(sections, 'Current employment')['Employment status']).toBe('Armed forces');
    expect(section(sections, 'Previous employment 1')['Employment status']).toBe(
      'Not working due to disability',
    );
  });

  it("the joint applicant's answers", () => {
    expect(section(groupAnswers(SECURED_JOINT), 'Joint applicant')).toMatchObject({
      Title: 'Dr',
      'First name': 'Joan',
      'Marital status': 'Living with a partner',
      'Driving licence': 'International licence',
      'Employment status': 'Self-employed',
      'Date of birth': '24/06/1917',
    });
  });

  it('the vehicle has a section of its own, not raw JSON under "Other answers"', () => {
    const sections = groupAnswers({
      ...SECURED_JOINT,
      vehicle: { vehicleType: 'Motorhome', year: 2019, mileage: 42000 },
    });
    expect(section(sections, 'The vehicle')).toEqual({
      'Vehicle type': 'Motorhome',
      'Year of registration': '2019',
      Mileage: '42000',
    });
    expect(sections.map((s) => s.heading)).not.toContain('Other answers');
  });

  it('a code no list knows, and free text, are shown as sent', () => {
    expect(formatValue('employmentStatus', 'Astronaut')).toBe('Astronaut');
    expect(formatValue('occupation', 'FullTime')).toBe('FullTime');
    expect(formatValue('maritalStatus', null)).toBe('Not given');
  });
});
