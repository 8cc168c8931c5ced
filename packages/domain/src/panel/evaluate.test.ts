import { describe, expect, it } from 'vitest';
import type { SubmissionPayload } from '../schemas.js';
import {
  addDays,
  brokerPolicyRules,
  checkRule,
  decideOnPanel,
  matchedLenders,
  panelApplicationFrom,
  quoteFor,
  refusals,
  riskTierFor,
  type PanelApplication,
} from './evaluate.js';
import {
  knockOutRuleSchema,
  lenderPanelSchema,
  type KnockOutRule,
  type LenderPanel,
} from './schema.js';

const today = { year: 2026, month: 3, day: 10 };

/** A 45-year-old private tenant in full-time work borrowing £7,500 over 48 months for a car. */
function application(change: Partial<PanelApplication> = {}): PanelApplication {
  return {
    appliedOn: today,
    loanPurpose: 'Vehicle',
    financeType: 'HirePurchase',
    amount: 7500,
    termMonths: 48,
    applicants: [
      {
        role: 'Applicant',
        dateOfBirth: { year: 1980, month: 5, day: 15 },
        netMonthlyIncome: 2400,
        employmentStatus: 'FullTime',
      },
    ],
    residentialStatus: 'PrivateTenant',
    breathingSpace: false,
    isJoint: false,
    vehicle: null,
    property: { value: null, mortgageBalance: 0 },
    ...change,
  };
}

const joint = (change: Partial<PanelApplication['applicants'][number]> = {}) => ({
  role: 'Joint applicant' as const,
  dateOfBirth: { year: 1982, month: 1, day: 1 },
  netMonthlyIncome: 900,
  employmentStatus: 'PartTime' as const,
  ...change,
});

const rule = (value: unknown): KnockOutRule => knockOutRuleSchema.parse(value);

describe('knock-out rules', () => {
  it.each<[string, unknown, Partial<PanelApplication>, Partial<PanelApplication>, string]>([
    [
      'age (the younger bound)',
      { rule: 'age', min: 21, under: 75 },
      {
        applicants: [
          { ...application().applicants[0]!, dateOfBirth: { year: 2005, month: 3, day: 10 } },
        ],
      },
      {
        applicants: [
          { ...application().applicants[0]!, dateOfBirth: { year: 2005, month: 3, day: 11 } },
        ],
      },
      'Applicant aged 20: must be 21 or over and under 75',
    ],
    [
      'age (the older bound, and the joint applicant)',
      { rule: 'age', min: 21, under: 75 },
      {
        isJoint: true,
        applicants: [
          application().applicants[0]!,
          joint({ dateOfBirth: { year: 1951, month: 3, day: 11 } }),
        ],
      },
      {
        isJoint: true,
        applicants: [
          application().applicants[0]!,
          joint({ dateOfBirth: { year: 1951, month: 3, day: 10 } }),
        ],
      },
      'Joint applicant aged 75: must be 21 or over and under 75',
    ],
    [
      'income of the applicant',
      { rule: 'income', minMonthly: 1500 },
      { applicants: [{ ...application().applicants[0]!, netMonthlyIncome: 1500 }] },
      { applicants: [{ ...application().applicants[0]!, netMonthlyIncome: 1499.99 }] },
      'Applicant’s net monthly income £1,499.99 is below £1,500',
    ],
    [
      'income of the household',
      { rule: 'income', minMonthly: 2000, basis: 'household' },
      {
        isJoint: true,
        applicants: [{ ...application().applicants[0]!, netMonthlyIncome: 1100 }, joint()],
      },
      {
        isJoint: true,
        applicants: [{ ...application().applicants[0]!, netMonthlyIncome: 1099 }, joint()],
      },
      'Household net monthly income £1,999 is below £2,000',
    ],
    [
      'breathing space',
      { rule: 'breathingSpace' },
      { breathingSpace: false },
      { breathingSpace: true },
      'Applicant is in a debt respite breathing space',
    ],
    [
      'amount (above the maximum)',
      { rule: 'amount', min: 1000, max: 25000 },
      { amount: 25000 },
      { amount: 25000.01 },
      'Amount £25,000.01 is outside £1,000 to £25,000',
    ],
    [
      'amount (below the minimum)',
      { rule: 'amount', min: 1000, max: 25000 },
      { amount: 1000 },
      { amount: 999 },
      'Amount £999 is outside £1,000 to £25,000',
    ],
    [
      'term',
      { rule: 'termMonths', min: 24, max: 60 },
      { termMonths: 60 },
      { termMonths: 72 },
      'Term of 72 months is outside 24 to 60 months',
    ],
    [
      'loan purpose',
      { rule: 'loanPurpose', accepted: ['Vehicle'] },
      { loanPurpose: 'Vehicle' },
      { loanPurpose: 'DebtConsolidation' },
      'Does not lend for “Debt consolidation”: lends only for “A vehicle”',
    ],
    [
      'finance type',
      { rule: 'financeType', accepted: ['HirePurchase', 'PersonalContractPurchase'] },
      { financeType: 'PersonalContractPurchase' },
      { financeType: 'NotSure' },
      'Does not offer “Not sure”: offers only “Hire purchase” or “Personal contract purchase (PCP)”',
    ],
    [
      'residential status',
      { rule: 'residentialStatus', accepted: ['HomeownerWithMortgage', 'HomeownerNoMortgage'] },
      { residentialStatus: 'HomeownerNoMortgage' },
      { residentialStatus: 'LivingWithParents' },
      'Does not lend to someone whose home is “Living with parents”: lends only to “Homeowner with a mortgage” or “Homeowner without a mortgage”',
    ],
    [
      'residential status not given',
      { rule: 'residentialStatus', accepted: ['PrivateTenant'] },
      { residentialStatus: 'PrivateTenant' },
      { residentialStatus: null },
      'Residential status not given',
    ],
    [
      'employment status of the joint applicant',
      { rule: 'employmentStatus', accepted: ['FullTime', 'PartTime'] },
      { isJoint: true, applicants: [application().applicants[0]!, joint()] },
      {
        isJoint: true,
        applicants: [application().applicants[0]!, joint({ employmentStatus: 'Student' })],
      },
      'Joint applicant is “Student”: lends only to someone “Employed full time” or “Employed part time”',
    ],
    [
      'employment status not given by the applicant',
      { rule: 'employmentStatus', accepted: ['FullTime'] },
      {},
      { applicants: [{ ...application().applicants[0]!, employmentStatus: null }] },
      'Applicant’s employment status not given',
    ],
    [
      'joint applications',
      { rule: 'jointApplication', accepted: false },
      { isJoint: false },
      { isJoint: true, applicants: [application().applicants[0]!, joint()] },
      'Joint applications are not accepted',
    ],
    [
      'vehicle type',
      { rule: 'vehicleType', accepted: ['Car', 'Van'] },
      { vehicle: { type: 'Van', year: null, mileage: null } },
      { vehicle: { type: 'Horsebox', year: null, mileage: null } },
      'Does not finance a “Horsebox”: finances only “Car” or “Van”',
    ],
    [
      'vehicle age at the end of the term',
      { rule: 'vehicleAge', maxYearsAtEndOfTerm: 10 },
      // 2026 − 2020 = 6 years old now, 48 months more: 10 at the end.
      { vehicle: { type: 'Car', year: 2020, mileage: null } },
      { vehicle: { type: 'Car', year: 2019, mileage: null } },
      'Vehicle would be 11 years old at the end of the term, above 10',
    ],
    [
      'vehicle mileage',
      { rule: 'vehicleMileage', max: 100000 },
      { vehicle: { type: 'Car', year: null, mileage: 100000 } },
      { vehicle: { type: 'Car', year: null, mileage: 100001 } },
      'Mileage 100,001 is above 100,000',
    ],
    [
      'property value',
      { rule: 'propertyValue', min: 75000 },
      { property: { value: 75000, mortgageBalance: 0 } },
      { property: { value: 74999, mortgageBalance: 0 } },
      'Property value £74,999 is below £75,000',
    ],
    [
      'property value not given',
      { rule: 'propertyValue', min: 75000 },
      { property: { value: 200000, mortgageBalance: 0 } },
      { property: { value: null, mortgageBalance: 0 } },
      'Property value not given',
    ],
    [
      'loan to value (mortgage balance plus the amount)',
      { rule: 'loanToValue', max: 0.8 },
      // (72,500 + 7,500) ÷ 100,000 = 80%
      { property: { value: 100000, mortgageBalance: 72500 } },
      { property: { value: 100000, mortgageBalance: 72600 } },
      'Loan to value 80.1% is above 80%',
    ],
  ])('%s: met, then refused with its reason', (_name, definition, meets, fails, reason) => {
    const knockOut = rule(definition);
    expect(checkRule(knockOut, application(meets))).toBeNull();
    expect(checkRule(knockOut, application(fails))).toBe(reason);
  });

  it('passes the age and mileage rules when the dealer gave no year or mileage', () => {
    const rules = [
      rule({ rule: 'vehicleAge', maxYearsAtEndOfTerm: 1 }),
      rule({ rule: 'vehicleMileage', max: 0 }),
    ];
    expect(refusals(rules, application({ vehicle: null }))).toEqual([]);
    expect(
      refusals(rules, application({ vehicle: { type: 'Car', year: null, mileage: null } })),
    ).toEqual([]);
  });

  it('never quotes a product for some kinds of vehicle when the kind is not known', () => {
    const rules = [rule({ rule: 'vehicleType', accepted: ['Motorhome', 'Caravan', 'Horsebox'] })];
    const refused = [
      {
        rule: 'vehicleType',
        reason: 'Vehicle type not given: finances only “Motorhome”, “Caravan” or “Horsebox”',
      },
    ];
    expect(refusals(rules, application({ vehicle: null }))).toEqual(refused);
    expect(
      refusals(rules, application({ vehicle: { type: null, year: 2020, mileage: null } })),
    ).toEqual(refused);
  });

  it('lists every refusal of a set of rules, in order', () => {
    const rules = [
      rule({ rule: 'amount', min: 10000, max: 20000 }),
      rule({ rule: 'loanPurpose', accepted: ['Vehicle'] }),
      rule({ rule: 'termMonths', min: 60, max: 120 }),
    ];
    expect(refusals(rules, application())).toEqual([
      { rule: 'amount', reason: 'Amount £7,500 is outside £10,000 to £20,000' },
      { rule: 'termMonths', reason: 'Term of 48 months is outside 60 to 120 months' },
    ]);
  });
});

describe('the broker policy as rules', () => {
  const policy = brokerPolicyRules({ minAge: 21, maxAge: 75, minMonthlyIncome: 500 });

  it('is age, then income of the applicant, then breathing space', () => {
    const everything = application({
      applicants: [
        {
          role: 'Applicant',
          dateOfBirth: { year: 2010, month: 1, day: 1 },
          netMonthlyIncome: 0,
          employmentStatus: 'Student',
        },
      ],
      breathingSpace: true,
    });
    expect(refusals(policy, everything).map((found) => found.rule)).toEqual([
      'age',
      'income',
      'breathingSpace',
    ]);
  });
});

/** Two vehicle lenders and a secured one; the second vehicle lender is cheaper but stricter. */
function testPanel(): LenderPanel {
  return lenderPanelSchema.parse({
    format: 'broker-lender-panel/1',
    version: 'test-1',
    sampleData: true,
    riskTiers: [
      { tier: 'A', maxLoanToIncome: 0.3 },
      { tier: 'B', maxLoanToIncome: 0.75 },
      { tier: 'C' },
    ],
    lenders: [
      {
        id: 'broad-motor',
        name: 'Broad Motor (fictional)',
        products: [
          {
            id: 'motor',
            name: 'Motor',
            rateLabel: 'APR',
            rules: [
              { rule: 'loanPurpose', accepted: ['Vehicle'] },
              { rule: 'amount', min: 1000, max: 50000 },
              { rule: 'termMonths', min: 12, max: 60 },
            ],
            apr: { A: 0.184, B: 0.219, C: 0.299 },
          },
        ],
      },
      {
        id: 'prime-motor',
        name: 'Prime Motor (fictional)',
        products: [
          {
            id: 'motor',
            name: 'Prime',
            rateLabel: 'APR',
            rules: [
              { rule: 'loanPurpose', accepted: ['Vehicle'] },
              { rule: 'income', minMonthly: 2000 },
              { rule: 'residentialStatus', accepted: ['HomeownerWithMortgage', 'PrivateTenant'] },
            ],
            apr: { A: 0.099, B: 0.129, C: 0.199 },
          },
        ],
      },
      {
        id: 'home-loans',
        name: 'Home Loans (fictional)',
        products: [
          {
            id: 'second-charge',
            name: 'Second charge',
            rateLabel: 'APRC',
            rules: [
              { rule: 'financeType', accepted: ['Secured'] },
              { rule: 'loanToValue', max: 0.8 },
            ],
            apr: { A: 0.089, B: 0.119, C: 0.159 },
          },
        ],
      },
    ],
  });
}

const policy = { minAge: 21, maxAge: 75, minMonthlyIncome: 500 };

describe('risk tier', () => {
  it.each([
    // £7,500 ÷ (12 × £2,400 = £28,800) = 0.26
    [2400, 'A'],
    // £7,500 ÷ £24,000 = 0.3125
    [2000, 'B'],
    // £7,500 ÷ £10,000 = 0.75 exactly
    [833.34, 'B'],
    [833.33, 'C'],
    [0, 'C'],
  ])('an income of £%s a month borrowing £7,500 is tier %s', (income, tier) => {
    const applicant = { ...application().applicants[0]!, netMonthlyIncome: income };
    expect(riskTierFor(testPanel(), application({ applicants: [applicant] }))).toBe(tier);
  });

  it('counts both applicants’ income', () => {
    const single = { ...application().applicants[0]!, netMonthlyIncome: 1500 };
    expect(riskTierFor(testPanel(), application({ applicants: [single] }))).toBe('B');
    expect(
      riskTierFor(
        testPanel(),
        application({ isJoint: true, applicants: [single, joint({ netMonthlyIncome: 1000 })] }),
      ),
    ).toBe('A');
  });
});

describe('the indicative quote', () => {
  const lender = { id: 'l', name: 'Lender' };
  const product = testPanel().lenders[0]!.products[0]!;

  it('reproduces the SPEC representative example: £7,500, 48 months, 18.4% APR', () => {
    expect(quoteFor(product, lender, 0.184, application(), 30)).toEqual({
      lenderId: 'l',
      lender: 'Lender',
      productId: 'motor',
      product: 'Motor',
      rateLabel: 'APR',
      amount: 7500,
      termMonths: 48,
      apr: 0.184,
      monthlyPayment: 216.45,
      totalCostOfCredit: 2889.6,
      totalPayable: 10389.6,
      validUntil: '2026-04-09',
    });
  });

  // Hand-computed with the FCA's monthly rate r = (1 + APR)^(1/12) − 1 and the annuity
  // P × r ÷ (1 − (1 + r)^−n), rounded to pence; totals are n × the rounded payment.
  it.each([
    // r = 1.099^(1/12) − 1 = 0.0078977; (1 + r)^48 = 1.099^4 = 1.458783
    // 7,500 × 0.0078977 ÷ (1 − 1 ÷ 1.458783) = 188.34; × 48 = 9,040.32
    [7500, 48, 0.099, 188.34, 1540.32, 9040.32],
    // r = 1.129^(1/12) − 1 = 0.0101623; (1 + r)^36 = 1.129^3 = 1.439056
    // 12,500 × 0.0101623 ÷ (1 − 1 ÷ 1.439056) = 416.34; × 36 = 14,988.24
    [12500, 36, 0.129, 416.34, 2488.24, 14988.24],
    // r = 1.089^(1/12) − 1 = 0.0071303; (1 + r)^180 = 1.089^15 = 3.592..
    // 25,000 × 0.0071303 ÷ (1 − 1 ÷ 3.5917) = 247.01; × 180 = 44,461.80
    [25000, 180, 0.089, 247.01, 19461.8, 44461.8],
  ])(
    '£%s over %i months at %s: %s a month, cost %s, payable %s',
    (amount, termMonths, apr, monthly, cost, payable) => {
      const quote = quoteFor(product, lender, apr, application({ amount, termMonths }), 30);
      expect(quote).toMatchObject({
        monthlyPayment: monthly,
        totalCostOfCredit: cost,
        totalPayable: payable,
      });
    },
  );

  it('is valid for the given number of days after the applied date', () => {
    expect(addDays({ year: 2026, month: 3, day: 10 }, 30)).toBe('2026-04-09');
    expect(addDays({ year: 2026, month: 12, day: 20 }, 14)).toBe('2027-01-03');
    expect(addDays({ year: 2028, month: 2, day: 28 }, 1)).toBe('2028-02-29');
  });
});

describe('decideOnPanel', () => {
  const options = { policy, quoteValidDays: 30 };

  it('quotes the matching product with the lowest APR for the tier and lists every match', () => {
    const decision = decideOnPanel(testPanel(), application(), options);
    expect(decision.declineReason).toBeNull();
    expect(decision.riskTier).toBe('A');
    expect(decision.quote).toMatchObject({
      lenderId: 'prime-motor',
      lender: 'Prime Motor (fictional)',
      apr: 0.099,
      monthlyPayment: 188.34,
      validUntil: '2026-04-09',
    });
    expect(matchedLenders(decision)).toEqual([
      { id: 'broad-motor', name: 'Broad Motor (fictional)' },
      { id: 'prime-motor', name: 'Prime Motor (fictional)' },
    ]);
    expect(decision.lenders[2]).toEqual({
      id: 'home-loans',
      name: 'Home Loans (fictional)',
      matched: false,
      products: [
        {
          id: 'second-charge',
          name: 'Second charge',
          matched: false,
          apr: 0.089,
          refusals: [
            {
              rule: 'financeType',
              reason: 'Does not offer “Hire purchase”: offers only “A loan secured on a home”',
            },
            {
              rule: 'loanToValue',
              reason: 'Loan to value unknown: property value not given',
            },
          ],
        },
      ],
    });
  });

  it('keeps why the cheaper lender refused when only the broader one matches', () => {
    const tenant = application({ residentialStatus: 'CouncilTenant' });
    const decision = decideOnPanel(testPanel(), tenant, options);
    expect(decision.quote).toMatchObject({ lenderId: 'broad-motor', apr: 0.184 });
    expect(decision.lenders[1]!.products[0]!.refusals).toEqual([
      {
        rule: 'residentialStatus',
        reason:
          'Does not lend to someone whose home is “Council or housing association tenant”: lends only to “Homeowner with a mortgage” or “Private tenant”',
      },
    ]);
  });

  it('quotes the first in the panel’s order when two products have the same APR', () => {
    const panel = testPanel();
    panel.lenders[0]!.products[0]!.apr.A = 0.099;
    const decision = decideOnPanel(panel, application(), options);
    expect(decision.quote).toMatchObject({ lenderId: 'broad-motor', apr: 0.099 });
  });

  it('declines with NoLenderMatch and no quote when no lender’s rules are met', () => {
    const decision = decideOnPanel(
      testPanel(),
      application({
        loanPurpose: 'HomeImprovements',
        financeType: 'Secured',
        amount: 90000,
        property: { value: 100000, mortgageBalance: 0 },
      }),
      options,
    );
    expect(decision.declineReason).toBe('NoLenderMatch');
    expect(decision.quote).toBeNull();
    expect(matchedLenders(decision)).toEqual([]);
    expect(decision.lenders.every((lender) => !lender.matched)).toBe(true);
    expect(decision.loanToValue).toBe(0.9);
  });

  it('declines on the broker policy first, with its SPEC reason, whatever the lenders say', () => {
    const young = application({
      applicants: [
        { ...application().applicants[0]!, dateOfBirth: { year: 2006, month: 1, day: 1 } },
      ],
    });
    const decision = decideOnPanel(testPanel(), young, options);
    expect(decision.declineReason).toBe('Age');
    expect(decision.policy).toEqual([
      { rule: 'age', reason: 'Applicant aged 20: must be 21 or over and under 75' },
    ]);
    expect(decision.quote).toBeNull();
    expect(matchedLenders(decision)).toEqual([]);
    expect(
      decideOnPanel(testPanel(), application({ breathingSpace: true }), options).declineReason,
    ).toBe('BreathingSpace');
    const poor = { ...application().applicants[0]!, netMonthlyIncome: 499.99 };
    expect(
      decideOnPanel(testPanel(), application({ applicants: [poor] }), options).declineReason,
    ).toBe('Income');
  });
});

describe('panelApplicationFrom', () => {
  it('reads the facts from a submission payload; the term is in years', () => {
    const payload = {
      loanPurposeType: 'Vehicle',
      financeType: 'PersonalContractPurchase',
      loanAmount: 9000,
      term: 4,
      dateOfBirth: '1980-05-15T00:00:00.000',
      netMonthlyIncome: 2400,
      employments: [
        {
          employmentIndex: 0,
          employmentStatus: 'SelfEmployed',
          yearsAtEmployer: 1,
          monthsAtEmployer: 0,
        },
      ],
      addresses: [
        {
          addressIndex: 0,
          yearsAtAddress: 3,
          monthsAtAddress: 0,
          residentialStatus: 'CouncilTenant',
        },
      ],
      isJointApplication: true,
      JointApplicant: {
        dateOfBirth: '1982-01-01T00:00:00.000',
        netMonthlyIncome: 800,
        employmentStatus: 'Retired',
      },
      vehicle: { vehicleType: 'Motorhome', year: 2018 },
      propertyValue: 250000,
    } as unknown as SubmissionPayload;
    expect(panelApplicationFrom(payload, today)).toEqual({
      appliedOn: today,
      loanPurpose: 'Vehicle',
      financeType: 'PersonalContractPurchase',
      amount: 9000,
      termMonths: 48,
      applicants: [
        {
          role: 'Applicant',
          dateOfBirth: { year: 1980, month: 5, day: 15 },
          netMonthlyIncome: 2400,
          employmentStatus: 'SelfEmployed',
        },
        {
          role: 'Joint applicant',
          dateOfBirth: { year: 1982, month: 1, day: 1 },
          netMonthlyIncome: 800,
          employmentStatus: 'Retired',
        },
      ],
      residentialStatus: 'CouncilTenant',
      breathingSpace: false,
      isJoint: true,
      vehicle: { type: 'Motorhome', year: 2018, mileage: null },
      property: { value: 250000, mortgageBalance: 0 },
    });
  });
});
