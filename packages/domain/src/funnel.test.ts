import { describe, expect, it } from 'vitest';
import { FUNNEL_STEPS, funnelBranch } from './funnel.js';

describe('funnel vocabulary', () => {
  it('starts at start and ends with the three outcomes, each step once', () => {
    expect(FUNNEL_STEPS[0]).toBe('start');
    expect(FUNNEL_STEPS.slice(-3)).toEqual(['complete', 'declined', 'duplicate']);
    expect(new Set(FUNNEL_STEPS).size).toBe(FUNNEL_STEPS.length);
  });

  it('reads the branch as joint, then secured, else vehicle', () => {
    const state = (joint: boolean | null, purpose: string | null) => ({
      isJointApplication: joint,
      form: { loanPurposeType: purpose },
    });
    expect(funnelBranch(state(null, null))).toBe('vehicle');
    expect(funnelBranch(state(false, 'Vehicle'))).toBe('vehicle');
    expect(funnelBranch(state(false, 'HomeImprovements'))).toBe('secured');
    expect(funnelBranch(state(true, 'HomeImprovements'))).toBe('joint');
  });
});
