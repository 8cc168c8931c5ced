import { describe, expect, it } from 'vitest';
import { productBranches } from './branches.js';
import type { KnockOutRule } from './schema.js';

const product = (...rules: KnockOutRule[]) => ({ rules });

describe('productBranches (docs/lender-panel.md "Branches")', () => {
  it('reads the branches a product lends on from its loan purpose and finance type rules', () => {
    expect(product()).toEqual({ rules: [] });
    expect(productBranches(product())).toEqual(['vehicle', 'secured']);
    expect(productBranches(product({ rule: 'loanPurpose', accepted: ['Vehicle'] }))).toEqual([
      'vehicle',
    ]);
    expect(
      productBranches(product({ rule: 'loanPurpose', accepted: ['DebtConsolidation', 'Other'] })),
    ).toEqual(['secured']);
    expect(productBranches(product({ rule: 'financeType', accepted: ['Secured'] }))).toEqual([
      'secured',
    ]);
    expect(
      productBranches(product({ rule: 'financeType', accepted: ['HirePurchase', 'NotSure'] })),
    ).toEqual(['vehicle']);
    expect(
      productBranches(
        product(
          { rule: 'loanPurpose', accepted: ['Vehicle', 'HomeImprovements'] },
          { rule: 'financeType', accepted: ['Secured'] },
        ),
      ),
    ).toEqual(['secured']);
    expect(
      productBranches(
        product(
          { rule: 'loanPurpose', accepted: ['Vehicle'] },
          { rule: 'financeType', accepted: ['Secured'] },
        ),
      ),
    ).toEqual([]);
  });
});
