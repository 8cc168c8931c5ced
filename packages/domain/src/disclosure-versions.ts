/**
 * Kept apart from the payload's schema (disclosures.ts), which needs zod: the applicant's first
 * screen imports these and must not carry zod (bench/check-budgets.mjs).
 *
 * Evidence of what was disclosed and agreed (docs/evidence.md, decision 0033): every legal and
 * regulatory text an applicant can be shown has an id and numbered versions. Only the ids and
 * version numbers live here, so the applicant's bundle stays small; each version's words and
 * SHA-256 are in `packages/server/src/evidence/texts.generated.ts`, written from the web's own
 * components by `packages/web/src/evidence/texts.test.tsx`, which fails when a shipped text no
 * longer matches its latest version.
 */
export const DISCLOSURE_TEXT_IDS = [
  'broker-status',
  'commission',
  'representative-example',
  'repossession-warning',
  'terms',
  'privacy',
  'soft-search',
  'fair-processing',
  'cookies',
] as const;
export type DisclosureTextId = (typeof DISCLOSURE_TEXT_IDS)[number];

/** Every version ever shipped of each text, oldest first; the last one is the current version. */
export const DISCLOSURE_VERSIONS: Readonly<Record<DisclosureTextId, readonly number[]>> = {
  'broker-status': [1],
  commission: [1],
  'representative-example': [1],
  'repossession-warning': [1],
  terms: [1],
  privacy: [1, 2],
  'soft-search': [1],
  'fair-processing': [1],
  cookies: [1, 2],
};

export function currentDisclosureVersion(id: DisclosureTextId): number {
  const versions = DISCLOSURE_VERSIONS[id];
  return versions[versions.length - 1] ?? 1;
}

/** The consents an applicant gives, and the text each one agrees to. */
export const CONSENT_TEXTS = {
  terms: 'terms',
  'soft-search': 'soft-search',
  'fair-processing': 'fair-processing',
  'marketing-opt-ins': 'privacy',
  cookies: 'cookies',
} as const satisfies Record<string, DisclosureTextId>;
export type ConsentId = keyof typeof CONSENT_TEXTS;
export const CONSENT_IDS = Object.keys(CONSENT_TEXTS) as ConsentId[];

export const UNKNOWN_DISCLOSURE_VERSION = 'Not a known version of this text';
