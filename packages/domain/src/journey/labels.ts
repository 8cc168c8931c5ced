/**
 * The words the screens show for each option of a choice, and the headings of
 * check-your-answers (docs/product.md §2).
 */
import type { CheckAnswersSectionId, FieldOption } from './types.js';
import {
  DRIVING_LICENCE_TYPES,
  EMPLOYMENT_STATUSES,
  LOAN_PURPOSES,
  LOOKING_TO_BUY,
  MARITAL_STATUSES,
  PROPERTY_TYPES,
  RESIDENTIAL_STATUSES,
  TITLES,
  VEHICLE_FINANCE_TYPES,
} from './options.js';

export const YES_NO: readonly FieldOption[] = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];

function optionsOf<T extends string>(
  values: readonly T[],
  labels: Record<T, string>,
  hints?: Record<T, string>,
): readonly FieldOption[] {
  return values.map((value) => ({
    value,
    label: labels[value],
    ...(hints !== undefined && { hint: hints[value] }),
  }));
}

export const LOAN_PURPOSE_OPTIONS = optionsOf(LOAN_PURPOSES, {
  Vehicle: 'A vehicle',
  HomeImprovements: 'Home improvements',
  DebtConsolidation: 'Debt consolidation',
  SomethingElse: 'Something else',
});

export const FINANCE_TYPE_OPTIONS = optionsOf(
  VEHICLE_FINANCE_TYPES,
  {
    HirePurchase: 'Hire purchase',
    PersonalContractPurchase: 'Personal contract purchase (PCP)',
    NotSure: 'Not sure',
  },
  {
    HirePurchase:
      'Fixed monthly payments, usually after a deposit. The vehicle is yours once the last payment is made.',
    PersonalContractPurchase:
      'Lower monthly payments. At the end you can pay a final lump sum to keep the vehicle, hand it back or part-exchange it.',
    NotSure: 'We will help you find the finance that suits you.',
  },
);

export const LOOKING_TO_BUY_OPTIONS = optionsOf(LOOKING_TO_BUY, {
  FoundVehicle: 'Yes, I have found a vehicle',
  StillLooking: 'No, I am still looking',
});

export const TITLE_OPTIONS = optionsOf(TITLES, {
  Mr: 'Mr',
  Mrs: 'Mrs',
  Miss: 'Miss',
  Ms: 'Ms',
  Mx: 'Mx',
  Dr: 'Dr',
});

export const MARITAL_STATUS_OPTIONS = optionsOf(MARITAL_STATUSES, {
  Single: 'Single',
  Married: 'Married',
  CivilPartnership: 'Civil partnership',
  Cohabiting: 'Living with a partner',
  Separated: 'Separated',
  Divorced: 'Divorced or civil partnership dissolved',
  Widowed: 'Widowed or surviving civil partner',
});

export const DRIVING_LICENCE_OPTIONS = optionsOf(DRIVING_LICENCE_TYPES, {
  FullUK: 'Full UK licence',
  ProvisionalUK: 'Provisional UK licence',
  EU: 'EU licence',
  International: 'International licence',
  None: 'I do not have a licence',
});

export const EMPLOYMENT_STATUS_OPTIONS = optionsOf(EMPLOYMENT_STATUSES, {
  FullTime: 'Employed full time',
  PartTime: 'Employed part time',
  SelfEmployed: 'Self-employed',
  ArmedForces: 'Armed forces',
  Retired: 'Retired',
  Student: 'Student',
  Homemaker: 'Homemaker',
  Disability: 'Not working due to disability',
  Unemployed: 'Unemployed',
});

export const RESIDENTIAL_STATUS_OPTIONS = optionsOf(RESIDENTIAL_STATUSES, {
  HomeownerWithMortgage: 'Homeowner with a mortgage',
  HomeownerNoMortgage: 'Homeowner without a mortgage',
  PrivateTenant: 'Private tenant',
  CouncilTenant: 'Council or housing association tenant',
  LivingWithParents: 'Living with parents',
  Other: 'Other',
});

export const PROPERTY_TYPE_OPTIONS = optionsOf(PROPERTY_TYPES, {
  Detached: 'Detached house',
  SemiDetached: 'Semi-detached house',
  Terraced: 'Terraced house',
  Bungalow: 'Bungalow',
  Flat: 'Flat or maisonette',
  Other: 'Other',
});

/**
 * The sections of check-your-answers, in page order. A step's `checkAnswers.section` puts its
 * rows in one; `ordered` sections list their steps by `checkAnswers.order` rather than journey
 * order; `whose` is added to every 'Change' label where the same questions are asked of two
 * people.
 */
export const CHECK_ANSWERS_SECTIONS = {
  loan: { heading: 'Your loan' },
  property: { heading: 'The property' },
  aboutYou: { heading: 'About you', ordered: true },
  employment: { heading: 'Employment' },
  addressHistory: { heading: 'Address history' },
  contact: { heading: 'Contact' },
  preferences: { heading: 'Preferences' },
  joint: { heading: 'Joint applicant', whose: 'joint applicant' },
  circumstances: { heading: 'Your circumstances' },
} as const satisfies Record<
  CheckAnswersSectionId,
  { readonly heading: string; readonly ordered?: boolean; readonly whose?: string }
>;
