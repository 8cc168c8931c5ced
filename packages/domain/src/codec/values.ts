/**
 * How each kind of answer is written into the payload and read back (decision 0063): trimmed
 * text, capitalised names, the phone's digits, the postcode's form, an option's code, whole
 * years and months under their caps, the date of birth from its three boxes, an address's
 * lines under the payload's names. One `Record` over the field kinds, so a new kind does not
 * compile until it says how it is sent.
 */
import { isRealDate } from '../date-of-birth.js';
import { getAnswer, type StatePath } from '../journey/path.js';
import type { ApplicationState } from '../journey/shape.js';
import type { FieldKind, ResolvedField } from '../journey/types.js';
import { normalisePhoneForPayload } from '../phone.js';
import { normalisePostcode } from '../postcode.js';
import { capitaliseFirstLetter } from '../validation.js';
import { HISTORY_CAPS, capYearsMonths } from '../years-months.js';
import type { PayloadField } from './fields.js';

/** The payload's date of birth: 'YYYY-MM-DDT00:00:00.000', no time zone (docs/payload.md). */
export const PAYLOAD_DATE_OF_BIRTH = /^(\d{4})-(\d{2})-(\d{2})T00:00:00\.000$/;

/** docs/product.md §5: 'YYYY-MM-DDT00:00:00.000' from the day, month and year boxes; null unless a real date. */
export function payloadDateOfBirth(day: unknown, month: unknown, year: unknown): string | null {
  const d = typeof day === 'string' ? day.trim() : '';
  const m = typeof month === 'string' ? month.trim() : '';
  const y = typeof year === 'string' ? year.trim() : '';
  if (!/^\d{1,2}$/.test(d) || !/^\d{1,2}$/.test(m) || !/^\d{4}$/.test(y)) return null;
  if (!isRealDate(Number(y), Number(m), Number(d))) return null;
  return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}T00:00:00.000`;
}

export function trimmed(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' ? null : text;
}

function finite(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Writes one payload key of a field's place. */
export type Put = (key: string, value: unknown) => void;

/** Reads one payload key of a field's place (undefined when not sent). */
export type Take = (key: string) => unknown;

/** Writes one answer at a state path. */
export type Answer = (path: StatePath, value: unknown) => void;

interface KindCodec {
  /**
   * Writes the answer the screen holds; nothing when there is none. `asHeld`: a choice that is
   * none of its options is written too (what another client might send; the builder has
   * already checked the answer with its screen).
   */
  write(
    field: PayloadField,
    resolved: ResolvedField,
    state: ApplicationState,
    put: Put,
    asHeld?: boolean,
  ): void;
  /** Reads the payload back as the screen's answer; a value of the wrong type is unanswered. */
  read(field: PayloadField, resolved: ResolvedField, take: Take, answer: Answer): void;
}

function one(field: PayloadField): string {
  return field.keys[0]!;
}

const textCodec = (
  clean: (value: unknown, resolved: ResolvedField) => string | null,
): KindCodec => ({
  write(field, resolved, state, put) {
    const value = clean(getAnswer(state, resolved.path), resolved);
    if (value !== null) put(one(field), value);
  },
  read(field, resolved, take, answer) {
    const value = take(one(field));
    answer(resolved.path, typeof value === 'string' ? value : null);
  },
});

/** An option's value as the payload codes it, and back. */
const optionCodec: KindCodec = {
  write(field, resolved, state, put, asHeld = false) {
    const value = getAnswer(state, resolved.path);
    const chosen = resolved.options?.some((option) => option.value === value) ?? false;
    if (!chosen && !(asHeld && value !== null && value !== undefined)) return;
    const code = typeof value === 'string' ? (resolved.codes?.[value] ?? value) : value;
    put(one(field), code);
  },
  read(field, resolved, take, answer) {
    const code = take(one(field));
    const value =
      typeof code === 'string'
        ? (Object.entries(resolved.codes ?? {}).find(([, sent]) => sent === code)?.[0] ?? code)
        : code;
    // A value that is none of the options stays as sent: its screen refuses it (validate.ts).
    answer(resolved.path, value === undefined ? null : value);
  },
};

const numberCodec: KindCodec = {
  write(field, resolved, state, put) {
    const value = finite(getAnswer(state, resolved.path));
    if (value !== null) put(one(field), value);
  },
  read(field, resolved, take, answer) {
    answer(resolved.path, finite(take(one(field))));
  },
};

export const KIND_CODECS: Readonly<Record<FieldKind, KindCodec>> = {
  text: textCodec((value, resolved) => {
    const text = trimmed(value);
    return text !== null && resolved.personName === true ? capitaliseFirstLetter(text) : text;
  }),
  email: textCodec(trimmed),
  phone: textCodec((value) => normalisePhoneForPayload(typeof value === 'string' ? value : null)),
  postcode: textCodec((value) => normalisePostcode(typeof value === 'string' ? value : null)),
  title: optionCodec,
  radio: optionCodec,
  dropdown: optionCodec,
  checkbox: {
    write(field, resolved, state, put) {
      put(one(field), getAnswer(state, resolved.path) === true);
    },
    read(field, resolved, take, answer) {
      const value = take(one(field));
      answer(resolved.path, typeof value === 'boolean' ? value : false);
    },
  },
  number: numberCodec,
  slider: numberCodec,
  yearsMonths: {
    // docs/product.md §5: missing years or months are 0; each is held under its cap.
    write(field, resolved, state, put) {
      const months = resolved.monthsPath ? getAnswer(state, resolved.monthsPath) : null;
      const capped = capYearsMonths(
        finite(getAnswer(state, resolved.path)),
        finite(months),
        resolved.cap ?? HISTORY_CAPS.addressYears,
      );
      put(field.keys[0]!, capped.years);
      put(field.keys[1]!, capped.months);
    },
    read(field, resolved, take, answer) {
      answer(resolved.path, finite(take(field.keys[0]!)));
      if (resolved.monthsPath) answer(resolved.monthsPath, finite(take(field.keys[1]!)));
    },
  },
  dateOfBirth: {
    write(field, resolved, state, put) {
      const parts = resolved.parts;
      if (!parts) return;
      const date = payloadDateOfBirth(
        getAnswer(state, parts.day),
        getAnswer(state, parts.month),
        getAnswer(state, parts.year),
      );
      if (date !== null) put(one(field), date);
    },
    read(field, resolved, take, answer) {
      const parts = resolved.parts;
      if (!parts) return;
      const value = take(one(field));
      const match = PAYLOAD_DATE_OF_BIRTH.exec(typeof value === 'string' ? value : '');
      answer(parts.year, match ? match[1]! : null);
      answer(parts.month, match ? match[2]! : null);
      answer(parts.day, match ? match[3]! : null);
    },
  },
  address: {
    // The looked-up address: its lines under the payload's names, as the manual lines would be.
    write(field, resolved, state, put) {
      for (const [line, key] of field.lines ?? []) {
        const value = trimmed(getAnswer(state, `${resolved.path}.${line}` as StatePath));
        if (value !== null) put(key, value);
      }
    },
    read(field, resolved, take, answer) {
      for (const [line, key] of field.lines ?? []) {
        const value = take(key);
        answer(`${resolved.path}.${line}` as StatePath, typeof value === 'string' ? value : null);
      }
    },
  },
};
