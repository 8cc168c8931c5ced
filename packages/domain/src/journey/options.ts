import { isSecuredPurpose } from './branch.js';

/**
 * The option lists of the application state: the values each choice may take (their labels
 * are in labels.ts).
 */

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
  return isSecuredPurpose(state.form.loanPurposeType);
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
