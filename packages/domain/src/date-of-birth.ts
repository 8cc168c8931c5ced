import {
  DOB_DAY_RANGE,
  DOB_INVALID_DATE,
  DOB_MONTH_RANGE,
  dateOfBirthMessages,
  pleaseEnter,
  type Who,
} from './messages.js';

/** A date without a time or zone; month is 1-12. How "today" is passed in. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** The three boxes of the date-of-birth section, as typed. */
export interface DateOfBirthInput {
  day: string | null | undefined;
  month: string | null | undefined;
  year: string | null | undefined;
}

export interface DateOfBirthOptions {
  label?: string;
  who?: Who;
}

export const APPLICANT_MIN_AGE = 21;
/** Applicants must be under this age (docs/product.md §1, §9). */
export const APPLICANT_AGE_LIMIT = 75;
export const MIN_BIRTH_YEAR = 1000;

type Part = number | 'empty' | 'invalid';

function readPart(raw: string | null | undefined): Part {
  const text = (raw ?? '').trim();
  if (text === '') return 'empty';
  return /^\d+$/.test(text) ? Number(text) : 'invalid';
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isRealDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/**
 * Completed years on `today`. Someone born on 29 February becomes a year older on 1 March in
 * a non-leap year (the rule the Age of Legal Capacity (Scotland) Act 1991 s6 writes down, and
 * the usual reading elsewhere in the UK), so on 28 February they are still the younger age.
 */
export function ageOn(dob: CalendarDate, today: CalendarDate): number {
  const years = today.year - dob.year;
  const beforeBirthday =
    today.month < dob.month || (today.month === dob.month && today.day < dob.day);
  return beforeBirthday ? years - 1 : years;
}

/** '5' → '05' when the user moves on from a box; anything else is left as typed. */
export function padDatePart(value: string): string {
  return /^\d$/.test(value) ? `0${value}` : value;
}

type Checked = { message: string } | { date: CalendarDate };

function isDay(part: Part): part is number {
  return typeof part === 'number' && part >= 1 && part <= 31;
}

function isMonth(part: Part): part is number {
  return typeof part === 'number' && part >= 1 && part <= 12;
}

function isYear(part: Part, today: CalendarDate): part is number {
  return typeof part === 'number' && part >= MIN_BIRTH_YEAR && part <= today.year;
}

function check(input: DateOfBirthInput, today: CalendarDate, opts: DateOfBirthOptions): Checked {
  const day = readPart(input.day);
  const month = readPart(input.month);
  const year = readPart(input.year);
  if (!isDay(day) && !isMonth(month) && !isYear(year, today)) {
    const label = (opts.label ?? 'date of birth').toLowerCase();
    return { message: pleaseEnter(label, opts.who) };
  }
  const says = dateOfBirthMessages(opts.who);
  if (!isDay(day)) return { message: day === 'empty' ? says.dayEmpty : DOB_DAY_RANGE };
  if (!isMonth(month)) return { message: month === 'empty' ? says.monthEmpty : DOB_MONTH_RANGE };
  if (year === 'empty') return { message: says.yearEmpty };
  if (year === 'invalid' || year < MIN_BIRTH_YEAR) return { message: says.yearFormat };
  if (year > today.year) return { message: says.yearFuture };
  if (!isRealDate(year, month, day)) return { message: DOB_INVALID_DATE };
  const date = { year, month, day };
  const age = ageOn(date, today);
  if (age < APPLICANT_MIN_AGE) return { message: says.tooYoung };
  if (age >= APPLICANT_AGE_LIMIT) return { message: says.tooOld };
  return { date };
}

/** docs/product.md §5 "Date of birth" with docs/design.md D7: the first failing rule's message, or null. */
export function validateDateOfBirth(
  input: DateOfBirthInput,
  today: CalendarDate,
  opts: DateOfBirthOptions = {},
): string | null {
  const result = check(input, today, opts);
  return 'message' in result ? result.message : null;
}

function pad(value: number, length: number): string {
  return String(value).padStart(length, '0');
}

/** The state's `dateOfBirth`: 'YYYY-MM-DDT00:00:00.000Z' for a valid date, else null. */
export function dateOfBirthValue(input: DateOfBirthInput, today: CalendarDate): string | null {
  const result = check(input, today, {});
  if ('message' in result) return null;
  const { year, month, day } = result.date;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T00:00:00.000Z`;
}
