import { describe, expect, expectTypeOf, it } from 'vitest';
import { createInitialState, emptyAddress } from './defaults.js';
import {
  getAnswer,
  resolveFieldPath,
  setAnswer,
  setAnswers,
  type AnswerAt,
  type FieldPath,
  type StatePath,
} from './path.js';

describe('getAnswer', () => {
  it('reads typed dotted paths and gives undefined for anything missing', () => {
    const state = createInitialState();
    expect(getAnswer(state, 'form.loanAmount')).toBe(10000);
    expect(getAnswer(state, 'form.addresses.0.postcode')).toBeNull();
    expect(getAnswer(state, 'form.addresses.4.postcode')).toBeUndefined();
    expect(getAnswer(state, 'savedAddresses.0.manual')).toBe(false);
  });

  it('refuses a misspelt or made-up path at compile time, and reads it as missing at run time', () => {
    const state = createInitialState();
    // @ts-expect-error: 'lonAmount' is not a field of the form.
    expect(getAnswer(state, 'form.lonAmount')).toBeUndefined();
    // @ts-expect-error: a title is a value, not an object with fields.
    expect(getAnswer(state, 'form.title.length')).toBeUndefined();
    // @ts-expect-error: inherited properties are not answers.
    expect(getAnswer(state, 'form.toString')).toBeUndefined();
    // @ts-expect-error: a table path with `{n}` must be resolved before it is read.
    expect(getAnswer(state, 'form.addresses.{n}.postcode')).toBeUndefined();
  });

  it('types the value a path reaches', () => {
    expectTypeOf<AnswerAt<'form.loanAmount'>>().toEqualTypeOf<number | null>();
    expectTypeOf<AnswerAt<'form.addresses.0.postcode'>>().toEqualTypeOf<
      string | null | undefined
    >();
    expectTypeOf<'form.employments.{n}.occupation'>().toMatchTypeOf<FieldPath>();
    expectTypeOf<'form.employments.2.occupation'>().toMatchTypeOf<StatePath>();
  });
});

describe('resolveFieldPath', () => {
  it('puts entry n (1-based, as routes count) at the zero-based index', () => {
    expect(resolveFieldPath('form.addresses.{n}.postcode', 2)).toBe('form.addresses.1.postcode');
    expect(resolveFieldPath('form.loanAmount', 3)).toBe('form.loanAmount');
  });
});

describe('setAnswers', () => {
  it('writes immutably, copying only the objects on the path', () => {
    const before = createInitialState();
    const after = setAnswer(before, 'form.addresses.0.postcode', 'SW1A 1AA');
    expect(after.form.addresses[0]!.postcode).toBe('SW1A 1AA');
    expect(before.form.addresses[0]!.postcode).toBeNull();
    expect(after.form.joint).toBe(before.form.joint);
    expect(after.savedAddresses).toBe(before.savedAddresses);
  });

  it('gives back the same state when no answer changes', () => {
    const state = createInitialState();
    expect(setAnswers(state, { 'form.loanAmount': 10000, 'form.title': null })).toBe(state);
  });

  it('makes whole empty entries when a write reaches past the end of a history', () => {
    const state = setAnswers(createInitialState(), {
      'form.addresses.2.postcode': 'LS1 1AA',
      'form.employments.1.occupation': 'Nurse',
      'savedAddresses.1.manual': true,
    });
    expect(state.form.addresses).toEqual([
      emptyAddress(),
      emptyAddress(),
      { ...emptyAddress(), postcode: 'LS1 1AA' },
    ]);
    expect(state.form.employments[1]).toMatchObject({
      occupation: 'Nurse',
      employmentStatus: null,
    });
    expect(state.savedAddresses[1]).toEqual({ manual: true, streetAddress: null, value: null });
  });

  it('refuses keys that would reach the prototype', () => {
    const state = createInitialState();
    expect(() => setAnswers(state, { ['form.__proto__.x' as StatePath]: 1 })).toThrow(
      "Not a state path: 'form.__proto__.x'",
    );
    expect(() => setAnswers(state, { ['form.addresses.-1.town' as StatePath]: 'x' })).toThrow(
      "Not a list index: 'form.addresses.-1.town'",
    );
  });
});
