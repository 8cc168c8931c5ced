import {
  CHECK_ANSWERS_SECTIONS,
  formatGBP,
  getAnswer,
  journeySteps,
  normalisePostcode,
  resolveFieldPath,
  stepFields,
  STEPS,
  type Address,
  type ApplicationState,
  type CalendarDate,
  type CheckAnswersSectionId,
  type ResolvedField,
  type StepRef,
} from '@broker/domain';

/** One answer on the check-answers page (GOV.UK summary list row). */
export interface AnswerRow {
  key: string;
  /** The answer as people write it, one entry per line. */
  value: readonly string[];
  /** The step its 'Change' link opens. */
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

/** An address step's lines and postcode are one answer, however they were entered. */
function addressRow(ref: StepRef, state: ApplicationState): Row {
  const whole = STEPS[ref.id].fields.find((field) => field.kind === 'address');
  const address = whole ? getAnswer(state, resolveFieldPath(whole.path, ref.n ?? 1)) : undefined;
  return { key: 'Address', value: addressLines(address as Partial<Address> | undefined) };
}

function rowsOf(ref: StepRef, state: ApplicationState): Row[] {
  const fields = stepFields(ref, state);
  const rows = STEPS[ref.id].checkAnswers?.rows ?? 'fields';
  if (rows === 'optIns') return optInRows(fields, state);
  if (rows === 'address') return [addressRow(ref, state)];
  return fields
    .filter((field) => field.checkAnswersKey !== false)
    .map((field) => ({ key: keyFor(field), value: formatValue(field, state), field }))
    .filter(({ value, field }) => value.some((line) => line !== '') || field.required !== false)
    .map(({ key, value }) => ({ key, value }));
}

function groupHeading(ref: StepRef, previous: Readonly<Record<string, number>>): string | null {
  const what = STEPS[ref.id].loop?.id;
  if (what === undefined) return null;
  const n = ref.n ?? 1;
  if (n === 1) return `Current ${what}`;
  return (previous[what] ?? 0) > 1 ? `Previous ${what} ${n - 1}` : `Previous ${what}`;
}

/**
 * Every answer on the path the current answers lead through (`journeySteps`), up to this page,
 * grouped under the section headings of the check-answers page. Each step's section, row keys
 * and row shape come from the journey's table (`checkAnswers`, `checkAnswersKey`).
 */
export function checkAnswers(state: ApplicationState, today: CalendarDate): AnswerSection[] {
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
          changeLabel: [row.key.toLowerCase(), ...context.map((part) => part.toLowerCase())].join(
            ', ',
          ),
        });
      }
    }
    const filled = groups.filter((group) => group.rows.length > 0);
    if (filled.length > 0) sections.push({ heading: spec.heading, groups: filled });
  }
  return sections;
}
