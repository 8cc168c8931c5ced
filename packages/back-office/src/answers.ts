/**
 * What staff read of a stored application (docs/back-office.md, decision 0065): the applicant's
 * answers exactly as their check-your-answers page showed them (the domain's one summary, over
 * the stored payload read back), then one section of what is not an answer: the keys, tracking,
 * attribution and the vehicle's facts (the payload's envelope; the disclosures have their own
 * panel). Nothing is labelled here that the journey's table already words.
 */
import {
  ENVELOPE_KEYS,
  summarisePayload,
  type AnswerSection,
  type CalendarDate,
} from '@broker/domain';
import type { EnvelopeKey } from '@broker/domain';
import { formatStored } from './format';

export type { AnswerSection };

/** Staff's words for each field of the envelope (the disclosures are shown apart). */
const ENVELOPE_LABELS: Readonly<Record<Exclude<EnvelopeKey, 'disclosures'>, string>> = {
  submissionKey: 'Submission key',
  affiliateKey: 'Affiliate',
  dealerNumber: 'Dealer number',
  variant: 'Variant',
  sessionId: 'Browser session',
  userAgent: 'Browser',
  remoteAddress: 'IP address (as the browser said)',
  urlReferrer: 'Site',
  submittedBy: 'Submitted by',
  dateApplied: 'Date applied',
  IsCompleted: 'Completed',
  vehicle: 'Vehicle (from the dealer)',
  evsrc: 'Partner source (evsrc)',
  evcmp: 'Partner campaign (evcmp)',
  evrfd: 'Partner referrer (evrfd)',
  evoSource: 'Partner source cookie',
  source: 'Campaign source',
  medium: 'Campaign medium',
  utmTerm: 'Campaign term',
  keyword: 'Campaign keyword',
  campaign: 'Campaign',
};

const VEHICLE_WORDS: Readonly<Record<string, string>> = {
  vehicleType: 'type',
  year: 'registered',
  mileage: 'miles',
};

/** One envelope value as staff read it. */
export function envelopeValue(key: string, value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (key === 'dateApplied' && typeof value === 'string') return formatStored(value);
  if (key === 'vehicle' && typeof value === 'object' && value !== null) {
    return Object.entries(value)
      .map(([part, given]) => `${VEHICLE_WORDS[part] ?? part} ${String(given)}`)
      .join(', ');
  }
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** The heading of the section of what is not an answer. */
export const NOT_ANSWERS_HEADING = 'Where it came from (not answers)';

/**
 * The applicant's answers as they saw them, then what is not an answer. `today`: the date the
 * summary's rules read (a history's length does not depend on it; it is only passed on).
 */
export function applicationSections(
  payload: Record<string, unknown>,
  today: CalendarDate,
): AnswerSection[] {
  const sections = summarisePayload(payload, today);
  const rows = ENVELOPE_KEYS.filter(
    (key): key is Exclude<EnvelopeKey, 'disclosures'> =>
      key !== 'disclosures' && payload[key] !== undefined,
  ).map((key) => ({
    key: ENVELOPE_LABELS[key],
    value: [envelopeValue(key, payload[key])],
    // Not asked on any screen: no step to change it on.
    step: { id: 'start' as const },
    changeLabel: ENVELOPE_LABELS[key].toLowerCase(),
  }));
  return rows.length === 0
    ? sections
    : [...sections, { heading: NOT_ANSWERS_HEADING, groups: [{ heading: null, rows }] }];
}
