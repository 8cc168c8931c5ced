// Application states that make a later screen visitable, for benchmarks that open one directly.
// The web app sends a deep link to the first incomplete step (the journey's canVisit), so a
// benchmark of /contact first puts a state with every earlier answer into sessionStorage under
// the app's key, built with the domain's own functions so it is always of the current version.
import {
  canVisit,
  createInitialState,
  parseStepPath,
  serialiseState,
  stepPath,
  firstIncompleteStep,
} from '@broker/domain';

/** packages/web/src/state/storage.ts */
export const STORAGE_KEY = 'broker-application';

/** The answers of one vehicle-finance applicant, up to and including the named screen. */
const VEHICLE_ANSWERS = [
  ['/loan-type', { 'form.loanPurposeType': 'Vehicle' }],
  ['/looking-to-buy', { 'form.financeType': 'HirePurchase' }],
  ['/deposit', { 'form.lookingToBuy': 'FoundVehicle' }],
  ['/amount-to-finance', { 'form.depositType': false, hasDeposit: false }],
  [
    '/driving-licence',
    {
      'form.loanAmount': 10000,
      'form.loanAmountCompleted': true,
      'form.financeDetailsCompleted': true,
    },
  ],
  [
    '/marital-status',
    {
      'form.drivingLicenceType': 'FullUK',
      'form.drivingLicenceCompleted': true,
      fullLicence: true,
    },
  ],
  ['/date-of-birth', { 'form.maritalStatus': 'Single', 'form.maritalStatusCompleted': true }],
  [
    '/employment/1',
    {
      dobDay: '15',
      dobMonth: '5',
      dobYear: '1980',
      'form.dateOfBirth': '1980-05-15T00:00:00.000Z',
      'form.dateOfBirthCompleted': true,
    },
  ],
  [
    '/employment-length/1',
    {
      'form.employments.0.employmentStatus': 'FullTime',
      'form.employments.0.occupation': 'Engineer',
      'form.employments.0.employerName': 'Analytical Engines Ltd',
      'form.employments.0.employerTown': 'London',
      'form.employmentStatusCompleted': true,
    },
  ],
  [
    '/employment-income/1',
    { 'form.employments.0.yearsAtEmployer': 6, 'form.employments.0.monthsAtEmployer': 3 },
  ],
  ['/address/1', { 'form.netMonthlyIncome': 2400 }],
  [
    '/residential-status/1',
    {
      'form.addresses.0.houseNumber': '12',
      'form.addresses.0.street': 'Commercial Street',
      'form.addresses.0.town': 'London',
      'form.addresses.0.postcode': 'E1 6AN',
      'savedAddresses.0.manual': true,
      'form.addressLocationCompleted': true,
    },
  ],
  [
    '/address-length/1',
    { 'form.addresses.0.residentialStatus': 'PrivateTenant', 'form.addressStatusCompleted': true },
  ],
  ['/personal', { 'form.addresses.0.yearsAtAddress': 5, 'form.addresses.0.monthsAtAddress': 0 }],
  [
    '/contact',
    {
      'form.title': 'Ms',
      'form.firstName': 'Ada',
      'form.lastName': 'Lovelace',
      'form.personalDetailsCompleted': true,
    },
  ],
  [
    '/optins',
    {
      'form.email': 'ada@example.com',
      'form.contactNumber': '07911 654321',
      'form.isAgreedTermsAndConditions': true,
    },
  ],
  ['/joint', {}],
  ['/before-you-submit', { 'form.isJointApplication': false }],
];

function setAt(target, path, value) {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) node = node[key];
  node[keys[keys.length - 1]] = value;
}

function calendarDate(date) {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/**
 * The serialised state (sessionStorage value) with every answer before `path`; throws when the
 * journey would still redirect, so a renamed step or a new question shows up as an error here.
 */
export function seededStateFor(path, { host = '127.0.0.1', now = new Date() } = {}) {
  const state = createInitialState();
  state.host = host;
  state.form.hostAddress = host;
  let reached = false;
  for (const [screen, answers] of VEHICLE_ANSWERS) {
    for (const [key, value] of Object.entries(answers)) setAt(state, key, value);
    if (screen === path) {
      reached = true;
      break;
    }
  }
  if (!reached) throw new Error(`No seeded answers lead to ${path}`);
  const ref = parseStepPath(path);
  const today = calendarDate(now);
  if (!ref || !canVisit(ref, state, today)) {
    throw new Error(
      `The seeded state does not reach ${path}: the app would go to ${stepPath(firstIncompleteStep(state, today))}`,
    );
  }
  return serialiseState(state);
}
