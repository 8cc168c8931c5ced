import { describe, expect, it } from 'vitest';
import { STEPS } from './steps.js';
import { loadStepCopy } from './resolve.js';

// Decision 0046: the later screens' option words load with the journey's copy, so that the first
// screen's script does not carry them. This file's module state starts with nothing loaded.
describe("the options' words", () => {
  const options = (id: keyof typeof STEPS) => STEPS[id].fields[0]!.options!;

  it("has the start screen's options at hand, and no later list's words, before they are loaded", () => {
    expect(options('start').map((option) => option.label)).toEqual([
      'A vehicle',
      'Home improvements',
      'Debt consolidation',
      'Something else',
    ]);
    // The values are there: validation and the redirect rule read only them.
    expect(options('loan-type').map((option) => option.value)).toEqual([
      'HirePurchase',
      'PersonalContractPurchase',
      'NotSure',
    ]);
    expect(() => options('loan-type')[0]!.label).toThrow(
      'The option labels are not loaded (loadStepCopy)',
    );
    expect(() => options('loan-type')[0]!.hint).toThrow(
      'The option labels are not loaded (loadStepCopy)',
    );
  });

  it('gives every option of every step its words once loaded', async () => {
    await loadStepCopy();
    expect(options('loan-type')[1]).toMatchObject({
      value: 'PersonalContractPurchase',
      label: 'Personal contract purchase (PCP)',
      hint: 'Lower monthly payments. At the end you can pay a final lump sum to keep the vehicle, hand it back or part-exchange it.',
    });
    expect(options('looking-to-buy').map((option) => option.label)).toEqual([
      'Yes, I have found a vehicle',
      'No, I am still looking',
    ]);
    for (const step of Object.values(STEPS)) {
      for (const field of step.fields) {
        for (const option of field.options ?? []) {
          expect(option.label, `${field.path} ${String(option.value)}`).toMatch(/\S/);
        }
      }
    }
  });
});
