/**
 * The words of the options that only the later screens show, keyed by list: kept apart from
 * labels.ts so that the first screen's script does not carry them. Like the steps' copy, this
 * module is reached only through copy.ts, which `loadStepCopy` fetches with a later screen
 * (docs/decisions/0046-option-labels-out-of-the-first-screen.md).
 */
import type {
  DRIVING_LICENCE_TYPES,
  EMPLOYMENT_STATUSES,
  LOOKING_TO_BUY,
  MARITAL_STATUSES,
  PROPERTY_TYPES,
  RESIDENTIAL_STATUSES,
  VEHICLE_FINANCE_TYPES,
} from './options.js';

type Words<T extends readonly string[]> = Readonly<Record<T[number], string>>;

export interface OptionLabels {
  readonly financeType: Words<typeof VEHICLE_FINANCE_TYPES>;
  readonly financeTypeHints: Words<typeof VEHICLE_FINANCE_TYPES>;
  readonly lookingToBuy: Words<typeof LOOKING_TO_BUY>;
  readonly maritalStatus: Words<typeof MARITAL_STATUSES>;
  readonly drivingLicence: Words<typeof DRIVING_LICENCE_TYPES>;
  readonly employmentStatus: Words<typeof EMPLOYMENT_STATUSES>;
  readonly residentialStatus: Words<typeof RESIDENTIAL_STATUSES>;
  readonly propertyType: Words<typeof PROPERTY_TYPES>;
}

export const OPTION_LABELS: OptionLabels = {
  financeType: {
    HirePurchase: 'Hire purchase',
    PersonalContractPurchase: 'Personal contract purchase (PCP)',
    NotSure: 'Not sure',
  },
  financeTypeHints: {
    HirePurchase:
      'Fixed monthly payments, usually after a deposit. The vehicle is yours once the last payment is made.',
    PersonalContractPurchase:
      'Lower monthly payments. At the end you can pay a final lump sum to keep the vehicle, hand it back or part-exchange it.',
    NotSure: 'We will help you find the finance that suits you.',
  },
  lookingToBuy: {
    FoundVehicle: 'Yes, I have found a vehicle',
    StillLooking: 'No, I am still looking',
  },
  maritalStatus: {
    Single: 'Single',
    Married: 'Married',
    CivilPartnership: 'Civil partnership',
    Cohabiting: 'Living with a partner',
    Separated: 'Separated',
    Divorced: 'Divorced or civil partnership dissolved',
    Widowed: 'Widowed or surviving civil partner',
  },
  drivingLicence: {
    FullUK: 'Full UK licence',
    ProvisionalUK: 'Provisional UK licence',
    EU: 'EU licence',
    International: 'International licence',
    None: 'I do not have a licence',
  },
  employmentStatus: {
    FullTime: 'Employed full time',
    PartTime: 'Employed part time',
    SelfEmployed: 'Self-employed',
    ArmedForces: 'Armed forces',
    Retired: 'Retired',
    Student: 'Student',
    Homemaker: 'Homemaker',
    Disability: 'Not working due to disability',
    Unemployed: 'Unemployed',
  },
  residentialStatus: {
    HomeownerWithMortgage: 'Homeowner with a mortgage',
    HomeownerNoMortgage: 'Homeowner without a mortgage',
    PrivateTenant: 'Private tenant',
    CouncilTenant: 'Council or housing association tenant',
    LivingWithParents: 'Living with parents',
    Other: 'Other',
  },
  propertyType: {
    Detached: 'Detached house',
    SemiDetached: 'Semi-detached house',
    Terraced: 'Terraced house',
    Bungalow: 'Bungalow',
    Flat: 'Flat or maisonette',
    Other: 'Other',
  },
};
