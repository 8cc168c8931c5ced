import { beforeAll, describe, expect, it } from 'vitest';
import { createInitialState } from './defaults.js';
import { CHECK_ANSWERS_SECTIONS } from './labels.js';
import { STEP_IDS, STEPS } from './steps.js';
import { loadStepCopy, stepFields, stepIntro } from './resolve.js';

// The intros are the journey's copy, which loads apart from the table (copy.ts).
beforeAll(loadStepCopy);
import { answersImpliedBy } from './effects.js';
import { completionFlagsFor } from './navigation.js';
import type { CheckAnswersSectionId, FieldSpec, StepId, StepSpec } from './types.js';

const TODAY = { year: 2026, month: 11, day: 21 };

describe('the table is exhaustive, checked by the compiler', () => {
  it('refuses a step without its check-your-answers entry, a missing step and an unknown section', () => {
    // @ts-expect-error: every step says where its answers go on check-your-answers (or null).
    const forgotten: StepSpec = { path: '/dependants', heading: 'How many?', fields: [] };
    // @ts-expect-error: the table has an entry for every StepId.
    const partial: Record<StepId, StepSpec> = { start: STEPS.start };
    const stray: StepSpec = {
      path: '/x',
      heading: 'x',
      fields: [],
      // @ts-expect-error: a section check-your-answers does not have.
      checkAnswers: { section: 'pets' },
    };
    // @ts-expect-error: every section has its heading.
    const sections: Record<CheckAnswersSectionId, { heading: string }> = { loan: { heading: 'x' } };
    const misspelt: FieldSpec = {
      // @ts-expect-error: a field's path must exist in the application state.
      path: 'form.maritalStatuss',
      label: 'marital status',
      kind: 'dropdown',
      who: 'applicant',
    };
    expect([forgotten, partial, stray, sections, misspelt]).toHaveLength(5);
  });

  it('puts every step with answers in a check-your-answers section, in page order', () => {
    const withoutRows = STEP_IDS.filter((id) => STEPS[id].checkAnswers === null);
    expect(withoutRows).toEqual(['before-you-submit', 'submit', 'complete']);
    for (const id of withoutRows) expect(STEPS[id].fields).toEqual([]);
    expect(Object.values(CHECK_ANSWERS_SECTIONS).map((s) => s.heading)).toEqual([
      'Your loan',
      'The property',
      'About you',
      'Employment',
      'Address history',
      'Contact',
      'Preferences',
      'Joint applicant',
      'Your circumstances',
    ]);
  });
});

describe('what the table says about each field', () => {
  const state = createInitialState();
  const paths = (unit: string) =>
    STEP_IDS.flatMap((id) => STEPS[id].fields)
      .filter((field) => field.unit === unit)
      .map((field) => field.path);

  it('shows amounts of money in pounds and the loan term in years', () => {
    expect([...new Set(paths('pounds'))].sort()).toEqual([
      'form.cashDeposit',
      'form.joint.netMonthlyIncome',
      'form.loanAmount',
      'form.mortgageBalance',
      'form.netMonthlyIncome',
      'form.propertyValue',
    ]);
    expect(paths('years')).toEqual(['form.term']);
  });

  it('offers autofill for the applicant’s current details only', () => {
    const tokens = (id: StepId, n = 1) =>
      Object.fromEntries(
        stepFields({ id, n }, state)
          .filter((field) => field.autocomplete !== undefined)
          .map((field) => [field.path, field.autocomplete]),
      );
    expect(tokens('personal')).toEqual({
      'form.firstName': 'given-name',
      'form.lastName': 'family-name',
    });
    expect(tokens('address')).toEqual({ 'form.addresses.0.postcode': 'postal-code' });
    const manual = {
      ...state,
      savedAddresses: [{ manual: true, streetAddress: null, value: null }],
    };
    expect(
      stepFields({ id: 'address', n: 1 }, manual)
        .filter((field) => field.autocomplete !== undefined)
        .map((field) => field.autocomplete),
    ).toEqual([
      'postal-code',
      'address-line1',
      'address-line2',
      'address-level2',
      'address-level1',
    ]);
    // An earlier address, the security address and the joint applicant are not the user's own now.
    expect(tokens('address', 2)).toEqual({});
    expect(tokens('security-address-add')).toEqual({});
    expect(tokens('joint-customer-details')).toEqual({});
    const employed = {
      ...state,
      form: {
        ...state.form,
        employments: [{ ...state.form.employments[0]!, employmentStatus: 'FullTime' as const }],
      },
    };
    expect(
      stepFields({ id: 'employment', n: 1 }, employed).map((field) => field.autocomplete),
    ).toEqual([undefined, 'organization-title', 'organization', undefined]);
  });

  it('gives intro copy by entry where it differs', () => {
    expect(stepIntro({ id: 'address', n: 1 }, state)).toBeUndefined();
    expect(stepIntro({ id: 'address', n: 2 }, state)).toBe(
      'Lenders need to know where you have lived for the last 3 years.',
    );
    expect(stepIntro({ id: 'marital-status' }, state)).toBe(
      'Lenders ask this to understand your household and what you can afford to repay.',
    );
    const withAddress = {
      ...state,
      form: {
        ...state.form,
        addresses: [
          {
            ...state.form.addresses[0]!,
            houseNumber: '1',
            street: 'High Street',
            town: 'Leeds',
            postcode: 'LS1 1AA',
          },
        ],
      },
    };
    expect(stepIntro({ id: 'security-address-confirm' }, withAddress)).toBe(
      'Your current address is 1 High Street, Leeds, LS1 1AA.',
    );
  });
});

describe('effects are entries of the table', () => {
  it('writes only the completion flags for a step without effects', () => {
    const state = createInitialState();
    for (const id of STEP_IDS.filter((step) => STEPS[step].effects === undefined)) {
      const flags = Object.fromEntries(
        completionFlagsFor({ id }).map((flag) => [`form.${flag}`, true]),
      );
      expect(answersImpliedBy({ id }, state, TODAY)).toEqual(flags);
    }
  });

  it('adds a step’s effects to its flags', () => {
    const state = createInitialState();
    state.form.drivingLicenceType = 'FullUK';
    expect(answersImpliedBy({ id: 'driving-licence' }, state, TODAY)).toEqual({
      'form.drivingLicenceCompleted': true,
      fullLicence: true,
    });
  });
});
