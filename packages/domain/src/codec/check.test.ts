import { describe, expect, it } from 'vitest';
import { applicantPayload } from '../testing/applicant.js';
import { MAX_NAMES_A_PLACE, NOT_ASKED, keptNameCounts, payloadStepProblems } from './check.js';

const TODAY = { year: 2026, month: 11, day: 27 };

describe('the payload names the pass keeps (docs/security.md, hostile input)', () => {
  it('keeps at most 64 names an entry, however many keys the bodies send, and still names them all', () => {
    for (let body = 0; body < 40; body += 1) {
      // A vehicle application never asks a security address: each key the body sends is named.
      const securityAddress = Object.fromEntries(
        Array.from({ length: 10 }, (_, key) => [`junk${body}x${key}`, 'x']),
      );
      const payload = { ...applicantPayload('vehicle', { today: TODAY }), securityAddress };
      expect(payloadStepProblems(payload, { complete: true, today: TODAY })).toEqual([
        { path: 'securityAddress', message: NOT_ASKED },
      ]);
    }
    const counts = keptNameCounts();
    expect(counts.length).toBeGreaterThan(0);
    expect(Math.max(...counts)).toBe(MAX_NAMES_A_PLACE);
  });
});
