/** The state a new application starts from (docs/product.md §3). */
import {
  STATE_VERSION,
  type Address,
  type ApplicationForm,
  type ApplicationState,
  type Employment,
  type JointApplicant,
  type OptIns,
  type SecurityAddress,
  type UtmParameters,
  type Vehicle,
} from './shape.js';

export const DEFAULT_SUBMITTED_BY = 'em-apply-form';
export const DEFAULT_LOAN_AMOUNT = 10000;
export const DEFAULT_TERM = 3;
export const DEFAULT_CASH_DEPOSIT = 0;
export const DEFAULT_FINANCE_TYPE = 'Secured';

export function emptyAddress(): Address {
  return {
    subBuilding: null,
    houseName: null,
    houseNumber: null,
    street: null,
    locality: null,
    town: null,
    county: null,
    postcode: null,
    yearsAtAddress: null,
    monthsAtAddress: null,
    residentialStatus: null,
  };
}

export function emptySecurityAddress(): SecurityAddress {
  return { ...emptyAddress(), manual: false };
}

export function emptyEmployment(): Employment {
  return {
    employmentStatus: null,
    occupation: null,
    employerName: null,
    employerTown: null,
    yearsAtEmployer: null,
    monthsAtEmployer: null,
  };
}

export function emptyOptIns(): OptIns {
  return {
    isOptedEmail: false,
    isOptedSms: false,
    isOptedPhone: false,
    isOptedPost: false,
    isOptedEmailPartner: false,
    isOptedSmsPartner: false,
    isOptedPhonePartner: false,
    isOptedPostPartner: false,
    isOptedThirdParty: false,
  };
}

export function emptyJointApplicant(): JointApplicant {
  // The opt-ins last, as in createInitialForm.
  return {
    title: null,
    firstName: null,
    lastName: null,
    email: null,
    contactNumber: null,
    dateOfBirth: null,
    maritalStatus: null,
    drivingLicenceType: null,
    employmentStatus: null,
    yearsAtEmployer: null,
    monthsAtEmployer: null,
    netMonthlyIncome: null,
    dobDay: null,
    dobMonth: null,
    dobYear: null,
    ...emptyOptIns(),
  };
}

export function emptyVehicle(): Vehicle {
  return {
    vrm: null,
    year: null,
    make: null,
    model: null,
    price: null,
    mileage: null,
    fuel: null,
    transmission: null,
    colour: null,
    imageUrl: null,
  };
}

export function emptyUtmParameters(): UtmParameters {
  return {
    campaign: null,
    content: null,
    medium: null,
    source: null,
    term: null,
    type: null,
    keyword: null,
  };
}

export function createInitialForm(): ApplicationForm {
  // The opt-ins are spread last: spread first, V8 builds the rest of this large literal one
  // property at a time (140 µs a call against 1 µs), and the server builds one per submission.
  return {
    additionalNeedsRequirementsStatement: null,
    additionalNeedsRequirements: null,
    discussFinancialCircumstances: null,
    agreeSoftSearch: null,
    loanPurposeType: null,
    breathingSpace: null,
    isSecurityCurrentAddress: null,
    isJointApplication: null,

    financeDetailsCompleted: false,
    drivingLicenceCompleted: false,
    loanAmountCompleted: false,
    maritalStatusCompleted: false,
    employmentStatusCompleted: false,
    addressStatusCompleted: false,
    personalDetailsCompleted: false,
    dateOfBirthCompleted: false,
    addressLocationCompleted: false,

    financeType: DEFAULT_FINANCE_TYPE,
    depositType: null,
    loanAmount: DEFAULT_LOAN_AMOUNT,
    term: DEFAULT_TERM,
    cashDeposit: DEFAULT_CASH_DEPOSIT,
    propertyValue: null,
    mortgageBalance: null,
    propertyBedrooms: null,
    propertyType: null,
    ownOtherProperties: null,
    lookingToBuy: null,

    title: null,
    firstName: null,
    lastName: null,
    email: null,
    contactNumber: null,
    dateOfBirth: null,
    maritalStatus: null,
    drivingLicenceType: null,
    netMonthlyIncome: null,

    affiliateUserId: null,
    sessionId: null,
    vehicleType: 'Car',
    remoteAddress: null,
    hostAddress: null,
    userAgent: null,
    submittedBy: DEFAULT_SUBMITTED_BY,
    urlPrefix: null,
    applicationStartDate: null,
    IsFullApplication: false,

    isAgreedTermsAndConditions: false,

    joint: emptyJointApplicant(),
    securityAddress: emptySecurityAddress(),
    addresses: [emptyAddress()],
    employments: [emptyEmployment()],
    utmParameters: emptyUtmParameters(),
    vehicle: emptyVehicle(),
    ...emptyOptIns(),
  };
}

export function createInitialState(): ApplicationState {
  return {
    version: STATE_VERSION,
    applicationKey: null,
    GUID: null,
    applicationId: null,
    vehicleId: null,
    host: null,
    subdomain: null,
    affiliateConfig: null,
    variant: null,
    token: { authenticationToken: null },
    partnerSetup: { affiliateUserId: null },
    referrer: null,

    isJointApplication: null,
    isSecurityCurrentAddress: null,
    breathingSpace: null,
    showVehicleType: false,
    isSpecifiedAmountToFinance: false,
    isEnabledGoBack: true,
    isEnabledContinue: true,
    isPreselectionEnabled: false,

    dobDay: null,
    dobMonth: null,
    dobYear: null,
    jointDobDay: null,
    jointDobMonth: null,
    jointDobYear: null,
    fullLicence: null,
    hasDeposit: null,

    savedAddresses: [{ manual: false, streetAddress: null, value: null }],

    applicationSubmitOk: false,
    isDuplicate: false,
    isLocked: false,
    isProduction: false,
    isUat: false,
    appliedDate: null,
    lockDown: false,

    form: createInitialForm(),
  };
}
