import { describe, expect, it } from 'vitest';
import { applicationDecidedEventSchema, DECIDED_EVENT, decidedEventBody } from './events.js';

const payload = {
  submissionKey: 'k',
  firstName: 'Ada',
  note: 'quote "marks" \\ and \u2028',
  amount: 7500,
};
const response = { quoteValid: true, otp: '123456', quote: { apr: 18.4 } };

describe('decidedEventBody', () => {
  it.each([
    { label: 'with a reference', extra: { reference: 'AB12CD34' } },
    { label: 'without one (decided before references)', extra: {} },
    {
      label: 'a released duplicate',
      extra: { reference: 'AB12CD34', duplicateReleasedAt: '2026-03-11T09:00:00.000Z' },
    },
  ])(
    '$label: the event the schema describes, the stored payload as it is, no passcode',
    ({ extra }) => {
      const body = decidedEventBody({
        submissionKey: 'k',
        outcome: 'approved',
        responseJson: JSON.stringify(response),
        payloadJson: JSON.stringify(payload),
        decidedAt: '2026-03-10T10:00:00.000Z',
        ...extra,
      });
      const { otp: _withheld, ...shown } = response;
      const parsed: unknown = JSON.parse(body);
      expect(parsed).toEqual({
        type: DECIDED_EVENT,
        timestamp: '2026-03-10T10:00:00.000Z',
        data: {
          submissionKey: 'k',
          ...('reference' in extra ? { reference: extra.reference } : {}),
          outcome: 'approved',
          decidedAt: '2026-03-10T10:00:00.000Z',
          response: shown,
          application: payload,
          ...('duplicateReleasedAt' in extra
            ? { duplicateReleasedAt: extra.duplicateReleasedAt }
            : {}),
        },
      });
      expect(applicationDecidedEventSchema.safeParse(parsed).success).toBe(true);
      // The same text JSON.stringify gives for that object: what a signature was computed over.
      expect(body).toBe(JSON.stringify(parsed));
      expect(body).not.toContain('123456');
    },
  );
});
