/**
 * The answers of an application as the applicant gave them, grouped as check-your-answers groups
 * them (decision 0065): the applicant's page before they submit and the back office's detail
 * show this one summary, over the same read-back of the payload (read.ts), in the words the
 * applicant saw on the screens (the table's labels and options). Each step's section, row keys
 * and row shape come from the journey's table (`checkAnswers`, `checkAnswersKey`). Option words
 * come with the journey's copy: call `loadStepCopy` first.
 */
import type { CalendarDate } from '../date-of-birth.js';
import { formatGBP } from '../money.js';
import { CHECK_ANSWERS_SECTIONS } from '../journey/labels.js';
import { journeySteps } from '../journey/navigation.js';
import { getAnswer, resolveFieldPath } from '../journey/path.js';
import { entryOf, shownFields } from '../journey/resolve.js';
import type { Address, ApplicationState } from '../journey/shape.js';
import { STEPS } from '../journey/steps.js';
import type { CheckAnswersSectionId, ResolvedField, StepRef } from '../journey/types.js';
import { normalisePostcode } from '../postcode.js';
import { readPayload } from './read.js';

/** One answer (GOV.UK summary list row). */
export interface AnswerRow {
  key: string;
  /** The answer as people write it, one entry per line. */
  value: readonly string[];
  /** The step that asks it (the applicant's 'Change' link opens it). */
  step: StepRef;
  /** What the visually hidden part of 'Change' says, unique on the page. */
  changeLabel: string;
}

/** The rows of one entry of a history (an address, a job), or a section's loose rows. */
export interface AnswerGroup {
  heading: string | null;
  rows: AnswerRow[];
}

export interface AnswerSection {
  heading: string;
  groups: AnswerGroup[];
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const OPT_IN_CHANNELS: readonly (readonly [string, string])[] = [
  ['Email', 'email'],
  ['Sms', 'text message'],
  ['Phone', 'phone'],
  ['Post', 'post'],
];

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** 'email, text message and post' */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;
}

function asNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function plural(count: number, one: string): string {
  return `${count} ${one}${count === 1 ? '' : 's'}`;
}

/** '3 years 6 months', '2 years', '5 months'; both parts when both are zero. */
export function formatYearsMonths(years: unknown, months: unknown): string {
  const y = asNumber(years) ?? 0;
  const m = asNumber(months) ?? 0;
  if (y > 0 && m > 0) return `${plural(y, 'year')} ${plural(m, 'month')}`;
  if (m > 0) return plural(m, 'month');
  return y > 0 ? plural(y, 'year') : `${plural(y, 'year')} ${plural(m, 'month')}`;
}

/** '7 March 1980' from the three boxes; what was typed, when it is not a date. */
export function formatDateOfBirth(day: unknown, month: unknown, year: unknown): string {
  const d = Number(asText(day));
  const m = Number(asText(month));
  const y = asText(year);
  const name = MONTHS[m - 1];
  if (!Number.isInteger(d) || d < 1 || name === undefined || y === '') {
    return [day, month, year].map(asText).join('/');
  }
  return `${d} ${name} ${y}`;
}

function addressLines(address: Partial<Address> | undefined): string[] {
  const part = (key: keyof Address) => asText(address?.[key]);
  const firstLine = [part('houseNumber'), part('street')].filter(Boolean).join(' ');
  const postcode = normalisePostcode(part('postcode')) ?? '';
  return [
    part('subBuilding'),
    part('houseName'),
    firstLine,
    part('locality'),
    part('town'),
    part('county'),
    postcode,
  ].filter((line) => line !== '');
}

function formatValue(field: ResolvedField, state: ApplicationState): string[] {
  const raw = getAnswer(state, field.path);
  switch (field.kind) {
    case 'radio':
    case 'dropdown':
    case 'title': {
      const option = field.options?.find((candidate) => candidate.value === raw);
      return [option ? option.label : ''];
    }
    case 'slider':
    case 'number': {
      const value = asNumber(raw);
      if (value === null) return [''];
      if (field.unit === 'pounds') return [formatGBP(value)];
      return [field.unit === 'years' ? plural(value, 'year') : String(value)];
    }
    case 'yearsMonths':
      return [
        formatYearsMonths(raw, field.monthsPath ? getAnswer(state, field.monthsPath) : undefined),
      ];
    case 'dateOfBirth': {
      const parts = field.parts;
      if (!parts) return [''];
      return [
        formatDateOfBirth(
          getAnswer(state, parts.day),
          getAnswer(state, parts.month),
          getAnswer(state, parts.year),
        ),
      ];
    }
    case 'checkbox':
      return [raw === true ? 'Yes' : 'No'];
    case 'address':
      return addressLines(raw as Partial<Address> | undefined);
    case 'postcode':
      return [normalisePostcode(asText(raw)) ?? ''];
    default:
      return [asText(raw)];
  }
}

function keyFor(field: ResolvedField): string {
  return typeof field.checkAnswersKey === 'string' ? field.checkAnswersKey : sentence(field.label);
}

interface Row {
  key: string;
  value: string[];
}

/** The marketing preferences as three answers rather than nine ticks. */
function optInRows(fields: readonly ResolvedField[], state: ApplicationState): Row[] {
  const isTicked = (name: string) => {
    const field = fields.find((candidate) => candidate.path.endsWith(`.${name}`));
    return field !== undefined && getAnswer(state, field.path) === true;
  };
  const ticked = (suffix: string) =>
    OPT_IN_CHANNELS.filter(([key]) => isTicked(`isOpted${key}${suffix}`)).map(([, words]) => words);
  const inWords = (channels: string[]) =>
    channels.length === 0 ? 'None' : sentence(listInWords(channels));
  return [
    { key: 'Marketing from us', value: [inWords(ticked(''))] },
    { key: 'Marketing from our partners', value: [inWords(ticked('Partner'))] },
    {
      key: 'Sharing details with selected third parties',
      value: [isTicked('isOptedThirdParty') ? 'Yes' : 'No'],
    },
  ];
}

function fieldRows(fields: readonly ResolvedField[], state: ApplicationState): Row[] {
  return fields
    .filter((field) => field.checkAnswersKey !== false)
    .map((field) => ({ key: keyFor(field), value: formatValue(field, state), field }))
    .filter(({ value, field }) => value.some((line) => line !== '') || field.required !== false)
    .map(({ key, value }) => ({ key, value }));
}

/**
 * An address step's lines and postcode are one answer, however they were entered; its other
 * questions (how long a security property has been owned) are rows of their own.
 */
function addressRows(
  ref: StepRef,
  fields: readonly ResolvedField[],
  state: ApplicationState,
): Row[] {
  const whole = STEPS[ref.id].fields.find((field) => field.kind === 'address');
  if (whole === undefined) return fieldRows(fields, state);
  const at = resolveFieldPath(whole.path, entryOf(ref));
  const address = getAnswer(state, at) as Partial<Address> | undefined;
  const part = (field: ResolvedField) =>
    field.path === at ||
    (field.path.startsWith(`${at}.`) && (field.kind === 'text' || field.kind === 'postcode'));
  return [
    { key: 'Address', value: addressLines(address) },
    ...fieldRows(
      fields.filter((field) => !part(field)),
      state,
    ),
  ];
}

function rowsOf(ref: StepRef, state: ApplicationState): Row[] {
  const fields = shownFields(ref, state).map((entry) => entry.field);
  const rows = STEPS[ref.id].checkAnswers?.rows ?? 'fields';
  if (rows === 'optIns') return optInRows(fields, state);
  if (rows === 'address') return addressRows(ref, fields, state);
  return fieldRows(fields, state);
}

function groupHeading(ref: StepRef, previous: Readonly<Record<string, number>>): string | null {
  const what = STEPS[ref.id].loop?.id;
  if (what === undefined) return null;
  const n = ref.n ?? 1;
  if (n === 1) return `Current ${what}`;
  return (previous[what] ?? 0) > 1 ? `Previous ${what} ${n - 1}` : `Previous ${what}`;
}

/**
 * Every answer on the path the answers lead through (`journeySteps`), up to check-your-answers,
 * grouped under its sections.
 */
export function summariseAnswers(state: ApplicationState, today: CalendarDate): AnswerSection[] {
  const path = journeySteps(state, today);
  const end = path.findIndex((ref) => ref.id === 'before-you-submit');
  const answered = end === -1 ? path : path.slice(0, end);
  // How many earlier entries each history has, for 'Previous address' or 'Previous address 1'.
  const previous: Record<string, number> = {};
  for (const ref of answered) {
    const loop = STEPS[ref.id].loop?.id;
    if (loop !== undefined) previous[loop] = Math.max(previous[loop] ?? 0, (ref.n ?? 1) - 1);
  }

  const sections: AnswerSection[] = [];
  const ids = Object.keys(CHECK_ANSWERS_SECTIONS) as CheckAnswersSectionId[];
  for (const id of ids) {
    const spec: { heading: string; ordered?: boolean; whose?: string } = CHECK_ANSWERS_SECTIONS[id];
    const refs = answered.filter((ref) => STEPS[ref.id].checkAnswers?.section === id);
    if (spec.ordered === true) {
      const order = (ref: StepRef) => STEPS[ref.id].checkAnswers?.order ?? 0;
      refs.sort((a, b) => order(a) - order(b));
    }
    const groups: AnswerGroup[] = [];
    for (const ref of refs) {
      const heading = groupHeading(ref, previous);
      let group = groups.find((candidate) => candidate.heading === heading);
      if (!group) {
        group = { heading, rows: [] };
        groups.push(group);
      }
      for (const row of rowsOf(ref, state)) {
        const context = [heading, spec.whose].filter((part) => part !== null && part !== undefined);
        group.rows.push({
          ...row,
          step: ref,
          changeLabel: [row.key, ...context].map((part) => part.toLowerCase()).join(', '),
        });
      }
    }
    const filled = groups.filter((group) => group.rows.length > 0);
    if (filled.length > 0) sections.push({ heading: spec.heading, groups: filled });
  }
  return sections;
}

/**
 * The summary of what a payload carries: its answers read back (read.ts), then summarised. The
 * applicant's check-your-answers passes the payload it is about to send; the back office, the
 * one stored.
 */
export function summarisePayload(payload: unknown, today: CalendarDate): AnswerSection[] {
  return summariseAnswers(readPayload(payload).state, today);
}
