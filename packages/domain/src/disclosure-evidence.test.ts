import { describe, expect, it } from 'vitest';
import { CLOCK_TOLERANCE_MS, checkDisclosureEvidence } from './disclosure-evidence.js';
import type { EvidenceFacts, KnownVersion, ServedText } from './disclosure-evidence.js';
import type { PayloadDisclosures } from './disclosures.js';
import { applicantState } from './testing/applicant.js';

const STORED = '2026-03-01T09:00:00.000Z';
const versions: KnownVersion[] = [
  { text: 'broker-status', version: 1, sha256: 'a'.repeat(64), storedAt: STORED },
  { text: 'commission', version: 1, sha256: 'b'.repeat(64), storedAt: STORED },
  { text: 'repossession-warning', version: 1, sha256: 'c'.repeat(64), storedAt: STORED },
  { text: 'soft-search', version: 1, sha256: 'd'.repeat(64), storedAt: STORED },
  { text: 'terms', version: 1, sha256: 'e'.repeat(64), storedAt: STORED },
  { text: 'privacy', version: 1, sha256: 'f'.repeat(64), storedAt: STORED },
  // The second privacy notice came into use a week later.
  { text: 'privacy', version: 2, sha256: '0'.repeat(64), storedAt: '2026-03-08T09:00:00.000Z' },
];

const BEGAN = '2026-03-10T10:00:00.000Z';
const RECEIVED = '2026-03-10T10:20:00.000Z';
const served = (text: ServedText['text'], firstAt = BEGAN): ServedText => ({
  text,
  version: 1,
  firstAt,
  lastAt: firstAt,
  times: 1,
});

function facts(
  claims: PayloadDisclosures | undefined,
  overrides: Partial<EvidenceFacts> = {},
): EvidenceFacts {
  return {
    claims,
    served: [served('broker-status'), served('commission')],
    versions,
    state: applicantState('vehicle'),
    firstSavedAt: '2026-03-10T10:12:00.000Z',
    receivedAt: RECEIVED,
    today: { year: 2026, month: 3, day: 10 },
    ...overrides,
  };
}

const honest: PayloadDisclosures = {
  shown: [
    { text: 'broker-status', version: 1, at: '2026-03-10T09:59:58.000Z' },
    { text: 'commission', version: 1, at: '2026-03-10T09:59:58.000Z' },
  ],
  agreed: [{ consent: 'terms', text: 'terms', version: 1, at: '2026-03-10T10:11:00.000Z' }],
};

describe('the browser’s disclosure claims read against the server’s record', () => {
  it('finds nothing to mark in an honest session, and pairs each claim with what was served', () => {
    const evidence = checkDisclosureEvidence(facts(honest));
    expect(evidence.sessionBegan).toBe(BEGAN);
    expect(evidence.servedAny).toBe(true);
    expect(evidence.texts).toEqual([
      {
        text: 'broker-status',
        version: 1,
        sha256: 'a'.repeat(64),
        served: { firstAt: BEGAN, lastAt: BEGAN, times: 1 },
        claimed: { at: '2026-03-10T09:59:58.000Z', times: 1 },
        problems: [],
      },
      {
        text: 'commission',
        version: 1,
        sha256: 'b'.repeat(64),
        served: { firstAt: BEGAN, lastAt: BEGAN, times: 1 },
        claimed: { at: '2026-03-10T09:59:58.000Z', times: 1 },
        problems: [],
      },
    ]);
    expect(evidence.consents).toEqual([
      {
        consent: 'terms',
        text: 'terms',
        version: 1,
        sha256: 'e'.repeat(64),
        claimed: { at: '2026-03-10T10:11:00.000Z', times: 1 },
        problems: [],
      },
    ]);
  });

  it('marks a served text the browser says it never showed ("no texts shown")', () => {
    const evidence = checkDisclosureEvidence(facts({ shown: [], agreed: [] }));
    expect(evidence.texts.map((row) => [row.text, row.claimed, row.problems])).toEqual([
      ['broker-status', null, [{ kind: 'not-claimed' }]],
      ['commission', null, [{ kind: 'not-claimed' }]],
    ]);
    // Nor does leaving the field out altogether (an old client, or a script) unmake the record.
    expect(checkDisclosureEvidence(facts(undefined)).texts[1]?.problems).toEqual([
      { kind: 'not-claimed' },
    ]);
  });

  it('marks times before the session began and after the application was received', () => {
    const evidence = checkDisclosureEvidence(
      facts({
        shown: [{ text: 'broker-status', version: 1, at: '1999-01-01T00:00:00.000Z' }],
        agreed: [{ consent: 'terms', text: 'terms', version: 1, at: '2099-01-01T00:00:00.000Z' }],
      }),
    );
    expect(evidence.texts[0]?.problems).toEqual([
      { kind: 'before-session', began: BEGAN },
      // Nor was version 1 in use in 1999.
      { kind: 'version-not-in-use', since: STORED },
    ]);
    expect(evidence.consents[0]?.problems).toEqual([{ kind: 'after-request', received: RECEIVED }]);
  });

  it('allows a browser clock a few minutes out, and no more', () => {
    const edge = (offsetMs: number) =>
      checkDisclosureEvidence(
        facts({
          shown: [
            {
              text: 'broker-status',
              version: 1,
              at: new Date(Date.parse(BEGAN) - offsetMs).toISOString(),
            },
          ],
          agreed: [],
        }),
      ).texts[0]?.problems;
    expect(CLOCK_TOLERANCE_MS).toBe(300_000);
    expect(edge(CLOCK_TOLERANCE_MS)).toEqual([]);
    expect(edge(CLOCK_TOLERANCE_MS + 1000)).toEqual([{ kind: 'before-session', began: BEGAN }]);
  });

  it('takes the first save as the session’s start when nothing was served', () => {
    const evidence = checkDisclosureEvidence(facts(honest, { served: [] }));
    expect(evidence.servedAny).toBe(false);
    expect(evidence.sessionBegan).toBe('2026-03-10T10:12:00.000Z');
    // Shown twelve minutes before the first save, with no record of the session then.
    expect(evidence.texts[0]?.problems).toEqual([
      { kind: 'before-session', began: '2026-03-10T10:12:00.000Z' },
    ]);
  });

  it('marks the repossession warning claimed 36 times on a vehicle application', () => {
    const at = '2026-03-10T10:05:00.000Z';
    const evidence = checkDisclosureEvidence(
      facts({
        shown: Array.from({ length: 36 }, () => ({
          text: 'repossession-warning' as const,
          version: 1,
          at,
        })),
        agreed: [{ consent: 'soft-search', text: 'soft-search', version: 1, at }],
      }),
    );
    const warning = evidence.texts.find((row) => row.text === 'repossession-warning');
    expect(warning).toMatchObject({ served: null, claimed: { at, times: 36 } });
    expect(warning?.problems).toEqual([
      { kind: 'not-on-path', place: 'secured' },
      { kind: 'repeated', times: 36 },
    ]);
    expect(evidence.consents[0]?.problems).toEqual([
      { kind: 'not-on-path', place: { step: 'soft-search' } },
    ]);
  });

  it('finds the secured texts on a secured application’s path', () => {
    const at = '2026-03-10T10:05:00.000Z';
    const evidence = checkDisclosureEvidence(
      facts(
        {
          shown: [
            { text: 'repossession-warning', version: 1, at },
            { text: 'soft-search', version: 1, at },
          ],
          agreed: [{ consent: 'soft-search', text: 'soft-search', version: 1, at }],
        },
        {
          state: applicantState('secured'),
          served: [served('repossession-warning'), served('soft-search')],
        },
      ),
    );
    expect(evidence.texts.flatMap((row) => row.problems)).toEqual([]);
    expect(evidence.consents.flatMap((row) => row.problems)).toEqual([]);
  });

  it('marks a version that was not yet in use, and one other than the version served', () => {
    const at = '2026-03-10T10:05:00.000Z';
    const early = checkDisclosureEvidence(
      facts({
        shown: [{ text: 'privacy', version: 2, at: '2026-03-07T12:00:00.000Z' }],
        agreed: [],
      }),
    );
    expect(early.texts[2]?.problems).toContainEqual({
      kind: 'version-not-in-use',
      since: '2026-03-08T09:00:00.000Z',
    });
    const other = checkDisclosureEvidence(
      facts(
        { shown: [{ text: 'privacy', version: 1, at }], agreed: [] },
        { served: [{ ...served('privacy'), version: 2 }] },
      ),
    );
    expect(other.texts.map((row) => [row.version, row.problems])).toEqual([
      [1, [{ kind: 'other-version-served', served: [2] }]],
      [2, []],
    ]);
    // A version the server never held at all.
    const unknown = checkDisclosureEvidence(
      facts({ shown: [{ text: 'cookies', version: 1, at }], agreed: [] }),
    );
    expect(unknown.texts.find((row) => row.text === 'cookies')?.problems).toEqual([
      { kind: 'version-not-in-use', since: null },
    ]);
  });

  it('does not mark a text served after the claims were sent as missing from them', () => {
    // A partial save, then more screens: what was served since is not yet in any claim.
    const evidence = checkDisclosureEvidence(
      facts(honest, {
        served: [
          served('broker-status'),
          served('commission'),
          served('terms', '2026-03-10T10:30:00.000Z'),
        ],
      }),
    );
    expect(evidence.texts.find((row) => row.text === 'terms')).toMatchObject({
      claimed: null,
      problems: [],
    });
  });
});
