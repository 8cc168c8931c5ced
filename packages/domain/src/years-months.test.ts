import { describe, expect, it } from 'vitest';
import { emptyAddress, emptyEmployment, type Address, type Employment } from './journey/index.js';
import {
  HISTORY_CAPS,
  HISTORY_MONTHS,
  addressHistoryMonths,
  capYearsMonths,
  employmentHistoryMonths,
  needsAnotherAddress,
  needsAnotherEmployment,
  toDecimalYears,
  totalMonths,
} from './years-months.js';

function address(years: number | null, months: number | null): Address {
  return { ...emptyAddress(), yearsAtAddress: years, monthsAtAddress: months };
}

function employment(years: number | null, months: number | null): Employment {
  return { ...emptyEmployment(), yearsAtEmployer: years, monthsAtEmployer: months };
}

describe('toDecimalYears', () => {
  it('is years plus months / 12', () => {
    expect(toDecimalYears(2, 6)).toBe(2.5);
    expect(toDecimalYears(0, 3)).toBe(0.25);
    expect(toDecimalYears(4, 0)).toBe(4);
  });

  it('counts missing, blank or non-numeric parts as 0', () => {
    expect(toDecimalYears(null, 6)).toBe(0.5);
    expect(toDecimalYears(3, undefined)).toBe(3);
    expect(toDecimalYears('', '')).toBe(0);
    expect(toDecimalYears(Number.NaN, 6)).toBe(0.5);
  });
});

describe('totalMonths', () => {
  it('is years × 12 + months, missing parts 0', () => {
    expect(totalMonths(2, 11)).toBe(35);
    expect(totalMonths(3, 0)).toBe(36);
    expect(totalMonths(null, 4)).toBe(4);
    expect(totalMonths(1, null)).toBe(12);
    expect(totalMonths(null, null)).toBe(0);
  });
});

describe('address history', () => {
  it('sums every address', () => {
    expect(addressHistoryMonths([address(1, 6), address(0, 11), address(null, null)])).toBe(29);
    expect(addressHistoryMonths([])).toBe(0);
  });

  it('asks for another address while the total is 35 months or less (docs/design.md D8)', () => {
    expect(HISTORY_MONTHS).toBe(35);
    expect(needsAnotherAddress([])).toBe(true);
    expect(needsAnotherAddress([address(null, null)])).toBe(true);
    expect(needsAnotherAddress([address(2, 11)])).toBe(true);
    expect(needsAnotherAddress([address(1, 0), address(1, 11)])).toBe(true);
    expect(needsAnotherAddress([address(3, 0)])).toBe(false);
    expect(needsAnotherAddress([address(1, 0), address(2, 0)])).toBe(false);
    expect(needsAnotherAddress([address(10, 0)])).toBe(false);
  });
});

describe('employment history', () => {
  it('sums every employment', () => {
    expect(employmentHistoryMonths([employment(2, 3), employment(null, 5)])).toBe(32);
    expect(employmentHistoryMonths([])).toBe(0);
  });

  it('asks for another employment on the same 3-year rule', () => {
    expect(needsAnotherEmployment([employment(2, 11)])).toBe(true);
    expect(needsAnotherEmployment([employment(0, 35)])).toBe(true);
    expect(needsAnotherEmployment([employment(0, 0)])).toBe(true);
    expect(needsAnotherEmployment([employment(3, 0)])).toBe(false);
    expect(needsAnotherEmployment([employment(2, 0), employment(0, 12)])).toBe(false);
  });
});

describe('capYearsMonths', () => {
  it('has SPEC’s caps', () => {
    expect(HISTORY_CAPS).toEqual({
      addressYears: 25,
      securityCopyYears: 10,
      securityAddressYears: 50,
      employerYears: 25,
      months: 11,
    });
  });

  it('caps years and months (months at 11 by default)', () => {
    expect(capYearsMonths(30, 14, 25)).toEqual({ years: 25, months: 11 });
    expect(capYearsMonths(12, 5, 10)).toEqual({ years: 10, months: 5 });
    expect(capYearsMonths(49, 11, 50)).toEqual({ years: 49, months: 11 });
    expect(capYearsMonths(60, 3, 50)).toEqual({ years: 50, months: 3 });
    expect(capYearsMonths(1, 9, 25, 6)).toEqual({ years: 1, months: 6 });
  });

  it('leaves values within the caps alone, including the caps themselves', () => {
    expect(capYearsMonths(25, 11, 25)).toEqual({ years: 25, months: 11 });
    expect(capYearsMonths(0, 0, 25)).toEqual({ years: 0, months: 0 });
  });

  it('sends 0 for missing or negative values', () => {
    expect(capYearsMonths(null, undefined, 25)).toEqual({ years: 0, months: 0 });
    expect(capYearsMonths('', '', 25)).toEqual({ years: 0, months: 0 });
    expect(capYearsMonths(-2, -1, 25)).toEqual({ years: 0, months: 0 });
  });
});
