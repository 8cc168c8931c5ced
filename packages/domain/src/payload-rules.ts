/**
 * The screens' rules, applied to the submission payload (decision 0013). Every rule a screen
 * applies to an answer that is sent refuses the same value at the server, with the same message,
 * so a 400's `fields` reads as the screen would. Labels, bounds and whose answer it is come from
 * the journey's table (`STEPS`), not from copies: a screen and the server cannot drift apart.
 *
 * What the payload builder changes on the way (trimming, capping years at an address, the
 * phone's normalisation) is not refused here: the server checks what the builder sends.
 */
import { z } from 'zod';
import { isRealDate, validateDateOfBirth, type CalendarDate } from './date-of-birth.js';
import { EMPLOYED_STATUSES, INVALID_POSTCODE_MESSAGE, STEPS } from './journey.js';
import type { FieldSpec, StepId } from './journey.js';
import {
  CHECKBOX_REQUIRED,
  EMAIL_BAD_FORMAT,
  RADIO_GROUP_REQUIRED,
  YEARS_AND_MONTHS_REQUIRED,
  DOB_INVALID_DATE,
  DOB_YEAR_FORMAT,
  phoneMessages,
  pleaseChoose,
  pleaseEnter,
  titleRequired,
  tooLong,
  type Who,
} from './messages.js';
import { isValidPostcode, normalisePostcode } from './postcode.js';
import {
  TEXT_MAX_LENGTH,
  validateEmail,
  validateName,
  validateNumber,
  validatePhone,
  validateText,
} from './validation.js';

/** The journey's field at `path` on step `id`; throws if the table no longer has it. */
export function screenField(id: StepId, path: string): FieldSpec {
  const field = STEPS[id].fields.find((candidate) => candidate.path === path);
  if (field === undefined) throw new Error(`The journey has no field ${path} on ${id}`);
  return field;
}

type Check<T> = (value: T) => string | null;

/** Adds the screen's message as the issue when `check` refuses the value. */
function refuse<T>(check: Check<T>) {
  return (value: T, ctx: z.RefinementCtx) => {
    const message = check(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  };
}

/** A first or last name: the screen's message when missing, blank, hidden characters or long. */
export function nameRule(id: StepId, path: string) {
  const { label, who } = screenField(id, path);
  return z
    .string({ error: pleaseEnter(label, who) })
    .superRefine(
      refuse(
        (value) =>
          validateName(value, label, who) ??
          (value.length > TEXT_MAX_LENGTH ? tooLong(TEXT_MAX_LENGTH) : null),
      ),
    );
}

/** The e-mail check of the contact screens; spaces around it are refused as the screen does. */
export function emailRule(who: Who) {
  const label = 'email address';
  return z
    .string({ error: pleaseEnter(label, who) })
    .superRefine(
      refuse(
        (value) =>
          validateEmail(value, label, who) ?? (value === value.trim() ? null : EMAIL_BAD_FORMAT),
      ),
    );
}

/** What the payload's phone rule sends: a 0 and ten more digits once the check has passed. */
const PAYLOAD_PHONE = /^0\d{10}$/;
export const PAYLOAD_PHONE_DIGITS = 'Must be sent as digits only, as the payload rule sends it';

/** The brand-level phone check, in its order and with its messages ('their' for the joint). */
export function phoneRule(who: Who) {
  return z
    .string({ error: phoneMessages(who).empty })
    .superRefine(
      refuse(
        (value) =>
          validatePhone(value, who) ?? (PAYLOAD_PHONE.test(value) ? null : PAYLOAD_PHONE_DIGITS),
      ),
    );
}

/** docs/product.md §5: 'YYYY-MM-DDT00:00:00.000', no time zone. */
export const PAYLOAD_DATE_OF_BIRTH = /^(\d{4})-(\d{2})-(\d{2})T00:00:00\.000$/;
export const PAYLOAD_DATE_SHAPE = 'Must be YYYY-MM-DDT00:00:00.000';

function dateParts(value: string): { day: string; month: string; year: string } | null {
  const match = PAYLOAD_DATE_OF_BIRTH.exec(value);
  return match ? { year: match[1]!, month: match[2]!, day: match[3]! } : null;
}

/**
 * A date of birth's shape and the date-of-birth section's rules that need no clock: a year of
 * four digits from 1000, a real calendar date. The rules that need today (a year in the future,
 * the ages) are `datesOfBirthProblems`.
 */
export function dateOfBirthRule(who: Who) {
  return z.string({ error: pleaseEnter('date of birth', who) }).superRefine(
    refuse((value) => {
      const parts = dateParts(value);
      if (parts === null) return PAYLOAD_DATE_SHAPE;
      const [year, month, day] = [parts.year, parts.month, parts.day].map(Number) as [
        number,
        number,
        number,
      ];
      if (year < 1000) return DOB_YEAR_FORMAT;
      return isRealDate(year, month, day) ? null : DOB_INVALID_DATE;
    }),
  );
}

/** A number answer with the screen's label, bounds and messages. */
export function numberRule(id: StepId, path: string, options: { whole?: boolean } = {}) {
  const { label, who, min, max } = screenField(id, path);
  return z.number({ error: pleaseEnter(label, who) }).superRefine(
    refuse(
      (value) =>
        validateNumber(value, label, who, {
          ...(min !== undefined && { min }),
          ...(max !== undefined && { max }),
        }) ??
        (options.whole === true && !Number.isInteger(value) ? 'Must be a whole number.' : null),
    ),
  );
}

/** Years or months of a years-and-months answer, up to the payload's cap. */
export function yearsMonthsRule(max: number) {
  return z
    .number({ error: YEARS_AND_MONTHS_REQUIRED })
    .superRefine(
      refuse((value) =>
        Number.isInteger(value) && value >= 0 && value <= max ? null : YEARS_AND_MONTHS_REQUIRED,
      ),
    );
}

/** A radio question's answer: one of its options, else the radio group's message. */
export function radioRule<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: RADIO_GROUP_REQUIRED });
}

export const yesNoRule = () => z.boolean({ error: RADIO_GROUP_REQUIRED });

export function dropdownRule<const T extends readonly [string, ...string[]]>(
  values: T,
  label: string,
  who: Who,
) {
  return z.enum(values, { error: pleaseChoose(label, who) });
}

export function titleRule<const T extends readonly [string, ...string[]]>(values: T, who: Who) {
  return z.enum(values, { error: titleRequired(who) });
}

export const termsRule = () => z.literal(true, { error: CHECKBOX_REQUIRED });

/** A postcode as the payload rule writes it ('SW1A 1AA'); anything else gets the screen's message. */
export function postcodeRule() {
  return z
    .string({ error: pleaseEnter('postcode') })
    .superRefine(
      refuse(
        (value) =>
          validateText(value, 'postcode') ??
          (isValidPostcode(value) && normalisePostcode(value) === value
            ? null
            : INVALID_POSTCODE_MESSAGE),
      ),
    );
}

/** A text answer of a screen: blank and long are refused with the screen's messages. */
export function screenTextRule(label: string, who: Who, maxLength: number = TEXT_MAX_LENGTH) {
  return z
    .string({ error: pleaseEnter(label, who) })
    .superRefine(
      refuse((value) =>
        value.length > maxLength
          ? tooLong(maxLength)
          : validateText(value, label, who, { maxLength }),
      ),
    );
}

export interface FieldProblem {
  path: string;
  message: string;
}

interface WithDatesOfBirth {
  dateOfBirth?: string | undefined;
  JointApplicant?: { dateOfBirth?: string | undefined } | undefined;
}

/**
 * The date-of-birth rules that need today (a year after this one, under 21, 75 or over), for
 * both applicants, with the section's messages. For a payload the schema has accepted.
 */
export function datesOfBirthProblems(
  payload: WithDatesOfBirth,
  today: CalendarDate,
): FieldProblem[] {
  const people: [string, string | undefined, Who][] = [
    ['dateOfBirth', payload.dateOfBirth, 'applicant'],
    ['JointApplicant.dateOfBirth', payload.JointApplicant?.dateOfBirth, 'joint'],
  ];
  const problems: FieldProblem[] = [];
  for (const [path, value, who] of people) {
    const parts = value === undefined ? null : dateParts(value);
    if (parts === null) continue;
    const message = validateDateOfBirth(parts, today, { who });
    if (message !== null) problems.push({ path, message });
  }
  return problems;
}

/** Whether an employment status is one the employment screens ask occupation and employer of. */
export function isEmployedStatus(status: string | undefined): boolean {
  return status !== undefined && EMPLOYED_STATUSES.includes(status);
}
