import {
  createInitialState,
  setAnswers,
  type Answers,
  type ApplicationState,
} from '@broker/domain';
import { applicantState } from '@broker/domain/testing';

/** Answers by typed path, as the screens write them. */
export function withAnswers(
  answers: Answers,
  state: ApplicationState = createInitialState(),
): ApplicationState {
  return setAnswers(state, answers);
}

/** A vehicle application answered up to the check-answers page, on the default brand. */
export const VEHICLE_ANSWERS: Answers = {
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
export function vehicleApplication(
  overrides: Readonly<Record<string, unknown>> = {},
): ApplicationState {
  return withAnswers({ ...VEHICLE_ANSWERS, ...overrides }, applicantState('vehicle'));
}
