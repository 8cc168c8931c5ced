import {
  completionFlagsFor,
  createInitialState,
  emptyAddress,
  emptyEmployment,
  nextStep,
  serialiseState,
  validateStep,
  type ApplicationState,
  type StepId,
  type StepRef,
} from '@broker/domain';

// A vehicle-finance application answered up to the submit step, walked through the journey's own
// table (so it stays complete when screens change), for tests that start at /submit.

function answer(state: ApplicationState, id: StepId): void {
  const f = state.form;
  const answers: Partial<Record<StepId, () => void>> = {
    start: () => void (f.loanPurposeType = 'Vehicle'),
    'loan-type': () => void (f.financeType = 'HirePurchase'),
    'looking-to-buy': () => void (f.lookingToBuy = 'FoundVehicle'),
    deposit: () => {
      f.depositType = false;
      state.hasDeposit = false;
      f.cashDeposit = 0;
    },
    'amount-to-finance': () => void (f.loanAmount = 8000),
    'driving-licence': () => void (f.drivingLicenceType = 'FullUK'),
    'marital-status': () => void (f.maritalStatus = 'Single'),
    'date-of-birth': () => {
      state.dobDay = '10';
      state.dobMonth = '12';
      state.dobYear = '1975';
      f.dateOfBirth = '1975-12-10T00:00:00.000Z';
    },
    employment: () => {
      f.employments[0] = {
        ...emptyEmployment(),
        employmentStatus: 'FullTime',
        occupation: 'Nurse',
        employerName: 'City Hospital',
        employerTown: 'Bristol',
      };
    },
    'employment-length': () => {
      f.employments[0]!.yearsAtEmployer = 8;
      f.employments[0]!.monthsAtEmployer = 0;
    },
    'employment-income': () => void (f.netMonthlyIncome = 2100),
    address: () => {
      f.addresses[0] = {
        ...emptyAddress(),
        houseNumber: '7',
        street: 'Queen Square',
        town: 'Bristol',
        postcode: 'BS1 4JQ',
      };
      state.savedAddresses[0] = { manual: true, streetAddress: null, value: null };
    },
    'address-status': () => void (f.addresses[0]!.residentialStatus = 'PrivateTenant'),
    'address-length': () => {
      f.addresses[0]!.yearsAtAddress = 6;
      f.addresses[0]!.monthsAtAddress = 0;
    },
    personal: () => {
      f.title = 'Mrs';
      f.firstName = 'Mary';
      f.lastName = 'Seacole';
    },
    // A different person for each key, or a second test would be answered as a duplicate.
    contact: () => {
      const digits = Number.parseInt(state.GUID!.replace(/-/g, '').slice(0, 8), 16) % 1e8;
      f.email = `mary.${state.GUID!.slice(0, 8)}@example.com`;
      f.contactNumber = `079${String(digits).padStart(8, '0')}`;
      f.isAgreedTermsAndConditions = true;
    },
    'joint-application': () => {
      f.isJointApplication = false;
      state.isJointApplication = false;
    },
  };
  answers[id]?.();
}

/** The stored form (sessionStorage's value) of an application at /submit under `key`. */
export function applicationAtSubmit(key: string): string {
  const state = createInitialState();
  state.GUID = key;
  state.applicationKey = key;
  state.form.sessionId = key;
  const now = new Date();
  const today = { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
  let step: StepRef | null = { id: 'start' };
  while (step !== null && step.id !== 'submit') {
    answer(state, step.id);
    const errors = validateStep(step, state, today);
    if (errors.length > 0) {
      throw new Error(`the seeded answers fail ${step.id}: ${JSON.stringify(errors)}`);
    }
    for (const flag of completionFlagsFor(step)) state.form[flag] = true;
    step = nextStep(step, state, today);
  }
  if (step === null) throw new Error('the journey ended before the submit step');
  return serialiseState(state);
}
