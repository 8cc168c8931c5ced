import { describe, expect, it } from 'vitest';
import { parseLenderPanel } from './schema.js';

function panel(change: Record<string, unknown> = {}) {
  return {
    format: 'broker-lender-panel/1',
    version: 'v1',
    sampleData: false,
    riskTiers: [{ tier: 'A', maxLoanToIncome: 0.5 }, { tier: 'B' }],
    lenders: [
      {
        id: 'one',
        name: 'One',
        products: [
          {
            id: 'p',
            name: 'Product',
            rateLabel: 'APR',
            rules: [{ rule: 'amount', min: 1000, max: 5000 }],
            apr: { A: 0.1, B: 0.2 },
          },
        ],
      },
    ],
    ...change,
  };
}

describe('parseLenderPanel', () => {
  it('accepts a well-formed panel and fills the income basis', () => {
    const product = panel().lenders[0]!.products[0]!;
    const parsed = parseLenderPanel(
      panel({
        lenders: [
          {
            ...panel().lenders[0],
            products: [{ ...product, rules: [{ rule: 'income', minMonthly: 900 }] }],
          },
        ],
      }),
    );
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && parsed.panel.lenders[0]!.products[0]!.rules).toEqual([
      { rule: 'income', minMonthly: 900, basis: 'applicant' },
    ]);
  });

  it('lists every problem at once, each with where it is', () => {
    const product = panel().lenders[0]!.products[0]!;
    const parsed = parseLenderPanel(
      panel({
        riskTiers: [
          { tier: 'A', maxLoanToIncome: 0.5 },
          { tier: 'B', maxLoanToIncome: 0.4 },
        ],
        lenders: [
          {
            id: 'one',
            name: 'One',
            products: [
              {
                ...product,
                rules: [
                  { rule: 'amount', min: 6000, max: 5000 },
                  { rule: 'age', min: 21, under: 18 },
                  { rule: 'shoeSize', max: 9 },
                ],
                apr: { A: 12.9, C: 0.2 },
              },
            ],
          },
          { id: 'one', name: 'One again', products: [{ ...product, id: 'Not OK' }] },
        ],
      }),
    );
    expect(parsed).toEqual({
      ok: false,
      problems: [
        'lenders[0].products[0].rules[0]: min must not be above max',
        'lenders[0].products[0].rules[1]: min must be below under',
        "lenders[0].products[0].rules[2].rule: Invalid discriminator value. Expected 'age' | 'income' | 'breathingSpace' | 'amount' | 'termMonths' | 'loanPurpose' | 'financeType' | 'residentialStatus' | 'employmentStatus' | 'jointApplication' | 'vehicleType' | 'vehicleAge' | 'vehicleMileage' | 'propertyValue' | 'loanToValue'",
        'lenders[0].products[0].apr.A: must be a fraction below 1 (0.129 is 12.9%)',
        'lenders[1].products[0].id: must be 1 to 50 lower-case letters, digits or hyphens',
      ],
    });
  });

  it('checks ids, tiers and rates across the panel once the shape is right', () => {
    const product = panel().lenders[0]!.products[0]!;
    const parsed = parseLenderPanel(
      panel({
        riskTiers: [
          { tier: 'A', maxLoanToIncome: 0.5 },
          { tier: 'A', maxLoanToIncome: 0.4 },
          { tier: 'B', maxLoanToIncome: 0.9 },
        ],
        lenders: [
          { id: 'one', name: 'One', products: [product, { ...product, apr: { A: 0.1, C: 0.2 } }] },
          { id: 'one', name: 'One again', products: [product] },
        ],
      }),
    );
    expect(parsed).toEqual({
      ok: false,
      problems: [
        'riskTiers[1].tier: appears twice',
        'riskTiers[1].maxLoanToIncome: must be above the previous tier’s',
        'riskTiers[2].maxLoanToIncome: the last tier takes every other application, so it has no maximum',
        'lenders[0].products[1].id: appears twice',
        'lenders[0].products[1].apr.B: required',
        'lenders[0].products[1].apr.C: not a risk tier (A, B)',
        'lenders[1].id: appears twice',
      ],
    });
  });

  it('refuses another format or a file that is not a panel', () => {
    expect(parseLenderPanel(panel({ format: 'broker-lender-panel/2' }))).toEqual({
      ok: false,
      problems: ['format: Invalid input: expected "broker-lender-panel/1"'],
    });
    expect(parseLenderPanel([])).toEqual({
      ok: false,
      problems: ['(the file): Invalid input: expected object, received array'],
    });
  });
});
