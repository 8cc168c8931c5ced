/**
 * The application state of docs/product.md §3, its defaults, and how it is stored.
 *
 * Unanswered values are `null` (never `undefined`) so that a state survives a JSON round
 * trip through sessionStorage unchanged.
 */

export const STATE_VERSION = '1.0.0';
export const DEFAULT_SUBMITTED_BY = 'em-apply-form';
export const DEFAULT_LOAN_AMOUNT = 10000;
export const DEFAULT_TERM = 3;
export const DEFAULT_CASH_DEPOSIT = 0;
export const DEFAULT_FINANCE_TYPE = 'Secured';

/** What the money is for; the start screen asks it. Anything but Vehicle is a secured loan. */
export const LOAN_PURPOSES = [
  'Vehicle',
  'HomeImprovements',
  'DebtConsolidation',
  'SomethingElse',
] as const;
export type LoanPurposeType = (typeof LOAN_PURPOSES)[number];

/**
 * A loan secured on a property: any answered purpose but a vehicle (the journey's `secured`
 * branch). Every step of such an application shows the secured-loan disclosure
 * (docs/decisions/0011-secured-disclosure-from-the-frame.md).
 */
export function isSecuredApplication(state: {
  form: { loanPurposeType: LoanPurposeType | null };
}): boolean {
  const purpose = state.form.loanPurposeType;
  return purpose !== null && purpose !== 'Vehicle';
}

/** Vehicle finance products (the loan-type screen) plus the homeowner loan. */
export const VEHICLE_FINANCE_TYPES = [
  'HirePurchase',
  'PersonalContractPurchase',
  'NotSure',
] as const;
export const FINANCE_TYPES = [...VEHICLE_FINANCE_TYPES, 'Secured'] as const;
export type FinanceType = (typeof FINANCE_TYPES)[number];

export const LOOKING_TO_BUY = ['FoundVehicle', 'StillLooking'] as const;
export type LookingToBuy = (typeof LOOKING_TO_BUY)[number];

export const TITLES = ['Mr', 'Mrs', 'Miss', 'Ms', 'Mx', 'Dr'] as const;
export type Title = (typeof TITLES)[number];

export const MARITAL_STATUSES = [
  'Single',
  'Married',
  'CivilPartnership',
  'Cohabiting',
  'Separated',
  'Divorced',
  'Widowed',
] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

export const DRIVING_LICENCE_TYPES = [
  'FullUK',
  'ProvisionalUK',
  'EU',
  'International',
  'None',
] as const;
export type DrivingLicenceType = (typeof DRIVING_LICENCE_TYPES)[number];

export const EMPLOYMENT_STATUSES = [
  'FullTime',
  'PartTime',
  'SelfEmployed',
  'ArmedForces',
  'Retired',
  'Student',
  'Homemaker',
  'Disability',
  'Unemployed',
] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];

export const RESIDENTIAL_STATUSES = [
  'HomeownerWithMortgage',
  'HomeownerNoMortgage',
  'PrivateTenant',
  'CouncilTenant',
  'LivingWithParents',
  'Other',
] as const;
export type ResidentialStatus = (typeof RESIDENTIAL_STATUSES)[number];

export const PROPERTY_TYPES = [
  'Detached',
  'SemiDetached',
  'Terraced',
  'Bungalow',
  'Flat',
  'Other',
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const VEHICLE_TYPES = [
  'Car',
  'Van',
  'Motorcycle',
  'Motorhome',
  'Caravan',
  'Horsebox',
] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

export interface Address {
  subBuilding: string | null;
  houseName: string | null;
  houseNumber: string | null;
  street: string | null;
  locality: string | null;
  town: string | null;
  county: string | null;
  postcode: string | null;
  yearsAtAddress: number | null;
  monthsAtAddress: number | null;
  residentialStatus: ResidentialStatus | null;
}

export interface SecurityAddress extends Address {
  manual: boolean;
}

export interface Employment {
  employmentStatus: EmploymentStatus | null;
  occupation: string | null;
  employerName: string | null;
  employerTown: string | null;
  yearsAtEmployer: number | null;
  monthsAtEmployer: number | null;
}

export interface OptIns {
  isOptedEmail: boolean;
  isOptedSms: boolean;
  isOptedPhone: boolean;
  isOptedPost: boolean;
  isOptedEmailPartner: boolean;
  isOptedSmsPartner: boolean;
  isOptedPhonePartner: boolean;
  isOptedPostPartner: boolean;
  isOptedThirdParty: boolean;
}

export interface JointApplicant extends OptIns {
  title: Title | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  contactNumber: string | null;
  dateOfBirth: string | null;
  maritalStatus: MaritalStatus | null;
  drivingLicenceType: DrivingLicenceType | null;
  /** docs/product.md §5: a joint employmentStatus of `false` is sent as null. */
  employmentStatus: EmploymentStatus | false | null;
  yearsAtEmployer: number | null;
  monthsAtEmployer: number | null;
  netMonthlyIncome: number | null;
  dobDay: string | null;
  dobMonth: string | null;
  dobYear: string | null;
}

export interface UtmParameters {
  campaign: string | null;
  content: string | null;
  medium: string | null;
  source: string | null;
  term: string | null;
  type: string | null;
  keyword: string | null;
  evsrc?: string;
  evcmp?: string;
  evrfd?: string;
  evo_source?: string;
  /** The `sid` query parameter: affiliate tracking only, never the submission key. */
  sid?: string;
}

/** docs/design.md D2: stored and sent as `year` and `fuel`; `registrationYear`/`fuelType` accepted on restore. */
export interface Vehicle {
  vrm: string | null;
  year: string | null;
  make: string | null;
  model: string | null;
  price: number | null;
  mileage: number | null;
  fuel: string | null;
  transmission: string | null;
  colour: string | null;
  imageUrl: string | null;
}

export interface ApplicationForm extends OptIns {
  additionalNeedsRequirementsStatement: string | null;
  additionalNeedsRequirements: boolean | null;
  discussFinancialCircumstances: boolean | null;
  agreeSoftSearch: boolean | null;
  loanPurposeType: LoanPurposeType | null;
  breathingSpace: boolean | null;
  isSecurityCurrentAddress: boolean | null;
  isJointApplication: boolean | null;

  financeDetailsCompleted: boolean;
  drivingLicenceCompleted: boolean;
  loanAmountCompleted: boolean;
  maritalStatusCompleted: boolean;
  employmentStatusCompleted: boolean;
  addressStatusCompleted: boolean;
  personalDetailsCompleted: boolean;
  dateOfBirthCompleted: boolean;
  addressLocationCompleted: boolean;

  financeType: FinanceType;
  depositType: boolean | null;
  loanAmount: number | null;
  /** In years (docs/design.md D8). */
  term: number | null;
  cashDeposit: number | null;
  propertyValue: number | null;
  mortgageBalance: number | null;
  propertyBedrooms: number | null;
  propertyType: PropertyType | null;
  ownOtherProperties: boolean | null;
  lookingToBuy: LookingToBuy | null;

  title: Title | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  contactNumber: string | null;
  /** 'YYYY-MM-DDT00:00:00.000Z', or null while the date is incomplete or out of range. */
  dateOfBirth: string | null;
  maritalStatus: MaritalStatus | null;
  drivingLicenceType: DrivingLicenceType | null;
  netMonthlyIncome: number | null;

  affiliateUserId: string | null;
  sessionId: string | null;
  vehicleType: VehicleType;
  remoteAddress: string | null;
  hostAddress: string | null;
  userAgent: string | null;
  submittedBy: string;
  urlPrefix: string | null;
  applicationStartDate: string | null;
  IsFullApplication: boolean;

  isAgreedTermsAndConditions: boolean;

  joint: JointApplicant;
  securityAddress: SecurityAddress;
  addresses: Address[];
  employments: Employment[];
  utmParameters: UtmParameters;
  vehicle: Vehicle;
}

export interface SavedAddress {
  manual: boolean;
  streetAddress: string | null;
  value: string | null;
}

export interface ApplicationState {
  version: typeof STATE_VERSION;
  applicationKey: string | null;
  GUID: string | null;
  applicationId: string | null;
  vehicleId: string | null;
  host: string | null;
  subdomain: string | null;
  /** The brand's affiliate key chosen from the host (docs/design.md D3). */
  affiliateConfig: string | null;
  variant: string | null;
  token: { authenticationToken: string | null };
  partnerSetup: { affiliateUserId: string | null };
  /** The host of the page that referred the visitor, if any. */
  referrer: string | null;

  isJointApplication: boolean | null;
  isSecurityCurrentAddress: boolean | null;
  breathingSpace: boolean | null;
  showVehicleType: boolean;
  isSpecifiedAmountToFinance: boolean;
  isEnabledGoBack: boolean;
  isEnabledContinue: boolean;
  isPreselectionEnabled: boolean;

  dobDay: string | null;
  dobMonth: string | null;
  dobYear: string | null;
  jointDobDay: string | null;
  jointDobMonth: string | null;
  jointDobYear: string | null;
  fullLicence: boolean | null;
  hasDeposit: boolean | null;

  /** One entry per address step, index-aligned with form.addresses. */
  savedAddresses: SavedAddress[];

  applicationSubmitOk: boolean;
  isDuplicate: boolean;
  isLocked: boolean;
  isProduction: boolean;
  isUat: boolean;
  /** ISO date-time the application was started (the injected clock). */
  appliedDate: string | null;
  lockDown: boolean;

  form: ApplicationForm;
}

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
  return {
    ...emptyOptIns(),
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
  return {
    ...emptyOptIns(),
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

/** A v4 GUID from 16 random bytes supplied by the caller (crypto.getRandomValues in practice). */
export function guidFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== 16) {
    throw new RangeError('A v4 GUID needs exactly 16 random bytes');
  }
  const b = Array.from(bytes);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const GUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function serialiseState(state: ApplicationState): string {
  return JSON.stringify({ ...state, version: STATE_VERSION });
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type Check = (value: unknown) => boolean;

const oneOf =
  (options: readonly unknown[]): Check =>
  (value) =>
    options.includes(value);
const isNumber: Check = (value) => typeof value === 'number' && Number.isFinite(value);
const isBoolean: Check = (value) => typeof value === 'boolean';

/**
 * What a stored value must be, by key, for the fields a default cannot describe: option lists,
 * and numbers and booleans that default to null. Other null-default fields are text; fields
 * with a value by default must keep its type.
 */
const FIELD_CHECKS: Readonly<Record<string, Check>> = {
  // form.term is a number; utmParameters.term is text.
  'utmParameters.term': (value) => typeof value === 'string',
  loanPurposeType: oneOf(LOAN_PURPOSES),
  financeType: oneOf(FINANCE_TYPES),
  lookingToBuy: oneOf(LOOKING_TO_BUY),
  title: oneOf(TITLES),
  maritalStatus: oneOf(MARITAL_STATUSES),
  drivingLicenceType: oneOf(DRIVING_LICENCE_TYPES),
  employmentStatus: (value) => value === false || oneOf(EMPLOYMENT_STATUSES)(value),
  residentialStatus: oneOf(RESIDENTIAL_STATUSES),
  propertyType: oneOf(PROPERTY_TYPES),
  vehicleType: oneOf(VEHICLE_TYPES),
  loanAmount: isNumber,
  term: isNumber,
  cashDeposit: isNumber,
  propertyValue: isNumber,
  mortgageBalance: isNumber,
  propertyBedrooms: isNumber,
  netMonthlyIncome: isNumber,
  yearsAtAddress: isNumber,
  monthsAtAddress: isNumber,
  yearsAtEmployer: isNumber,
  monthsAtEmployer: isNumber,
  price: isNumber,
  mileage: isNumber,
  isJointApplication: isBoolean,
  isSecurityCurrentAddress: isBoolean,
  breathingSpace: isBoolean,
  fullLicence: isBoolean,
  hasDeposit: isBoolean,
  additionalNeedsRequirements: isBoolean,
  discussFinancialCircumstances: isBoolean,
  agreeSoftSearch: isBoolean,
  depositType: isBoolean,
  ownOtherProperties: isBoolean,
};

/** Fields with a value by default that may also be null (unanswered). */
const NULLABLE_WITH_DEFAULT = new Set(['loanAmount', 'term', 'cashDeposit']);

function accepts(parent: string, key: string, template: unknown, stored: unknown): boolean {
  if (stored === null) return template === null || NULLABLE_WITH_DEFAULT.has(key);
  const check = FIELD_CHECKS[`${parent}.${key}`] ?? FIELD_CHECKS[key];
  if (check) return check(stored);
  return template === null ? typeof stored === 'string' : typeof stored === typeof template;
}

/**
 * Fills every key of `template` from `stored` when the stored value is of the field's type.
 * Unknown keys are dropped, so a tampered or older store can never add properties (nor
 * `__proto__`) to the state.
 */
function mergeShape<T>(template: T, stored: unknown, parent = ''): T {
  if (!isObject(template) || !isObject(stored)) {
    return template;
  }
  const out: Json = { ...template };
  for (const key of Object.keys(template)) {
    if (!Object.prototype.hasOwnProperty.call(stored, key)) continue;
    const t = template[key];
    const s = stored[key];
    if (isObject(t)) {
      out[key] = mergeShape(t, s, key);
    } else if (Array.isArray(t)) {
      out[key] = t;
    } else if (accepts(parent, key, t, s)) {
      out[key] = s;
    }
  }
  return out as T;
}

function restoreList<T>(stored: unknown, make: () => T): T[] | null {
  if (!Array.isArray(stored) || stored.length === 0) return null;
  return stored.map((entry) => mergeShape(make(), entry));
}

/** Restores a stored state; a different version, or anything unreadable, gives null. */
export function restoreState(serialised: string | null | undefined): ApplicationState | null {
  if (!serialised) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(serialised);
  } catch {
    return null;
  }
  if (!isObject(parsed) || parsed.version !== STATE_VERSION) return null;

  const state = mergeShape(createInitialState(), parsed);
  const storedForm = isObject(parsed.form) ? parsed.form : {};

  state.form.addresses = restoreList(storedForm.addresses, emptyAddress) ?? state.form.addresses;
  state.form.employments = (
    restoreList(storedForm.employments, emptyEmployment) ?? state.form.employments
  ).map((employment) => ({
    ...employment,
    // Only the joint applicant's employmentStatus may be false.
    employmentStatus: employment.employmentStatus || null,
  }));
  state.savedAddresses =
    restoreList(parsed.savedAddresses, () => ({
      manual: false,
      streetAddress: null as string | null,
      value: null as string | null,
    })) ?? state.savedAddresses;

  // docs/design.md D2: older stores used registrationYear and fuelType.
  const storedVehicle = isObject(storedForm.vehicle) ? storedForm.vehicle : {};
  if (state.form.vehicle.year === null && typeof storedVehicle.registrationYear === 'string') {
    state.form.vehicle.year = storedVehicle.registrationYear;
  }
  if (state.form.vehicle.fuel === null && typeof storedVehicle.fuelType === 'string') {
    state.form.vehicle.fuel = storedVehicle.fuelType;
  }
  const optional: (keyof UtmParameters)[] = ['evsrc', 'evcmp', 'evrfd', 'evo_source', 'sid'];
  const storedUtm = isObject(storedForm.utmParameters) ? storedForm.utmParameters : {};
  for (const key of optional) {
    const value = storedUtm[key];
    if (typeof value === 'string') state.form.utmParameters[key] = value;
  }
  return state;
}
