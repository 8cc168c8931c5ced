import type { ApplicationState } from './state.js';

export const PROGRESS_ITEM_COUNT = 17;

function hasText(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

// A number counts even when it is 0: "0 years and 0 months" is an answer, blank is not.
function hasNumber(value: number | null | undefined): boolean {
  return typeof value === 'number' && Number.isFinite(value);
}

function isSecuredPurpose(purpose: ApplicationState['form']['loanPurposeType']): boolean {
  return purpose !== null && purpose !== 'Vehicle';
}

/** Where drivingLicenceCompleted sits in `progressItems`. */
const DRIVING_LICENCE_ITEM = 1;

/**
 * Whether each of the 17 items applies to the branch the answers are on. The secured path
 * never asks about a driving licence, so there its flag is neither done nor due: it leaves
 * both the count and the total (decision 0014), and the bar starts at 0% and ends at 100%.
 */
export function progressItemsApplying(state: ApplicationState): boolean[] {
  const secured = isSecuredPurpose(state.form.loanPurposeType);
  return Array.from({ length: PROGRESS_ITEM_COUNT }, (_, index) =>
    index === DRIVING_LICENCE_ITEM ? !secured : true,
  );
}

/**
 * The 17 items of docs/product.md §4 Progress (docs/design.md D1): 8 completion flags, then 9 answers, each true
 * when done. addressLocationCompleted is deliberately not counted.
 */
export function progressItems(state: ApplicationState): boolean[] {
  const { form } = state;
  const address = form.addresses[0];
  const employment = form.employments[0];
  return [
    form.financeDetailsCompleted,
    form.drivingLicenceCompleted,
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

/** The share of the items that apply which are done, as a whole percentage (0-100). */
export function progressPercent(state: ApplicationState): number {
  const applying = progressItemsApplying(state);
  const items = progressItems(state);
  const total = applying.filter(Boolean).length;
  const done = items.filter((item, index) => item && applying[index]).length;
  return Math.round((done / total) * 100);
}
