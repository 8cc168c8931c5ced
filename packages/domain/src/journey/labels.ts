/**
 * The words the screens show for each option of a choice, and the headings of
 * check-your-answers (docs/product.md §2). The first screen's options (the loan's purpose) and
 * the short lists carry their words here; every other list's words are in option-labels.ts,
 * which `loadStepCopy` fetches with the later screens that show them
 * (docs/decisions/0046-option-labels-out-of-the-first-screen.md).
 */
import type { CheckAnswersSectionId, FieldOption } from './types.js';
import type { OptionLabels } from './option-labels.js';
import {
  DRIVING_LICENCE_TYPES,
  EMPLOYMENT_STATUSES,
  LOAN_PURPOSES,
  LOOKING_TO_BUY,
  MARITAL_STATUSES,
  PROPERTY_TYPES,
  RESIDENTIAL_STATUSES,
  TITLES,
  VEHICLE_FINANCE_TYPES,
} from './options.js';

export const YES_NO: readonly FieldOption[] = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];

function optionsOf<T extends string>(
  values: readonly T[],
  labels: Record<T, string>,
): readonly FieldOption[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

let loadedLabels: OptionLabels | null = null;

/** Called by `loadStepCopy` (resolve.ts) with the table it fetched; nothing else calls it. */
export function setOptionLabels(labels: OptionLabels): void {
  loadedLabels = labels;
}

function loaded(): OptionLabels {
  if (loadedLabels === null) throw new Error('The option labels are not loaded (loadStepCopy)');
  return loadedLabels;
}

/**
 * A later screen's options: their words are read from option-labels.ts when a screen shows them,
 * and reading one before `loadStepCopy` has fetched them throws (a bug, not a blank label).
 */
function laterOptions<T extends string>(
  values: readonly T[],
  list: Exclude<keyof OptionLabels, 'financeTypeHints'>,
  hints?: 'financeTypeHints',
): readonly FieldOption[] {
  return values.map((value) => {
    const words = (key: keyof OptionLabels) => (loaded()[key] as Record<string, string>)[value]!;
    return hints === undefined
      ? {
          value,
          get label() {
            return words(list);
          },
        }
      : {
          value,
          get label() {
            return words(list);
          },
          get hint() {
            return words(hints);
          },
        };
  });
}

export const LOAN_PURPOSE_OPTIONS = optionsOf(LOAN_PURPOSES, {
  Vehicle: 'A vehicle',
  HomeImprovements: 'Home improvements',
  DebtConsolidation: 'Debt consolidation',
  SomethingElse: 'Something else',
});

export const FINANCE_TYPE_OPTIONS = laterOptions(
  VEHICLE_FINANCE_TYPES,
  'financeType',
  'financeTypeHints',
);

export const LOOKING_TO_BUY_OPTIONS = laterOptions(LOOKING_TO_BUY, 'lookingToBuy');

export const TITLE_OPTIONS = optionsOf(TITLES, {
  Mr: 'Mr',
  Mrs: 'Mrs',
  Miss: 'Miss',
  Ms: 'Ms',
  Mx: 'Mx',
  Dr: 'Dr',
});

export const MARITAL_STATUS_OPTIONS = laterOptions(MARITAL_STATUSES, 'maritalStatus');

export const DRIVING_LICENCE_OPTIONS = laterOptions(DRIVING_LICENCE_TYPES, 'drivingLicence');

export const EMPLOYMENT_STATUS_OPTIONS = laterOptions(EMPLOYMENT_STATUSES, 'employmentStatus');

export const RESIDENTIAL_STATUS_OPTIONS = laterOptions(RESIDENTIAL_STATUSES, 'residentialStatus');

export const PROPERTY_TYPE_OPTIONS = laterOptions(PROPERTY_TYPES, 'propertyType');

/**
 * The sections of check-your-answers, in page order. A step's `checkAnswers.section` puts its
 * rows in one; `ordered` sections list their steps by `checkAnswers.order` rather than journey
 * order; `whose` is added to every 'Change' label where the same questions are asked of two
 * people.
 */
export const CHECK_ANSWERS_SECTIONS = {
  loan: { heading: 'Your loan' },
  property: { heading: 'The property' },
  aboutYou: { heading: 'About you', ordered: true },
  employment: { heading: 'Employment' },
  addressHistory: { heading: 'Address history' },
  contact: { heading: 'Contact' },
  preferences: { heading: 'Preferences' },
  joint: { heading: 'Joint applicant', whose: 'joint applicant' },
  circumstances: { heading: 'Your circumstances' },
} as const satisfies Record<
  CheckAnswersSectionId,
  { readonly heading: string; readonly ordered?: boolean; readonly whose?: string }
>;
