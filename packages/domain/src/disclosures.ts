/** The payload's `disclosures` field (docs/evidence.md); the ids and versions are in disclosure-versions.ts. */
import { z } from 'zod';
import {
  CONSENT_IDS,
  CONSENT_TEXTS,
  DISCLOSURE_TEXT_IDS,
  DISCLOSURE_VERSIONS,
  type ConsentId,
  type DisclosureTextId,
  UNKNOWN_DISCLOSURE_VERSION,
} from './disclosure-versions.js';

export const DISCLOSURE_LIMITS = { shown: DISCLOSURE_TEXT_IDS.length * 4, agreed: 20 } as const;

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

/**
 * `POST /api/disclosures/{submissionKey}` (docs/evidence.md): the texts a page has just shown,
 * for the server to record as served to the session. No times: the server's clock is the record.
 */
export const disclosureReceiptSchema = z.strictObject({
  shown: z
    .array(z.strictObject({ text: textId, version }).superRefine(knownVersion))
    .min(1)
    .max(DISCLOSURE_TEXT_IDS.length),
});
export type DisclosureReceipt = z.infer<typeof disclosureReceiptSchema>;
