import { describe, expect, it } from 'vitest';
import {
  canVisit,
  firstIncompleteStep,
  journeySteps,
  parseStepPath,
  stepPath,
  validateStep,
} from '../journey/index.js';
import { payloadStepProblems } from '../codec/check.js';
import { validateEmail, validatePhone } from '../validation.js';
import { validateDateOfBirth } from '../date-of-birth.js';
import { partialSubmissionPayloadSchema, submissionPayloadSchema } from '../schemas.js';
import {
  ADA,
  BEN,
  applicantPayload,
  applicantState,
  applicantStateAt,
  numberedPerson,
  partialApplicantPayload,
} from './applicant.js';
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

describe('the shared partial save', () => {
  it('is a partial save the schema accepts but not yet a full submission', () => {
    const payload = partialApplicantPayload();
    expect(partialSubmissionPayloadSchema.safeParse(payload).success).toBe(true);
    expect(submissionPayloadSchema.safeParse(payload).success).toBe(false);
    expect(payload).toMatchObject({
      IsCompleted: false,
      termsAndConditionsAgreed: true,
      loanPurposeType: 'Vehicle',
      addresses: [],
      employments: [],
    });
    expect(payload).not.toHaveProperty('email');
    expect(payload).not.toHaveProperty('firstName');
  });

  it('gives each save its own key unless told, and adds or replaces what it is given', () => {
    expect(partialApplicantPayload().submissionKey).not.toBe(
      partialApplicantPayload().submissionKey,
    );
    // The server takes only a v4 UUID as the key.
    const key = '0b6c1a52-7d8e-4f3a-9c21-5e4d3b2a1f00';
    const payload = partialApplicantPayload({ submissionKey: key, email: 'lead@example.com' });
    expect(payload).toMatchObject({ submissionKey: key, email: 'lead@example.com' });
    expect(partialSubmissionPayloadSchema.safeParse(payload).success).toBe(true);
  });
});

describe('the shared test applicant, walked to a screen', () => {
  it.each([
    ['vehicle', '/contact'],
    ['vehicle', '/submit'],
    ['secured', '/submit'],
    ['joint', '/joint-customer-contact'],
  ] as const)('reaches %s %s with every screen before it complete', (kind, stop) => {
    const state = applicantStateAt(kind, stop, { today: TODAY });
    const ref = parseStepPath(stop)!;
    expect(canVisit(ref, state, TODAY)).toBe(true);
    expect(stepPath(firstIncompleteStep(state, TODAY))).toBe(stop);
  });

  it('sets what each Continue sets: completion flags and the stored date of birth', () => {
    const state = applicantStateAt('vehicle', '/submit', { today: TODAY });
    expect(state.form.personalDetailsCompleted).toBe(true);
    expect(state.form.dateOfBirth).toBe('1980-05-15T00:00:00.000Z');
  });

  it('says which screen an applicant cannot reach', () => {
    expect(() => applicantStateAt('vehicle', '/property-details', { today: TODAY })).toThrow(
      "The vehicle applicant's path does not reach /property-details",
    );
  });
});
