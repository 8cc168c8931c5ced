import { describe, expect, it } from 'vitest';
import {
  ADDRESS_SELECT_REQUIRED,
  CHECKBOX_REQUIRED,
  DOB_DAY_EMPTY,
  DOB_DAY_RANGE,
  DOB_INVALID_DATE,
  DOB_MONTH_EMPTY,
  DOB_MONTH_RANGE,
  DOB_TOO_OLD,
  DOB_TOO_YOUNG,
  DOB_YEAR_EMPTY,
  DOB_YEAR_FORMAT,
  DOB_YEAR_FUTURE,
  EMAIL_BAD_FORMAT,
  PHONE_BAD_FORMAT,
  PHONE_COUNTRY_CODE,
  PHONE_EMPTY,
  PHONE_LOOKS_INVALID,
  PHONE_NO_LEADING_ZERO,
  PHONE_NOT_ELEVEN_DIGITS,
  PHONE_REQUIRED,
  RADIO_GROUP_REQUIRED,
  YEARS_AND_MONTHS_REQUIRED,
  mustBeAtLeast,
  mustBeAtMost,
  mustBeBetween,
  pleaseChoose,
  pleaseEnter,
  titleRequired,
  tooLong,
} from './messages.js';

describe('message templates', () => {
  it('says "your" for the applicant and "their" for the joint applicant', () => {
    expect(pleaseEnter('first name')).toBe('Please enter your first name.');
    expect(pleaseEnter('first name', 'applicant')).toBe('Please enter your first name.');
    expect(pleaseEnter('first name', 'joint')).toBe('Please enter their first name.');
    expect(pleaseChoose('marital status')).toBe('Please choose your marital status.');
    expect(pleaseChoose('marital status', 'joint')).toBe('Please choose their marital status.');
    expect(titleRequired()).toBe('Please enter your title.');
    expect(titleRequired('joint')).toBe('Please enter their title.');
  });

  it('prints bounds as given', () => {
    expect(mustBeBetween(1000, 100000)).toBe('Must be between 1000 and 100000.');
    expect(mustBeBetween('£1,000', '£100,000')).toBe('Must be between £1,000 and £100,000.');
    expect(mustBeAtLeast(500)).toBe('Must be 500 or more.');
    expect(mustBeAtMost(7)).toBe('Must be 7 or less.');
    expect(tooLong(50)).toBe('Must be 50 characters or fewer.');
  });
});

describe('fixed messages, character for character from docs/product.md §5', () => {
  it.each([
    [EMAIL_BAD_FORMAT, 'Please try again. That email address doesn’t look right.'],
    [PHONE_REQUIRED, 'Please enter a valid phone number.'],
    [PHONE_BAD_FORMAT, 'Please try again. That phone number doesn’t look right.'],
    [PHONE_EMPTY, 'Please enter your phone number'],
    [PHONE_COUNTRY_CODE, 'Please enter your phone number without the country code'],
    [PHONE_NOT_ELEVEN_DIGITS, 'Please try again, UK phone numbers should contain 11 digits'],
    [PHONE_NO_LEADING_ZERO, 'Please try again, your phone number should start with a 0'],
    [PHONE_LOOKS_INVALID, 'Please try again, Your phone number looks invalid'],
    [CHECKBOX_REQUIRED, 'Please check this box.'],
    [YEARS_AND_MONTHS_REQUIRED, 'Please answer this question.'],
    [ADDRESS_SELECT_REQUIRED, 'Please choose your address.'],
    [RADIO_GROUP_REQUIRED, 'Please choose an option to continue.'],
    [DOB_DAY_RANGE, 'Please enter a day between 1 and 31.'],
    [DOB_DAY_EMPTY, 'What day were you born?'],
    [DOB_MONTH_RANGE, 'Please enter a month between 1 and 12.'],
    [DOB_MONTH_EMPTY, 'Which month were you born?'],
    [DOB_YEAR_EMPTY, 'Which year were you born?'],
    [DOB_YEAR_FORMAT, "Please enter your year of birth using the format 'YYYY'."],
    [DOB_YEAR_FUTURE, 'Please check you have entered your year of birth correctly.'],
    [DOB_INVALID_DATE, 'Please enter a valid date.'],
    [DOB_TOO_YOUNG, 'You must be at least 21 years old to apply for finance with us.'],
    [DOB_TOO_OLD, 'You must be under 75 years old to apply for finance with us.'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});
