import type { FieldOption } from '@broker/domain';
import type { ChoiceOption } from '../radio-group';

// Presentation only (a unit to show); the rules for these answers stay in the domain.
const MONEY =
  /^form\.(loanAmount|cashDeposit|propertyValue|mortgageBalance|netMonthlyIncome|joint\.netMonthlyIncome)$/;
const YEARS = /^form\.term$/;

export function isMoney(path: string): boolean {
  return MONEY.test(path);
}

export function isYears(path: string): boolean {
  return YEARS.test(path);
}

/** Only the applicant's own current details: a joint applicant's are not the browser user's. */
export const AUTOCOMPLETE: Readonly<Record<string, HTMLInputElement['autocomplete']>> = {
  'form.firstName': 'given-name',
  'form.lastName': 'family-name',
  'form.addresses.0.postcode': 'postal-code',
  'form.addresses.0.houseNumber': 'address-line1',
  'form.addresses.0.street': 'address-line2',
  'form.addresses.0.town': 'address-level2',
  'form.addresses.0.county': 'address-level1',
};

export function choices(
  options: readonly FieldOption[] | undefined,
): (ChoiceOption<string | boolean> & { label: string })[] {
  return (options ?? []).map((option) => ({ value: option.value, label: option.label }));
}
