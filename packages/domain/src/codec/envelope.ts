/**
 * What the payload carries that is not an answer (decision 0063): the keys, tracking,
 * attribution, the vehicle's facts and the disclosures. Written by hand, once: each name's
 * source in the state here, its rules in schemas.ts (`envelopeShape`, which must name the same
 * keys), its description in docs/payload.md (doc.ts).
 */
import type { Brand } from '../brands.js';
import { DEFAULT_SUBMITTED_BY } from '../journey/defaults.js';
import { loanBranch } from '../journey/branch.js';
import type { ApplicationState } from '../journey/shape.js';
import type { PayloadDisclosures } from '../disclosures.js';
import { trimmed } from './values.js';

interface EnvelopeOptions {
  brand: Brand;
  isCompleted: boolean;
  disclosures?: PayloadDisclosures | undefined;
}

type Source = (state: ApplicationState, options: EnvelopeOptions) => unknown;

/** A whole number within the payload's bounds for it, else missing. */
function wholeWithin(value: unknown, min: number, max: number): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max
    ? number
    : null;
}

/**
 * The envelope's fields, in the payload's order, and where each comes from (null: left out).
 * docs/payload.md's "Identity and tracking", "Vehicle", "Disclosures" and "Attribution".
 */
export const ENVELOPE_SOURCES = {
  submissionKey: (state) => trimmed(state.form.sessionId) ?? trimmed(state.GUID),
  affiliateKey: (_state, options) => options.brand.affiliateKey,
  dealerNumber: (state) =>
    trimmed(state.form.affiliateUserId) ?? trimmed(state.partnerSetup.affiliateUserId),
  variant: (state) => state.variant,
  sessionId: (state) => state.form.sessionId,
  userAgent: (state) => state.form.userAgent,
  remoteAddress: (state) => state.form.remoteAddress,
  urlReferrer: (state) => state.host,
  submittedBy: (state) => trimmed(state.subdomain) ?? DEFAULT_SUBMITTED_BY,
  dateApplied: (state) => state.appliedDate,
  IsCompleted: (_state, options) => options.isCompleted,
  // What the lender panel's vehicle rules read (docs/decisions/0022-lender-panel.md), for a
  // vehicle loan only: the type from the host, the year and mileage where the dealer sent them.
  vehicle: (state) => {
    if (loanBranch(state.form.loanPurposeType) !== 'vehicle') return null;
    const year = wholeWithin(state.form.vehicle.year, 1900, 2100);
    const mileage = wholeWithin(state.form.vehicle.mileage, 0, 10_000_000);
    return {
      vehicleType: state.form.vehicleType,
      ...(year !== null && { year }),
      ...(mileage !== null && { mileage }),
    };
  },
  disclosures: (_state, options) => options.disclosures ?? null,
  evsrc: (state) => state.form.utmParameters.evsrc ?? null,
  evcmp: (state) => state.form.utmParameters.evcmp ?? null,
  evrfd: (state) => state.form.utmParameters.evrfd ?? null,
  evoSource: (state) => state.form.utmParameters.evo_source ?? null,
  source: (state) => state.form.utmParameters.source,
  medium: (state) => state.form.utmParameters.medium,
  utmTerm: (state) => state.form.utmParameters.term,
  keyword: (state) => state.form.utmParameters.keyword,
  campaign: (state) => state.form.utmParameters.campaign,
} as const satisfies Readonly<Record<string, Source>>;

export type EnvelopeKey = keyof typeof ENVELOPE_SOURCES;

export const ENVELOPE_KEYS = Object.keys(ENVELOPE_SOURCES) as readonly EnvelopeKey[];

/** The envelope of the state's payload; null and undefined values are left out. */
export function envelopeOf(
  state: ApplicationState,
  options: EnvelopeOptions,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of ENVELOPE_KEYS) {
    const value = ENVELOPE_SOURCES[key](state, options);
    if (value !== null && value !== undefined) out[key] = value;
  }
  if (out.submissionKey === undefined) {
    throw new Error('Cannot build a submission payload: the state has no session id or GUID');
  }
  return out;
}
