import { describe, expect, it } from 'vitest';
import {
  ageOn,
  dateOfBirthValue,
  isRealDate,
  padDatePart,
  validateDateOfBirth,
  type CalendarDate,
} from './date-of-birth.js';

const today: CalendarDate = { year: 2026, month: 11, day: 21 };

function dob(day: string | null, month: string | null, year: string | null) {
  return { day, month, year };
}

describe('validateDateOfBirth: the whole date missing', () => {
  it('asks for the date when all three boxes are empty', () => {
    expect(validateDateOfBirth(dob('', '', ''), today)).toBe('Please enter your date of birth.');
    expect(validateDateOfBirth(dob(null, null, null), today, { who: 'joint' })).toBe(
      'Please enter their date of birth.',
    );
    expect(validateDateOfBirth({ day: undefined, month: undefined, year: undefined }, today)).toBe(
      'Please enter your date of birth.',
    );
  });

  it('asks for the date when all three boxes are invalid, whatever they hold', () => {
    expect(validateDateOfBirth(dob('32', '13', '999'), today)).toBe(
      'Please enter your date of birth.',
    );
    expect(validateDateOfBirth(dob('0', '0', '2027'), today, { who: 'joint' })).toBe(
      'Please enter their date of birth.',
    );
    expect(validateDateOfBirth(dob('x', '', 'abcd'), today)).toBe(
      'Please enter your date of birth.',
    );
  });

  it('uses the label in lower case', () => {
    expect(validateDateOfBirth(dob('', '', ''), today, { label: 'Date of Birth' })).toBe(
      'Please enter your date of birth.',
    );
    expect(
      validateDateOfBirth(dob('', '', ''), today, { label: 'Partner DOB', who: 'joint' }),
    ).toBe('Please enter their partner dob.');
  });
});

describe('validateDateOfBirth: the day', () => {
  it('asks for an empty day', () => {
    expect(validateDateOfBirth(dob('', '5', '1990'), today)).toBe('What day were you born?');
    expect(validateDateOfBirth(dob('  ', '5', '1990'), today)).toBe('What day were you born?');
  });

  it.each(['0', '32', '99', '-1', 'ab', '1.5', '00'])('refuses the day %j', (day) => {
    expect(validateDateOfBirth(dob(day, '5', '1990'), today)).toBe(
      'Please enter a day between 1 and 31.',
    );
  });

  it.each(['1', '01', '31', ' 7 '])('accepts the day %j', (day) => {
    expect(validateDateOfBirth(dob(day, '5', '1990'), today)).toBeNull();
  });

  it('comes before the month and the year', () => {
    expect(validateDateOfBirth(dob('32', '13', '1990'), today)).toBe(
      'Please enter a day between 1 and 31.',
    );
    expect(validateDateOfBirth(dob('', '', '1990'), today)).toBe('What day were you born?');
    expect(validateDateOfBirth(dob('', '5', ''), today)).toBe('What day were you born?');
    expect(validateDateOfBirth(dob('0', '5', '2027'), today)).toBe(
      'Please enter a day between 1 and 31.',
    );
  });
});

describe('validateDateOfBirth: the month', () => {
  it('asks for an empty month', () => {
    expect(validateDateOfBirth(dob('5', '', '1990'), today)).toBe('Which month were you born?');
    expect(validateDateOfBirth(dob('5', null, '1990'), today)).toBe('Which month were you born?');
  });

  it.each(['0', '13', '00', 'ab', '-1'])('refuses the month %j', (month) => {
    expect(validateDateOfBirth(dob('5', month, '1990'), today)).toBe(
      'Please enter a month between 1 and 12.',
    );
  });

  it.each(['1', '01', '12'])('accepts the month %j', (month) => {
    expect(validateDateOfBirth(dob('5', month, '1990'), today)).toBeNull();
  });

  it('comes before the year', () => {
    expect(validateDateOfBirth(dob('5', '13', ''), today)).toBe(
      'Please enter a month between 1 and 12.',
    );
    expect(validateDateOfBirth(dob('5', '', '999'), today)).toBe('Which month were you born?');
  });
});

describe('validateDateOfBirth: the year', () => {
  it('asks for an empty year', () => {
    expect(validateDateOfBirth(dob('5', '5', ''), today)).toBe('Which year were you born?');
    expect(validateDateOfBirth(dob('5', '5', null), today)).toBe('Which year were you born?');
  });

  it.each(['999', '0999', '90', '0', 'abcd', '19a0'])('asks for the YYYY format for %j', (year) => {
    expect(validateDateOfBirth(dob('5', '5', year), today)).toBe(
      "Please enter your year of birth using the format 'YYYY'.",
    );
  });

  it('accepts 1000 as a year (then the age rule speaks)', () => {
    expect(validateDateOfBirth(dob('5', '5', '1000'), today)).toBe(
      'You must be under 75 years old to apply for finance with us.',
    );
  });

  it.each(['2027', '3000', '20260'])('refuses %j, after the current year', (year) => {
    expect(validateDateOfBirth(dob('5', '5', year), today)).toBe(
      'Please check you have entered your year of birth correctly.',
    );
  });

  it('accepts the current year as a year (then the age rule speaks)', () => {
    expect(validateDateOfBirth(dob('1', '1', '2026'), today)).toBe(
      'You must be at least 21 years old to apply for finance with us.',
    );
    expect(validateDateOfBirth(dob('1', '12', '2026'), today)).toBe(
      'You must be at least 21 years old to apply for finance with us.',
    );
  });
});

describe('validateDateOfBirth: the calendar date', () => {
  it.each([
    ['31', '04', '1990'],
    ['31', '06', '1990'],
    ['31', '09', '1990'],
    ['31', '11', '1990'],
    ['30', '02', '1992'],
    ['29', '02', '2001'],
    ['29', '02', '1900'],
  ])('refuses %s/%s/%s', (day, month, year) => {
    expect(validateDateOfBirth(dob(day, month, year), today)).toBe('Please enter a valid date.');
  });

  it.each([
    ['30', '04', '1990'],
    ['31', '12', '1990'],
    ['29', '02', '1992'],
    ['29', '02', '2000'],
    ['28', '02', '2001'],
  ])('accepts %s/%s/%s', (day, month, year) => {
    expect(validateDateOfBirth(dob(day, month, year), today)).toBeNull();
  });
});

describe('validateDateOfBirth: age 21 to under 75 on today', () => {
  it('accepts the 21st birthday itself and refuses the day before it', () => {
    expect(validateDateOfBirth(dob('21', '11', '2005'), today)).toBeNull();
    expect(validateDateOfBirth(dob('22', '11', '2005'), today)).toBe(
      'You must be at least 21 years old to apply for finance with us.',
    );
    expect(validateDateOfBirth(dob('21', '12', '2005'), today)).toBe(
      'You must be at least 21 years old to apply for finance with us.',
    );
  });

  it('refuses the 75th birthday itself and accepts the day before it', () => {
    expect(validateDateOfBirth(dob('21', '11', '1951'), today)).toBe(
      'You must be under 75 years old to apply for finance with us.',
    );
    expect(validateDateOfBirth(dob('22', '11', '1951'), today)).toBeNull();
    expect(validateDateOfBirth(dob('20', '11', '1951'), today)).toBe(
      'You must be under 75 years old to apply for finance with us.',
    );
  });

  it('turns a 29 February birthday a year older on 1 March in a non-leap year', () => {
    const leapling = dob('29', '02', '2004');
    expect(validateDateOfBirth(leapling, { year: 2025, month: 2, day: 28 })).toBe(
      'You must be at least 21 years old to apply for finance with us.',
    );
    expect(validateDateOfBirth(leapling, { year: 2025, month: 3, day: 1 })).toBeNull();

    const older = dob('29', '02', '1952');
    expect(validateDateOfBirth(older, { year: 2027, month: 2, day: 28 })).toBeNull();
    expect(validateDateOfBirth(older, { year: 2027, month: 3, day: 1 })).toBe(
      'You must be under 75 years old to apply for finance with us.',
    );
  });

  it('holds the joint applicant to the same ages, in their own words', () => {
    expect(validateDateOfBirth(dob('1', '1', '2010'), today, { who: 'joint' })).toBe(
      'They must be at least 21 years old to apply for finance with us.',
    );
  });
});

describe('ageOn', () => {
  it('counts completed years', () => {
    expect(ageOn({ year: 1990, month: 5, day: 7 }, { year: 2026, month: 5, day: 6 })).toBe(35);
    expect(ageOn({ year: 1990, month: 5, day: 7 }, { year: 2026, month: 5, day: 7 })).toBe(36);
    expect(ageOn({ year: 1990, month: 5, day: 7 }, { year: 2026, month: 4, day: 30 })).toBe(35);
    expect(ageOn({ year: 1990, month: 5, day: 7 }, { year: 2026, month: 6, day: 1 })).toBe(36);
    expect(ageOn({ year: 2026, month: 11, day: 21 }, today)).toBe(0);
  });

  it('makes a 29 February birthday count from 1 March in non-leap years', () => {
    const leapDay = { year: 2000, month: 2, day: 29 };
    expect(ageOn(leapDay, { year: 2021, month: 2, day: 28 })).toBe(20);
    expect(ageOn(leapDay, { year: 2021, month: 3, day: 1 })).toBe(21);
    expect(ageOn(leapDay, { year: 2024, month: 2, day: 28 })).toBe(23);
    expect(ageOn(leapDay, { year: 2024, month: 2, day: 29 })).toBe(24);
  });
});

describe('dateOfBirthValue', () => {
  it('writes a valid date as YYYY-MM-DDT00:00:00.000Z', () => {
    expect(dateOfBirthValue(dob('7', '5', '1990'), today)).toBe('1990-05-07T00:00:00.000Z');
    expect(dateOfBirthValue(dob('07', '05', '1990'), today)).toBe('1990-05-07T00:00:00.000Z');
    expect(dateOfBirthValue(dob('29', '02', '2000'), today)).toBe('2000-02-29T00:00:00.000Z');
    expect(dateOfBirthValue(dob('21', '11', '2005'), today)).toBe('2005-11-21T00:00:00.000Z');
  });

  it('gives null for an incomplete, unreal or out-of-range date', () => {
    expect(dateOfBirthValue(dob('', '', ''), today)).toBeNull();
    expect(dateOfBirthValue(dob('7', '5', ''), today)).toBeNull();
    expect(dateOfBirthValue(dob('31', '04', '1990'), today)).toBeNull();
    expect(dateOfBirthValue(dob('22', '11', '2005'), today)).toBeNull();
    expect(dateOfBirthValue(dob('21', '11', '1951'), today)).toBeNull();
  });
});

describe('padDatePart', () => {
  it.each([
    ['5', '05'],
    ['0', '00'],
    ['05', '05'],
    ['12', '12'],
    ['', ''],
    ['a', 'a'],
    ['1990', '1990'],
  ])('%j → %j', (value, expected) => {
    expect(padDatePart(value)).toBe(expected);
  });
});

describe('isRealDate', () => {
  it.each([
    [2024, 2, 29, true],
    [2000, 2, 29, true],
    [2023, 2, 29, false],
    [1900, 2, 29, false],
    [2023, 2, 28, true],
    [2026, 4, 30, true],
    [2026, 4, 31, false],
    [2026, 1, 31, true],
    [2026, 12, 31, true],
    [2026, 12, 32, false],
    [2026, 0, 1, false],
    [2026, 13, 1, false],
    [2026, 1, 0, false],
    [2026, 1, 1.5, false],
    [2026, 1.5, 1, false],
    [2026.5, 1, 1, false],
  ])('%d-%d-%d is %s', (year, month, day, expected) => {
    expect(isRealDate(year, month, day)).toBe(expected);
  });
});

describe('validateDateOfBirth: the joint applicant is asked about, never spoken to', () => {
  it.each([
    [dob('', '5', '1990'), 'What day were they born?'],
    [dob('5', '', '1990'), 'Which month were they born?'],
    [dob('5', '5', ''), 'Which year were they born?'],
    [dob('5', '5', '999'), "Please enter their year of birth using the format 'YYYY'."],
    [dob('5', '5', '2027'), 'Please check you have entered their year of birth correctly.'],
    [dob('21', '11', '2006'), 'They must be at least 21 years old to apply for finance with us.'],
    [dob('21', '11', '1951'), 'They must be under 75 years old to apply for finance with us.'],
    [dob('32', '5', '1990'), 'Please enter a day between 1 and 31.'],
    [dob('5', '13', '1990'), 'Please enter a month between 1 and 12.'],
    [dob('31', '2', '1990'), 'Please enter a valid date.'],
  ])('%o: %s', (input, message) => {
    expect(validateDateOfBirth(input, today, { who: 'joint' })).toBe(message);
  });

  it("keeps SPEC's words for the applicant", () => {
    expect(validateDateOfBirth(dob('', '5', '1990'), today, { who: 'applicant' })).toBe(
      'What day were you born?',
    );
    expect(validateDateOfBirth(dob('21', '11', '2006'), today)).toBe(
      'You must be at least 21 years old to apply for finance with us.',
    );
  });
});
