/**
 * The shape of the application state of docs/product.md §3 (defaults in defaults.ts, storage
 * in restore.ts).
 *
 * Unanswered values are `null` (never `undefined`) so that a state survives a JSON round
 * trip through sessionStorage unchanged.
 */
import type {
  DrivingLicenceType,
  EmploymentStatus,
  FinanceType,
  LoanPurposeType,
  LookingToBuy,
  MaritalStatus,
  PropertyType,
  ResidentialStatus,
  Title,
  VehicleType,
} from './options.js';

export const STATE_VERSION = '1.0.0';

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
