/**
 * The words a refusal uses for the values a knock-out rule lists (docs/lender-panel.md): the
 * journey's own option labels where the applicant saw one, so staff read what the applicant
 * chose; the two values no screen labels (a secured loan's finance type, the payload's `Other`
 * purpose) are worded here.
 */
import { OPTION_LABELS } from '../journey/option-labels.js';
import type { PAYLOAD_LOAN_PURPOSES } from '../schemas.js';
import type { FinanceType } from '../journey/options.js';

type PayloadPurpose = (typeof PAYLOAD_LOAN_PURPOSES)[number];

const PURPOSE_WORDS: Readonly<Record<PayloadPurpose, string>> = {
  Vehicle: 'A vehicle',
  HomeImprovements: 'Home improvements',
  DebtConsolidation: 'Debt consolidation',
  Other: 'Something else',
};

const FINANCE_WORDS: Readonly<Record<FinanceType, string>> = {
  ...OPTION_LABELS.financeType,
  Secured: 'A loan secured on a home',
};

export const VALUE_WORDS = {
  loanPurpose: (value: PayloadPurpose) => PURPOSE_WORDS[value],
  financeType: (value: FinanceType) => FINANCE_WORDS[value],
  residentialStatus: (value: keyof typeof OPTION_LABELS.residentialStatus) =>
    OPTION_LABELS.residentialStatus[value],
  employmentStatus: (value: keyof typeof OPTION_LABELS.employmentStatus) =>
    OPTION_LABELS.employmentStatus[value],
  vehicleType: (value: string) => value,
} as const;

/** “A”, “A” or “B”, “A”, “B” or “C”: each value quoted, as staff read a choice. */
export function eitherOf(values: readonly string[]): string {
  const quoted = values.map((value) => `“${value}”`);
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)!}`;
}
