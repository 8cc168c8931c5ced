/**
 * The lender panel as data (docs/decisions/0022-lender-panel.md): lenders, their products, each
 * product's knock-out rules and its APR (or APRC) by risk tier. The server reads a panel file
 * at start and checks it with `parseLenderPanel`, which lists every problem at once.
 */
import { z } from 'zod';
import { PAYLOAD_LOAN_PURPOSES } from '../schemas.js';
import {
  EMPLOYMENT_STATUSES,
  FINANCE_TYPES,
  RESIDENTIAL_STATUSES,
  VEHICLE_TYPES,
} from '../journey/options.js';

export const PANEL_FORMAT = 'broker-lender-panel/1';

const id = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,49}$/, 'must be 1 to 50 lower-case letters, digits or hyphens');
const name = z.string().trim().min(1).max(100);
const money = z.number().min(0).max(100_000_000);
const months = z.number().int().min(1).max(600);
/** A rate as a fraction: 0.129 is 12.9%. The FCA caps nothing here, but 100% is a typo. */
const rate = z.number().min(0).lt(1, 'must be a fraction below 1 (0.129 is 12.9%)');
const ratio = z.number().gt(0).max(2);

const minNotAboveMax = [
  (r: { min: number; max: number }) => r.min <= r.max,
  { message: 'min must not be above max' },
] as const;

/**
 * One knock-out rule. Each names the reason a staff member sees when it refuses; the applicant
 * sees only the outcome. The vehicle's type must be known for a product that names the kinds of
 * vehicle it finances; its age and mileage rules pass when the dealer did not give them.
 */
export const knockOutRuleSchema = z.discriminatedUnion('rule', [
  /** Every applicant's age in completed years on the applied date: at least min, under `under`. */
  z
    .strictObject({
      rule: z.literal('age'),
      min: z.number().int().min(16),
      under: z.number().int(),
    })
    .refine((r) => r.min < r.under, { message: 'min must be below under' }),
  /** Net monthly income: the main applicant's, or both applicants' together ('household'). */
  z.strictObject({
    rule: z.literal('income'),
    minMonthly: money,
    basis: z.enum(['applicant', 'household']).default('applicant'),
  }),
  /** Refuses an applicant in a debt respite breathing space. */
  z.strictObject({ rule: z.literal('breathingSpace') }),
  z.strictObject({ rule: z.literal('amount'), min: money, max: money }).refine(...minNotAboveMax),
  z
    .strictObject({ rule: z.literal('termMonths'), min: months, max: months })
    .refine(...minNotAboveMax),
  z.strictObject({
    rule: z.literal('loanPurpose'),
    accepted: z.array(z.enum(PAYLOAD_LOAN_PURPOSES)).min(1),
  }),
  z.strictObject({
    rule: z.literal('financeType'),
    accepted: z.array(z.enum(FINANCE_TYPES)).min(1),
  }),
  /** The current address's residential status. */
  z.strictObject({
    rule: z.literal('residentialStatus'),
    accepted: z.array(z.enum(RESIDENTIAL_STATUSES)).min(1),
  }),
  /** The current employment status of every applicant who gave one (the main applicant must). */
  z.strictObject({
    rule: z.literal('employmentStatus'),
    accepted: z.array(z.enum(EMPLOYMENT_STATUSES)).min(1),
  }),
  z.strictObject({ rule: z.literal('jointApplication'), accepted: z.boolean() }),
  z.strictObject({
    rule: z.literal('vehicleType'),
    accepted: z.array(z.enum(VEHICLE_TYPES)).min(1),
  }),
  /** The vehicle's age in years at the end of the term (registration year to the last payment). */
  z.strictObject({
    rule: z.literal('vehicleAge'),
    maxYearsAtEndOfTerm: z.number().int().min(0).max(100),
  }),
  z.strictObject({
    rule: z.literal('vehicleMileage'),
    max: z.number().int().min(0).max(10_000_000),
  }),
  z.strictObject({ rule: z.literal('propertyValue'), min: money }),
  /** (Mortgage balance + amount) ÷ property value, the combined loan to value. */
  z.strictObject({ rule: z.literal('loanToValue'), max: ratio }),
]);
export type KnockOutRule = z.infer<typeof knockOutRuleSchema>;
export type KnockOutRuleName = KnockOutRule['rule'];

/** Risk tiers in order, best first; every tier but the last has an upper loan-to-income bound. */
const riskTierSchema = z.strictObject({
  tier: z.string().regex(/^[A-Z]$/, 'must be one capital letter'),
  /** Amount ÷ the household's net annual income, at most this much for the tier. */
  maxLoanToIncome: z.number().gt(0).max(100).optional(),
});

const productSchema = z.strictObject({
  id,
  name,
  /** APRC for loans secured on a home, APR otherwise (CONC 4.5 / MCOB's names). */
  rateLabel: z.enum(['APR', 'APRC']),
  rules: z.array(knockOutRuleSchema).max(50),
  /** The APR by risk tier; a key for every tier of the panel. */
  apr: z.record(z.string(), rate),
});

const lenderSchema = z.strictObject({
  id,
  name,
  products: z.array(productSchema).min(1).max(20),
});

export const lenderPanelSchema = z
  .strictObject({
    format: z.literal(PANEL_FORMAT),
    /** A label for the version of the panel, stored with every decision. */
    version: z.string().trim().min(1).max(50),
    /** True for the shipped sample of fictional lenders; refused in production. */
    sampleData: z.boolean(),
    notice: z.string().max(500).optional(),
    riskTiers: z.array(riskTierSchema).min(1).max(10),
    lenders: z.array(lenderSchema).min(1).max(100),
  })
  .superRefine((panel, ctx) => {
    const tierNames = panel.riskTiers.map((tier) => tier.tier);
    const tiers = [...new Set(tierNames)];
    panel.riskTiers.forEach((tier, index) => {
      const last = index === panel.riskTiers.length - 1;
      if (tierNames.indexOf(tier.tier) !== index) {
        ctx.addIssue({
          code: 'custom',
          path: ['riskTiers', index, 'tier'],
          message: 'appears twice',
        });
      }
      if (last && tier.maxLoanToIncome !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['riskTiers', index, 'maxLoanToIncome'],
          message: 'the last tier takes every other application, so it has no maximum',
        });
      }
      if (!last && tier.maxLoanToIncome === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['riskTiers', index, 'maxLoanToIncome'],
          message: 'required on every tier but the last',
        });
      }
      const previous = panel.riskTiers[index - 1]?.maxLoanToIncome;
      if (previous !== undefined && tier.maxLoanToIncome !== undefined) {
        if (tier.maxLoanToIncome <= previous) {
          ctx.addIssue({
            code: 'custom',
            path: ['riskTiers', index, 'maxLoanToIncome'],
            message: 'must be above the previous tier’s',
          });
        }
      }
    });
    const lenderIds = new Set<string>();
    panel.lenders.forEach((lender, l) => {
      if (lenderIds.has(lender.id)) {
        ctx.addIssue({ code: 'custom', path: ['lenders', l, 'id'], message: 'appears twice' });
      }
      lenderIds.add(lender.id);
      const productIds = new Set<string>();
      lender.products.forEach((product, p) => {
        const at = ['lenders', l, 'products', p];
        if (productIds.has(product.id)) {
          ctx.addIssue({ code: 'custom', path: [...at, 'id'], message: 'appears twice' });
        }
        productIds.add(product.id);
        for (const tier of tiers) {
          if (product.apr[tier] === undefined) {
            ctx.addIssue({ code: 'custom', path: [...at, 'apr', tier], message: 'required' });
          }
        }
        for (const key of Object.keys(product.apr)) {
          if (!tiers.includes(key)) {
            ctx.addIssue({
              code: 'custom',
              path: [...at, 'apr', key],
              message: `not a risk tier (${tiers.join(', ')})`,
            });
          }
        }
      });
    });
  });

export type LenderPanel = z.infer<typeof lenderPanelSchema>;
export type PanelLender = LenderPanel['lenders'][number];
export type PanelProduct = PanelLender['products'][number];

/** 'lenders[1].products[0].apr.B' */
function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

export type ParsedPanel = { ok: true; panel: LenderPanel } | { ok: false; problems: string[] };

/** Checks a panel file's parsed JSON; each problem reads 'where: what is wrong'. */
export function parseLenderPanel(data: unknown): ParsedPanel {
  const parsed = lenderPanelSchema.safeParse(data);
  if (parsed.success) return { ok: true, panel: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.map(
      (issue) => `${pathText(issue.path) || '(the file)'}: ${issue.message}`,
    ),
  };
}
