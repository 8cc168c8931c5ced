import type { SubmissionPayload } from '@broker/domain';
import { describe, expect, it } from 'vitest';
import { validPayload } from '../test-support/fixtures.js';
import { applicationFacts, declineReasonFor, londonDate } from './decide.js';

const policy = { minAge: 21, maxAge: 75, minMonthlyIncome: 500, duplicateWindowDays: 30 };
const today = { year: 2026, month: 3, day: 10 };

describe('londonDate', () => {
  it.each([
    ['2026-01-15T23:59:00.000Z', { year: 2026, month: 1, day: 15 }],
    ['2026-06-30T22:59:59.000Z', { year: 2026, month: 6, day: 30 }],
    ['2026-06-30T23:00:00.000Z', { year: 2026, month: 7, day: 1 }],
    ['2026-12-31T23:30:00.000Z', { year: 2026, month: 12, day: 31 }],
  ])('%s is %o in the UK', (instant, date) => {
    expect(londonDate(new Date(instant))).toEqual(date);
  });
});

describe('declineReasonFor', () => {
  it('approves an applicant inside every rule', () => {
    expect(declineReasonFor(validPayload(), today, policy)).toBeNull();
  });

  it('checks age first, then income, then breathing space', () => {
    const everything = {
      ...validPayload({ dateOfBirth: '2010-01-01T00:00:00.000', netMonthlyIncome: 0 }),
      breathingSpace: true,
    } as SubmissionPayload;
    expect(declineReasonFor(everything, today, policy)).toBe('Age');
    expect(
      declineReasonFor({ ...everything, dateOfBirth: '1980-01-01T00:00:00.000' }, today, policy),
    ).toBe('Income');
    expect(
      declineReasonFor(
        { ...everything, dateOfBirth: '1980-01-01T00:00:00.000', netMonthlyIncome: 500 },
        today,
        policy,
      ),
    ).toBe('BreathingSpace');
  });

  it('counts a 29 February birthday from 1 March in a common year', () => {
    const leapling = validPayload({ dateOfBirth: '2004-02-29T00:00:00.000' });
    expect(declineReasonFor(leapling, { year: 2025, month: 2, day: 28 }, policy)).toBe('Age');
    expect(declineReasonFor(leapling, { year: 2025, month: 3, day: 1 }, policy)).toBeNull();
  });
});

describe('applicationFacts', () => {
  it('takes the row columns from the payload and the request', () => {
    const payload = validPayload({
      email: '  Ada@Example.COM ',
      urlReferrer: 'progressive-loans.example.com',
      variant: 'CDJ-MVP',
    });
    const facts = applicationFacts(payload, { ip: '192.0.2.5', host: 'ignored.example.com' });
    expect(facts).toMatchObject({
      brand: 'progressive',
      affiliateKey: 'default',
      dealerNumber: 'D1001',
      variant: 'CDJ-MVP',
      emailLower: 'ada@example.com',
      phoneNormalised: '07911123456',
      dateOfBirth: '1980-05-15',
      remoteAddress: '192.0.2.5',
    });
    expect(JSON.parse(facts.payloadJson)).toEqual({ ...payload, remoteAddress: '192.0.2.5' });
  });

  it('falls back to the request host for the brand', () => {
    const payload = validPayload({ urlReferrer: undefined });
    expect(applicationFacts(payload, { ip: '::1', host: 'scoreright.example.com' }).brand).toBe(
      'scoreright',
    );
  });
});
