import { describe, expect, it } from 'vitest';
import { partialSubmissionPayloadSchema, submissionPayloadSchema } from './schemas.js';
import { UNKNOWN_DISCLOSURE_VERSION, currentDisclosureVersion } from './disclosure-versions.js';
import { partialApplicantPayload } from './testing/applicant.js';

const at = '2026-11-24T07:20:00.000Z';

function issues(payload: unknown) {
  const result = partialSubmissionPayloadSchema.safeParse(payload);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

describe('the payload’s disclosures', () => {
  it('accepts the current versions shown and agreed', () => {
    const disclosures = {
      shown: [{ text: 'terms', version: currentDisclosureVersion('terms'), at }],
      agreed: [{ consent: 'terms', text: 'terms', version: 1, at }],
    };
    expect(issues(partialApplicantPayload({ disclosures }))).toEqual([]);
  });

  it('still accepts a payload without them (an old client)', () => {
    expect(issues(partialApplicantPayload())).toEqual([]);
  });

  it('refuses an unknown version with a field message', () => {
    const disclosures = {
      shown: [{ text: 'privacy', version: 99, at }],
      agreed: [{ consent: 'soft-search', text: 'soft-search', version: 7, at }],
    };
    expect(issues(partialApplicantPayload({ disclosures }))).toEqual([
      { path: 'disclosures.shown.0.version', message: UNKNOWN_DISCLOSURE_VERSION },
      { path: 'disclosures.agreed.0.version', message: UNKNOWN_DISCLOSURE_VERSION },
    ]);
    expect(UNKNOWN_DISCLOSURE_VERSION).toBe('Not a known version of this text');
  });

  it('refuses an unknown text, a consent paired with another text, and a time without offset', () => {
    const disclosures = {
      shown: [{ text: 'small-print', version: 1, at }],
      agreed: [{ consent: 'terms', text: 'terms', version: 1, at: '2026-11-24 07:20' }],
    };
    expect(issues(partialApplicantPayload({ disclosures }))).toEqual([
      { path: 'disclosures.shown.0.text', message: 'Not a known text' },
      { path: 'disclosures.agreed.0.at', message: 'Must be a date and time' },
    ]);
    const paired = { shown: [], agreed: [{ consent: 'terms', text: 'privacy', version: 1, at }] };
    expect(issues(partialApplicantPayload({ disclosures: paired }))).toEqual([
      { path: 'disclosures.agreed.0.text', message: 'Must be terms' },
    ]);
  });

  it('is part of the full submission’s schema too', () => {
    const result = submissionPayloadSchema.safeParse({ disclosures: { shown: 'x', agreed: [] } });
    expect(result.success).toBe(false);
    expect(result.error?.issues.some((issue) => issue.path[0] === 'disclosures')).toBe(true);
  });
});
