import {
  ADDRESS_SELECT_REQUIRED,
  CHECKBOX_REQUIRED,
  EMAIL_BAD_FORMAT,
  PHONE_BAD_FORMAT,
  PHONE_REQUIRED,
  RADIO_GROUP_REQUIRED,
  YEARS_AND_MONTHS_REQUIRED,
  mustBeAtLeast,
  mustBeAtMost,
  mustBeBetween,
  hiddenCharacters,
  phoneMessages,
  pleaseChoose,
  pleaseEnter,
  titleRequired,
  tooLong,
  type Who,
} from './messages.js';
import { hasAllowedPrefix, isDramaNumber } from './phone.js';
import { TITLES } from './journey/options.js';

export const TEXT_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 50;
export const PHONE_INPUT_MAX_LENGTH = 13;
export const PHONE_INPUT_MIN_LENGTH = 10;

type Blank = '' | null | undefined;

function isBlank(value: string | null | undefined): value is Blank {
  return value === null || value === undefined || value.trim() === '';
}

export interface TextOptions {
  maxLength?: number;
  required?: boolean;
}

/** Length is counted on the trimmed value, which is what is sent. */
export function validateText(
  value: string | null | undefined,
  label: string,
  who: Who = 'applicant',
  opts: TextOptions = {},
): string | null {
  const { maxLength = TEXT_MAX_LENGTH, required = true } = opts;
  if (isBlank(value)) return required ? pleaseEnter(label, who) : null;
  return value.trim().length > maxLength ? tooLong(maxLength) : null;
}

/**
 * Characters a reader cannot see: controls (C0, C1), format characters (bidirectional overrides,
 * embeddings, isolates and marks, zero-width spaces and joiners, the word joiner, the byte order
 * mark, the soft hyphen), lone surrogates, and the line and paragraph separators. A name holding
 * one can be made to display as another, or to be two different strings that look the same.
 */
const HIDDEN_CHARACTER = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;

export function hasHiddenCharacters(value: string): boolean {
  return HIDDEN_CHARACTER.test(value);
}

/**
 * A person's first or last name (decision 0013): required, no hidden characters, at most 50
 * characters once trimmed, in that order.
 */
export function validateName(
  value: string | null | undefined,
  label: string,
  who: Who = 'applicant',
): string | null {
  if (isBlank(value)) return pleaseEnter(label, who);
  if (hasHiddenCharacters(value)) return hiddenCharacters(label, who);
  return validateText(value, label, who);
}

/** docs/product.md §5: first and last names get their first letter capitalised; the rest is left alone. */
export function capitaliseFirstLetter(value: string): string {
  return value.replace(/\p{L}/u, (letter) => letter.toUpperCase());
}

export function validateTitle(
  value: string | null | undefined,
  who: Who = 'applicant',
): string | null {
  return (TITLES as readonly string[]).includes(value ?? '') ? null : titleRequired(who);
}

// Grouping commas, spaces and a pound sign are allowed in what is typed (GOV.UK advice for
// money inputs); anything else that is not a plain decimal number is treated as blank.
const NUMBER_PATTERN = /^-?(\d+\.?\d*|\.\d+)$/;

/**
 * docs/product.md §5 number input: blank stays blank (''), otherwise rounded up and made non-negative.
 * A negative number becomes 0 rather than its absolute value: a stray minus sign should not
 * silently turn into a different positive answer.
 */
export function cleanNumberInput(raw: string): number | '' {
  const text = raw.replace(/[\s,£]/g, '');
  if (!NUMBER_PATTERN.test(text)) return '';
  const value = Number(text);
  if (!Number.isFinite(value)) return '';
  return Math.max(0, Math.ceil(value));
}

/**
 * docs/product.md §4: a cash deposit that is not a number becomes 0 rather than an error (decision 0013).
 * Blank stays blank, so a 'Yes' with nothing typed is still asked for its amount.
 */
export function cleanCashDepositInput(raw: string): number | '' {
  if (raw.trim() === '') return '';
  const value = cleanNumberInput(raw);
  return value === '' ? 0 : value;
}

export interface NumberOptions {
  min?: number;
  max?: number;
  required?: boolean;
}

function isMissingNumber(value: number | '' | null | undefined): value is Blank {
  return value === '' || value === null || value === undefined || !Number.isFinite(value);
}

export function validateNumber(
  value: number | '' | null | undefined,
  label: string,
  who: Who = 'applicant',
  opts: NumberOptions = {},
): string | null {
  const { min, max, required = true } = opts;
  if (isMissingNumber(value)) return required ? pleaseEnter(label, who) : null;
  if (min !== undefined && max !== undefined) {
    return value < min || value > max ? mustBeBetween(min, max) : null;
  }
  if (min !== undefined && value < min) return mustBeAtLeast(min);
  if (max !== undefined && value > max) return mustBeAtMost(max);
  return null;
}

// A pragmatic check, not RFC 5322: dot-separated local part, a domain of at least two
// labels (no leading or trailing hyphen) and a top-level domain of letters or an IDN 'xn--'.
const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+([A-Za-z]{2,}|xn--[A-Za-z0-9-]+)$/;

/** The value is trimmed, as it is when sent; spaces inside it make it bad. */
export function validateEmail(
  value: string | null | undefined,
  label = 'email address',
  who: Who = 'applicant',
): string | null {
  if (isBlank(value)) return pleaseEnter(label, who);
  const email = value.trim();
  if (email.length > EMAIL_MAX_LENGTH) return tooLong(EMAIL_MAX_LENGTH);
  return EMAIL_PATTERN.test(email) ? null : EMAIL_BAD_FORMAT;
}

/** docs/product.md §5 phone form input, applied as the user types. */
export function cleanPhoneInput(raw: string): string {
  return raw
    .replace(/\s+/g, '')
    .replace(/^\+44/, '0')
    .replace(/[+,.]/g, '')
    .slice(0, PHONE_INPUT_MAX_LENGTH);
}

const PHONE_INPUT_PATTERN = new RegExp(
  `^\\d{${PHONE_INPUT_MIN_LENGTH},${PHONE_INPUT_MAX_LENGTH}}$`,
);

/** docs/product.md §5 phone form input check; docs/design.md D5 keeps it only for brands without the brand-level check. */
export function validatePhoneFormInput(value: string | null | undefined): string | null {
  if (isBlank(value)) return PHONE_REQUIRED;
  return PHONE_INPUT_PATTERN.test(value.trim()) ? null : PHONE_BAD_FORMAT;
}

/**
 * What people put between a phone number's digits (docs/product.md §5's form-input normalisation, and
 * decision 0013): spaces, hyphens and dashes, dots, commas and brackets.
 */
const PHONE_SEPARATORS = /[\s\-\u2010-\u2015.,()]/g;

/** The number as the brand-level check reads it: separators removed, nothing else changed. */
export function phoneWithoutSeparators(value: string): string {
  return value.replace(PHONE_SEPARATORS, '');
}

/**
 * docs/product.md §5 brand-level phone check, in SPEC's order (docs/design.md D5: every phone field uses it).
 * Separators are removed before the digits are counted, so '07911-123456', '07911.123456' and
 * '(07911) 123456' are judged on their digits. The joint applicant's messages say 'their'.
 */
export function validatePhone(
  value: string | null | undefined,
  who: Who = 'applicant',
): string | null {
  const messages = phoneMessages(who);
  if (isBlank(value)) return messages.empty;
  const phone = phoneWithoutSeparators(value);
  if (phone === '') return messages.empty;
  if (phone.startsWith('+')) return messages.countryCode;
  if (!/^\d{11}$/.test(phone)) return messages.notElevenDigits;
  if (!phone.startsWith('0')) return messages.noLeadingZero;
  if (isDramaNumber(phone) || !hasAllowedPrefix(phone)) return messages.looksInvalid;
  return null;
}

export function validateCheckbox(checked: boolean | null | undefined): string | null {
  return checked === true ? null : CHECKBOX_REQUIRED;
}

export const MAX_YEARS = 99;
export const MAX_MONTHS = 11;

function isWholeBetween(value: number, max: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= max;
}

/**
 * docs/product.md §5 gives one message for the pair. A blank box counts as 0 when the other is answered
 * ('3 years' alone is an answer); both blank, or a value outside 0-99 years or 0-11 months,
 * gets SPEC's message, since the widget shows one message for the pair.
 */
export function validateYearsAndMonths(
  years: number | '' | null | undefined,
  months: number | '' | null | undefined,
): string | null {
  if (isMissingNumber(years) && isMissingNumber(months)) return YEARS_AND_MONTHS_REQUIRED;
  const y = isMissingNumber(years) ? 0 : years;
  const m = isMissingNumber(months) ? 0 : months;
  return isWholeBetween(y, MAX_YEARS) && isWholeBetween(m, MAX_MONTHS)
    ? null
    : YEARS_AND_MONTHS_REQUIRED;
}

export function validateAddressSelect(value: string | null | undefined): string | null {
  return isBlank(value) ? ADDRESS_SELECT_REQUIRED : null;
}

type Choice = string | number | boolean | null | undefined;

function isUnchosen(value: Choice): boolean {
  return (
    value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
  );
}

export function validateDropdown(
  value: Choice,
  label: string,
  who: Who = 'applicant',
): string | null {
  return isUnchosen(value) ? pleaseChoose(label, who) : null;
}

export function validateSlider(
  value: number | '' | null | undefined,
  label: string,
  min: number,
  max: number,
  who: Who = 'applicant',
): string | null {
  return validateNumber(value, label, who, { min, max });
}

/** `false` is an answer (a Yes/No question answered No). */
export function validateRadioGroup(value: Choice): string | null {
  return isUnchosen(value) ? RADIO_GROUP_REQUIRED : null;
}
