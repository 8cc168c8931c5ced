/**
 * The payload's structure as zod, from the journey's table (decision 0063): each field's keys by
 * its kind, at its place. zod holds what the builder writes (types, lengths, option codes, whole
 * numbers, the phone's digits, the postcode's and the date's forms, the caps); what a screen
 * checks, and what the path asks, are the step rules' (read.ts). schemas.ts puts these shapes
 * together with the envelope.
 */
import { z } from 'zod';
import {
  CHECKBOX_REQUIRED,
  EMAIL_BAD_FORMAT,
  RADIO_GROUP_REQUIRED,
  WHOLE_NUMBER,
  YEARS_AND_MONTHS_REQUIRED,
  tooLong,
} from '../messages.js';
import { INVALID_POSTCODE_MESSAGE } from '../journey/validate.js';
import type { FieldKind } from '../journey/types.js';
import { isValidPostcode, normalisePostcode } from '../postcode.js';
import { TEXT_MAX_LENGTH } from '../validation.js';
import { HISTORY_CAPS } from './policy.js';
import { PAYLOAD_FIELDS, type PayloadField, type Place } from './fields.js';
import { PAYLOAD_DATE_OF_BIRTH } from './values.js';
import { STEPS } from '../journey/steps.js';

/**
 * Above the Royal Mail PAF's longest address element (60 characters): a looked-up address is
 * not held to the 50 characters of a typed line.
 */
export const ADDRESS_LINE_MAX = 100;

// eslint-disable-next-line no-control-regex
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;
// eslint-disable-next-line no-control-regex
const NO_CONTROL_EXCEPT_NEWLINES = /^[^\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]*$/;

export const CONTROL_CHARACTERS = 'Must not contain control characters';
/** The payload builder sends a phone as a 0 and ten more digits, once the screen's check passed. */
const PAYLOAD_PHONE = /^0\d{10}$/;
export const PAYLOAD_PHONE_DIGITS = 'Must be sent as digits only, as the payload rule sends it';
export const PAYLOAD_DATE_SHAPE = 'Must be YYYY-MM-DDT00:00:00.000';

/** A bounded text without control characters; a text longer than a line may hold newlines. */
export function text(max: number = TEXT_MAX_LENGTH) {
  return z
    .string()
    .max(max, tooLong(max))
    .regex(
      max > TEXT_MAX_LENGTH ? NO_CONTROL_EXCEPT_NEWLINES : NO_CONTROL_CHARACTERS,
      CONTROL_CHARACTERS,
    );
}

/** A years or months count, within the payload's cap for it. */
export const count = (max: number) =>
  z.number({ error: YEARS_AND_MONTHS_REQUIRED }).int(YEARS_AND_MONTHS_REQUIRED).min(0).max(max);

function optionCodes(field: PayloadField): z.ZodType {
  const values = (field.spec.options ?? []).map((option) => option.value);
  if (values.length > 0 && values.every((value) => typeof value === 'boolean')) {
    return z.boolean({ error: RADIO_GROUP_REQUIRED });
  }
  const codes = values.map((value) => field.spec.codes?.[String(value)] ?? String(value));
  const withDefault =
    typeof field.spec.default === 'string'
      ? [field.spec.codes?.[field.spec.default] ?? field.spec.default]
      : [];
  return z.enum([...new Set([...codes, ...withDefault])] as [string, ...string[]], {
    error: RADIO_GROUP_REQUIRED,
  });
}

/** Each key's schema for a field, by its kind. */
const KIND_SCHEMAS: Readonly<Record<FieldKind, (field: PayloadField) => z.ZodType[]>> = {
  text: (field) => [
    text(
      field.place === 'addresses' || field.place === 'securityAddress'
        ? ADDRESS_LINE_MAX
        : (field.spec.maxLength ?? TEXT_MAX_LENGTH),
    ),
  ],
  // The builder trims the e-mail address; spaces around it are refused as the screen does.
  email: () => [text().refine((value) => value === value.trim(), { error: EMAIL_BAD_FORMAT })],
  phone: () => [z.string().regex(PAYLOAD_PHONE, PAYLOAD_PHONE_DIGITS)],
  postcode: () => [
    z
      .string()
      .max(8, INVALID_POSTCODE_MESSAGE)
      .refine((value) => isValidPostcode(value) && normalisePostcode(value) === value, {
        error: INVALID_POSTCODE_MESSAGE,
      }),
  ],
  title: (field) => [optionCodes(field)],
  radio: (field) => [optionCodes(field)],
  dropdown: (field) => [optionCodes(field)],
  checkbox: (field) => [
    field.spec.required === true ? z.literal(true, { error: CHECKBOX_REQUIRED }) : z.boolean(),
  ],
  // Every number the screens take is whole: the inputs round up (docs/product.md §5).
  number: () => [z.number().int(WHOLE_NUMBER)],
  slider: () => [z.number().int(WHOLE_NUMBER)],
  yearsMonths: (field) => [
    count(field.spec.cap ?? HISTORY_CAPS.addressYears),
    count(HISTORY_CAPS.months),
  ],
  dateOfBirth: () => [z.string().regex(PAYLOAD_DATE_OF_BIRTH, PAYLOAD_DATE_SHAPE)],
  // A whole address's lines are its line fields' keys (text, above).
  address: () => [],
};

/**
 * Whether a full submission always carries the key: a policy default fills it, or every path
 * asks it (its step is on every path, or on every path that reaches its place) and the builder
 * always sends it (a checkbox's yes or no, a history entry's years and months, a required
 * answer).
 */
export function alwaysSent(field: PayloadField): boolean {
  const { spec } = field;
  if (spec.default !== undefined) return true;
  const step = STEPS[field.step];
  const when = (step.when ?? []).filter(
    (condition) => !(field.place === 'joint' && condition === 'joint'),
  );
  if (field.place === 'addresses' || field.place === 'employments') {
    return spec.kind === 'yearsMonths';
  }
  if (when.length > 0 || step.loop !== undefined || spec.showWhen !== undefined) return false;
  return spec.kind === 'checkbox' || spec.required !== false;
}

/** The shape of one place's answers: each key with its schema, optional unless always sent. */
export function answersShape(place: Place, full: boolean): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const field of PAYLOAD_FIELDS) {
    if (field.place !== place || field.implied) continue;
    const schemas = KIND_SCHEMAS[field.spec.kind](field);
    const required =
      alwaysSent(field) &&
      (full ||
        (field.spec.kind === 'checkbox' && field.spec.required === true) ||
        ((place === 'addresses' || place === 'employments') && field.spec.kind === 'yearsMonths'));
    field.keys.forEach((key, i) => {
      const schema = schemas[i];
      if (schema === undefined || (shape[key] !== undefined && !required)) return;
      shape[key] = required ? schema : schema.optional();
    });
  }
  return shape;
}
