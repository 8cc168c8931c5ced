import { randomUUID } from 'node:crypto';
import type { SubmissionPayload } from '@broker/domain';

const noConsents = {
  IsOptedEmail: false,
  IsOptedSms: false,
  IsOptedPhone: false,
  IsOptedPost: false,
  IsOptedThirdParty: false,
  IsOptedEmailThirdParty: false,
  IsOptedSmsThirdParty: false,
  IsOptedPhoneThirdParty: false,
  IsOptedPostThirdParty: false,
};

/** A valid, complete single-applicant vehicle-finance payload (sample data only). */
export function validPayload(overrides: Partial<SubmissionPayload> = {}): SubmissionPayload {
  return {
    submissionKey: randomUUID(),
    affiliateKey: 'default',
    dealerNumber: 'D1001',
    sessionId: randomUUID(),
    userAgent: 'Mozilla/5.0 (test)',
    remoteAddress: '198.51.100.200',
    urlReferrer: 'apply.example.co.uk',
    submittedBy: 'apply',
    dateApplied: '2026-03-10T09:00:00.000Z',
    loanPurposeType: 'Vehicle',
    lookingToBuy: 'FoundVehicle',
    loanAmount: 7500,
    cashDeposit: 0,
    financeType: 'HirePurchase',
    term: 4,
    title: 'Ms',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada.lovelace@example.com',
    // Not an Ofcom drama number: the server refuses those, as the contact screen does.
    contactNumber: '07911123456',
    dateOfBirth: '1980-05-15T00:00:00.000',
    maritalStatus: 'Single',
    drivingLicenceType: 'FullUK',
    netMonthlyIncome: 2400,
    isJointApplication: false,
    termsAndConditionsAgreed: true,
    IsCompleted: true,
    ...noConsents,
    addresses: [
      {
        addressIndex: 0,
        buildingNumber: '10',
        street: 'Downing Street',
        town: 'London',
        postcode: 'SW1A 2AA',
        yearsAtAddress: 5,
        monthsAtAddress: 0,
        residentialStatus: 'PrivateTenant',
      },
    ],
    employments: [
      {
        employmentIndex: 0,
        employmentStatus: 'FullTime',
        yearsAtEmployer: 6,
        monthsAtEmployer: 3,
        occupation: 'Engineer',
        employerName: 'Analytical Engines Ltd',
        Town: 'London',
      },
    ],
    ...overrides,
  };
}

/**
 * A valid, complete single-applicant loan secured on the applicant's home: every answer the
 * secured path asks (the server refuses a full submission without them, decision 0013).
 */
export function validSecuredPayload(overrides: Partial<SubmissionPayload> = {}): SubmissionPayload {
  const vehicle = validPayload();
  return validPayload({
    loanPurposeType: 'HomeImprovements',
    financeType: 'Secured',
    loanAmount: 25000,
    term: 15,
    propertyValue: 350000,
    mortgageBalance: 120000,
    propertyBedrooms: 3,
    propertyType: 'SemiDetached',
    isSecurityCurrentAddress: true,
    securityAddress: {
      buildingNumber: '10',
      street: 'Downing Street',
      town: 'London',
      postcode: 'SW1A 2AA',
      yearsAtAddress: 5,
      monthsAtAddress: 0,
    },
    ownOtherProperties: false,
    breathingSpace: false,
    agreeSoftSearch: true,
    additionalNeedsRequirements: false,
    discussFinancialCircumstances: false,
    addresses: vehicle.addresses.map((address) => ({
      ...address,
      residentialStatus: 'HomeownerWithMortgage',
    })),
    ...overrides,
  });
}
