import { describe, expect, it } from 'vitest';
import { createInitialState } from './defaults.js';
import { STEP_IDS } from './steps.js';
import { loadStepCopy, stepCopy, stepHeading, stepHint } from './resolve.js';

// Decision 0045: the journey's copy loads apart from the table, so that the first screen's
// script does not carry it. This file's module state starts with nothing loaded.
describe("the journey's copy", () => {
  it('has the start step at hand, and no later step, before it is loaded', () => {
    const state = createInitialState();
    expect(stepHeading({ id: 'start' }, state)).toBe('What do you need the money for?');
    expect(stepCopy('start').intro).toBe(
      'Get a quote in a few minutes. No impact on your credit score.',
    );
    expect(() => stepHeading({ id: 'loan-type' }, state)).toThrow(
      'The copy of step loan-type is not loaded (loadStepCopy)',
    );
  });

  it('gives every step a heading once loaded, and the same start copy', async () => {
    await loadStepCopy();
    const state = createInitialState();
    for (const id of STEP_IDS) {
      expect(stepHeading({ id, n: 1 }, state), id).not.toBe('');
    }
    expect(stepHeading({ id: 'loan-type' }, state)).toBe(
      'What type of vehicle finance are you looking for?',
    );
    expect(stepHeading({ id: 'start' }, state)).toBe('What do you need the money for?');
    expect(stepHint('soft-search')).toBe('A soft search does not affect your credit score.');
  });
});
