import type { ApplicationState } from './state.js';

export const PROGRESS_ITEM_COUNT = 17;

function hasText(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

// A number counts even when it is 0: "0 years and 0 months" is an answer, blank is not.
function hasNumber(value: number | null | undefined): boolean {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * The 17 items of SPEC §4 Progress (DESIGN D1): 8 completion flags, then 9 answers.
 * addressLocationCompleted is deliberately not counted.
 */
function isSecuredPurpose(purpose: ApplicationState['form']['loanPurposeType']): boolean {
  return purpose !== null && purpose !== 'Vehicle';
}

export function progressItems(state: ApplicationState): boolean[] {
  const { form } = state;
  const address = form.addresses[0];
  const employment = form.employments[0];
  return [
    form.financeDetailsCompleted,
    // The secured path never asks about a driving licence; without this it could not reach 100%.
    form.drivingLicenceCompleted || isSecuredPurpose(form.loanPurposeType),
    form.loanAmountCompleted,
    form.maritalStatusCompleted,
    form.employmentStatusCompleted,
    form.addressStatusCompleted,
    form.personalDetailsCompleted,
    form.dateOfBirthCompleted,
    hasText(form.title),
    hasText(form.firstName),
    hasText(form.lastName),
    hasText(form.email),
    hasText(form.contactNumber),
    hasText(address?.postcode),
    hasNumber(address?.yearsAtAddress) || hasNumber(address?.monthsAtAddress),
    hasNumber(employment?.yearsAtEmployer) || hasNumber(employment?.monthsAtEmployer),
    hasNumber(form.netMonthlyIncome),
  ];
}

/** The share of progress items done, as a whole percentage (0-100). */
export function progressPercent(state: ApplicationState): number {
  const done = progressItems(state).filter(Boolean).length;
  return Math.round((done / PROGRESS_ITEM_COUNT) * 100);
}
