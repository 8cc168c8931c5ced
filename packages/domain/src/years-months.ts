import type { Address, Employment } from './journey/shape.js';

type Count = number | '' | null | undefined;

/** Blank, missing or not a finite number counts as 0 (docs/product.md §5: "default to 0 when missing"). */
function count(value: Count): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** docs/product.md §4: years-and-months inputs combine into decimal years. */
export function toDecimalYears(years: Count, months: Count): number {
  return count(years) + count(months) / 12;
}

export function totalMonths(years: Count, months: Count): number {
  return count(years) * 12 + count(months);
}

/** docs/design.md D8: previous addresses and employments are asked until the total exceeds this. */
export const HISTORY_MONTHS = 35;

export function addressHistoryMonths(addresses: readonly Address[]): number {
  return addresses.reduce((sum, a) => sum + totalMonths(a.yearsAtAddress, a.monthsAtAddress), 0);
}

export function employmentHistoryMonths(employments: readonly Employment[]): number {
  return employments.reduce(
    (sum, e) => sum + totalMonths(e.yearsAtEmployer, e.monthsAtEmployer),
    0,
  );
}

export function needsAnotherAddress(addresses: readonly Address[]): boolean {
  return addressHistoryMonths(addresses) <= HISTORY_MONTHS;
}

export function needsAnotherEmployment(employments: readonly Employment[]): boolean {
  return employmentHistoryMonths(employments) <= HISTORY_MONTHS;
}

/** docs/product.md §5 payload caps on years (25, or 10 / 50 for the security address) and months. */
export const HISTORY_CAPS = {
  addressYears: 25,
  securityCopyYears: 10,
  securityAddressYears: 50,
  employerYears: 25,
  months: 11,
} as const;

/** For the payload: missing values become 0, then each is held between 0 and its cap. */
export function capYearsMonths(
  years: Count,
  months: Count,
  yearCap: number,
  monthCap: number = HISTORY_CAPS.months,
): { years: number; months: number } {
  return {
    years: Math.min(Math.max(count(years), 0), yearCap),
    months: Math.min(Math.max(count(months), 0), monthCap),
  };
}
