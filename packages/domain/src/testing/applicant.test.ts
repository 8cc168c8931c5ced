import { describe, expect, it } from 'vitest';
import { journeySteps, validateStep } from '../journey.js';
import { payloadStepProblems } from '../payload-answers.js';
import { validateEmail, validatePhone } from '../validation.js';
import { validateDateOfBirth } from '../date-of-birth.js';
import { ADA, BEN, applicantPayload, applicantState, numberedPerson } from './applicant.js';
import type { ApplicantKind } from './applicant.js';

const TODAY = { year: 2026, month: 3, day: 10 };
const KINDS: ApplicantKind[] = ['vehicle', 'secured', 'joint'];

describe('the shared test applicant', () => {
  it.each(KINDS)('answers every screen of the %s path as the screens accept', (kind) => {
    const state = applicantState(kind);
    const path = journeySteps(state, TODAY);
    expect(path.map((ref) => ref.id)).toContain('submit');
    for (const ref of path) expect(validateStep(ref, state, TODAY)).toEqual([]);
    expect(payloadStepProblems(applicantPayload(kind), { complete: true, today: TODAY })).toEqual(
      [],
    );
  });

  it('builds the payload the server fixtures have always posted', () => {
    const payload = applicantPayload('joint', { sessionId: 'key-1' });
    expect(payload).toMatchObject({
      submissionKey: 'key-1',
      firstName: 'Ada',
      contactNumber: '07911123456',
      dateOfBirth: '1980-05-15T00:00:00.000',
      JointApplicant: { firstName: 'Ben', dateOfBirth: '1979-12-31T00:00:00.000' },
    });
  });

  it('varies the person so that no two applications are duplicates, with answers the screens accept', () => {
    const people = Array.from({ length: 400 }, (_, n) => numberedPerson(n * 37));
    for (const person of [ADA, BEN, ...people]) {
      expect(validatePhone(person.phone)).toBeNull();
      expect(validateEmail(person.email)).toBeNull();
      expect(person.phone).not.toMatch(/^07700900/);
      expect(
        validateDateOfBirth(person.dateOfBirth, { year: 2031, month: 12, day: 31 }),
      ).toBeNull();
      expect(validateDateOfBirth(person.dateOfBirth, TODAY)).toBeNull();
    }
    const key = (p: { phone: string }) => p.phone;
    expect(new Set(people.map(key)).size).toBe(people.length);
    expect(new Set(people.map((p) => p.email)).size).toBe(people.length);
  });
});
