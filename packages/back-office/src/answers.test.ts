import { beforeAll, describe, expect, it } from 'vitest';
import { loadStepCopy, summarisePayload } from '@broker/domain';
import { applicantPayload } from '@broker/domain/testing';
import { applicationSections, NOT_ANSWERS_HEADING, type AnswerSection } from './answers';

beforeAll(loadStepCopy);

const TODAY = { year: 2026, month: 3, day: 10 };

/** A section's rows (of every group) as key → the value's lines joined. */
function section(sections: AnswerSection[], heading: string): Record<string, string> {
  const found = sections.find((candidate) => candidate.heading === heading);
  if (!found)
    throw new Error(`no section '${heading}' in ${sections.map((s) => s.heading).join(', ')}`);
  return Object.fromEntries(
    found.groups.flatMap((group) => group.rows.map((row) => [row.key, row.value.join(', ')])),
  );
}

const payloadOf = (kind: 'vehicle' | 'secured' | 'joint') =>
  applicantPayload(kind, { today: TODAY }) as unknown as Record<string, unknown>;

describe('the application as staff read it (decision 0065)', () => {
  it.each(['vehicle', 'secured', 'joint'] as const)(
    'shows a %s applicant’s answers exactly as their check-your-answers page did',
    (kind) => {
      const payload = payloadOf(kind);
      const shown = applicationSections(payload, TODAY);
      expect(shown.slice(0, -1)).toEqual(summarisePayload(payload, TODAY));
      expect(shown.at(-1)!.heading).toBe(NOT_ANSWERS_HEADING);
    },
  );

  it('shows no loan term on a vehicle application, which never asks it', () => {
    const vehicle = applicationSections(payloadOf('vehicle'), TODAY);
    expect(section(vehicle, 'Your loan')).toEqual({
      'Loan purpose': 'A vehicle',
      'Type of finance': 'Hire purchase',
      'Found a vehicle': 'Yes, I have found a vehicle',
      Deposit: 'No',
      'Amount to borrow': '£7,500',
    });
    expect(section(applicationSections(payloadOf('secured'), TODAY), 'Your loan')).toMatchObject({
      'Loan term': '15 years',
    });
  });

  it('words every choice as the applicant saw it, not as the payload codes it', () => {
    const sections = applicationSections(payloadOf('joint'), TODAY);
    expect(section(sections, 'About you')).toMatchObject({
      'Marital status': 'Single',
      'Driving licence': 'Full UK licence',
      'Date of birth': '15 May 1980',
    });
    expect(section(sections, 'Joint applicant')).toMatchObject({
      'First name': 'Ben',
      'Marital status': 'Married',
      'Employment status': 'Employed part time',
    });
    expect(section(sections, 'Address history')).toMatchObject({
      Address: '10 Downing Street, London, SW1A 2AA',
      'Residential status': 'Private tenant',
    });
  });

  it('adds one section of what is not an answer: keys, tracking, attribution, the vehicle', () => {
    const base = payloadOf('vehicle');
    const payload = {
      ...base,
      vehicle: { vehicleType: 'Motorhome', year: 2019, mileage: 42000 },
      source: 'google',
    };
    expect(section(applicationSections(payload, TODAY), NOT_ANSWERS_HEADING)).toMatchObject({
      'Submission key': base.submissionKey,
      Affiliate: 'default',
      'Dealer number': 'D1001',
      Completed: 'Yes',
      'Vehicle (from the dealer)': 'type Motorhome, registered 2019, miles 42000',
      'Campaign source': 'google',
    });
  });
});
