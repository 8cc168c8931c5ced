import { z } from 'zod';

/**
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
  privacy: [1],
  'soft-search': [1],
  'fair-processing': [1],
  cookies: [1],
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

export const DISCLOSURE_LIMITS = { shown: DISCLOSURE_TEXT_IDS.length * 4, agreed: 20 } as const;

export const UNKNOWN_DISCLOSURE_VERSION = 'Not a known version of this text';

const isoDateTime = z.iso.datetime({ offset: true, message: 'Must be a date and time' });
const textId = z.enum(DISCLOSURE_TEXT_IDS, { message: 'Not a known text' });
const version = z.number().int().min(1).max(10_000);

/** One text shown to the applicant: which version, and when it was first shown. */
const shownSchema = z
  .strictObject({ text: textId, version, at: isoDateTime })
  .superRefine(knownVersion);

/** One consent: when the applicant agreed, and the version of the text they agreed to. */
const agreedSchema = z
  .strictObject({
    consent: z.enum(CONSENT_IDS as [ConsentId, ...ConsentId[]], { message: 'Not a known consent' }),
    text: textId,
    version,
    at: isoDateTime,
  })
  .superRefine((value, ctx) => {
    if (CONSENT_TEXTS[value.consent] !== value.text) {
      ctx.addIssue({
        code: 'custom',
        path: ['text'],
        message: `Must be ${CONSENT_TEXTS[value.consent]}`,
      });
    }
    knownVersion(value, ctx);
  });

function knownVersion(value: { text: DisclosureTextId; version: number }, ctx: z.RefinementCtx) {
  if (!DISCLOSURE_VERSIONS[value.text].includes(value.version)) {
    ctx.addIssue({ code: 'custom', path: ['version'], message: UNKNOWN_DISCLOSURE_VERSION });
  }
}

/** The payload's optional `disclosures` field (docs/payload.md); old clients leave it out. */
export const payloadDisclosuresSchema = z.strictObject({
  shown: z.array(shownSchema).max(DISCLOSURE_LIMITS.shown),
  agreed: z.array(agreedSchema).max(DISCLOSURE_LIMITS.agreed),
});
export type PayloadDisclosures = z.infer<typeof payloadDisclosuresSchema>;
export type ShownDisclosure = PayloadDisclosures['shown'][number];
export type AgreedConsent = PayloadDisclosures['agreed'][number];
