/** Whose answer a message is about: 'your' for the applicant, 'their' for the joint applicant. */
export type Who = 'applicant' | 'joint';

function possessive(who: Who): 'your' | 'their' {
  return who === 'joint' ? 'their' : 'your';
}

export function pleaseEnter(label: string, who: Who = 'applicant'): string {
  return `Please enter ${possessive(who)} ${label}.`;
}

export function pleaseChoose(label: string, who: Who = 'applicant'): string {
  return `Please choose ${possessive(who)} ${label}.`;
}

/**
 * Bounds are printed as given: a number as JavaScript writes it (1000, not 1,000), a string
 * unchanged, so a caller that wants '£1,000' formats it first.
 */
export function mustBeBetween(min: number | string, max: number | string): string {
  return `Must be between ${min} and ${max}.`;
}

// Not from SPEC, which only caps length in the input itself: the server re-validates, and
// pasted or stored values can still be too long.
export function tooLong(maxLength: number): string {
  return `Must be ${maxLength} characters or fewer.`;
}

// Not from SPEC: a number rule with only one bound.
export function mustBeAtLeast(min: number | string): string {
  return `Must be ${min} or more.`;
}

export function mustBeAtMost(max: number | string): string {
  return `Must be ${max} or less.`;
}

export function titleRequired(who: Who = 'applicant'): string {
  return pleaseEnter('title', who);
}

export const EMAIL_BAD_FORMAT = 'Please try again. That email address doesn’t look right.';

/** Phone, form-input check (docs/design.md D5: only for a brand that turns the brand-level check off). */
export const PHONE_REQUIRED = 'Please enter a valid phone number.';
export const PHONE_BAD_FORMAT = 'Please try again. That phone number doesn’t look right.';

/** Phone, brand-level check, in SPEC's order; the missing full stops and 'Your' are SPEC's. */
export const PHONE_EMPTY = 'Please enter your phone number';
export const PHONE_COUNTRY_CODE = 'Please enter your phone number without the country code';
export const PHONE_NOT_ELEVEN_DIGITS =
  'Please try again, UK phone numbers should contain 11 digits';
export const PHONE_NO_LEADING_ZERO = 'Please try again, your phone number should start with a 0';
export const PHONE_LOOKS_INVALID = 'Please try again, Your phone number looks invalid';

/**
 * The brand-level phone messages for `who`: the applicant's are SPEC's, word for word; the joint
 * applicant's say 'their' (decision 0013), and 'their' stays lower case mid-sentence.
 */
export function phoneMessages(who: Who = 'applicant') {
  if (who === 'applicant') {
    return {
      empty: PHONE_EMPTY,
      countryCode: PHONE_COUNTRY_CODE,
      notElevenDigits: PHONE_NOT_ELEVEN_DIGITS,
      noLeadingZero: PHONE_NO_LEADING_ZERO,
      looksInvalid: PHONE_LOOKS_INVALID,
    };
  }
  return {
    empty: 'Please enter their phone number',
    countryCode: 'Please enter their phone number without the country code',
    notElevenDigits: PHONE_NOT_ELEVEN_DIGITS,
    noLeadingZero: 'Please try again, their phone number should start with a 0',
    looksInvalid: 'Please try again, their phone number looks invalid',
  };
}

/** Not from SPEC (decision 0013): a name holding characters that cannot be seen. */
export function hiddenCharacters(label: string, who: Who = 'applicant'): string {
  return `Please enter ${possessive(who)} ${label} without hidden characters, such as zero-width spaces or text direction marks.`;
}

export const CHECKBOX_REQUIRED = 'Please check this box.';
export const YEARS_AND_MONTHS_REQUIRED = 'Please answer this question.';
export const ADDRESS_SELECT_REQUIRED = 'Please choose your address.';
export const RADIO_GROUP_REQUIRED = 'Please choose an option to continue.';

export const DOB_DAY_RANGE = 'Please enter a day between 1 and 31.';
export const DOB_DAY_EMPTY = 'What day were you born?';
export const DOB_MONTH_RANGE = 'Please enter a month between 1 and 12.';
export const DOB_MONTH_EMPTY = 'Which month were you born?';
export const DOB_YEAR_EMPTY = 'Which year were you born?';
export const DOB_YEAR_FORMAT = "Please enter your year of birth using the format 'YYYY'.";
export const DOB_YEAR_FUTURE = 'Please check you have entered your year of birth correctly.';
export const DOB_INVALID_DATE = 'Please enter a valid date.';
export const DOB_TOO_YOUNG = 'You must be at least 21 years old to apply for finance with us.';
export const DOB_TOO_OLD = 'You must be under 75 years old to apply for finance with us.';

/**
 * The date-of-birth messages for `who`: the applicant's are SPEC's, word for word; the joint
 * applicant's ask about them, 'they' and 'their' throughout
 * (docs/decisions/0074-joint-date-of-birth-wording.md). The range and real-date messages name
 * nobody and are the same for both.
 */
export function dateOfBirthMessages(who: Who = 'applicant') {
  if (who === 'applicant') {
    return {
      dayEmpty: DOB_DAY_EMPTY,
      monthEmpty: DOB_MONTH_EMPTY,
      yearEmpty: DOB_YEAR_EMPTY,
      yearFormat: DOB_YEAR_FORMAT,
      yearFuture: DOB_YEAR_FUTURE,
      tooYoung: DOB_TOO_YOUNG,
      tooOld: DOB_TOO_OLD,
    };
  }
  return {
    dayEmpty: 'What day were they born?',
    monthEmpty: 'Which month were they born?',
    yearEmpty: 'Which year were they born?',
    yearFormat: "Please enter their year of birth using the format 'YYYY'.",
    yearFuture: 'Please check you have entered their year of birth correctly.',
    tooYoung: 'They must be at least 21 years old to apply for finance with us.',
    tooOld: 'They must be under 75 years old to apply for finance with us.',
  };
}

/**
 * A number the screens never hold (their inputs round up, docs/product.md §5) but another client
 * might send: amounts are whole pounds, terms whole years (decision 0066).
 */
export const WHOLE_NUMBER = 'Must be a whole number.';
