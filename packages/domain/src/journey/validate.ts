/** Validation of a step's fields, one validator per field kind. */
import type { ApplicationState, Address } from './shape.js';
import type { FieldError, FieldKind, ResolvedField, StepRef } from './types.js';
import { STEPS } from './steps.js';
import { shownFields } from './resolve.js';
import { getAnswer, type StatePath } from './path.js';
import {
  validateAddressSelect,
  validateCheckbox,
  validateDropdown,
  validateEmail,
  validateName,
  validateNumber,
  validatePhone,
  validateRadioGroup,
  validateSlider,
  validateText,
  validateTitle,
  validateYearsAndMonths,
} from '../validation.js';
import { validateDateOfBirth, type CalendarDate } from '../date-of-birth.js';
import { isValidPostcode } from '../postcode.js';
import { WHOLE_NUMBER } from '../messages.js';

/** The answer at a path; no path (a field without months, say) reads as unanswered. */
function at(state: ApplicationState, path: StatePath | undefined): unknown {
  return path === undefined ? undefined : getAnswer(state, path);
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function num(value: unknown): number | null {
  return typeof value === 'number' ? value : null;
}

function filled(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** A value that is not one of the field's options counts as unanswered (e.g. financeType 'Secured'). */
function chosen(field: ResolvedField, value: unknown): string | boolean | null {
  const option = field.options?.find((o) => o.value === value);
  return option ? option.value : null;
}

/** A looked-up address fills at least a first line and a town. */
function addressSummary(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const address = value as Partial<Address>;
  const first = [address.subBuilding, address.houseName, address.houseNumber, address.street];
  if (!filled(address.town) || !first.some(filled)) return null;
  return [...first, address.town].filter(filled).join(', ');
}

export const INVALID_POSTCODE_MESSAGE = 'Please enter a valid postcode.';

/** A fraction is no answer of a screen whose input rounds up: whole pounds, whole years. */
function whole(value: unknown): string | null {
  return typeof value === 'number' && Number.isFinite(value) && !Number.isInteger(value)
    ? WHOLE_NUMBER
    : null;
}

type FieldValidator = (
  field: ResolvedField,
  state: ApplicationState,
  today: CalendarDate,
) => string | null;

const VALIDATORS: Readonly<Record<FieldKind, FieldValidator>> = {
  text: (f, s) => {
    const value = text(at(s, f.path));
    if (f.personName === true) return validateName(value, f.label, f.who);
    if (f.oneOf && !filled(value) && !filled(at(s, f.oneOf.path))) {
      return validateText(null, f.oneOf.label, f.who);
    }
    return validateText(value, f.label, f.who, {
      required: f.required ?? true,
      ...(f.maxLength !== undefined && { maxLength: f.maxLength }),
    });
  },
  number: (f, s) =>
    whole(at(s, f.path)) ??
    validateNumber(num(at(s, f.path)), f.label, f.who, {
      required: f.required ?? true,
      ...(f.min !== undefined && { min: f.min }),
      ...(f.max !== undefined && { max: f.max }),
    }),
  email: (f, s) => validateEmail(text(at(s, f.path)), f.label, f.who),
  phone: (f, s) => validatePhone(text(at(s, f.path)), f.who),
  title: (f, s) => validateTitle(text(chosen(f, at(s, f.path))), f.who),
  radio: (f, s) => validateRadioGroup(chosen(f, at(s, f.path))),
  dropdown: (f, s) => validateDropdown(text(chosen(f, at(s, f.path))), f.label, f.who),
  checkbox: (f, s) => ((f.required ?? false) ? validateCheckbox(at(s, f.path) === true) : null),
  slider: (f, s) =>
    whole(at(s, f.path)) ??
    validateSlider(num(at(s, f.path)), f.label, f.min ?? 0, f.max ?? 0, f.who),
  yearsMonths: (f, s) => validateYearsAndMonths(num(at(s, f.path)), num(at(s, f.monthsPath))),
  dateOfBirth: (f, s, today) =>
    validateDateOfBirth(
      {
        day: text(at(s, f.parts?.day)),
        month: text(at(s, f.parts?.month)),
        year: text(at(s, f.parts?.year)),
      },
      today,
      { label: f.label, who: f.who },
    ),
  address: (f, s) => validateAddressSelect(addressSummary(at(s, f.path))),
  postcode: (f, s) => {
    const value = text(at(s, f.path));
    return (
      validateText(value, f.label, f.who) ??
      (isValidPostcode(value) ? null : INVALID_POSTCODE_MESSAGE)
    );
  },
};

/** A field's message, or null when its answer is one the screen accepts. */
export function validateField(
  field: ResolvedField,
  state: ApplicationState,
  today: CalendarDate,
): string | null {
  return VALIDATORS[field.kind](field, state, today);
}

/** The errors of a screen, in screen order; empty when the user may continue. */
export function validateStep(
  ref: StepRef,
  state: ApplicationState,
  today: CalendarDate,
): FieldError[] {
  const errors: FieldError[] = [];
  for (const { field } of shownFields(ref, state)) {
    const message = VALIDATORS[field.kind](field, state, today);
    if (message !== null) errors.push({ field: field.path, message });
  }
  return errors;
}

export function isStepComplete(
  ref: StepRef,
  state: ApplicationState,
  today: CalendarDate,
): boolean {
  const done = STEPS[ref.id].doneWhen?.(state) ?? true;
  return done && validateStep(ref, state, today).length === 0;
}
